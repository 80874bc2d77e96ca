package gameservice

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
)

// table is one game held in memory: the store's record of it, its table
// configuration, the module that hosts it and the game folded from its log.
// mu serialises the commands of the game in this process and guards
// folded, the recent events and the prompts; it is held across the
// game's own store calls (its append, its catch-up read), which only
// callers of the same game wait for.
//
// The table knows when it is behind the log without reading it: its own
// appends fold what they write, and the store tells of everyone else's
// (eventstore.Store.OnChange, see [Service.changed]), which sets behind.
type table struct {
	mu sync.Mutex
	// record is the store's record as it was loaded; its seats and end
	// are kept up to date in seats (see info).
	record eventstore.GameRecord
	cfg    *moonshinev1.GameConfig
	module *games.Module
	// folded is the game as of the last event folded from the store's log
	// (folded.Version).
	folded *engine.Game
	// measured is folded.Version when the table's size was last measured
	// for the cache (-1: never).
	measured int64

	// version mirrors folded.Version for readers without mu.
	version atomic.Int64
	// behind is set when the store told of an append past version, or of
	// a change it could not say the extent of: the next read catches up.
	behind atomic.Bool
	// talk is the highest talk seq the store told of.
	talk atomic.Int64
	// carried holds the events the store's changes carried since the
	// table last caught up (carried.go).
	carried carried

	// seats guards the record's mutable parts: the seat claims and the
	// game's end, as this process wrote or last read them.
	seats sync.Mutex
	// claims and finishedAt are record.Seats and record.FinishedAt kept
	// current (copied on write).
	claims     []eventstore.SeatClaim
	finishedAt time.Time
	// cancelled is set once the table folded its cancellation; leftAt is
	// the seq of the last seat_left event it folded, so that a record read
	// before it does not bring the freed claim back (tablelife.go).
	cancelled bool
	leftAt    int64

	// clocks are the turn clocks folded from the log (timers_clock.go)
	// and creds the seats' credential changes (timers_creds.go): guarded
	// by mu.
	clocks clockState
	creds  credState

	// watch is the table's share of the watchers (feed.go) and snaps its
	// earlier states for GetViewAt (snapshot.go): guarded by mu.
	watch watchState
	snaps snapshots
	// pinned counts the open streams on the table: the cache does not let
	// it go while any are (their wake-ups come through this table).
	pinned atomic.Int32
	// movedMu guards moved, which is closed and replaced each time the
	// table folds events or hears of a change: a watcher waits on the
	// channel it took before it last looked.
	movedMu sync.Mutex
	moved   chan struct{}
}

func newTable(rec eventstore.GameRecord, cfg *moonshinev1.GameConfig, mod *games.Module, g *engine.Game, measured int64) *table {
	t := &table{record: rec, cfg: cfg, module: mod, folded: g, measured: measured,
		claims: rec.Seats, finishedAt: rec.FinishedAt, moved: make(chan struct{})}
	t.version.Store(g.Version)
	t.watch.reset()
	return t
}

// setFolded notes that folded moved (the caller holds mu): readers
// without the lock see its version, watchers wake.
func (t *table) setFolded() {
	t.version.Store(t.folded.Version)
	t.wake()
}

// wake wakes everyone waiting on the table's moved channel.
func (t *table) wake() {
	t.movedMu.Lock()
	close(t.moved)
	t.moved = make(chan struct{})
	t.movedMu.Unlock()
}

// movedCh returns the channel the next move of the table closes.
func (t *table) movedCh() <-chan struct{} {
	t.movedMu.Lock()
	defer t.movedMu.Unlock()
	return t.moved
}

// stale marks the table behind the log by an extent it does not know:
// the next catch-up reads the log.
func (t *table) stale() {
	t.carried.forget()
	t.behind.Store(true)
}

// unfold drops the folded game, which the next sync folds again from the
// log: for a table whose game went ahead of the log. The caller holds mu.
func (t *table) unfold() {
	t.folded = engine.NewGame(t.module.Rules, t.record.Seed)
	t.clocks = clockState{}
	t.watch.reset()
	t.setFolded()
}

// info returns the record with its seats and end as last known, and
// whether that is current without asking the store: once every seat is
// claimed the claims no longer change, and once the game is over (over)
// its end is known.
func (t *table) info(over bool) (eventstore.GameRecord, bool) {
	t.seats.Lock()
	defer t.seats.Unlock()
	rec := t.record
	rec.Seats, rec.FinishedAt, rec.Cancelled = t.claims, t.finishedAt, rec.Cancelled || t.cancelled
	return rec, len(t.claims) >= int(t.cfg.GetPlayers()) && (!over || !t.finishedAt.IsZero())
}

// refresh takes the seats and end of a record just read from the store.
func (t *table) refresh(rec eventstore.GameRecord) {
	t.seats.Lock()
	defer t.seats.Unlock()
	if len(rec.Seats) >= len(t.claims) && rec.Version >= t.leftAt {
		t.claims = rec.Seats
	}
	if t.finishedAt.IsZero() {
		t.finishedAt = rec.FinishedAt
	}
	t.cancelled = t.cancelled || rec.Cancelled
}

// claimed records a seat claim this process made.
func (t *table) claimed(c eventstore.SeatClaim) {
	t.seats.Lock()
	defer t.seats.Unlock()
	if slices.ContainsFunc(t.claims, func(o eventstore.SeatClaim) bool { return o.Seat == c.Seat }) {
		return
	}
	c.TokenHash = nil // the record's claims never carry it
	claims := append(slices.Clone(t.claims), c)
	slices.SortFunc(claims, func(a, b eventstore.SeatClaim) int { return a.Seat - b.Seat })
	t.claims = claims
}

// finished records when the append that ended the game was stored.
func (t *table) finished(at time.Time) {
	t.seats.Lock()
	defer t.seats.Unlock()
	if t.finishedAt.IsZero() {
		t.finishedAt = at
	}
}
