package migrations_test

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/moonshine-games/moonshine/migrations"
)

func TestFilesNumbered(t *testing.T) {
	for name, fsys := range map[string]fs.FS{"postgres": migrations.Postgres, "sqlite": migrations.SQLite} {
		files, err := fs.Glob(fsys, "*.sql")
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no migrations (%v)", name, err)
		}
		if files[0] != "0001_init.sql" {
			t.Errorf("%s: first migration is %s", name, files[0])
		}
	}
}

func openSQLite(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func TestSQLiteTwiceAndConcurrently(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	errs := make([]error, 8)
	versions := make([]int, 8)
	var wg sync.WaitGroup
	for i := range errs {
		db := openSQLite(t, path) // one pool per "process"
		wg.Go(func() { versions[i], errs[i] = migrations.ApplySQLite(ctx, db) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("concurrent migrations: %v", err)
	}
	db := openSQLite(t, path)
	v, err := migrations.ApplySQLite(ctx, db)
	if err != nil {
		t.Fatalf("again: %v", err)
	}
	for i, got := range versions {
		if got != v {
			t.Errorf("migrator %d reached version %d, want %d", i, got, v)
		}
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM moonshine_schema_version`).Scan(&n); err != nil || n != 1 {
		t.Errorf("version table has %d rows (%v), want 1", n, err)
	}
	if _, err := db.Exec(`INSERT INTO games (id, rules, config, seed, seed_commitment, created_at) VALUES ('g', 'r', x'', x'', x'', 0)`); err != nil {
		t.Fatalf("schema not usable: %v", err)
	}
}

func TestSQLiteRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	db := openSQLite(t, filepath.Join(t.TempDir(), "m.db"))
	if _, err := migrations.ApplySQLite(ctx, db); err != nil {
		t.Fatalf("apply: %v", err)
	}
	if _, err := db.Exec(`UPDATE moonshine_schema_version SET version = 999`); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.ApplySQLite(ctx, db); err == nil {
		t.Fatal("a schema newer than the binary was accepted")
	}
}
