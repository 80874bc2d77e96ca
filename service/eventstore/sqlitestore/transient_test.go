package sqlitestore

import (
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// A database locked by another writer is an outage (ErrUnavailable); a
// constraint violation is not.
func TestFailMarksTransientErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	open := func() *sql.DB {
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)&_pragma=journal_mode(WAL)")
		if err != nil {
			t.Fatal(err)
		}
		db.SetMaxOpenConns(1)
		t.Cleanup(func() { db.Close() })
		return db
	}
	holder, writer := open(), open()
	if _, err := holder.Exec(`CREATE TABLE t (x INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO t VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	_, busy := writer.Exec(`INSERT INTO t VALUES (2)`)
	if busy == nil {
		t.Fatal("a second writer got the lock")
	}
	if err := fail(busy, "insert"); !errors.Is(err, eventstore.ErrUnavailable) {
		t.Errorf("locked database: %v, want ErrUnavailable", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	_, dup := writer.Exec(`INSERT INTO t VALUES (1)`)
	if dup == nil || errors.Is(fail(dup, "insert"), eventstore.ErrUnavailable) {
		t.Errorf("duplicate key: %v, want an error that is not ErrUnavailable", dup)
	}
}
