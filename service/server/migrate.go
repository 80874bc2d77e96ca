package server

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	_ "modernc.org/sqlite" // the "sqlite" driver, to read the schema version
)

// Schema is the state of a store's schema.
type Schema struct {
	// Store is "postgres" or "sqlite".
	Store string
	// Version is the schema's version (0: never migrated).
	Version int
	// Files are the binary's migrations; those up to Version are applied.
	Files []migrations.File
}

// Latest is the version the binary's migrations bring the schema to.
func (s Schema) Latest() int {
	if len(s.Files) == 0 {
		return 0
	}
	return s.Files[len(s.Files)-1].Version
}

// SchemaStatus reads the schema of the store OpenStore would open,
// changing nothing.
func SchemaStatus(ctx context.Context, databaseURL, dbPath string) (Schema, error) {
	if databaseURL != "" {
		return postgresSchema(ctx, databaseURL)
	}
	return sqliteSchema(ctx, dbPath)
}

func postgresSchema(ctx context.Context, url string) (Schema, error) {
	sc := Schema{Store: "postgres"}
	files, err := migrations.Files(migrations.Postgres)
	if err != nil {
		return sc, err
	}
	sc.Files = files
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return sc, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	sc.Version, err = migrations.PostgresVersion(ctx, conn)
	return sc, err
}

func sqliteSchema(ctx context.Context, path string) (Schema, error) {
	sc := Schema{Store: "sqlite"}
	files, err := migrations.Files(migrations.SQLite)
	if err != nil {
		return sc, err
	}
	sc.Files = files
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return sc, nil // not created yet: version 0
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return sc, err
	}
	defer db.Close()
	sc.Version, err = migrations.SQLiteVersion(ctx, db)
	return sc, err
}

// Migrate applies the migrations of the store OpenStore would open and
// returns its schema before and after.
func Migrate(ctx context.Context, databaseURL, dbPath string, log *slog.Logger) (before, after Schema, err error) {
	if before, err = SchemaStatus(ctx, databaseURL, dbPath); err != nil {
		return before, after, err
	}
	if databaseURL != "" {
		log.Info("migrating PostgreSQL")
		err = pgstore.MigrateURL(ctx, databaseURL)
	} else {
		st, oerr := OpenStore(ctx, "", dbPath, log)
		if oerr != nil {
			return before, after, oerr
		}
		err = st.Close()
	}
	if err != nil {
		return before, after, err
	}
	after, err = SchemaStatus(ctx, databaseURL, dbPath)
	return before, after, err
}
