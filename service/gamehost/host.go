package gamehost

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost/internal/lru"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"google.golang.org/protobuf/proto"
)

// DefaultCacheBytes is the default memory budget of the games kept in
// memory (Options.CacheBytes).
const DefaultCacheBytes = 256 << 20

// Options configure a Host.
type Options struct {
	// Store keeps the games. Required.
	Store eventstore.Store
	// Games are the games hosted. Required.
	Games *games.Registry
	// Logger receives the host's warnings (default: slog.Default()).
	Logger *slog.Logger
	// Telemetry receives metrics and spans (nil: none).
	Telemetry *telemetry.Telemetry
	// CacheBytes is the memory budget of the games kept in memory, each
	// measured as it grows; past it, the least recently used go (<= 0:
	// DefaultCacheBytes).
	CacheBytes int64
	// Clock tells the turn clocks the time (nil: the wall clock).
	Clock turnclock.Clock
	// Claims is the authenticator's memory of seat claims, which the host
	// tells of the claims it makes and of the credentials a game's log
	// retires (nil: a memory of the host's own).
	Claims *auth.ClaimCache
}

// Hooks are how the host tells the drivers that a game needs them. Each
// runs on the caller's goroutine and must not block.
type Hooks struct {
	// Moved is told of a game with bot seats that was loaded or moved: its
	// bots may have a decision to make.
	Moved func(gameID string)
	// Due is told when a game's turn clocks next need the platform (zero:
	// not for now).
	Due func(gameID string, at time.Time)
}

// Host keeps the games being played and writes their logs.
type Host struct {
	store  eventstore.Store
	games  *games.Registry
	log    *slog.Logger
	tel    *telemetry.Telemetry
	clock  turnclock.Clock
	claims *auth.ClaimCache
	cache  *lru.Cache[*Game]
	hooks  Hooks

	// measure sizes games for the cache, off the write path (measure.go).
	measure  measurer
	stop     chan struct{}
	done     sync.WaitGroup
	unlisten func()
}

// New returns a host that listens to the store's changes; call Start
// before it is used, and Close to stop it.
func New(o Options) (*Host, error) {
	if o.Store == nil || o.Games == nil {
		return nil, errors.New("gamehost: Store and Games are required")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Clock == nil {
		o.Clock = turnclock.System{}
	}
	if o.Claims == nil {
		o.Claims = auth.NewClaimCache(0, 0)
	}
	h := &Host{store: o.Store, games: o.Games, log: o.Logger, tel: o.Telemetry, clock: o.Clock, claims: o.Claims,
		cache: lru.New[*Game](o.CacheBytes, DefaultCacheBytes), stop: make(chan struct{}), hooks: Hooks{Moved: func(string) {}, Due: func(string, time.Time) {}}}
	h.unlisten = h.store.OnChange(h.changed)
	h.cache.OnEvict = func(*Game) { h.tel.CacheEviction(telemetry.EvictedBudget) }
	h.measure = measurer{games: make(chan *Game, measureQueue), cache: h.cache}
	h.done.Go(func() { h.measure.loop(h.stop) })
	h.tel.GaugeFunc("cache_games", "Games held folded in the cache.", func() float64 { n, _, _ := h.cache.Usage(); return float64(n) })
	h.tel.GamesInPlay(h.inPlay)
	h.tel.GaugeFunc("cache_bytes", "Measured bytes of the games held folded in the cache (within -cache-bytes).", func() float64 { _, b, _ := h.cache.Usage(); return float64(b) })
	return h, nil
}

// Start sets the drivers' hooks. Call it once, before the host is used
// and before the drivers start.
func (h *Host) Start(k Hooks) {
	if k.Moved != nil {
		h.hooks.Moved = k.Moved
	}
	if k.Due != nil {
		h.hooks.Due = k.Due
	}
}

// Close stops listening to the store and measuring. It does not close the
// store.
func (h *Host) Close() {
	h.unlisten()
	close(h.stop)
	h.done.Wait()
}

// Clock returns the host's clock.
func (h *Host) Clock() turnclock.Clock { return h.clock }

// Store returns the host's store, for what a caller reads without the
// host: the lobby's records, pages of a log, table talk.
func (h *Host) Store() eventstore.Store { return h.store }

// Game returns the game, loading its record on first use; its state is
// folded when it is first read or written.
func (h *Host) Game(ctx context.Context, id string) (*Game, error) {
	g, _, err := h.game(ctx, id, false)
	return g, err
}

// Pinned is Game for a watch stream: the game stays in memory until unpin
// is called, since its watchers' wake-ups come through it.
func (h *Host) Pinned(ctx context.Context, id string) (g *Game, unpin func(), err error) {
	return h.game(ctx, id, true)
}

func (h *Host) game(ctx context.Context, id string, pin bool) (*Game, func(), error) {
	if id == "" {
		return nil, nil, ErrNoGameID
	}
	g, unpin, ok := h.cache.Get(id, pin)
	h.tel.CacheLookup(ok)
	if ok {
		telemetry.NoteGame(ctx, g.module.Name())
		return g, unpin, nil
	}
	read := h.clock.Now()
	rec, err := h.store.GetGame(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	mod, ok := h.games.Lookup(rec.Rules)
	if !ok {
		return nil, nil, fmt.Errorf("game %s: rules %q are not hosted here", id, rec.Rules)
	}
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(rec.Config, cfg); err != nil {
		return nil, nil, fmt.Errorf("game %s: config: %w", id, err)
	}
	telemetry.NoteGame(ctx, mod.Name())
	g = newGame(rec, cfg, mod, engine.NewGame(mod.Rules, rec.Seed))
	g.talk.Store(rec.TalkVersion)
	// Its seats were just read; a claim told before the game is cached
	// goes unheard, so views trust them for seatsFresh at most.
	g.seating.Refresh(rec, read)
	cached, unpin := h.cache.Put(id, g, g.overhead(), pin)
	if cached == g {
		h.measure.queue(g)
		if g.hasBots() {
			h.hooks.Moved(id)
		}
	}
	return cached, unpin, nil
}

// inPlay counts the games in memory that have folded their opening and
// are not over.
func (h *Host) inPlay() int {
	n := 0
	h.cache.Each(func(g *Game) {
		if g.version.Load() > 0 && !g.over.Load() {
			n++
		}
	})
	return n
}

// changed is the store's word that a game moved (eventstore.Store.OnChange):
// a cached game that has not folded that far is behind, and its watchers
// wake to catch up. A change of every game marks every game.
func (h *Host) changed(c eventstore.Change) {
	if c.GameID == "" {
		h.cache.Each(func(g *Game) {
			g.stale()
			g.seatsMoved.Store(true)
			g.wake()
		})
		return
	}
	g, ok := h.cache.Peek(c.GameID)
	if !ok {
		return
	}
	if c.Version == 0 && c.TalkVersion == 0 {
		g.seatsMoved.Store(true)
		if c.Seats {
			return // a seat claimed: the log did not move
		}
	}
	moved := false
	switch {
	case c.Version == 0 && c.TalkVersion == 0:
		g.stale()
		moved = true
	case c.Version > g.version.Load():
		g.notified.Tell(c)
		g.behind.Store(true)
		moved = true
	}
	for talk := g.talk.Load(); c.TalkVersion > talk; talk = g.talk.Load() {
		if g.talk.CompareAndSwap(talk, c.TalkVersion) {
			moved = true
		}
	}
	if moved {
		g.wake()
	}
}
