package gameservice

import (
	"context"
	crand "crypto/rand"
	"errors"
	"fmt"
	"math/rand/v2"
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
type botDriver struct {
	s       *Service
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	mu      sync.Mutex
	playing map[string]bool // games whose goroutine runs
	again   map[string]bool // kicked while playing
}

// startBots makes the driver of s's bots (s.bots), and starts the summary
// of older games and the resumption of games with bots whose turn it was.
func startBots(s *Service) {
	ctx, cancel := context.WithCancel(context.Background())
	d := &botDriver{s: s, ctx: ctx, cancel: cancel, playing: map[string]bool{}, again: map[string]bool{}}
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
	for {
		err := d.play(d.ctx, id)
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

// play makes the bots' moves in one game until no bot must act.
func (d *botDriver) play(ctx context.Context, id string) error {
	for range botMovesPerKick {
		sub, ok, err := d.choose(ctx, id)
		if err != nil || !ok {
			return err
		}
		_, _, err = d.s.submit(ctx, sub)
		if err != nil && !eventstore.IsVersionConflict(err) && !errors.Is(err, errReused) {
			return err
		}
	}
	return fmt.Errorf("bots made %d moves without a human turn", botMovesPerKick)
}

// errReused matches a command id already used (another process's bot moved
// first at the same version).
var errReused = &refusal{reason: ReasonCommandIDReused}

// choose picks a bot seat with a prompt (one that must act comes first in
// the prompts; one that may, like a Kingdom seat asked to answer a deal,
// answers too) and its command: the game's policy's, chosen from that
// seat's own view and prompt, or one of its legal commands, uniformly.
func (d *botDriver) choose(ctx context.Context, id string) (submission, bool, error) {
	t, err := d.s.table(ctx, id)
	if err != nil {
		return submission{}, false, err
	}
	var sub submission
	var found bool
	_, err = d.s.current(ctx, t, 0, func(g *engine.Game) {
		if g.State.Outcome() != nil {
			return
		}
		for _, p := range g.State.Prompts() {
			if len(p.Legal) == 0 || !slices.Contains(t.cfg.GetBotSeats(), int32(p.Seat)) {
				continue
			}
			v := g.Version
			cmd := d.policy(t, g, p)
			sub = submission{gameID: id, id: fmt.Sprintf("%s%d:%d", botPrefix, v+1, p.Seat), seat: p.Seat,
				cmd: t.module.WrapCommand(cmd), expected: &v}
			found = true
			return
		}
	})
	return sub, found, err
}

// policy returns the game's Policy's choice for prompt p, when the game has
// a Policy and the rules accept the choice; otherwise one of p's legal
// commands, uniformly.
func (d *botDriver) policy(t *table, g *engine.Game, p engine.Prompt) proto.Message {
	choice := telemetry.BotRandom
	if pl := t.module.Policy; pl != nil {
		var key [32]byte
		crand.Read(key[:])
		r := engine.NewRand(key)
		if c := pl.Choose(g.State.View(engine.SeatViewer(p.Seat)), p, r); c != nil {
			if _, err := g.State.Decide(p.Seat, c, r); err == nil {
				d.s.tel.BotDecision(t.module.Name(), telemetry.BotPolicy)
				return proto.Clone(c)
			}
			d.s.log.Warn("bots: the policy chose a refused command", "game", t.module.Name(), "seat", int(p.Seat))
		}
		choice = telemetry.BotFallback
	}
	d.s.tel.BotDecision(t.module.Name(), choice)
	return proto.Clone(p.Legal[rand.IntN(len(p.Legal))])
}
