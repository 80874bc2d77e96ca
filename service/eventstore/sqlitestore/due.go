package sqlitestore

import (
	"context"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// DueGames implements [eventstore.Store]: one query on the partial index
// games_deadline_at.
func (s *Store) DueGames(ctx context.Context, until time.Time, limit int) ([]eventstore.DueGame, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, deadline_at FROM games
		WHERE deadline_at IS NOT NULL AND deadline_at <= ? AND finished_at IS NULL
		ORDER BY deadline_at, id LIMIT ?`, micros(until), limit)
	if err != nil {
		return nil, fail(err, "list due games")
	}
	defer rows.Close()
	var out []eventstore.DueGame
	for rows.Next() {
		var d eventstore.DueGame
		var at int64
		if err := rows.Scan(&d.GameID, &at); err != nil {
			return nil, fail(err, "list due games")
		}
		d.Deadline = fromMicros(at)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fail(err, "list due games")
	}
	return out, nil
}
