package server

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
	_ "modernc.org/sqlite" // the "sqlite" driver, to read the schema version
)

// Schema is the state of a store's schema.
type Schema struct {
	// Store is "postgres", "sqlite" or "memory".
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
// changing nothing. A store in memory has none (version 0 of no files).
func SchemaStatus(ctx context.Context, c StoreConfig) (Schema, error) {
	kind, target, err := c.kind()
	switch {
	case err != nil:
		return Schema{}, err
	case kind == kindPostgres:
		return postgresSchema(ctx, cmp.Or(c.DirectURL, target))
	case kind == kindSQLite:
		return sqliteSchema(ctx, target)
	}
	return Schema{Store: kindMemory}, nil
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

// Migrate applies the migrations of the store OpenStore would open (for
// PostgreSQL, on its direct URL when one is set: the migrations hold a
// session's advisory lock) and returns its schema before and after.
func Migrate(ctx context.Context, c StoreConfig, log *slog.Logger) (before, after Schema, err error) {
	if before, err = SchemaStatus(ctx, c); err != nil {
		return before, after, err
	}
	kind, target, _ := c.kind()
	switch kind {
	case kindPostgres:
		log.Info("migrating PostgreSQL")
		err = pgstore.MigrateURL(ctx, cmp.Or(c.DirectURL, target))
	case kindSQLite:
		st, oerr := sqlitestore.OpenContext(ctx, target)
		if oerr != nil {
			return before, after, oerr
		}
		err = st.Close()
	}
	if err != nil {
		return before, after, err
	}
	after, err = SchemaStatus(ctx, c)
	return before, after, err
}
