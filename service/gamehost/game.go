package gamehost

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost/feed"
	"github.com/moonshine-games/moonshine/service/gamehost/internal/notified"
	"github.com/moonshine-games/moonshine/service/gamehost/internal/seating"
	"github.com/moonshine-games/moonshine/service/turnclock"
)

// Game is a game the host keeps in memory: the store's record of it, its
// table configuration, the module that plays it, and its log folded so
// far, with what its watch streams and replays share.
//
// The game knows when it is behind its log without reading it: its own
// appends commit what they write, and the store tells of everyone else's
// ([eventstore.Store.OnChange], see Host.changed), which sets behind.
type Game struct {
	// record, cfg and module are fixed once loaded; the record's seats
	// and end are kept current in seating.
	record eventstore.GameRecord
	cfg    *moonshinev1.GameConfig
	module *games.Module

	// mu serialises the game's writes in this process and guards the
	// fields up to the atomics. It is held across the game's own store
	// calls (its append, its catch-up read), which only callers of the
	// same game wait for.
	mu sync.Mutex
	// folded is the game as of the last event folded from the log
	// (folded.Version). It is replaced by each append, never changed in
	// place by one; a catch-up folds into it.
	folded *engine.Game
	// clocks are the turn clocks folded from the log, creds the seats'
	// credential changes (credentials.go), seating the record's seats and
	// end as last known (internal/seating).
	clocks  turnclock.Clocks
	creds   credentials
	seating seating.Seating
	// feed is what the game keeps for its watch streams (feed.go), and
	// checkpoints are earlier states kept for replays (readat.go).
	feed        feed.Feed
	checkpoints checkpoints
	// unmeasured counts the events folded since the game was last
	// measured for the cache.
	unmeasured int64

	// version mirrors folded.Version, and over whether it is over, for
	// readers without mu.
	version atomic.Int64
	over    atomic.Bool
	// behind is set when the store told of an append past version, or of
	// a change it could not say the extent of: the next use catches up.
	behind atomic.Bool
	// seatsMoved is set when the store told of a seat claimed, or of a
	// change it could not say the extent of: the next view reads the
	// seats.
	seatsMoved atomic.Bool
	// talk is the highest talk seq the store told of.
	talk atomic.Int64
	// notified holds the events the store's notifications carried since
	// the game last caught up (notified.go).
	notified notified.Events
	// moved is closed and replaced each time the game folds events or
	// hears of a change: a watcher waits on the channel it took before it
	// last looked.
	moved atomic.Pointer[chan struct{}]
}

func newGame(rec eventstore.GameRecord, cfg *moonshinev1.GameConfig, mod *games.Module, g *engine.Game) *Game {
	out := &Game{record: rec, cfg: cfg, module: mod, folded: g,
		seating: seating.New(rec, time.Time{})}
	ch := make(chan struct{})
	out.moved.Store(&ch)
	out.version.Store(g.Version)
	out.feed.Reset()
	return out
}

// ID returns the game's id.
func (g *Game) ID() string { return g.record.ID }

// Module returns the game's module.
func (g *Game) Module() *games.Module { return g.module }

// Config returns the game's table configuration; the caller must not
// change it.
func (g *Game) Config() *moonshinev1.GameConfig { return g.cfg }

// Players returns the number of seats.
func (g *Game) Players() int32 { return g.cfg.GetPlayers() }

// IsBotSeat reports whether the server's bot holds seat.
func (g *Game) IsBotSeat(seat int32) bool { return slices.Contains(g.cfg.GetBotSeats(), seat) }

// CreatorHash returns the hash of the game's creator credential (nil:
// none).
func (g *Game) CreatorHash() []byte { return g.record.CreatorHash }

// Seed returns the game's secret seed: the bots' generators derive from
// it. Never show it to a client before the game is over.
func (g *Game) Seed() []byte { return g.record.Seed }

// Moved returns the channel that the game's next move closes.
func (g *Game) Moved() <-chan struct{} { return *g.moved.Load() }

// TalkVersion returns the highest talk seq the game has heard of.
func (g *Game) TalkVersion() int64 { return g.talk.Load() }

// Behind reports whether the store told of appends the game has not
// folded.
func (g *Game) Behind() bool { return g.behind.Load() }

// wireClocks returns every seat's clock, in seat order (nil: a table
// without timers). The caller holds mu.
func (g *Game) wireClocks() []*moonshinev1.SeatClock {
	return g.clocks.Wire(g.cfg.GetTimer(), int(g.cfg.GetPlayers()))
}

func (g *Game) hasBots() bool { return len(g.cfg.GetBotSeats()) > 0 }

// wake wakes everyone waiting on the game's moved channel.
func (g *Game) wake() {
	ch := make(chan struct{})
	close(*g.moved.Swap(&ch))
}

// setFolded notes that folded moved (the caller holds mu): readers without
// the lock see its version, watchers wake.
func (g *Game) setFolded() {
	g.version.Store(g.folded.Version)
	g.over.Store(g.folded.State.Outcome() != nil)
	g.wake()
}

// stale marks the game behind its log by an extent it does not know: the
// next catch-up reads the log.
func (g *Game) stale() {
	g.notified.Forget()
	g.behind.Store(true)
}

// refuseCancelled refuses acting in a cancelled game (the caller holds mu,
// caught up).
func (g *Game) refuseCancelled() error {
	if g.seating.Cancelled() {
		return ErrCancelled
	}
	return nil
}

// currentRecord returns the game's record with its seats and end as last
// known, and whether that is current without asking the store
// (seating.Seating.Record). The caller holds mu.
func (g *Game) currentRecord(over bool) (eventstore.GameRecord, bool) {
	return g.seating.Record(g.record, int(g.cfg.GetPlayers()), over)
}

// seatsKnown reports whether a view at now may trust the claims last read
// (seating.Seating.Trusted): the store told of no claim since. The caller
// holds mu.
func (g *Game) seatsKnown(now time.Time, over bool) bool {
	return !g.seatsMoved.Load() && g.seating.Trusted(now, over)
}
