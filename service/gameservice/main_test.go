package gameservice_test

import (
	"path/filepath"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// everyStore opens a fresh store of each kind for t: memory, the embedded
// SQLite file and PostgreSQL (skipped under -short).
var everyStore = []struct {
	name string
	open func(t *testing.T) eventstore.Store
}{
	{"memory", func(*testing.T) eventstore.Store { return memstore.New() }},
	{"sqlite", func(t *testing.T) eventstore.Store {
		s, err := sqlitestore.Open(filepath.Join(t.TempDir(), "moonshine.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}},
	{"postgres", func(t *testing.T) eventstore.Store {
		s, err := pgstore.Open(t.Context(), pgtest.New(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}},
}
