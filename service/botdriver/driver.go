package botdriver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/protobuf/proto"
)

// Prefix starts the command ids of bots; clients may not use it.
const Prefix = "bot:"

// movesPerWake bounds the moves bots make for one wake-up of a game, so
// that a game where bots only play each other cannot spin forever.
const movesPerWake = 10000

// outagePause is how long bots wait to try a game again after the store
// was unavailable: nothing else would wake them once it is back.
const outagePause = 2 * time.Second

// Driver plays the bot seats. A game woken gets a goroutine of its own,
// which plays its bots until no bot must act, so that one game's store
// calls never hold up another's bots; a game woken while its goroutine
// plays is looked at once more. A bot thinks off the request path and
// with the game unlocked (see playTurn): a client's command never waits
// for a bot's decision.
type Driver struct {
	host   *gamehost.Host
	log    *slog.Logger
	tel    *telemetry.Telemetry
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	// playing holds the games whose goroutine runs, again those woken
	// while it did.
	playing map[string]bool
	again   map[string]bool
	// thinking bounds the bot decisions running at once to the CPUs, so
	// that many games' searches queue rather than starve the handlers;
	// queued counts those waiting.
	thinking chan struct{}
	queued   atomic.Int64
	// histories keeps the games' histories as their bots last read them
	// (under mu), so that a bot's knowledge grows by the events since its
	// game's last decision, not from the start at every wake-up.
	histories *histories
}

// New returns a driver of host's bot seats; call Start to start it, and
// Stop to stop it.
func New(host *gamehost.Host, log *slog.Logger, tel *telemetry.Telemetry) *Driver {
	ctx, cancel := context.WithCancel(context.Background())
	d := &Driver{host: host, log: log, tel: tel, ctx: ctx, cancel: cancel, playing: map[string]bool{}, again: map[string]bool{},
		thinking: make(chan struct{}, runtime.GOMAXPROCS(0)), histories: newHistories(keptHistories)}
	tel.BotQueue(func() int { return int(d.queued.Load()) })
	return d
}

// Start starts the resumption of stored games with bots whose turn it was.
func (d *Driver) Start() { d.wg.Go(func() { d.resume(d.ctx) }) }

// Wake asks the driver to look at a game. It never blocks.
func (d *Driver) Wake(id string) {
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

// Stop ends the driver and waits for its goroutines.
func (d *Driver) Stop() {
	d.mu.Lock()
	d.cancel() // under mu: no Wake starts a goroutine after this
	d.mu.Unlock()
	d.wg.Wait()
}

// run plays a game's bots until no bot must act and nobody woke the game
// meanwhile.
func (d *Driver) run(id string) {
	d.mu.Lock()
	h := d.histories.take(id) // this goroutine's alone until it is kept again
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		d.histories.keep(id, h)
		d.mu.Unlock()
	}()
	for {
		err := d.play(d.ctx, id, h)
		switch {
		case err == nil || d.ctx.Err() != nil:
		case errors.Is(err, eventstore.ErrUnavailable):
			d.log.Warn("bots wait for the store", "game", id, "retry_in", outagePause, "err", err)
			time.AfterFunc(outagePause, func() { d.Wake(id) })
		default:
			d.log.Warn("bot stopped", "game", id, "err", err)
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

// resume wakes every stored game with bot seats that is not over, so that
// bots whose turn came before this process started (a restart, a deploy,
// another instance that stopped) play on without waiting for a client to
// touch the game.
func (d *Driver) resume(ctx context.Context) {
	const page = 100
	after := ""
	store := d.host.Store()
	for ctx.Err() == nil {
		gs, err := store.ListGames(ctx, eventstore.ListFilter{Status: eventstore.StatusOpen | eventstore.StatusActive, AfterID: after, Limit: page})
		if errors.Is(err, eventstore.ErrUnavailable) && ctx.Err() == nil {
			d.log.Warn("bots: listing games to resume: the store is unavailable", "retry_in", outagePause, "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(outagePause):
			}
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				d.log.Warn("bots: listing games to resume", "err", err)
			}
			return
		}
		for _, g := range gs {
			cfg := &moonshinev1.GameConfig{}
			if proto.Unmarshal(g.Config, cfg) == nil && len(cfg.GetBotSeats()) > 0 {
				d.Wake(g.ID)
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
func (d *Driver) play(ctx context.Context, id string, h *history) error {
	for range movesPerWake {
		played, err := d.playTurn(ctx, id, h)
		if err != nil || !played {
			return err
		}
	}
	return fmt.Errorf("bots made %d moves without a human turn", movesPerWake)
}
