package gamehost

import (
	"context"
	"errors"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost/feed"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/grpc"
)

// Look is what a watch stream finds at its game: the events after its
// cursor, its prompt update at the game's version, and the game's end.
type Look struct {
	// Events are the events after the cursor, from memory; InMemory is
	// false when the watch must read them from the store itself (it is
	// further behind than the game's recent events go, or the store was
	// unavailable when the game tried to catch up).
	Events   []feed.Outgoing
	InMemory bool
	// Update is whom the game waits for at its version (with prompts
	// asked for), and UpdateWire it encoded, shared with its audience's
	// streams.
	Update     *moonshinev1.PromptUpdate
	UpdateWire *grpc.PreparedMsg
	// Batch is, on a batched stream, Events with Update (when it is due)
	// in one response, and BatchWire that response encoded, shared with
	// the streams that see it alike; nil when there is nothing to send.
	Batch     *moonshinev1.WatchGameResponse
	BatchWire *grpc.PreparedMsg
	// Outcome is set once the game is over.
	Outcome *moonshinev1.Outcome
	// Version is the game's version.
	Version int64
}

// Watch counts a watch stream on the game, whose recent events and
// prompts the game keeps while it has any; call the returned function
// when the stream ends.
func (h *Host) Watch(g *Game) (done func()) {
	g.mu.Lock()
	g.feed.Attach()
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		g.feed.Detach()
		g.mu.Unlock()
	}
}

// Cursor is where a watch stream stands: the last event it sent, and the
// version of the last prompt update it sent (-1: none); what it asked
// for: prompt updates, and batches (WatchGameRequest.batched).
type Cursor struct {
	After    int64
	Prompted int64
	Prompts  bool
	Batched  bool
}

// Look takes, under the game's lock, what a watch is to send after its
// cursor: the events from the game's recent ones, catching the game up
// first when the store told of appends it has not folded (one read for all
// its watchers), and with prompts, the prompt update of acc's audience.
// The caller's credential is checked again (a watcher whose credential
// was rotated or freed stops). An outage of the store is not an error
// here: InMemory is false, and the watch reads the store itself, riding
// it out.
func (h *Host) Look(ctx context.Context, g *Game, caller auth.Caller, cur Cursor, acc projection.Access, enc *feed.Encoder) (Look, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var err error
	if g.behind.Load() || g.folded.Version == 0 {
		err = h.catchUp(ctx, g)
	}
	if err == nil && caller.IsSeatOf(g.record.ID) {
		err = checkKey(ctx, h.store, h.claims, g, caller.Seat, caller.Key)
	}
	if err != nil && !errors.Is(err, eventstore.ErrUnavailable) {
		return Look{}, err
	}
	l := Look{Version: g.folded.Version}
	if o := g.folded.State.Outcome(); o != nil {
		l.Outcome = projection.Outcome(o)
	}
	if cur.Prompts {
		l.Update = g.feed.Update(g.folded, g.wireClocks, acc)
	}
	if cur.Batched {
		update := l.Update
		if cur.Prompted == g.folded.Version {
			update = nil // sent already
		}
		if cur.After >= g.folded.Version && update == nil {
			l.InMemory = err == nil
			return l, nil
		}
		var ok bool
		l.Batch, l.BatchWire, ok = g.feed.Batch(cur.After, g.folded.Version, acc, update, enc)
		l.InMemory = ok && err == nil
		return l, nil
	}
	evs, ok := g.feed.Since(cur.After, g.folded.Version, acc, enc)
	if l.InMemory = ok && err == nil; !l.InMemory {
		return l, nil
	}
	l.Events = evs
	if cur.Prompts {
		l.UpdateWire = g.feed.UpdateWire(l.Update, acc, enc)
	}
	return l, nil
}
