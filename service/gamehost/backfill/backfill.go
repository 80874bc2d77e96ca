// Package backfill fills in what the store's read model lacks for games
// stored before the store kept it: their players, variant and end, which
// only their configuration and log can tell. The service runs it once at
// start, through the game host's public API.
package backfill

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
)

// Summaries fills in the summary (players, variant, finish) of the
// records of games created before the store kept its read model, which
// only their configuration and log can tell: it folds each such game once
// and records what it found. Records written since need nothing. A game it
// cannot summarise (its rules are not hosted here) is skipped and logged;
// an outage stops it, and the next start tries again.
func Summaries(ctx context.Context, h *gamehost.Host, log *slog.Logger) {
	after := ""
	for ctx.Err() == nil {
		recs, err := h.Store().ListGames(ctx, eventstore.ListFilter{Unsummarised: true, AfterID: after, Limit: 100})
		if err != nil || len(recs) == 0 {
			if err != nil && ctx.Err() == nil {
				log.Warn("summarising older games", "err", err)
			}
			return
		}
		for _, rec := range recs {
			err := summarise(ctx, h, rec.ID)
			switch {
			case ctx.Err() != nil:
				return
			case errors.Is(err, eventstore.ErrUnavailable):
				log.Warn("summarising older games: the store is unavailable", "err", err)
				return
			case err != nil:
				log.Warn("an older game cannot be summarised", "game", rec.ID, "err", err)
			}
		}
		after = recs[len(recs)-1].ID
	}
}

// summarise folds one game and records its summary.
func summarise(ctx context.Context, h *gamehost.Host, id string) error {
	g, err := h.Game(ctx, id)
	if err != nil {
		return err
	}
	at, err := h.Read(ctx, g, gamehost.ReadToEnd, nil)
	if err != nil {
		return err
	}
	opts, err := g.Module().Options(g.Config().GetOptions())
	if err != nil {
		return err
	}
	sum := eventstore.Summary{Players: int(g.Players()), Variant: g.Module().VariantOf(int(g.Players()), opts)}
	if sum.Players <= 0 {
		return fmt.Errorf("game %s: its configuration has %d players", id, sum.Players)
	}
	if at.Over {
		if sum.FinishedAt, err = lastRecorded(ctx, h.Store(), id, at.Version); err != nil {
			return err
		}
	}
	return h.Store().Summarise(ctx, id, sum)
}

// lastRecorded returns when event seq of a game was stored.
func lastRecorded(ctx context.Context, store eventstore.Store, id string, seq int64) (time.Time, error) {
	evs, err := store.ReadStream(ctx, id, seq-1, 1)
	if err != nil || len(evs) == 0 {
		return time.Time{}, err
	}
	return evs[0].RecordedAt, nil
}
