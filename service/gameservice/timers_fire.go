package gameservice

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/protobuf/proto"
)

// timerPrefix starts the command ids of the commands the platform plays
// for a seat (a timeout's default, a taken-over seat's bot); clients may
// not use it.
const timerPrefix = "timer:"

// timerAction is what a table's timers need now: a seat to play for
// (seat >= 0: timed out, or taken over), or clocks to start or stop
// (open).
type timerAction struct {
	seat     engine.Seat
	timedOut *moonshinev1.SeatClock
	open     bool
}

// dueAction returns what the clocks need at now, if anything: at a full
// table, a taken-over seat bound to act first, then the earliest deadline
// passed; then clocks that do not match the table, started or stopped: a
// decision open at a full table without a running clock (the table just
// filled up), or running clocks at a table a seat left (they stop until
// it is full again).
func (c *clockState) dueAction(timer *moonshinev1.TurnTimer, full bool, bots []int32, ps []engine.Prompt, now time.Time) (timerAction, bool) {
	var late *moonshinev1.SeatClock
	for _, p := range ps {
		sc := c.seat(timer, int(p.Seat))
		switch {
		case !full || !p.MustAct || slices.Contains(bots, int32(p.Seat)):
		case sc.GetTakenOver():
			return timerAction{seat: p.Seat}, true
		case sc.GetRunning() && !sc.GetDeadline().AsTime().After(now) &&
			(late == nil || sc.GetDeadline().AsTime().Before(late.GetDeadline().AsTime())):
			late = sc
		}
	}
	if late != nil {
		return timerAction{seat: engine.Seat(late.GetSeat()), timedOut: late}, true
	}
	if len(c.next(timer, full, bots, ps, clockTurn{actor: -1, now: now})) > 0 {
		return timerAction{seat: -1, open: true}, true
	}
	return timerAction{}, false
}

// fireTimers plays what a table's timers need now, caught up with the
// log: the default of a seat whose deadline passed (with the timeout
// notice, and the takeover it may bring), a taken-over seat's bot, or
// the clocks of a table that filled up. The append is at the version the
// table was caught up to, so when several instances fire the same timer
// one lands and the others get a version conflict and write nothing.
//
// A seat's bot thinks with the table unlocked (its search may take a
// while, and it reads the seat's history from the log): the table is
// locked again, caught up, and the bot's command goes in only if the game
// is still where the bot looked; otherwise the timers look afresh.
func (s *Service) fireTimers(ctx context.Context, id string) error {
	t, err := s.table(ctx, id)
	if err != nil || t.cfg.GetTimer() == nil {
		return err
	}
	var thought *botThought
	for range timerLooks {
		turn, err := s.fireTimersLocked(ctx, t, thought)
		if err != nil || turn == nil {
			return err
		}
		thought = s.bots.thinkFor(ctx, turn)
	}
	return fmt.Errorf("timers: game %s moved on %d times while its bot thought", id, timerLooks)
}

// timerLooks bounds how often fireTimers looks again because the game
// moved while a seat's bot thought.
const timerLooks = 4

// fireTimersLocked is fireTimers' work under the table's lock. When the
// move needs the seat's bot and thought is not its decision at this
// version, it returns the bot's turn instead, for the caller to think
// about with the table unlocked.
func (s *Service) fireTimersLocked(ctx context.Context, t *table, thought *botThought) (*botTurn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := s.sync(ctx, t); err != nil {
		return nil, err
	}
	if t.folded.State.Outcome() != nil || t.refuseCancelled() != nil {
		return nil, nil
	}
	full, err := s.tableFull(ctx, t)
	if err != nil {
		return nil, err
	}
	now := s.timers.clock.Now()
	ps := t.folded.State.Prompts()
	act, ok := t.clocks.dueAction(t.cfg.GetTimer(), full, t.cfg.GetBotSeats(), ps, now)
	switch {
	case !ok:
		s.timers.note(t.record.ID, t.clocks.due(ps, now))
		return nil, nil
	case act.open:
		return nil, s.appendPlatform(ctx, t, nil, nil, clockTurn{actor: -1, now: now})
	}
	p := ps[slices.IndexFunc(ps, func(p engine.Prompt) bool { return p.Seat == act.seat })]
	var before []*moonshinev1.TableEvent
	takeover := act.timedOut == nil
	if act.timedOut != nil {
		n := act.timedOut.GetTimeouts() + 1
		before = append(before, &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TimedOut{TimedOut: &moonshinev1.TurnTimedOut{
			Seat: int32(act.seat), Deadline: act.timedOut.GetDeadline(), Timeouts: n}}})
		if k := t.cfg.GetTimer().GetTakeoverAfter(); k > 0 && n >= k {
			takeover = true
			before = append(before, &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakenOver{TakenOver: &moonshinev1.SeatTakenOver{
				Seat: int32(act.seat), Timeouts: n}}})
		}
	}
	cmd, needBot := s.timeoutDefault(t, p, takeover)
	if needBot {
		if !thought.isFor(t.folded.Version, p) {
			turn := s.bots.turnAt(t, t.folded, p)
			return &turn, nil
		}
		cmd = s.bots.checked(t, t.folded, p, thought)
	}
	sub := &platformMove{seat: act.seat, cmd: cmd}
	return nil, s.appendPlatform(ctx, t, sub, before, clockTurn{actor: act.seat, platform: true, now: now})
}

// platformMove is a command the platform plays for a seat.
type platformMove struct {
	seat engine.Seat
	cmd  proto.Message // nil: none could be chosen
}

// timeoutDefault returns what the platform plays for p's seat when it
// need not ask the seat's bot: the game's declared timeout default while
// the seat is not taken over, when it offers one the rules accept. It
// reports needBot when the seat's bot must choose instead, and neither
// when there is nothing to play (a prompt without a listed legal command,
// and no policy).
func (s *Service) timeoutDefault(t *table, p engine.Prompt, takeover bool) (cmd proto.Message, needBot bool) {
	g := t.folded
	if pl := t.module.Timeout; pl != nil && !takeover {
		if c := pl.Choose(g.State.View(engine.SeatViewer(p.Seat)), p, engine.NewRand([32]byte{})); c != nil {
			if _, _, err := g.Decide(p.Seat, c); err == nil {
				return proto.Clone(c), false
			}
			s.log.Warn("timers: the game's timeout default was refused", "game", t.module.Name(), "seat", int(p.Seat))
		}
	}
	if len(p.Legal) == 0 && t.module.Policy == nil {
		return nil, false
	}
	return nil, true
}

// appendPlatform appends, at the table's version, the table events
// before, the move's events (if any) as a command of the platform for its
// seat, and the clocks that move with them; then folds what it wrote. The
// caller holds t.mu, caught up.
func (s *Service) appendPlatform(ctx context.Context, t *table, mv *platformMove, before []*moonshinev1.TableEvent, turn clockTurn) error {
	at := t.folded.Version
	next := cloneGame(t.folded)
	inPlace := next == nil
	if inPlace {
		next = t.folded
	}
	var req eventstore.AppendRequest
	var game []*moonshinev1.StoredEvent
	var encoded [][]byte
	if mv != nil && mv.cmd != nil {
		evs, _, err := t.folded.Decide(mv.seat, mv.cmd)
		if err != nil {
			return fmt.Errorf("timers: the platform's command for %s is refused: %w", mv.seat, err)
		}
		if game, encoded, err = encodeEvents(t.module, evs); err != nil {
			return err
		}
		data, err := proto.Marshal(t.module.WrapCommand(mv.cmd))
		if err != nil {
			return err
		}
		req.Command = &eventstore.Command{GameID: t.record.ID, ID: fmt.Sprintf("%s%d:%d", timerPrefix, at+1, mv.seat), Seat: int(mv.seat), Data: data}
		if err := next.Apply(evs...); err != nil {
			s.tables.drop(t.record.ID, t)
			return err
		}
	}
	ca, err := s.clocksAfter(ctx, t, next, turn, before...)
	if err == nil && ca.count()+int64(len(encoded)) == 0 {
		return nil // nothing moved
	}
	if err == nil {
		req.Events, err = ca.encode(encoded)
	}
	if err != nil {
		if inPlace {
			t.unfold()
		}
		return err
	}
	next.Version = at + int64(len(req.Events))
	req.GameID, req.ExpectedVersion, req.Finished, req.Deadline = t.record.ID, at, next.State.Outcome() != nil, ca.deadline
	t.version.Store(next.Version)
	res, err := s.store.Append(ctx, req)
	if err != nil || res.Duplicate {
		if inPlace {
			t.unfold()
		} else {
			t.version.Store(t.folded.Version)
			t.stale()
		}
		if err == nil { // another instance played it under the same id
			err = &eventstore.VersionConflictError{GameID: t.record.ID, ExpectedVersion: at, ActualVersion: res.LastSeq}
		}
		return err
	}
	s.foldLanded(t, next, ca.stored(game), res)
	s.landed(t, ca)
	if len(t.cfg.GetBotSeats()) > 0 {
		s.bots.kick(t.record.ID)
	}
	return nil
}

// foldLanded makes next the table's game once its append landed (the
// caller holds t.mu): its events go to the watchers, its end to the
// record.
func (s *Service) foldLanded(t *table, next *engine.Game, stored []*moonshinev1.StoredEvent, res eventstore.AppendResult) {
	t.folded = next
	for i, se := range stored {
		t.watch.add(res.FirstSeq+int64(i), res.RecordedAt, se)
	}
	if next.State.Outcome() != nil {
		t.finished(res.RecordedAt)
	}
	t.setFolded()
	s.remeasure(t)
}

// startClocks starts the clocks of a table with timers that a claim may
// have filled, before the claim's answer: its first decisions' deadlines
// are then in the log. When that fails the driver tries again (the seat
// is claimed all the same).
func (s *Service) startClocks(ctx context.Context, t *table) {
	if t.cfg.GetTimer() == nil {
		return
	}
	if err := s.fireTimers(ctx, t.record.ID); err != nil {
		if !eventstore.IsVersionConflict(err) {
			s.log.WarnContext(ctx, "timers: starting the clocks", "game", t.record.ID, "err", err)
		}
		s.timers.note(t.record.ID, s.timers.clock.Now()) // the driver looks again, caught up
	}
}
