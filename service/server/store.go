package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
)

// OpenStore opens PostgreSQL when databaseURL is set, else the embedded
// store at dbPath. Both apply their migrations on open. It logs which
// (never the URL, which may hold a password).
func OpenStore(ctx context.Context, databaseURL, dbPath string, log *slog.Logger) (eventstore.Store, error) {
	if databaseURL != "" {
		log.Info("event store: PostgreSQL (DATABASE_URL is set)")
		return pgstore.Open(ctx, databaseURL)
	}
	log.Info("event store: embedded SQLite (DATABASE_URL is not set)", "path", dbPath)
	return sqlitestore.OpenContext(ctx, dbPath)
}

// Backoff between tries to reach the database at start.
const (
	connectPauseMin = 250 * time.Millisecond
	connectPauseMax = 5 * time.Second
)

// openRetrying opens the configured store, trying again while it cannot
// be reached (eventstore.ErrUnavailable: the database is not up yet, or
// restarting) for up to cfg.ConnectTimeout, backing off and logging each
// try. Any other error (a bad URL, a refused password, a failed
// migration) ends it at once.
func openRetrying(ctx context.Context, cfg Config, log *slog.Logger) (eventstore.Store, error) {
	deadline := time.Now().Add(cfg.ConnectTimeout)
	pause := connectPauseMin
	for attempt := 1; ; attempt++ {
		st, err := OpenStore(ctx, cfg.DatabaseURL, cfg.DBPath, log)
		if err == nil {
			if attempt > 1 {
				log.Info("connected to the event store", "attempt", attempt)
			}
			return st, nil
		}
		if !errors.Is(err, eventstore.ErrUnavailable) {
			return nil, err
		}
		if cfg.ConnectTimeout < 0 || time.Now().Add(pause).After(deadline) {
			return nil, fmt.Errorf("server: the event store is unreachable after %d tries in %s: %w", attempt, cfg.ConnectTimeout, err)
		}
		log.Warn("the event store is unreachable; trying again", "attempt", attempt, "retry_in", pause, "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, connectPauseMax)
	}
}
