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

// A proxy forwards to the database; cut, it drops its connections and
// refuses new ones; restored, it serves again on the same address.
func TestProxy(t *testing.T) {
	ctx := t.Context()
	proxy, through := pgtest.NewProxy(t, pgtest.New(t))
	conn, err := pgx.Connect(ctx, through)
	if err != nil {
		t.Fatalf("connect through the proxy: %v", err)
	}
	defer conn.Close(context.Background())
	var one int
	if err := conn.QueryRow(ctx, `SELECT 1`).Scan(&one); err != nil || one != 1 {
		t.Fatalf("query through the proxy: %d, %v", one, err)
	}
	proxy.Cut()
	if err := conn.QueryRow(ctx, `SELECT 1`).Scan(&one); err == nil {
		t.Error("a connection through a cut proxy still answers")
	}
	if c, err := pgx.Connect(ctx, through); err == nil {
		c.Close(ctx)
		t.Error("a cut proxy accepted a connection")
	}
	if err := proxy.Restore(); err != nil {
		t.Fatal(err)
	}
	again, err := pgx.Connect(ctx, through)
	if err != nil {
		t.Fatalf("connect after Restore: %v", err)
	}
	defer again.Close(context.Background())
	if err := again.QueryRow(ctx, `SELECT 1`).Scan(&one); err != nil {
		t.Fatalf("query after Restore: %v", err)
	}
}
