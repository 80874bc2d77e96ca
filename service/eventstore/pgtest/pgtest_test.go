package pgtest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestNewGivesFreshDatabases(t *testing.T) {
	ctx := t.Context()
	a, b := pgtest.New(t), pgtest.New(t)
	if a == b {
		t.Fatalf("two calls returned one URL %s", a)
	}
	for _, u := range []string{a, b} {
		conn, err := pgx.Connect(ctx, u)
		if err != nil {
			t.Fatalf("connect %s: %v", u, err)
		}
		defer conn.Close(context.Background())
		var tables int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables); err != nil {
			t.Fatalf("count tables: %v", err)
		}
		if tables != 0 {
			t.Errorf("fresh database has %d tables", tables)
		}
		if _, err := conn.Exec(ctx, `CREATE TABLE t (x int)`); err != nil {
			t.Fatalf("create table: %v", err)
		}
	}
}
