package gamehost

import (
	"context"
	"errors"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/projection"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"google.golang.org/protobuf/proto"
)

// raceRetries is how often a command lost to a concurrent append is
// decided again before it is refused.
const raceRetries = 5

// Command is one seat's command to decide and append: a client's, a
// bot's, or a resignation.
type Command struct {
	// ID is the command's id, unique per seat of the game: a repeat gets
	// the first result.
	ID   string
	Seat engine.Seat
	// Command is the command in its envelope, as stored.
	Command *moonshinev1.GameCommand
	// Expected, if set, is the version the command was decided for: a
	// game at another version refuses it (a version conflict).
	Expected *int64
	// Holder is a client's credential key (its hash, hex), checked again
	// when the seat's credential changed; "" for bots.
	Holder string
}

// Written is what a command wrote: where its events went and the events
// as stored (for a repeat, those the first landing wrote), and the game's
// own command, unwrapped from its envelope.
type Written struct {
	eventstore.AppendResult
	Stored []*moonshinev1.StoredEvent
	Inner  proto.Message
}

// Submit decides a seat's command on the game and appends its events, or
// returns the first result of a command id seen before. It is the one
// path for clients and bots.
//
// The folded game is trusted first: the store's compare-and-set catches a
// game that another process has left behind, which then catches up and
// decides again (unless the caller fixed the version). A refusal stands
// only once the game is caught up and the command id is not in the log:
// a retry of a command that landed (here or in another process) gets the
// first result, not a rule error; a retry that decides again is told
// apart by the store, which records each command id once. So the common
// path costs one append and no reads.
func (h *Host) Submit(ctx context.Context, g *Game, c Command) (Written, error) {
	inner, err := g.module.Command(c.Command)
	if err != nil {
		return Written{}, err
	}
	data, err := proto.Marshal(c.Command)
	if err != nil {
		return Written{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	caughtUp := false
	catchUp := func() (moved bool, err error) {
		before := g.folded.Version
		caughtUp = true
		err = h.catchUp(ctx, g)
		return g.folded.Version != before, err
	}
	if g.folded.Version == 0 || g.behind.Load() { // never folded (a game always has opening events), or told it is behind
		if _, err := catchUp(); err != nil {
			return Written{}, err
		}
	}
	for attempt := 0; ; attempt++ {
		if c.Expected != nil && *c.Expected != g.folded.Version {
			if !caughtUp {
				if _, err := catchUp(); err != nil {
					return Written{}, err
				}
				continue
			}
			return firstResult(ctx, h.store, g, c, inner, &eventstore.VersionConflictError{GameID: g.record.ID, ExpectedVersion: *c.Expected, ActualVersion: g.folded.Version})
		}
		if err := g.refuseCancelled(); err != nil {
			return firstResult(ctx, h.store, g, c, inner, err)
		}
		if err := checkHolder(ctx, h.store, h.claims, g, c.Seat, c.Holder); err != nil {
			return Written{}, err
		}
		_, span := h.tel.Start(ctx, "decide")
		evs, next, err := g.folded.Decide(c.Seat, inner)
		span.End()
		if err != nil {
			if !caughtUp {
				moved, cerr := catchUp()
				if cerr != nil {
					return Written{}, cerr
				}
				if moved {
					continue
				}
			}
			return firstResult(ctx, h.store, g, c, inner, err)
		}
		a, err := h.append(ctx, g, proposal{at: g.folded.Version, next: next, events: evs,
			command: &eventstore.Command{GameID: g.record.ID, ID: c.ID, Seat: int(c.Seat), Data: data},
			turn:    &turnclock.Turn{Actor: c.Seat, Now: h.clock.Now()}})
		switch {
		case eventstore.IsVersionConflict(err) && attempt < raceRetries:
			if _, cerr := catchUp(); cerr != nil {
				return Written{}, cerr
			}
			continue
		case err != nil:
			return Written{}, err
		case a.res.Duplicate:
			return repeat(ctx, h.store, g, c, inner, *a.res.DuplicateOf)
		}
		return Written{AppendResult: a.res, Stored: a.stored, Inner: inner}, nil
	}
}

// firstResult returns the first result of c's command id if the log holds
// it, else refusal. The caller holds g.mu.
func firstResult(ctx context.Context, store eventstore.Store, g *Game, c Command, inner proto.Message, refusal error) (Written, error) {
	prior, err := store.LookupCommand(ctx, g.record.ID, int(c.Seat), c.ID)
	switch {
	case err == nil:
		return repeat(ctx, store, g, c, inner, prior)
	case errors.Is(err, eventstore.ErrNotFound):
		return Written{}, refusal
	default:
		return Written{}, err
	}
}

// repeat returns the first result of a command id the seat used before,
// its events read back from the log, or CommandIDReusedError when it used
// the id for another command.
func repeat(ctx context.Context, store eventstore.Store, g *Game, c Command, inner proto.Message, prior eventstore.Command) (Written, error) {
	first := &moonshinev1.GameCommand{}
	if err := proto.Unmarshal(prior.Data, first); err != nil {
		return Written{}, err
	}
	if !proto.Equal(first, c.Command) {
		return Written{}, &CommandIDReusedError{ID: c.ID}
	}
	w := Written{AppendResult: eventstore.AppendResult{FirstSeq: prior.FirstSeq, LastSeq: prior.LastSeq,
		RecordedAt: prior.RecordedAt, Duplicate: true}, Inner: inner}
	evs, err := store.ReadStream(ctx, g.record.ID, prior.FirstSeq-1, int(prior.LastSeq-prior.FirstSeq+1))
	if err != nil {
		return Written{}, err
	}
	for _, ev := range evs {
		se, err := projection.Decode(ev)
		if err != nil {
			return Written{}, err
		}
		w.Stored = append(w.Stored, se)
	}
	return w, nil
}

// Projected returns what a command wrote to the game as acc sees it: from
// the game's feed when its watch streams hold the events (each projected
// once per audience, the caller's own stream included), else projected
// here.
func (g *Game) Projected(w Written, acc projection.Access) []*moonshinev1.Event {
	g.mu.Lock()
	views, ok := g.feed.Range(w.FirstSeq-1, w.LastSeq, acc)
	g.mu.Unlock()
	if ok {
		return views
	}
	out := make([]*moonshinev1.Event, len(w.Stored))
	for i, se := range w.Stored {
		out[i] = projection.Event(w.FirstSeq+int64(i), w.RecordedAt, se, acc)
	}
	return out
}
