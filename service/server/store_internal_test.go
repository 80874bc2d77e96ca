package server

import (
	"log/slog"
	"strings"
	"testing"
)

// The store URL's scheme names the store; a file path or nothing is the
// embedded one; an unknown scheme is refused, not taken for a file.
func TestStoreURLNamesTheStore(t *testing.T) {
	cases := []struct{ url, kind, target string }{
		{"", kindSQLite, "default.db"},
		{"postgres://u@db:5432/m?sslmode=disable", kindPostgres, "postgres://u@db:5432/m?sslmode=disable"},
		{"postgresql://db/m", kindPostgres, "postgresql://db/m"},
		{"host=db dbname=m", kindPostgres, "host=db dbname=m"},
		{"sqlite:data/m.db", kindSQLite, "data/m.db"},
		{"sqlite:///var/lib/m.db", kindSQLite, "/var/lib/m.db"},
		{"/var/lib/moonshine/m.db", kindSQLite, "/var/lib/moonshine/m.db"},
		{"m.db", kindSQLite, "m.db"},
		{"memory:", kindMemory, ""},
	}
	for _, c := range cases {
		kind, target, err := StoreConfig{URL: c.url, DBPath: "default.db"}.kind()
		if err != nil || kind != c.kind || target != c.target {
			t.Errorf("store URL %q: %s at %q, %v; want %s at %q", c.url, kind, target, err, c.kind, c.target)
		}
	}
	for _, bad := range []string{"mysql://db/m", "sqlite:", "redis:6379"} {
		if kind, _, err := (StoreConfig{URL: bad}).kind(); err == nil {
			t.Errorf("store URL %q taken for the %s store", bad, kind)
		}
	}
}

// memory: opens a store in memory; a read URL beside a store that is not
// PostgreSQL is refused.
func TestOpenStoreByScheme(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	st, err := OpenStore(t.Context(), StoreConfig{URL: "memory:"}, log)
	if err != nil || st.Kind() != "memory" {
		t.Fatalf("memory: opened %v, %v", st, err)
	}
	st.Close()
	_, err = OpenStore(t.Context(), StoreConfig{URL: "sqlite:" + t.TempDir() + "/m.db", ReadURL: "postgres://replica/m"}, log)
	if err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Errorf("a read URL beside the embedded store: %v", err)
	}
}
