package turntimer

import (
	"context"
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/botdriver"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"google.golang.org/protobuf/proto"
)

// looks bounds how often Fire looks again because the game moved while a
// seat's bot thought.
const looks = 4

// Fire plays what a game's timers need now, caught up with its log: the
// default of a seat whose deadline passed (with the timeout notice, and
// the takeover it may bring), a taken-over seat's bot, or the clocks of a
// table that filled up. The move goes in at the version the driver looked
// at, so when several instances fire the same timer one lands and the
// others get a version conflict and write nothing.
//
// A seat's bot thinks with the game unlocked (its search may take a
// while, and it reads the seat's history from the log): the driver looks
// again, and the bot's command goes in only if the game is still where
// the bot looked; otherwise the timers look afresh.
func (d *Driver) Fire(ctx context.Context, id string) error {
	g, err := d.host.Game(ctx, id)
	if err != nil || g.Config().GetTimer() == nil {
		return err
	}
	var thought *botdriver.Thought
	for range looks {
		turn, err := d.step(ctx, g, thought)
		if err != nil || turn == nil {
			return err
		}
		thought = d.bots.Think(ctx, *turn)
	}
	return fmt.Errorf("timers: game %s moved on %d times while its bot thought", id, looks)
}

// step looks at the game and appends what its timers need. When the move
// needs the seat's bot and thought is not its decision at this version,
// it returns the bot's turn instead, for the caller to think about with
// the game unlocked.
func (d *Driver) step(ctx context.Context, g *gamehost.Game, thought *botdriver.Thought) (*botdriver.Turn, error) {
	var move *gamehost.PlatformMove
	var turn *botdriver.Turn
	kind := telemetry.TimerClocks
	_, err := d.host.Read(ctx, g, gamehost.ReadToEnd, func(now gamehost.Now) error {
		if now.Over() || now.Cancelled() {
			return nil
		}
		full, err := now.Full()
		if err != nil {
			return err
		}
		at := d.clock.Now()
		ps := now.State().Prompts()
		timer := g.Config().GetTimer()
		act, ok := now.Clocks().DueAction(timer, full, g.Config().GetBotSeats(), ps, at)
		switch {
		case !ok:
			d.Note(g.ID(), now.Clocks().Due(ps, at))
			return nil
		case act.Open:
			move = &gamehost.PlatformMove{At: now.Version(), Turn: turnclock.Turn{Actor: -1, Now: at}}
			return nil
		}
		p := ps[slices.IndexFunc(ps, func(p engine.Prompt) bool { return p.Seat == act.Seat })]
		before, takeover := timeoutEvents(timer, act)
		if kind = telemetry.TimerTimeout; act.TimedOut == nil {
			kind = telemetry.TimerTakeover
		}
		cmd, needBot := d.timeoutDefault(g, now, p, takeover)
		if needBot {
			if !thought.IsFor(now.Version(), p) {
				t := botdriver.TurnAt(g, now, p)
				turn = &t
				return nil
			}
			cmd = d.bots.Checked(now, p, thought)
		}
		move = &gamehost.PlatformMove{At: now.Version(), Before: before, Seat: act.Seat, Command: cmd,
			Turn: turnclock.Turn{Actor: act.Seat, Platform: true, Now: at}}
		return nil
	})
	if err != nil || move == nil {
		return turn, err
	}
	if err := d.host.AppendPlatform(ctx, g, *move); err != nil {
		return nil, err
	}
	d.tel.TimerFired(g.Module().Name(), kind)
	return nil, nil
}

// timeoutEvents returns the table events of a seat's timeout (none for a
// seat taken over before), and whether the seat is taken over with it.
func timeoutEvents(timer *moonshinev1.TurnTimer, act turnclock.Action) ([]*moonshinev1.TableEvent, bool) {
	if act.TimedOut == nil {
		return nil, true
	}
	n := act.TimedOut.GetTimeouts() + 1
	before := []*moonshinev1.TableEvent{{Change: &moonshinev1.TableEvent_TimedOut{TimedOut: &moonshinev1.TurnTimedOut{
		Seat: int32(act.Seat), Deadline: act.TimedOut.GetDeadline(), Timeouts: n}}}}
	if k := timer.GetTakeoverAfter(); k > 0 && n >= k {
		before = append(before, &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakenOver{TakenOver: &moonshinev1.SeatTakenOver{
			Seat: int32(act.Seat), Timeouts: n}}})
		return before, true
	}
	return before, false
}

// timeoutDefault returns what the platform plays for p's seat when it
// need not ask the seat's bot: the game's declared timeout default while
// the seat is not taken over, when it offers one the rules accept. It
// reports needBot when the seat's bot must choose instead, and neither
// when there is nothing to play (a prompt without a listed legal command,
// and no policy).
func (d *Driver) timeoutDefault(g *gamehost.Game, now gamehost.Now, p engine.Prompt, takeover bool) (cmd proto.Message, needBot bool) {
	mod := g.Module()
	if pl := mod.Timeout; pl != nil && !takeover {
		if c := pl.Choose(now.State().View(engine.SeatViewer(p.Seat)), p, engine.NewRand([32]byte{})); c != nil {
			if err := now.Check(p.Seat, c); err == nil {
				return proto.Clone(c), false
			}
			d.log.Warn("timers: the game's timeout default was refused", "game", mod.Name(), "seat", int(p.Seat))
		}
	}
	if len(p.Legal) == 0 && mod.Policy == nil {
		return nil, false
	}
	return nil, true
}

// StartClocks starts the clocks of a game with timers that a claim may have
// filled, before the claim's answer: its first decisions' deadlines are
// then in the log. When that fails the driver tries again (the seat is
// claimed all the same).
func (d *Driver) StartClocks(ctx context.Context, g *gamehost.Game) {
	if g.Config().GetTimer() == nil {
		return
	}
	if err := d.Fire(ctx, g.ID()); err != nil {
		if !eventstore.IsVersionConflict(err) {
			d.log.WarnContext(ctx, "timers: starting the clocks", "game", g.ID(), "err", err)
		}
		d.Note(g.ID(), d.clock.Now()) // the driver looks again, caught up
	}
}
