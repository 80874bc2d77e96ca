package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// ChangeTable implements [eventstore.Store]: one transaction that locks
// the game's row (so that a claim, which updates it too, goes before or
// after, never between), checks the version and that the game has not
// started, frees the seat or cancels, and appends the event.
func (s *Store) ChangeTable(ctx context.Context, c eventstore.TableChange) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateTableChange(c); err != nil {
		return eventstore.AppendResult{}, err
	}
	var version int64
	var at time.Time
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var over, played bool
		err := tx.QueryRow(ctx, `SELECT version, finished_at IS NOT NULL, EXISTS (SELECT 1 FROM commands c WHERE c.game_id = $1)
			FROM games WHERE id = $1 FOR UPDATE`, c.GameID).
			Scan(&version, &over, &played)
		started := over || (played && c.Rotate == nil)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return eventstore.ErrNotFound
		case err != nil:
			return err
		case c.ExpectedVersion != eventstore.AnyVersion && c.ExpectedVersion != version:
			return &eventstore.VersionConflictError{GameID: c.GameID, ExpectedVersion: c.ExpectedVersion, ActualVersion: version}
		case started:
			return eventstore.ErrTableStarted
		}
		freed := 0
		if l := c.Leave; l != nil {
			tag, err := tx.Exec(ctx, `DELETE FROM seats WHERE game_id = $1 AND seat = $2 AND token_hash = $3`, c.GameID, l.Seat, l.TokenHash)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return eventstore.ErrSeatNotHeld
			}
			freed = 1
		}
		if r := c.Rotate; r != nil {
			tag, err := tx.Exec(ctx, `UPDATE seats SET token_hash = $3 WHERE game_id = $1 AND seat = $2`, c.GameID, r.Seat, r.TokenHash)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return eventstore.ErrSeatNotHeld
			}
		}
		version++
		if err := tx.QueryRow(ctx, `UPDATE games SET version = $2, seats_taken = seats_taken - $3,
			finished_at = CASE WHEN $4 THEN now() ELSE finished_at END, cancelled = cancelled OR $4
			WHERE id = $1 RETURNING now()`, c.GameID, version, freed, c.Cancel).Scan(&at); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO events (game_id, seq, data) VALUES ($1, $2, $3)`, c.GameID, version, nonNil(c.Event))
		return err
	})
	var conflict *eventstore.VersionConflictError
	switch {
	case errors.As(err, &conflict), errors.Is(err, eventstore.ErrNotFound), errors.Is(err, eventstore.ErrTableStarted), errors.Is(err, eventstore.ErrSeatNotHeld):
		return eventstore.AppendResult{}, fmt.Errorf("pgstore: change table %s: %w", c.GameID, err)
	case err != nil:
		return eventstore.AppendResult{}, mapError("change table "+c.GameID, err)
	}
	ch := eventstore.Change{GameID: c.GameID, Version: version}
	s.hub.Publish(ch)
	s.notifier.add(carrying(ch, [][]byte{nonNil(c.Event)}, at.UTC()))
	return eventstore.AppendResult{FirstSeq: version, LastSeq: version, RecordedAt: at.UTC()}, nil
}
