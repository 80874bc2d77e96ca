package botdriver

import (
	"container/list"
	"context"
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
)

// history is a game's events as a bot reads them: decoded from the
// stored log as far as a decision needed, with each bot seat's redacted
// history ([engine.Event.For]) beside them. The driver keeps it between
// the game's wake-ups (histories), so that each event is read and
// decoded once for all the game's bot decisions; it is read and grown by
// one goroutine at a time.
type history struct {
	// seq is the sequence number of the last stored event read (table
	// events, which are not the game's, included).
	seq int64
	// events are the game's own events read, in order.
	events []engine.Event
	// seats holds each seat's redacted history of events[:len].
	seats map[engine.Seat][]engine.Event
	// passes are the prompts a bot left unanswered (ones that need not
	// be answered), by version, seat and reason, so that the driver does
	// not ask again until the game moves.
	passes map[passKey]bool
}

// keptHistories bounds the games whose bot histories the driver keeps
// between wake-ups: past it, the least recently played go, and read their
// log again when next played.
const keptHistories = 256

// histories are the games' bot histories, the least recently played
// first. Its owner serialises its use.
type histories struct {
	max   int
	order *list.List // of historyEntry
	byID  map[string]*list.Element
}

type historyEntry struct {
	id string
	h  *history
}

func newHistories(max int) *histories {
	return &histories{max: max, order: list.New(), byID: map[string]*list.Element{}}
}

// take removes and returns the game's history (a new one if none is kept).
func (hs *histories) take(id string) *history {
	e := hs.byID[id]
	if e == nil {
		return &history{}
	}
	hs.order.Remove(e)
	delete(hs.byID, id)
	return e.Value.(historyEntry).h
}

// keep keeps the game's history, letting the least recently played go
// past max.
func (hs *histories) keep(id string, h *history) {
	hs.byID[id] = hs.order.PushBack(historyEntry{id: id, h: h})
	for hs.order.Len() > hs.max {
		old := hs.order.Remove(hs.order.Front()).(historyEntry)
		delete(hs.byID, old.id)
	}
}

// passKey names a prompt a bot passed on: the game's version, the seat
// and the prompt's reason.
type passKey struct {
	version int64
	seat    engine.Seat
	reason  string
}

// pass records that seat's bot passed on the prompt of reason at version.
func (h *history) pass(version int64, seat engine.Seat, reason string) {
	if h.passes == nil {
		h.passes = map[passKey]bool{}
	}
	for k := range h.passes { // passes at earlier versions are of prompts gone
		if k.version != version {
			delete(h.passes, k)
		}
	}
	h.passes[passKey{version, seat, reason}] = true
}

// passed reports whether seat's bot passed on the prompt of reason at
// version.
func (h *history) passed(version int64, seat engine.Seat, reason string) bool {
	return h.passes[passKey{version, seat, reason}]
}

// upTo returns what seat may know of the game's events to version: the
// stored log read past what h holds, every game event redacted for the
// seat. The result is shared with later calls: a bot reads it and never
// changes it.
func (h *history) upTo(ctx context.Context, store eventstore.Store, g *gamehost.Game, version int64, seat engine.Seat) ([]engine.Event, error) {
	if version < h.seq {
		*h = history{} // a table folded again from the log: read it afresh
	}
	if version > h.seq {
		if err := h.read(ctx, store, g, version); err != nil {
			return nil, err
		}
	}
	if h.seats == nil {
		h.seats = map[engine.Seat][]engine.Event{}
	}
	mine := h.seats[seat]
	v := engine.SeatViewer(seat)
	for _, ev := range h.events[len(mine):] {
		mine = append(mine, ev.For(v))
	}
	h.seats[seat] = mine
	return mine[:len(mine):len(mine)], nil
}

// read decodes the stored events after h.seq to version.
func (h *history) read(ctx context.Context, store eventstore.Store, g *gamehost.Game, version int64) error {
	evs, err := store.ReadStream(ctx, g.ID(), h.seq, int(version-h.seq))
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if ev.Seq != h.seq+1 {
			return fmt.Errorf("game %s: event %d follows %d", ev.GameID, ev.Seq, h.seq)
		}
		se, err := projection.Decode(ev)
		if err != nil {
			return err
		}
		if !games.IsPlatform(se) {
			e, err := g.Module().DecodeEvent(se)
			if err != nil {
				return fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
			}
			h.events = append(h.events, e)
		}
		h.seq = ev.Seq
	}
	if h.seq != version {
		return fmt.Errorf("game %s: the log ends at %d, before the bot's version %d", g.ID(), h.seq, version)
	}
	return nil
}
