package botdriver

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/protobuf/proto"
)

// Decision kinds, as the metrics name them.
const (
	// Chosen: the bot's own command.
	Chosen = "bot"
	// Fallback: a legal command drawn from the turn's generator, for a bot
	// that could not choose or whose command the rules refused.
	Fallback = "fallback"
	// Passed: the bot left unanswered a prompt that need not be answered
	// (an out-of-turn offer): no command.
	Passed = "pass"
)

// Turn is one decision of a seat's bot, as taken from the game under its
// lock: the seat's view and prompt at a version.
type Turn struct {
	Game    *gamehost.Game
	Seat    engine.Seat
	Version int64
	View    proto.Message
	Prompt  engine.Prompt
	Level   engine.Level
	// r is the decision's generator (engine.BotRand); cpu the CPU time the
	// bot took, and found when the turn was taken.
	r     *engine.Rand
	cpu   time.Duration
	found time.Time
}

// TurnAt is p.Seat's bot turn for prompt p of g as now shows it (the
// caller reads g with gamehost.Host.Read). Its level is the seat's (a seat
// that is no bot's plays at the table's bot_level), its generator
// BotRand, so the move re-runs from the seed like any bot command.
func TurnAt(g *gamehost.Game, now gamehost.Now, p engine.Prompt) Turn {
	return Turn{Game: g, Seat: p.Seat, Version: now.Version(), View: now.State().View(engine.SeatViewer(p.Seat)), Prompt: p,
		Level: projection.SeatLevel(g.Config(), p.Seat), r: engine.BotRand(g.Seed(), now.Version()+1, p.Seat), found: time.Now()}
}

// playTurn plays one bot decision of game id: the first prompt of a bot
// seat that lists a command or a template (one that must act comes first
// in the prompts; one that may, like a Kingdom seat asked to answer a
// deal, answers too). It returns false when there is none, true once it
// played or when the game moved while the bot thought (the caller looks
// again).
//
// The game's lock is held only to take the seat's view and prompt; the
// bot reads the rest of its knowledge from the stored log (h) and thinks
// with neither the lock nor a request waiting on it. Its command goes in
// at the version it was chosen for, through the clients' path.
func (d *Driver) playTurn(ctx context.Context, id string, h *history) (bool, error) {
	turn, ok, err := d.nextTurn(ctx, id, h)
	if err != nil || !ok {
		return false, err
	}
	cmd, choice, err := d.think(ctx, &turn, h)
	if err != nil {
		return false, err
	}
	if cmd == nil { // the bot leaves a prompt that need not be answered
		h.pass(turn.Version, turn.Seat, turn.Prompt.Reason)
		d.tel.BotDecision(turn.Game.Module().Name(), string(turn.Level), Passed, turn.cpu)
		return true, nil
	}
	err = d.submit(ctx, &turn, cmd)
	var rule *engine.RuleError
	if errors.As(err, &rule) && choice == Chosen && len(turn.Prompt.Legal) > 0 {
		d.log.Warn("bots: the rules refused the bot's command", "game", turn.Game.Module().Name(), "seat", int(turn.Seat), "level", turn.Level, "err", err)
		choice = Fallback
		err = d.submit(ctx, &turn, turn.fallback())
	}
	if err == nil {
		d.tel.BotDecision(turn.Game.Module().Name(), string(turn.Level), choice, turn.cpu)
	}
	var reused *gamehost.CommandIDReusedError
	if err != nil && (eventstore.IsVersionConflict(err) || errors.As(err, &reused)) {
		return true, nil // the game moved on (another process's bot, a client): look again
	}
	return err == nil, err
}

// nextTurn finds the next decision of a bot seat in game id. A prompt the
// bot passed on at this version (h) is not taken again.
func (d *Driver) nextTurn(ctx context.Context, id string, h *history) (Turn, bool, error) {
	g, err := d.host.Game(ctx, id)
	if err != nil {
		return Turn{}, false, err
	}
	var turn Turn
	var found bool
	_, err = d.host.Read(ctx, g, 0, func(now gamehost.Now) error {
		if now.Over() {
			return nil
		}
		for _, p := range now.State().Prompts() {
			if len(p.Legal)+len(p.Templates) == 0 || !slices.Contains(g.Config().GetBotSeats(), int32(p.Seat)) || h.passed(now.Version(), p.Seat, p.Reason) {
				continue
			}
			turn, found = TurnAt(g, now, p), true
			return nil
		}
		return nil
	})
	return turn, found, err
}

// think asks the module's bot of the turn's level for its command, from
// the seat's knowledge: its view, its prompt and the game's events to the
// turn's version as redacted for it. A bot that fails gives way to one of
// the prompt's legal commands, drawn from the same generator.
func (d *Driver) think(ctx context.Context, turn *Turn, h *history) (proto.Message, string, error) {
	hist, err := h.upTo(ctx, d.host.Store(), turn.Game, turn.Version, turn.Seat)
	if err != nil {
		return nil, "", err
	}
	k := engine.Knowledge{Seat: turn.Seat, View: turn.View, History: hist, Prompt: turn.Prompt}
	d.queued.Add(1)
	select {
	case d.thinking <- struct{}{}:
		d.queued.Add(-1)
	case <-ctx.Done():
		d.queued.Add(-1)
		return nil, "", ctx.Err()
	}
	cmd, cpu, err := choose(turn.Game.Module().Bot(turn.Level), k, turn.r)
	<-d.thinking
	turn.cpu = cpu
	d.tel.BotDecisionWall(turn.Game.Module().Name(), string(turn.Level), time.Since(turn.found))
	if err == nil && cmd != nil {
		return proto.Clone(cmd), Chosen, nil
	}
	if err == nil && !turn.Prompt.MustAct {
		return nil, Passed, nil
	}
	if len(turn.Prompt.Legal) == 0 {
		return nil, "", fmt.Errorf("the %s bot of seat %d has no command for %s: %v", turn.Level, turn.Seat, turn.Prompt.Reason, err)
	}
	d.log.Warn("bots: the bot could not choose", "game", turn.Game.Module().Name(), "seat", int(turn.Seat), "level", turn.Level, "err", err)
	return turn.fallback(), Fallback, nil
}

// fallback is one of the prompt's legal commands, drawn from the turn's
// generator, so that a fallback too is re-run from the seed.
func (turn *Turn) fallback() proto.Message {
	return proto.Clone(turn.Prompt.Legal[turn.r.IntN(len(turn.Prompt.Legal))])
}

// choose runs the bot on a goroutine locked to its thread, and returns
// its choice and the thread's CPU time it took.
func choose(bot engine.Bot, k engine.Knowledge, r *engine.Rand) (proto.Message, time.Duration, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := telemetry.ThreadCPU()
	cmd, err := bot.Choose(k, r)
	return cmd, telemetry.ThreadCPU() - start, err
}

// submit submits the turn's command at the turn's version.
func (d *Driver) submit(ctx context.Context, turn *Turn, cmd proto.Message) error {
	v := turn.Version
	_, err := d.host.Submit(ctx, turn.Game, gamehost.Command{ID: fmt.Sprintf("%s%d:%d", Prefix, v+1, turn.Seat),
		Seat: turn.Seat, Command: turn.Game.Module().WrapCommand(cmd), Expected: &v})
	return err
}

// Thought is a seat's bot's decision for the platform's own move (a seat
// timed out or taken over: see service/turntimer), made with the game
// unlocked: the turn it was made for and its outcome.
type Thought struct {
	Turn   Turn
	cmd    proto.Message
	choice string
	err    error
}

// IsFor reports whether th was thought for prompt p at version: the game
// has not moved since the bot looked.
func (th *Thought) IsFor(version int64, p engine.Prompt) bool {
	return th != nil && th.Turn.Version == version && th.Turn.Seat == p.Seat && th.Turn.Prompt.Reason == p.Reason
}

// Think asks the seat's bot for the turn's command, with the game
// unlocked: its knowledge is the turn's view and prompt and the stored log
// to the turn's version, as redacted for the seat.
func (d *Driver) Think(ctx context.Context, turn Turn) *Thought {
	cmd, choice, err := d.think(ctx, &turn, &history{})
	return &Thought{Turn: turn, cmd: cmd, choice: choice, err: err}
}

// Checked returns the command of th, thought for p, that the platform
// plays, checked against the game as now shows it (at th's version). A
// choice the rules refuse gives way to a legal command drawn from the
// turn's generator; nil when there is none, or when the bot passed (the
// platform's move is for a prompt that must be answered).
func (d *Driver) Checked(now gamehost.Now, p engine.Prompt, th *Thought) proto.Message {
	turn, cmd, choice := th.Turn, th.cmd, th.choice
	name := turn.Game.Module().Name()
	if th.err != nil {
		d.log.Warn("bots: no command for the platform's move", "game", name, "seat", int(p.Seat), "err", th.err)
		return nil
	}
	if cmd == nil {
		return nil
	}
	if err := now.Check(p.Seat, cmd); err != nil && choice == Chosen {
		if len(p.Legal) == 0 {
			return nil
		}
		d.log.Warn("bots: the rules refused the bot's command", "game", name, "seat", int(p.Seat), "level", turn.Level, "err", err)
		cmd, choice = turn.fallback(), Fallback
	}
	d.tel.BotDecision(name, string(turn.Level), choice, turn.cpu)
	return cmd
}
