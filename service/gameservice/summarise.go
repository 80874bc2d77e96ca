package gameservice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// summariseOlder fills in the summary (players, variant, finish) of the
// records of games created before the store kept its read model, which
// only their configuration and log can tell: it folds each such game once
// and records what it found. Records written since need nothing. A game it
// cannot summarise (its rules are not hosted here) is skipped and logged;
// an outage stops it, and the next start tries again.
func (s *Service) summariseOlder(ctx context.Context) {
	after := ""
	for ctx.Err() == nil {
		recs, err := s.store.ListGames(ctx, eventstore.ListFilter{Unsummarised: true, AfterID: after, Limit: 100})
		if err != nil || len(recs) == 0 {
			if err != nil && ctx.Err() == nil {
				s.log.Warn("summarising older games", "err", err)
			}
			return
		}
		for _, rec := range recs {
			err := s.summarise(ctx, rec.ID)
			switch {
			case ctx.Err() != nil:
				return
			case errors.Is(err, eventstore.ErrUnavailable):
				s.log.Warn("summarising older games: the store is unavailable", "err", err)
				return
			case err != nil:
				s.log.Warn("an older game cannot be summarised", "game", rec.ID, "err", err)
			}
		}
		after = recs[len(recs)-1].ID
	}
}

// summarise folds one game and records its summary.
func (s *Service) summarise(ctx context.Context, id string) error {
	t, err := s.table(ctx, id)
	if err != nil {
		return err
	}
	snap, err := s.current(ctx, t, catchUp, nil)
	if err != nil {
		return err
	}
	opts, err := t.module.Options(t.cfg.GetOptions())
	if err != nil {
		return err
	}
	sum := eventstore.Summary{Players: int(t.cfg.GetPlayers()), Variant: t.module.VariantOf(int(t.cfg.GetPlayers()), opts)}
	if sum.Players <= 0 {
		return fmt.Errorf("game %s: its configuration has %d players", id, sum.Players)
	}
	if snap.over {
		if sum.FinishedAt, err = s.lastRecorded(ctx, id, snap.version); err != nil {
			return err
		}
	}
	return s.store.Summarise(ctx, id, sum)
}

// lastRecorded returns when event seq of a game was stored.
func (s *Service) lastRecorded(ctx context.Context, id string, seq int64) (time.Time, error) {
	evs, err := s.store.ReadStream(ctx, id, seq-1, 1)
	if err != nil || len(evs) == 0 {
		return time.Time{}, err
	}
	return evs[0].RecordedAt, nil
}
