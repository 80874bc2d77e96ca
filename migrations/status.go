package migrations

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// File is one migration file.
type File struct {
	// Version is the file's number; a schema at version N has every file
	// up to N applied.
	Version int
	// Name is the file name, e.g. "0002_commands_per_seat.sql".
	Name string
}

// SchemaNewerError is a database whose schema is newer than this binary's
// migrations: a newer build migrated it. A binary refuses to run on it
// (its queries may not fit the newer schema) and to migrate it (no
// migration goes down).
type SchemaNewerError struct {
	// Store is "postgres" or "sqlite".
	Store string
	// Version is the database's schema version; Latest this binary's
	// newest.
	Version, Latest int
}

func (e *SchemaNewerError) Error() string {
	return fmt.Sprintf("the %s database's schema is at version %d, newer than this binary's newest migration (%d): "+
		"a newer moonshined migrated it. Run that build or a newer one; to go back to this one, restore the database "+
		"from before that migration (docs/operations.md, \"Roll back\")", e.Store, e.Version, e.Latest)
}

// Files lists the migrations in fsys (Postgres or SQLite) in order.
func Files(fsys fs.FS) ([]File, error) {
	ms, err := load(fsys)
	if err != nil {
		return nil, err
	}
	out := make([]File, len(ms))
	for i, m := range ms {
		out[i] = File{Version: m.version, Name: m.name}
	}
	return out, nil
}

// PostgresVersion returns the schema version of the database conn is
// connected to, without changing anything: 0 for a database never
// migrated.
func PostgresVersion(ctx context.Context, conn *pgx.Conn) (int, error) {
	var v int
	err := conn.QueryRow(ctx, "SELECT version FROM "+PostgresVersionTable).Scan(&v)
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "42P01": // undefined_table
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("migrations: read postgres schema version: %w", err)
	}
	return v, nil
}

// SQLiteVersion returns the schema version of a SQLite database, without
// changing anything: 0 for a database never migrated.
func SQLiteVersion(ctx context.Context, db *sql.DB) (int, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'moonshine_schema_version'`).Scan(&n); err != nil {
		return 0, fmt.Errorf("migrations: read sqlite schema: %w", err)
	}
	if n == 0 {
		return 0, nil
	}
	var v int
	err := db.QueryRowContext(ctx, `SELECT version FROM moonshine_schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("migrations: read sqlite schema version: %w", err)
	}
	return v, nil
}
