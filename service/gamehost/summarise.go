package gamehost

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
func summariseOlder(ctx context.Context, h *Host) {
	after := ""
	for ctx.Err() == nil {
		recs, err := h.store.ListGames(ctx, eventstore.ListFilter{Unsummarised: true, AfterID: after, Limit: 100})
		if err != nil || len(recs) == 0 {
			if err != nil && ctx.Err() == nil {
				h.log.Warn("summarising older games", "err", err)
			}
			return
		}
		for _, rec := range recs {
			err := summarise(ctx, h, rec.ID)
			switch {
			case ctx.Err() != nil:
				return
			case errors.Is(err, eventstore.ErrUnavailable):
				h.log.Warn("summarising older games: the store is unavailable", "err", err)
				return
			case err != nil:
				h.log.Warn("an older game cannot be summarised", "game", rec.ID, "err", err)
			}
		}
		after = recs[len(recs)-1].ID
	}
}

// summarise folds one game and records its summary.
func summarise(ctx context.Context, h *Host, id string) error {
	g, err := h.Game(ctx, id)
	if err != nil {
		return err
	}
	at, err := h.Read(ctx, g, ReadToEnd, nil)
	if err != nil {
		return err
	}
	opts, err := g.module.Options(g.cfg.GetOptions())
	if err != nil {
		return err
	}
	sum := eventstore.Summary{Players: int(g.cfg.GetPlayers()), Variant: g.module.VariantOf(int(g.cfg.GetPlayers()), opts)}
	if sum.Players <= 0 {
		return fmt.Errorf("game %s: its configuration has %d players", id, sum.Players)
	}
	if at.Over {
		if sum.FinishedAt, err = lastRecorded(ctx, h.store, id, at.Version); err != nil {
			return err
		}
	}
	return h.store.Summarise(ctx, id, sum)
}

// lastRecorded returns when event seq of a game was stored.
func lastRecorded(ctx context.Context, store eventstore.Store, id string, seq int64) (time.Time, error) {
	evs, err := store.ReadStream(ctx, id, seq-1, 1)
	if err != nil || len(evs) == 0 {
		return time.Time{}, err
	}
	return evs[0].RecordedAt, nil
}
