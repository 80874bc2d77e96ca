package gamehost

import (
	"context"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/projection"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"google.golang.org/protobuf/proto"
)

// ReadToEnd as the version a read needs has the game catch up with the end
// of its log, whatever the game has been told.
const ReadToEnd = -1

// Now is the game as a read sees it, under the game's lock: valid only
// while the read runs, and never to be changed.
type Now struct {
	ctx context.Context
	h   *Host
	g   *Game
}

// Version is the game's version.
func (n Now) Version() int64 { return n.g.folded.Version }

// State is the game's folded state.
func (n Now) State() engine.State { return n.g.folded.State }

// Over reports whether the game is over.
func (n Now) Over() bool { return n.g.folded.State.Outcome() != nil }

// Cancelled reports whether the game was cancelled before the start.
func (n Now) Cancelled() bool { return n.g.seating.Cancelled() }

// Prompts returns whom the game waits for, computed once per version while
// the game is watched.
func (n Now) Prompts() []engine.Prompt { return n.g.feed.PromptsOf(n.g.folded) }

// Clocks returns the turn clocks.
func (n Now) Clocks() *turnclock.Clocks { return &n.g.clocks }

// WireClocks returns every seat's clock for a view, in seat order (nil:
// a table without timers).
func (n Now) WireClocks() []*moonshinev1.SeatClock { return n.g.wireClocks() }

// Full reports whether every seat is claimed (it may ask the store).
func (n Now) Full() (bool, error) { return full(n.ctx, n.h.store, n.g) }

// Check decides seat's command on the game without appending anything,
// and returns the rules' refusal, if any.
func (n Now) Check(seat engine.Seat, cmd proto.Message) error {
	_, _, err := n.g.folded.Decide(seat, cmd)
	return err
}

// CheckCaller refuses a seat holder of the game whose credential no longer
// holds the seat (rotated, or the seat left), as checkHolder refuses its
// commands; anyone else passes.
func (n Now) CheckCaller(c auth.Caller) error {
	if c.IsSeatOf(n.g.record.ID) {
		return checkKey(n.ctx, n.h.store, n.h.claims, n.g, c.Seat, c.Key)
	}
	return nil
}

// Read runs read on the game under its lock, caught up with its log first
// when it is behind: when it was never folded, when the store told of
// appends past it, or when the caller needs a version past it (need;
// ReadToEnd: read the log in any case). A need the log has not reached
// either is refused (NotReachedError). read may be nil; its error is
// returned.
func (h *Host) Read(ctx context.Context, g *Game, need int64, read func(Now) error) (projection.At, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if need < 0 || need > g.folded.Version {
		g.notified.Forget() // the log, whatever the store told
	}
	if need < 0 || need > g.folded.Version || g.folded.Version == 0 || g.behind.Load() {
		if err := h.catchUp(ctx, g); err != nil {
			return projection.At{}, err
		}
	}
	if need > g.folded.Version {
		return projection.At{}, &NotReachedError{Need: need, Version: g.folded.Version}
	}
	at := projection.At{Version: g.folded.Version, Over: g.folded.State.Outcome() != nil}
	if read != nil {
		if err := read(Now{ctx: ctx, h: h, g: g}); err != nil {
			return projection.At{}, err
		}
	}
	return at, nil
}

// Info returns the game's public metadata as of at, from its record as the
// game knows it: from memory once every seat is claimed (and, once the
// game is over, its end is known). While seats are free, another process
// may claim one: a view reads the record from the store, and the views
// after it trust what it read until the store tells of a claim, for at
// most seatsFresh. The seed is shown once the game is over, or when reveal
// is set (the auditor).
func (h *Host) Info(ctx context.Context, g *Game, at projection.At, reveal bool) (*moonshinev1.GameInfo, error) {
	now := h.clock.Now()
	g.mu.Lock()
	rec, known := g.currentRecord(at.Over)
	known = known || g.seatsKnown(now, at.Over)
	g.mu.Unlock()
	if !known {
		g.seatsMoved.Store(false) // before the read: a claim told during it sets it again
		got, err := h.store.GetGame(ctx, g.record.ID)
		if err != nil {
			return nil, err
		}
		g.mu.Lock()
		g.seating.Refresh(got, now)
		rec, _ = g.currentRecord(at.Over)
		g.mu.Unlock()
	}
	return projection.Info(rec, g.cfg, at, reveal), nil
}
