package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/tern/v2/migrate"
)

//go:embed postgres/*.sql sqlite/*.sql
var files embed.FS

// Postgres holds the PostgreSQL migrations, named NNNN_name.sql.
var Postgres = mustSub("postgres")

// SQLite holds the SQLite migrations, named NNNN_name.sql.
var SQLite = mustSub("sqlite")

func mustSub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic(err)
	}
	return f
}

// PostgresVersionTable is the table in which tern records the schema version.
const PostgresVersionTable = "public.moonshine_schema_version"

// ApplyPostgres brings the database conn is connected to up to the newest
// schema and returns its version. It holds tern's advisory lock while it
// works, so servers starting at once apply each migration once.
func ApplyPostgres(ctx context.Context, conn *pgx.Conn) (int32, error) {
	m, err := migrate.NewMigrator(ctx, conn, PostgresVersionTable)
	if err != nil {
		return 0, fmt.Errorf("migrations: prepare postgres migrator: %w", err)
	}
	if err := m.LoadMigrations(Postgres); err != nil {
		return 0, fmt.Errorf("migrations: load postgres migrations: %w", err)
	}
	current, err := PostgresVersion(ctx, conn)
	if err != nil {
		return 0, err
	}
	if current > len(m.Migrations) { // tern would say only "outside the valid versions"
		return 0, &SchemaNewerError{Store: "postgres", Version: current, Latest: len(m.Migrations)}
	}
	if err := m.Migrate(ctx); err != nil {
		return 0, fmt.Errorf("migrations: apply postgres migrations: %w", err)
	}
	v, err := m.GetCurrentVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrations: read postgres schema version: %w", err)
	}
	return v, nil
}

var fileName = regexp.MustCompile(`\A(\d+)_.+\.sql\z`)

// migration is one numbered file.
type migration struct {
	version int
	name    string
	sql     string
}

// load reads fsys's migrations in order, requiring numbers 1..n.
func load(fsys fs.FS) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		match := fileName.FindStringSubmatch(e.Name())
		if e.IsDir() || match == nil {
			continue
		}
		v, err := strconv.Atoi(match[1])
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", e.Name(), err)
		}
		body, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: path.Base(e.Name()), sql: string(body)})
	}
	slices.SortFunc(ms, func(a, b migration) int { return a.version - b.version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: want number %d", m.name, i+1)
		}
	}
	return ms, nil
}

// ApplySQLite brings db (a SQLite database) up to the newest schema and
// returns its version. Everything runs in one BEGIN IMMEDIATE transaction
// on one connection: it holds the database's write lock, so concurrent
// starts wait (per the connection's busy_timeout) and then find the work
// done.
func ApplySQLite(ctx context.Context, db *sql.DB) (int, error) {
	ms, err := load(SQLite)
	if err != nil {
		return 0, fmt.Errorf("migrations: load sqlite migrations: %w", err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrations: sqlite connection: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return 0, fmt.Errorf("migrations: lock sqlite database: %w", err)
	}
	v, err := applySQLiteLocked(ctx, conn, ms)
	if err != nil {
		// Rollback with a fresh context: ctx may be why we failed.
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
		return 0, err
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
		return 0, fmt.Errorf("migrations: commit sqlite migrations: %w", err)
	}
	return v, nil
}

func applySQLiteLocked(ctx context.Context, conn *sql.Conn, ms []migration) (int, error) {
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS moonshine_schema_version (version INTEGER NOT NULL)`); err != nil {
		return 0, fmt.Errorf("migrations: create sqlite version table: %w", err)
	}
	var current int
	err := conn.QueryRowContext(ctx, `SELECT version FROM moonshine_schema_version`).Scan(&current)
	switch {
	case err == sql.ErrNoRows:
		if _, err := conn.ExecContext(ctx, `INSERT INTO moonshine_schema_version (version) VALUES (0)`); err != nil {
			return 0, fmt.Errorf("migrations: init sqlite version table: %w", err)
		}
	case err != nil:
		return 0, fmt.Errorf("migrations: read sqlite schema version: %w", err)
	}
	if current > len(ms) {
		return 0, &SchemaNewerError{Store: "sqlite", Version: current, Latest: len(ms)}
	}
	for _, m := range ms[current:] {
		if _, err := conn.ExecContext(ctx, m.sql); err != nil {
			return 0, fmt.Errorf("migrations: apply sqlite %s: %w", m.name, err)
		}
		if _, err := conn.ExecContext(ctx, `UPDATE moonshine_schema_version SET version = ?`, m.version); err != nil {
			return 0, fmt.Errorf("migrations: record sqlite %s: %w", m.name, err)
		}
		current = m.version
	}
	return current, nil
}
