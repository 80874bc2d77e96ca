package sqlitestore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// ChangeTable implements [eventstore.Store]: one transaction on the one
// writer, so that no claim or append interleaves with the check that the
// game has not started.
func (s *Store) ChangeTable(ctx context.Context, c eventstore.TableChange) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateTableChange(c); err != nil {
		return eventstore.AppendResult{}, err
	}
	t := now()
	var version int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var over, played bool
		err := tx.QueryRowContext(ctx, `SELECT version, finished_at IS NOT NULL, EXISTS (SELECT 1 FROM commands c WHERE c.game_id = games.id)
			FROM games WHERE id = ?`, c.GameID).
			Scan(&version, &over, &played)
		started := over || (played && c.Rotate == nil)
		switch {
		case errors.Is(err, sql.ErrNoRows):
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
			res, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ? AND seat = ? AND token_hash = ?`, c.GameID, l.Seat, l.TokenHash)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return errors.Join(eventstore.ErrSeatNotHeld, err)
			}
			freed = 1
		}
		if r := c.Rotate; r != nil {
			res, err := tx.ExecContext(ctx, `UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ?`, r.TokenHash, c.GameID, r.Seat)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return errors.Join(eventstore.ErrSeatNotHeld, err)
			}
		}
		var finished any
		if c.Cancel {
			finished = micros(t)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET version = version + 1, seats_taken = seats_taken - ?,
			finished_at = coalesce(?, finished_at), cancelled = cancelled OR ? WHERE id = ?`, freed, finished, c.Cancel, c.GameID); err != nil {
			return err
		}
		return insertEvents(ctx, tx, c.GameID, version, [][]byte{c.Event}, micros(t))
	})
	if err != nil {
		return eventstore.AppendResult{}, fail(err, "change table %s", c.GameID)
	}
	version++
	s.hub.Publish(eventstore.Change{GameID: c.GameID, Version: version})
	return eventstore.AppendResult{FirstSeq: version, LastSeq: version, RecordedAt: t}, nil
}
