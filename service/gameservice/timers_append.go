package gameservice

import (
	"context"
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// clockAppend is what the clocks add to an append: table events before
// the game's (a timeout notice, a takeover) and after them (the clocks
// that moved), the table's clocks once the append lands, and the pending
// deadline to record with it (nil: a table without timers).
type clockAppend struct {
	before, after []*moonshinev1.StoredEvent
	clocks        clockState
	deadline      *time.Time
	due           time.Time
}

// count is how many events the clocks add.
func (c clockAppend) count() int64 { return int64(len(c.before) + len(c.after)) }

// encode returns the append's events in order: the clocks' events before
// and after the game's.
func (c clockAppend) encode(game [][]byte) ([][]byte, error) {
	if c.count() == 0 {
		return game, nil
	}
	out := make([][]byte, 0, len(game)+len(c.before)+len(c.after))
	add := func(part []*moonshinev1.StoredEvent) error {
		for _, se := range part {
			b, err := proto.Marshal(se)
			if err != nil {
				return err
			}
			out = append(out, b)
		}
		return nil
	}
	if err := add(c.before); err != nil {
		return nil, err
	}
	out = append(out, game...)
	if err := add(c.after); err != nil {
		return nil, err
	}
	return out, nil
}

// stored returns the append's events decoded, in the order encode writes.
func (c clockAppend) stored(game []*moonshinev1.StoredEvent) []*moonshinev1.StoredEvent {
	if c.count() == 0 {
		return game
	}
	return slices.Concat(c.before, game, c.after)
}

// tableEvent wraps a table event as a stored one.
func tableEvent(te *moonshinev1.TableEvent) *moonshinev1.StoredEvent {
	return &moonshinev1.StoredEvent{Public: &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Table{Table: te}}}
}

// clocksAfter returns what the clocks add to an append that takes the
// table's game to next (its events applied) at turn, after the table
// events before (a timeout's). The caller holds t.mu. A table without
// timers adds nothing.
func (s *Service) clocksAfter(ctx context.Context, t *table, next *engine.Game, turn clockTurn, before ...*moonshinev1.TableEvent) (clockAppend, error) {
	timer := t.cfg.GetTimer()
	if timer == nil {
		return clockAppend{}, nil
	}
	ca := clockAppend{clocks: clockState{seats: slices.Clone(t.clocks.seats)}}
	for _, te := range before {
		ca.clocks.fold(timer, te)
		ca.before = append(ca.before, tableEvent(te))
	}
	var after []engine.Prompt
	if next.State.Outcome() == nil {
		after = next.State.Prompts()
		full, err := s.tableFull(ctx, t)
		if err != nil {
			return clockAppend{}, err
		}
		if moved := ca.clocks.next(timer, full, t.cfg.GetBotSeats(), after, turn); len(moved) > 0 {
			te := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_Clocks{Clocks: &moonshinev1.TurnClocks{Seats: moved}}}
			ca.clocks.fold(timer, te)
			ca.after = append(ca.after, tableEvent(te))
		}
		ca.due = ca.clocks.due(after, turn.now)
	}
	ca.deadline = &ca.due
	return ca, nil
}

// tableFull reports whether every seat is claimed: clocks run only then.
// A table not known to be full asks the store, whose claims another
// process may have made.
func (s *Service) tableFull(ctx context.Context, t *table) (bool, error) {
	if _, full := t.info(false); full {
		return true, nil
	}
	rec, err := s.store.GetGame(ctx, t.record.ID)
	if err != nil {
		return false, err
	}
	t.refresh(rec)
	_, full := t.info(false)
	return full, nil
}

// landed takes the clocks of an append that landed (the caller holds
// t.mu), and tells the driver when the table next needs it.
func (s *Service) landed(t *table, ca clockAppend) {
	if ca.deadline == nil {
		return
	}
	t.clocks = ca.clocks
	s.timers.note(t.record.ID, ca.due)
}

// noteClocks folds a table event of the clocks that the table read from
// the log (the caller holds t.mu), and tells the driver of the next
// running deadline (the store's record has the rest: the driver's poll
// finds it).
func (s *Service) noteClocks(t *table, te *moonshinev1.TableEvent) {
	timer := t.cfg.GetTimer()
	if timer == nil {
		return
	}
	t.clocks.fold(timer, te)
	if at := t.clocks.due(nil, s.timers.clock.Now()); !at.IsZero() {
		s.timers.note(t.record.ID, at)
	}
}
