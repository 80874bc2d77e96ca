package gameservice

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/protobuf/proto"
)

// botMovesPerKick bounds the moves bots make for one wake-up of a game, so
// that a game where bots only play each other cannot spin forever.
const botMovesPerKick = 10000

// botOutagePause is how long bots wait to try a game again after the store
// was unavailable: nothing else would wake them once it is back.
const botOutagePause = 2 * time.Second

// botDriver plays the bot seats. A game kicked gets a goroutine of its
// own, which plays its bots through the same path as client commands until
// no bot must act, so that one game's store calls never hold up another's
// bots; a game kicked while its goroutine plays is looked at once more.
// A bot thinks off the request path and outside the game's lock (see
// playTurn): a client's command never waits for a bot's decision.
type botDriver struct {
	s       *Service
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	mu      sync.Mutex
	playing map[string]bool // games whose goroutine runs
	again   map[string]bool // kicked while playing
	// thinking bounds the bot decisions running at once to the CPUs, so
	// that many games' searches queue rather than starve the handlers.
	thinking chan struct{}
}

// startBots makes the driver of s's bots (s.bots), and starts the summary
// of older games and the resumption of games with bots whose turn it was.
func startBots(s *Service) {
	ctx, cancel := context.WithCancel(context.Background())
	d := &botDriver{s: s, ctx: ctx, cancel: cancel, playing: map[string]bool{}, again: map[string]bool{},
		thinking: make(chan struct{}, runtime.GOMAXPROCS(0))}
	s.bots = d
	d.wg.Go(func() {
		s.summariseOlder(ctx)
		d.resume(ctx)
	})
}

// kick asks the driver to look at a game. It never blocks.
func (d *botDriver) kick(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch {
	case d.ctx.Err() != nil:
	case d.playing[id]:
		d.again[id] = true
	default:
		d.playing[id] = true
		d.wg.Go(func() { d.run(id) })
	}
}

// stop ends the driver and waits for its goroutines.
func (d *botDriver) stop() {
	d.mu.Lock()
	d.cancel() // under mu: no kick starts a goroutine after this
	d.mu.Unlock()
	d.wg.Wait()
}

// run plays a game's bots until no bot must act and nobody kicked the
// game meanwhile.
func (d *botDriver) run(id string) {
	h := &botHistory{} // kept while the game's bots play
	for {
		err := d.play(d.ctx, id, h)
		switch {
		case err == nil || d.ctx.Err() != nil:
		case errors.Is(err, eventstore.ErrUnavailable):
			d.s.log.Warn("bots wait for the store", "game", id, "retry_in", botOutagePause, "err", err)
			time.AfterFunc(botOutagePause, func() { d.kick(id) })
		default:
			d.s.log.Warn("bot stopped", "game", id, "err", err)
		}
		d.mu.Lock()
		if !d.again[id] || d.ctx.Err() != nil {
			delete(d.playing, id)
			delete(d.again, id)
			d.mu.Unlock()
			return
		}
		delete(d.again, id)
		d.mu.Unlock()
	}
}

// resume queues every stored game with bot seats that is not over, so
// that bots whose turn came before this process started (a restart, a
// deploy, another instance that stopped) play on without waiting for a
// client to touch the game.
func (d *botDriver) resume(ctx context.Context) {
	const page = 100
	after := ""
	for ctx.Err() == nil {
		gs, err := d.s.store.ListGames(ctx, eventstore.ListFilter{Status: eventstore.StatusOpen | eventstore.StatusActive, AfterID: after, Limit: page})
		if errors.Is(err, eventstore.ErrUnavailable) && ctx.Err() == nil {
			d.s.log.Warn("bots: listing games to resume: the store is unavailable", "retry_in", botOutagePause, "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(botOutagePause):
			}
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				d.s.log.Warn("bots: listing games to resume", "err", err)
			}
			return
		}
		for _, g := range gs {
			cfg := &moonshinev1.GameConfig{}
			if proto.Unmarshal(g.Config, cfg) == nil && len(cfg.GetBotSeats()) > 0 {
				d.kick(g.ID)
			}
		}
		if len(gs) < page {
			return
		}
		after = gs[len(gs)-1].ID
	}
}

// play makes the bots' moves in one game until no bot must act. h is the
// game's history as far as it was read.
func (d *botDriver) play(ctx context.Context, id string, h *botHistory) error {
	for range botMovesPerKick {
		played, err := d.playTurn(ctx, id, anyBotSeat, h)
		if err != nil || !played {
			return err
		}
	}
	return fmt.Errorf("bots made %d moves without a human turn", botMovesPerKick)
}

// errReused matches a command id already used (another process's bot moved
// first at the same version).
var errReused = &refusal{reason: ReasonCommandIDReused}

// playBotTurn plays one decision for seat in game id, as the seat's bot
// would, whether or not the seat is a bot seat: a bot seat's at its level,
// any other seat's (one taken over, say on a timeout) at the table's
// bot_level. It returns false when seat has no prompt to answer, true
// once it played or the game moved on while the bot thought (the seat's
// prompt may be another by then: the caller looks again). It is
// the driver's own path (playTurn), so the command is chosen from the
// seat's knowledge, drawn from the game's seed and verifiable like any bot
// command; it blocks the caller for the bot's decision, not the game.
func (s *Service) playBotTurn(ctx context.Context, id string, seat engine.Seat) (bool, error) {
	return s.bots.playTurn(ctx, id, func(_ *table, p engine.Prompt) bool { return p.Seat == seat }, &botHistory{})
}

// anyBotSeat picks the prompts of the table's bot seats.
func anyBotSeat(t *table, p engine.Prompt) bool {
	return slices.Contains(t.cfg.GetBotSeats(), int32(p.Seat))
}

// playTurn plays one bot decision of game id: the first prompt that pick
// takes and that lists a command or a template (one that must act comes
// first in the prompts; one that may, like a Kingdom seat asked to answer
// a deal, answers too). It returns false when there is none, true once
// it played or when the game moved while the bot thought (the caller
// looks again).
//
// The game's lock is held only to take the seat's view and prompt; the
// bot reads the rest of its knowledge from the stored log (h) and thinks
// with neither the lock nor a request waiting on it. Its command goes in
// at the version it was chosen for, through the clients' path (submit).
func (d *botDriver) playTurn(ctx context.Context, id string, pick func(*table, engine.Prompt) bool, h *botHistory) (bool, error) {
	turn, ok, err := d.nextTurn(ctx, id, pick, h)
	if err != nil || !ok {
		return false, err
	}
	cmd, choice, err := d.think(ctx, &turn, h)
	if err != nil {
		return false, err
	}
	if cmd == nil { // the bot leaves a prompt that need not be answered
		h.pass(turn.version, turn.seat, turn.prompt.Reason)
		d.s.tel.BotDecision(turn.t.module.Name(), string(turn.level), botPassed, turn.cpu)
		return true, nil
	}
	err = d.submitTurn(ctx, &turn, cmd)
	var rule *engine.RuleError
	if errors.As(err, &rule) && choice == botChosen && len(turn.prompt.Legal) > 0 {
		d.s.log.Warn("bots: the rules refused the bot's command", "game", turn.t.module.Name(), "seat", int(turn.seat), "level", turn.level, "err", err)
		choice = botFallback
		err = d.submitTurn(ctx, &turn, turn.fallback())
	}
	if err == nil {
		d.s.tel.BotDecision(turn.t.module.Name(), string(turn.level), choice, turn.cpu)
	}
	if err != nil && (eventstore.IsVersionConflict(err) || errors.Is(err, errReused)) {
		return true, nil // the game moved on (another process's bot, a client): look again
	}
	return err == nil, err
}

// Bot decision kinds, as the metrics name them.
const (
	botChosen   = "bot"
	botFallback = "fallback"
	// botPassed: the bot left unanswered a prompt that need not be
	// answered (an out-of-turn offer): no command.
	botPassed = "pass"
)

// botTurn is one decision of a bot seat, as taken from the table under its
// lock: the seat's view and prompt at version.
type botTurn struct {
	t       *table
	seat    engine.Seat
	version int64
	view    proto.Message
	prompt  engine.Prompt
	level   engine.Level
	// r is the decision's generator (engine.BotRand); cpu the CPU time the
	// bot took.
	r   *engine.Rand
	cpu time.Duration
}

// nextTurn finds the next decision that pick takes in game id.
// A prompt the bot passed on at this version (h) is not taken again.
func (d *botDriver) nextTurn(ctx context.Context, id string, pick func(*table, engine.Prompt) bool, h *botHistory) (botTurn, bool, error) {
	t, err := d.s.table(ctx, id)
	if err != nil {
		return botTurn{}, false, err
	}
	var turn botTurn
	var found bool
	_, err = d.s.current(ctx, t, 0, func(g *engine.Game) {
		if g.State.Outcome() != nil {
			return
		}
		for _, p := range g.State.Prompts() {
			if len(p.Legal)+len(p.Templates) == 0 || !pick(t, p) || h.passed(g.Version, p.Seat, p.Reason) {
				continue
			}
			turn = botTurn{t: t, seat: p.Seat, version: g.Version, view: g.State.View(engine.SeatViewer(p.Seat)),
				prompt: p, level: seatLevel(t.cfg, p.Seat), r: engine.BotRand(t.record.Seed, g.Version+1, p.Seat)}
			found = true
			return
		}
	})
	return turn, found, err
}

// think asks the module's bot of the turn's level for its command, from
// the seat's knowledge: its view, its prompt and the game's events to the
// turn's version as redacted for it. A bot that fails gives way to one of
// the prompt's legal commands, drawn from the same generator.
func (d *botDriver) think(ctx context.Context, turn *botTurn, h *botHistory) (proto.Message, string, error) {
	hist, err := h.upTo(ctx, d.s, turn.t, turn.version, turn.seat)
	if err != nil {
		return nil, "", err
	}
	k := engine.Knowledge{Seat: turn.seat, View: turn.view, History: hist, Prompt: turn.prompt}
	select {
	case d.thinking <- struct{}{}:
	case <-ctx.Done():
		return nil, "", ctx.Err()
	}
	cmd, cpu, err := choose(turn.t.module.Bot(turn.level), k, turn.r)
	<-d.thinking
	turn.cpu = cpu
	if err == nil && cmd != nil {
		return proto.Clone(cmd), botChosen, nil
	}
	if err == nil && !turn.prompt.MustAct {
		return nil, botPassed, nil
	}
	if len(turn.prompt.Legal) == 0 {
		return nil, "", fmt.Errorf("the %s bot of seat %d has no command for %s: %v", turn.level, turn.seat, turn.prompt.Reason, err)
	}
	d.s.log.Warn("bots: the bot could not choose", "game", turn.t.module.Name(), "seat", int(turn.seat), "level", turn.level, "err", err)
	return turn.fallback(), botFallback, nil
}

// fallback is one of the prompt's legal commands, drawn from the turn's
// generator, so that a fallback too is re-run from the seed.
func (turn *botTurn) fallback() proto.Message {
	return proto.Clone(turn.prompt.Legal[turn.r.IntN(len(turn.prompt.Legal))])
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

// submitTurn submits the turn's command at the turn's version.
func (d *botDriver) submitTurn(ctx context.Context, turn *botTurn, cmd proto.Message) error {
	v := turn.version
	_, _, err := d.s.submit(ctx, submission{gameID: turn.t.record.ID, id: fmt.Sprintf("%s%d:%d", botPrefix, v+1, turn.seat),
		seat: turn.seat, cmd: turn.t.module.WrapCommand(cmd), expected: &v})
	return err
}

// botThought is a seat's bot's decision for the platform's own move (a
// seat timed out or taken over, timers_fire.go), made with the table
// unlocked: the turn it was made for and its outcome.
type botThought struct {
	turn   botTurn
	cmd    proto.Message
	choice string
	err    error
}

// isFor reports whether th was thought for prompt p at version: the game
// has not moved since the bot looked.
func (th *botThought) isFor(version int64, p engine.Prompt) bool {
	return th != nil && th.turn.version == version && th.turn.seat == p.Seat && th.turn.prompt.Reason == p.Reason
}

// turnAt is p.Seat's bot turn for p in g, for the platform's own move; the
// caller holds t.mu and g is t.folded. Its level is the seat's (a seat
// that is no bot's plays at the table's bot_level), its generator
// BotRand, so the move re-runs from the seed like any bot command.
func (d *botDriver) turnAt(t *table, g *engine.Game, p engine.Prompt) botTurn {
	return botTurn{t: t, seat: p.Seat, version: g.Version, view: g.State.View(engine.SeatViewer(p.Seat)), prompt: p,
		level: seatLevel(t.cfg, p.Seat), r: engine.BotRand(t.record.Seed, g.Version+1, p.Seat)}
}

// thinkFor asks the seat's bot for the turn's command, with the table
// unlocked: its knowledge is the turn's view and prompt and the stored
// log to the turn's version, as redacted for the seat.
func (d *botDriver) thinkFor(ctx context.Context, turn *botTurn) *botThought {
	cmd, choice, err := d.think(ctx, turn, &botHistory{})
	return &botThought{turn: *turn, cmd: cmd, choice: choice, err: err}
}

// checked returns the command of th, thought for p in g, that the
// platform plays; the caller holds t.mu and g is t.folded at th's
// version. A choice the rules refuse gives way to a legal command drawn
// from the turn's generator; nil when there is none, or when the bot
// passed (the platform's move is for a prompt that must be answered).
func (d *botDriver) checked(t *table, g *engine.Game, p engine.Prompt, th *botThought) proto.Message {
	turn, cmd, choice := th.turn, th.cmd, th.choice
	if th.err != nil {
		d.s.log.Warn("bots: no command for the platform's move", "game", t.module.Name(), "seat", int(p.Seat), "err", th.err)
		return nil
	}
	if cmd == nil {
		return nil
	}
	if _, _, err := g.Decide(p.Seat, cmd); err != nil && choice == botChosen {
		if len(p.Legal) == 0 {
			return nil
		}
		d.s.log.Warn("bots: the rules refused the bot's command", "game", t.module.Name(), "seat", int(p.Seat), "level", turn.level, "err", err)
		cmd, choice = turn.fallback(), botFallback
	}
	d.s.tel.BotDecision(t.module.Name(), string(turn.level), choice, turn.cpu)
	return cmd
}
