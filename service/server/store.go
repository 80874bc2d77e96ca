package server

import (
	"context"
	"log/slog"

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

// Migrate applies the migrations of the store OpenStore would open.
func Migrate(ctx context.Context, databaseURL, dbPath string, log *slog.Logger) error {
	if databaseURL != "" {
		log.Info("migrating PostgreSQL")
		return pgstore.MigrateURL(ctx, databaseURL)
	}
	st, err := OpenStore(ctx, "", dbPath, log)
	if err != nil {
		return err
	}
	log.Info("migrated", "store", st.Kind())
	return st.Close()
}
