package gameservice

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/protobuf/proto"
)

// botMovesPerKick bounds the moves bots make for one wake-up of a game, so
// that a game where bots only play each other cannot spin forever.
const botMovesPerKick = 10000

// botDriver plays the bot seats. Games to look at are queued by kick; one
// goroutine plays them through the same path as client commands, never
// holding a game's lock while it submits.
type botDriver struct {
	s       *Service
	mu      sync.Mutex
	pending []string
	wake    chan struct{}
	cancel  context.CancelFunc
	done    chan struct{}
}

func startBots(s *Service) *botDriver {
	ctx, cancel := context.WithCancel(context.Background())
	d := &botDriver{s: s, wake: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	go d.run(ctx)
	return d
}

// kick asks the driver to look at a game. It never blocks.
func (d *botDriver) kick(id string) {
	d.mu.Lock()
	if !slices.Contains(d.pending, id) {
		d.pending = append(d.pending, id)
	}
	d.mu.Unlock()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// stop ends the driver and waits for it.
func (d *botDriver) stop() {
	d.cancel()
	<-d.done
}

func (d *botDriver) run(ctx context.Context) {
	defer close(d.done)
	d.resume(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-d.wake:
		}
		for id := d.next(); id != ""; id = d.next() {
			if err := d.play(ctx, id); err != nil && ctx.Err() == nil {
				d.s.log.Warn("bot stopped", "game", id, "err", err)
			}
		}
	}
}

// resume queues every stored game with bot seats, so that bots whose turn
// came before this process started (a restart, a deploy, another instance
// that stopped) play on without waiting for a client to touch the game.
// Finished games are dropped by play, which finds no prompt.
func (d *botDriver) resume(ctx context.Context) {
	const page = 100
	after := ""
	for ctx.Err() == nil {
		gs, err := d.s.store.ListGames(ctx, eventstore.ListFilter{AfterID: after, Limit: page})
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

func (d *botDriver) next() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.pending) == 0 {
		return ""
	}
	id := d.pending[0]
	d.pending = d.pending[1:]
	return id
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

// choose picks a bot seat that must act and one of its legal commands,
// uniformly, from that seat's own prompt only.
func (d *botDriver) choose(ctx context.Context, id string) (submission, bool, error) {
	t, err := d.s.table(ctx, id)
	if err != nil {
		return submission{}, false, err
	}
	var sub submission
	var found bool
	_, err = d.s.current(ctx, t, func(g *engine.Game) {
		if g.State.Outcome() != nil {
			return
		}
		for _, p := range g.State.Prompts() {
			if !p.MustAct || len(p.Legal) == 0 || !slices.Contains(t.cfg.GetBotSeats(), int32(p.Seat)) {
				continue
			}
			v := g.Version
			cmd := proto.Clone(p.Legal[rand.IntN(len(p.Legal))])
			sub = submission{gameID: id, id: fmt.Sprintf("%s%d:%d", botPrefix, v+1, p.Seat), seat: p.Seat,
				cmd: t.game.WrapCommand(cmd), expected: &v}
			found = true
			return
		}
	})
	return sub, found, err
}
