package pgstore

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// DueGames implements [eventstore.Store]: one query on the partial index
// games_deadline_at.
func (s *Store) DueGames(ctx context.Context, until time.Time, limit int) ([]eventstore.DueGame, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, acrossLobby+`SELECT id, deadline_at FROM games
		WHERE deadline_at IS NOT NULL AND deadline_at <= $1 AND finished_at IS NULL
		ORDER BY deadline_at, id LIMIT $2`, until, limit)
	if err != nil {
		return nil, mapError("list due games", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventstore.DueGame, error) {
		var d eventstore.DueGame
		err := r.Scan(&d.GameID, &d.Deadline)
		d.Deadline = d.Deadline.UTC()
		return d, err
	})
	if err != nil {
		return nil, mapError("list due games", err)
	}
	return out, nil
}
