package memstore

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// DueGames implements [eventstore.Store].
func (s *Store) DueGames(ctx context.Context, until time.Time, limit int) ([]eventstore.DueGame, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	var out []eventstore.DueGame
	for id, gm := range s.games {
		if d := gm.meta.Deadline; !d.IsZero() && !d.After(until) && gm.meta.FinishedAt.IsZero() {
			out = append(out, eventstore.DueGame{GameID: id, Deadline: d})
		}
	}
	slices.SortFunc(out, func(a, b eventstore.DueGame) int {
		return cmp.Or(a.Deadline.Compare(b.Deadline), cmp.Compare(a.GameID, b.GameID))
	})
	if limit <= 0 {
		limit = 100
	}
	return out[:min(len(out), limit)], nil
}
