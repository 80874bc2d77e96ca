package gameservice

import (
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// recentMax bounds the events a watched table keeps: a watcher further
// behind reads the store itself.
const recentMax = 64

// watchState is what a table keeps for its watch streams while it has any
// (table.mu guards it): the events it appended or read since, decoded
// once, each projected once per audience, and the prompts at its version,
// built once per version and per audience. So a wake-up costs the game
// one read at most (none for this process's own appends), whatever the
// number of streams, and a spectator crowd one projection per event.
type watchState struct {
	watchers int
	// recent are consecutive events, the last at the table's version.
	recent []*recentEvent
	// promptsAt is the version prompts are of (-1: none yet).
	promptsAt int64
	prompts   []engine.Prompt
	updates   map[audience]*moonshinev1.PromptUpdate
}

// recentEvent is one event kept for the watchers.
type recentEvent struct {
	seq    int64
	at     time.Time
	stored *moonshinev1.StoredEvent
	views  map[audience]*moonshinev1.Event
}

// audience is whose knowledge a projection shows: an access without its
// module (one per table) and wire form (made from game).
type audience struct{ game, chat engine.Viewer }

func audienceOf(acc access) audience { return audience{game: acc.game, chat: acc.chat} }

// attach and detach count a stream on the table (the caller holds
// table.mu); the state is dropped with the last one.
func (w *watchState) attach() { w.watchers++ }

func (w *watchState) detach() {
	if w.watchers--; w.watchers == 0 {
		w.reset()
	}
}

// reset forgets the recent events and the prompts.
func (w *watchState) reset() {
	w.recent, w.prompts, w.updates, w.promptsAt = nil, nil, nil, -1
}

// add keeps an event the table folded, while it is watched.
func (w *watchState) add(seq int64, at time.Time, se *moonshinev1.StoredEvent) {
	if w.watchers == 0 {
		return
	}
	if n := len(w.recent); n > 0 && w.recent[n-1].seq+1 != seq {
		w.recent = nil // not consecutive: the table was folded again
	}
	if len(w.recent) == recentMax {
		copy(w.recent, w.recent[1:])
		w.recent = w.recent[:recentMax-1]
	}
	w.recent = append(w.recent, &recentEvent{seq: seq, at: at, stored: se})
}

// since returns the events after seq after, as acc sees them, when the
// table holds them all up to version: ok is false when the watcher must
// read the store (it is further behind than the recent events go).
func (w *watchState) since(after, version int64, acc access) (out []*moonshinev1.Event, ok bool) {
	if after >= version {
		return nil, true
	}
	n := len(w.recent)
	if n == 0 || w.recent[n-1].seq != version || w.recent[0].seq > after+1 {
		return nil, false
	}
	a := audienceOf(acc)
	for _, ev := range w.recent[after+1-w.recent[0].seq:] {
		v := ev.views[a]
		if v == nil {
			v = projectStored(ev.seq, ev.at, ev.stored, acc)
			if ev.views == nil {
				ev.views = map[audience]*moonshinev1.Event{}
			}
			ev.views[a] = v
		}
		out = append(out, v)
	}
	return out, true
}

// promptsOf returns g's prompts, computed once per version while the table
// is watched (g is the table's folded game).
func (w *watchState) promptsOf(g *engine.Game) []engine.Prompt {
	if w.watchers == 0 {
		return g.State.Prompts()
	}
	if w.promptsAt != g.Version {
		w.promptsAt, w.prompts, w.updates = g.Version, g.State.Prompts(), nil
	}
	return w.prompts
}

// update returns whom the game waits for at g's version as acc sees it,
// built once per version and audience.
func (w *watchState) update(t *table, acc access) *moonshinev1.PromptUpdate {
	ps := w.promptsOf(t.folded)
	a := audienceOf(acc)
	if u := w.updates[a]; u != nil {
		return u
	}
	u := &moonshinev1.PromptUpdate{Version: t.folded.Version, Clocks: t.clocks.wire(t.cfg.GetTimer(), int(t.cfg.GetPlayers()))}
	u.Waiting, u.Prompt = waiting(t, ps, acc)
	if w.updates == nil {
		w.updates = map[audience]*moonshinev1.PromptUpdate{}
	}
	w.updates[a] = u
	return u
}
