package memstore

import (
	"bytes"
	"context"
	"fmt"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// ChangeTable implements [eventstore.Store].
func (s *Store) ChangeTable(ctx context.Context, c eventstore.TableChange) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateTableChange(c); err != nil {
		return eventstore.AppendResult{}, err
	}
	res, err := s.changeTable(ctx, c)
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("change table %s: %w", c.GameID, err)
	}
	s.hub.Publish(eventstore.Change{GameID: c.GameID, Version: res.LastSeq})
	return res, nil
}

func (s *Store) changeTable(ctx context.Context, c eventstore.TableChange) (eventstore.AppendResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(ctx); err != nil {
		return eventstore.AppendResult{}, err
	}
	gm, ok := s.games[c.GameID]
	switch {
	case !ok:
		return eventstore.AppendResult{}, eventstore.ErrNotFound
	case c.ExpectedVersion != eventstore.AnyVersion && c.ExpectedVersion != gm.meta.Version:
		return eventstore.AppendResult{}, &eventstore.VersionConflictError{GameID: c.GameID, ExpectedVersion: c.ExpectedVersion, ActualVersion: gm.meta.Version}
	case !gm.meta.FinishedAt.IsZero() || (len(gm.commands) > 0 && c.Rotate == nil):
		return eventstore.AppendResult{}, eventstore.ErrTableStarted
	}
	if r := c.Rotate; r != nil {
		held, ok := gm.seats[r.Seat]
		if !ok {
			return eventstore.AppendResult{}, eventstore.ErrSeatNotHeld
		}
		if _, taken := s.tokens[string(r.TokenHash)]; taken {
			return eventstore.AppendResult{}, eventstore.ErrSeatTaken
		}
		delete(s.tokens, string(held.TokenHash))
		held.TokenHash = bytes.Clone(r.TokenHash)
		gm.seats[r.Seat], s.tokens[string(held.TokenHash)] = held, held
	}
	if l := c.Leave; l != nil {
		held, ok := gm.seats[l.Seat]
		if !ok || !bytes.Equal(held.TokenHash, l.TokenHash) {
			return eventstore.AppendResult{}, eventstore.ErrSeatNotHeld
		}
		delete(gm.seats, l.Seat)
		delete(s.tokens, string(held.TokenHash))
		gm.meta.SeatsTaken--
	}
	now := s.nowFunc()
	res := s.appendLocked(gm, [][]byte{c.Event}, now)
	if c.Cancel {
		gm.meta.FinishedAt, gm.meta.Cancelled = now, true
	}
	return res, nil
}
