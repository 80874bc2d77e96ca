// Package feed is what a game keeps for its watch streams while it has
// any: the events it appended or read since, decoded once and projected
// once per audience, and whom it waits for at its version, built once per
// version and audience, each encoded once for the streams that share it.
//
// The game host (service/gamehost) holds a Feed in each game, under the
// game's lock; the watch handler (service/gameservice) sends what it
// takes from it.
package feed

import (
	"context"
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/grpc"
)

// recentMax bounds the events a watched game keeps: a watcher further
// behind reads the store itself.
const recentMax = 64

// Feed is what a game keeps for its watch streams while it has any
// (the game's mu guards it): the events it appended or read since, decoded
// once, each projected once per audience, and the prompts at its version,
// built once per version and per audience. So a wake-up costs the game
// one read at most (none for this process's own appends), whatever the
// number of streams, and a spectator crowd one projection per event.
type Feed struct {
	watchers int
	// recent are consecutive events, the last at the game's version.
	recent []*recentEvent
	// promptsAt is the version prompts are of (-1: none yet).
	promptsAt int64
	prompts   []engine.Prompt
	updates   map[projection.Audience]*moonshinev1.PromptUpdate
	// batches are the batched responses encoded since the last event.
	batches []batch
	// updateWires are the updates encoded, as recentEvent.wires.
	updateWires map[projection.Audience]*grpc.PreparedMsg
}

// recentEvent is one event kept for the watchers: its projection per
// audience and, for the streams that send uncompressed (wire), the
// WatchGameResponse holding it encoded once per audience, whose bytes
// they all send.
type recentEvent struct {
	seq    int64
	at     time.Time
	stored *moonshinev1.StoredEvent
	views  map[projection.Audience]*moonshinev1.Event
	wires  map[projection.Audience]*grpc.PreparedMsg
}

// Outgoing is an event a watch sends: Wire, when set, is its
// WatchGameResponse already encoded, shared with the audience's other
// streams.
type Outgoing struct {
	Event *moonshinev1.Event
	Wire  *grpc.PreparedMsg
}

// Encoder encodes a stream's responses for every stream that sends
// uncompressed (nil for a stream that compresses): a message encoded
// uncompressed is valid on every stream, since the compression flag is
// per message, but a compressing stream keeps compressing its own.
type Encoder struct{ stream grpc.ServerStream }

// EncoderFor returns the stream's encoder, nil when the stream compresses
// what it sends (or its transport cannot say).
func EncoderFor(ctx context.Context, stream grpc.ServerStream) *Encoder {
	st, ok := grpc.ServerTransportStreamFromContext(ctx).(interface{ SendCompress() string })
	if !ok || st.SendCompress() != "" {
		return nil
	}
	return &Encoder{stream: stream}
}

// encode returns m encoded for sending, nil when e is nil or encoding
// failed (the stream then sends m itself, and reports the error).
func (e *Encoder) encode(m *moonshinev1.WatchGameResponse) *grpc.PreparedMsg {
	if e == nil {
		return nil
	}
	p := new(grpc.PreparedMsg)
	if err := p.Encode(e.stream, m); err != nil {
		return nil
	}
	return p
}

// Attach counts a stream on the game (its owner serialises the feed's
// use).
func (w *Feed) Attach() { w.watchers++ }

// Detach counts a stream gone; the feed's state is dropped with the last
// one.
func (w *Feed) Detach() {
	if w.watchers--; w.watchers == 0 {
		w.Reset()
	}
}

// Reset forgets the recent events and the prompts.
func (w *Feed) Reset() {
	w.recent, w.prompts, w.updates, w.updateWires, w.promptsAt, w.batches = nil, nil, nil, nil, -1, nil
}

// Add keeps an event the game folded, while it is watched.
func (w *Feed) Add(seq int64, at time.Time, se *moonshinev1.StoredEvent) {
	if w.watchers == 0 {
		return
	}
	if n := len(w.recent); n > 0 && w.recent[n-1].seq+1 != seq {
		w.recent = nil // not consecutive: the game was folded again
	}
	if len(w.recent) == recentMax {
		copy(w.recent, w.recent[1:])
		w.recent = w.recent[:recentMax-1]
	}
	w.recent = append(w.recent, &recentEvent{seq: seq, at: at, stored: se})
	w.batches = w.batches[:0] // each ended before this event
}

// batch is a batched response encoded once and shared by the streams
// whose audiences see it alike: the events after after up to version, as
// views shows them, with update (nil: none).
type batch struct {
	after, version int64
	views          []*moonshinev1.Event
	update         *moonshinev1.PromptUpdate
	wire           *grpc.PreparedMsg
}

// Batch returns the events after seq after up to version as one batched
// response of acc's audience, with update (nil: none) after them, and
// the response encoded by enc, shared with every audience that sees the
// events and the update alike (nil when enc is nil); ok is false when the
// watcher must read the store.
func (w *Feed) Batch(after, version int64, acc projection.Access, update *moonshinev1.PromptUpdate, enc *Encoder) (*moonshinev1.WatchGameResponse, *grpc.PreparedMsg, bool) {
	out, ok := w.Since(after, version, acc, nil)
	if !ok {
		return nil, nil, false
	}
	resp := &moonshinev1.WatchGameResponse{Events: make([]*moonshinev1.Event, len(out)), Prompt: update}
	for i, o := range out {
		resp.Events[i] = o.Event
	}
	if enc == nil {
		return resp, nil, true
	}
	for _, b := range w.batches {
		if b.after == after && b.version == version && b.update == update && sameProjections(b.views, resp.Events) {
			return resp, b.wire, true
		}
	}
	wire := enc.encode(resp)
	if wire != nil {
		w.batches = append(w.batches, batch{after: after, version: version, views: resp.Events, update: update, wire: wire})
	}
	return resp, wire, true
}

// sameProjections reports whether two runs of projections show the same
// (sameProjection, event by event).
func sameProjections(x, y []*moonshinev1.Event) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if !sameProjection(x[i], y[i]) {
			return false
		}
	}
	return true
}

// Since returns the events after seq after, as acc sees them (encoded by
// enc once per audience), when the game holds them all up to version: ok
// is false when the watcher must read the store (it is further behind
// than the recent events go).
func (w *Feed) Since(after, version int64, acc projection.Access, enc *Encoder) (out []Outgoing, ok bool) {
	if after >= version {
		return nil, true
	}
	n := len(w.recent)
	if n == 0 || w.recent[n-1].seq != version || w.recent[0].seq > after+1 {
		return nil, false
	}
	a := acc.Audience()
	for _, ev := range w.recent[after+1-w.recent[0].seq:] {
		v := ev.view(a, acc)
		o := Outgoing{Event: v}
		if enc != nil {
			if o.Wire = ev.wires[a]; o.Wire == nil {
				if o.Wire = ev.sameWire(v); o.Wire == nil {
					o.Wire = enc.encode(&moonshinev1.WatchGameResponse{Event: v})
				}
				if ev.wires == nil {
					ev.wires = map[projection.Audience]*grpc.PreparedMsg{}
				}
				ev.wires[a] = o.Wire
			}
		}
		out = append(out, o)
	}
	return out, true
}

// view returns the event as acc (of audience a) sees it, projected once
// per audience.
func (ev *recentEvent) view(a projection.Audience, acc projection.Access) *moonshinev1.Event {
	v := ev.views[a]
	if v == nil {
		v = projection.Event(ev.seq, ev.at, ev.stored, acc)
		if ev.views == nil {
			ev.views = map[projection.Audience]*moonshinev1.Event{}
		}
		ev.views[a] = v
	}
	return v
}

// Range returns the events after seq after up to last as acc sees them,
// projected once per audience and shared with the audience's watch
// streams; ok is false when the feed does not hold them all.
func (w *Feed) Range(after, last int64, acc projection.Access) ([]*moonshinev1.Event, bool) {
	n := len(w.recent)
	if n == 0 || after >= last || w.recent[0].seq > after+1 || w.recent[n-1].seq < last {
		return nil, false
	}
	a := acc.Audience()
	first := after + 1 - w.recent[0].seq
	out := make([]*moonshinev1.Event, 0, last-after)
	for _, ev := range w.recent[first : first+last-after] {
		out = append(out, ev.view(a, acc))
	}
	return out, true
}

// sameWire returns the encoding made for another audience that sees the
// event as v shows it, nil if none does: an event nobody's share of which
// is secret, labelled alike for them, is encoded once for all of them
// (the other seats and the spectators, often everyone but its actor).
func (ev *recentEvent) sameWire(v *moonshinev1.Event) *grpc.PreparedMsg {
	for a, w := range ev.wires {
		if w != nil && sameProjection(ev.views[a], v) {
			return w
		}
	}
	return nil
}

// sameProjection reports whether two projections of one event show the
// same: the same bodies (the very messages, projections share them) with
// the same labels. Bodies redacted for a viewer are its own messages, so
// they never match another's.
func sameProjection(x, y *moonshinev1.Event) bool {
	if x == nil || !sameBody(x.GetPublic(), y.GetPublic()) || len(x.GetPrivate()) != len(y.GetPrivate()) {
		return false
	}
	for i, p := range x.GetPrivate() {
		q := y.GetPrivate()[i]
		if !slices.Equal(p.GetSeats(), q.GetSeats()) || !sameBody(p.GetBody(), q.GetBody()) {
			return false
		}
	}
	return true
}

func sameBody(a, b *moonshinev1.EventBody) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Body == b.Body && a.Label == b.Label
}

// PromptsOf returns g's prompts, computed once per version while the game
// is watched (g is the game's folded state).
func (w *Feed) PromptsOf(g *engine.Game) []engine.Prompt {
	if w.watchers == 0 {
		return g.State.Prompts()
	}
	if w.promptsAt != g.Version {
		w.promptsAt, w.prompts, w.updates, w.updateWires = g.Version, g.State.Prompts(), nil, nil
	}
	return w.prompts
}

// Update returns whom the game waits for at eg's version as acc sees it
// (with the clocks that clocks returns, asked only when it is built),
// built once per version and audience; every audience the game prompts
// nothing shares one (updateKey).
func (w *Feed) Update(eg *engine.Game, clocks func() []*moonshinev1.SeatClock, acc projection.Access) *moonshinev1.PromptUpdate {
	ps := w.PromptsOf(eg)
	a := updateKey(ps, acc)
	if u := w.updates[a]; u != nil {
		return u
	}
	u := &moonshinev1.PromptUpdate{Version: eg.Version, Clocks: clocks()}
	u.Waiting, u.Prompt = projection.Waiting(acc.Module, ps, acc.Game)
	if w.updates == nil {
		w.updates = map[projection.Audience]*moonshinev1.PromptUpdate{}
	}
	w.updates[a] = u
	return u
}

// publicUpdate is the key of the update of every audience the game
// prompts nothing at its version: whom it waits for and the clocks, which
// everyone sees alike, and no prompt. A spectator's own key is the same,
// and so is its update.
var publicUpdate = projection.Audience{Game: engine.SpectatorViewer(), Chat: engine.SpectatorViewer()}

// updateKey returns whose update acc gets given the prompts ps: its own
// when one of them is its seat's, else the public one, so that at a table
// of five where one seat must act the four others share one update and
// one encoding of it.
func updateKey(ps []engine.Prompt, acc projection.Access) projection.Audience {
	for _, p := range ps {
		if acc.Game.IsSeat(p.Seat) {
			return acc.Audience()
		}
	}
	return publicUpdate
}

// UpdateWire returns update u of acc's audience encoded by enc, once per
// version and update; nil when enc is nil.
func (w *Feed) UpdateWire(u *moonshinev1.PromptUpdate, acc projection.Access, enc *Encoder) *grpc.PreparedMsg {
	if enc == nil {
		return nil
	}
	a := updateKey(w.prompts, acc)
	if p := w.updateWires[a]; p != nil {
		return p
	}
	p := enc.encode(&moonshinev1.WatchGameResponse{Prompt: u})
	if w.updateWires == nil {
		w.updateWires = map[projection.Audience]*grpc.PreparedMsg{}
	}
	w.updateWires[a] = p
	return p
}
