package gamehost

import (
	"context"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"google.golang.org/protobuf/proto"
)

// proposal is what one append writes: what was decided on the game at a
// version, and what is recorded with it.
type proposal struct {
	// at is the game's version the proposal was decided at.
	at int64
	// next is the game the game's events lead to, built by the decision
	// (nil: the proposal changes nothing of the game's state, only its
	// version).
	next *engine.Game
	// events are the game's events, encoded in order after before.
	events []engine.Event
	// before are table events written ahead of the game's (a timeout, a
	// takeover); table is one written after them (a takeback, a seat
	// left).
	before []*moonshinev1.TableEvent
	table  *moonshinev1.TableEvent
	// command is the command the events answer (nil: none).
	command *eventstore.Command
	// turn is set when the turn clocks move with the proposal.
	turn *turnclock.Turn
	// change, when set, is a table change (a seat freed, a credential
	// rotated, the game cancelled) that commits with the table event
	// (eventstore.Store.ChangeTable) at expected, a version or
	// eventstore.AnyVersion.
	change   *eventstore.TableChange
	expected int64
}

// appended is what an append wrote: where, and its events as stored (nil
// for a command recorded before, whose first result res holds).
type appended struct {
	res    eventstore.AppendResult
	stored []*moonshinev1.StoredEvent
}

// append writes p to g's log and commits it to g. It is the one function
// that appends a decision: commands, the bots' and the timers' moves,
// takebacks and table changes all come through it. The caller holds g.mu,
// with g caught up to p.at.
//
// The game's events were applied once, by the decision that built
// p.next; the append adds the turn clocks that move with them, writes all
// at p.at with the command (the store's compare-and-set refuses it if
// another writer went first), and on success makes p.next the game's
// state: nothing is read back. When nothing is written (a race lost, a
// repeat, an outage that may have hidden the commit) the game is marked
// behind its log, and the next use catches up.
func (h *Host) append(ctx context.Context, g *Game, p proposal) (appended, error) {
	next := p.next
	if next == nil {
		copied := *g.folded // the same state, at a later version
		next = &copied
	}
	stored := make([]*moonshinev1.StoredEvent, 0, len(p.before)+len(p.events)+2)
	for _, te := range p.before {
		stored = append(stored, tableEvent(te))
	}
	for _, ev := range p.events {
		stored = append(stored, g.module.EncodeEvent(ev))
	}
	if p.table != nil {
		stored = append(stored, tableEvent(p.table))
	}
	due, clocked, err := clocksAfter(ctx, h.store, g, next, p)
	if err != nil {
		return appended{}, err
	}
	if clocked != nil {
		stored = append(stored, tableEvent(clocked))
	}
	if len(stored) == 0 {
		return appended{}, nil
	}
	data := make([][]byte, len(stored))
	for i, se := range stored {
		if data[i], err = proto.Marshal(se); err != nil {
			return appended{}, err
		}
	}
	g.version.Store(p.at + int64(len(stored))) // a change told up to it is this append's
	res, err := write(ctx, h.store, g, p, data, next.State.Outcome() != nil, due)
	if err != nil || res.Duplicate {
		// The log may hold what the game has not folded (another process's
		// append, this command's first landing, or this one's, for an
		// outage that hid the commit): the next use catches up.
		g.version.Store(g.folded.Version)
		g.stale()
		return appended{res: res}, err
	}
	if res.FirstSeq != g.folded.Version+1 { // a table change at any version landed after another's append
		g.stale()
		return appended{res: res, stored: stored}, nil
	}
	next.Version = res.LastSeq
	h.commit(g, next, stored, res)
	if due != nil {
		h.hooks.Due(g.record.ID, *due)
	}
	if (p.next != nil || len(p.events) > 0) && g.hasBots() {
		h.hooks.Moved(g.record.ID)
	}
	return appended{res: res, stored: stored}, nil
}

// write is the store call of an append: a table change, or events with
// their command, the game's end and its next deadline.
func write(ctx context.Context, store eventstore.Store, g *Game, p proposal, data [][]byte, finished bool, due *time.Time) (eventstore.AppendResult, error) {
	if p.change != nil {
		c := *p.change
		c.GameID, c.Event, c.ExpectedVersion = g.record.ID, data[0], p.expected
		return store.ChangeTable(ctx, c)
	}
	return store.Append(ctx, eventstore.AppendRequest{GameID: g.record.ID, ExpectedVersion: p.at,
		Events: data, Finished: finished, Deadline: due, Command: p.command})
}

// commit makes next, which the append stored as stored at res, the game's
// state (the caller holds g.mu): its table events folded as a catch-up
// folds them, its events kept for the watchers, its end in the record.
func (h *Host) commit(g *Game, next *engine.Game, stored []*moonshinev1.StoredEvent, res eventstore.AppendResult) {
	g.folded = next
	for i, se := range stored {
		seq := res.FirstSeq + int64(i)
		h.foldTable(g, seq, res.RecordedAt, se)
		g.feed.Add(seq, res.RecordedAt, se)
	}
	if next.State.Outcome() != nil {
		g.seating.Finished(res.RecordedAt)
	}
	g.setFolded()
	h.measure.grew(g, len(stored))
}

// clocksAfter returns the table event of the clocks that move when the
// game comes to next by p (nil: none), and the game's next deadline to
// record with the append (nil: a table without timers, or a proposal that
// moves no clock). The caller holds g.mu.
func clocksAfter(ctx context.Context, store eventstore.Store, g *Game, next *engine.Game, p proposal) (*time.Time, *moonshinev1.TableEvent, error) {
	timer := g.cfg.GetTimer()
	if timer == nil || p.turn == nil {
		return nil, nil, nil
	}
	clocks := g.clocks.Clone()
	for _, te := range p.before {
		clocks.Fold(timer, te)
	}
	var due time.Time
	var out *moonshinev1.TableEvent
	if next.State.Outcome() == nil {
		after := next.State.Prompts()
		full, err := full(ctx, store, g)
		if err != nil {
			return nil, nil, err
		}
		if moved := clocks.Next(timer, full, g.cfg.GetBotSeats(), after, *p.turn); len(moved) > 0 {
			out = &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_Clocks{Clocks: &moonshinev1.TurnClocks{Seats: moved}}}
			clocks.Fold(timer, out)
		}
		due = clocks.Due(after, p.turn.Now)
	}
	return &due, out, nil
}

// full reports whether every seat is claimed: clocks run only then. A game
// not known to be full asks the store, whose claims another process may
// have made. The caller holds g.mu.
func full(ctx context.Context, store eventstore.Store, g *Game) (bool, error) {
	if _, full := g.currentRecord(false); full {
		return true, nil
	}
	rec, err := store.GetGame(ctx, g.record.ID)
	if err != nil {
		return false, err
	}
	g.seating.Refresh(rec, time.Time{})
	_, full := g.currentRecord(false)
	return full, nil
}

// tableEvent wraps a table event as a stored one.
func tableEvent(te *moonshinev1.TableEvent) *moonshinev1.StoredEvent {
	return &moonshinev1.StoredEvent{Public: &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Table{Table: te}}}
}
