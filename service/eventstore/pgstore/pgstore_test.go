package pgstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/puddle/v2"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func openTest(t testing.TB, url string) *Store {
	t.Helper()
	s, err := Open(context.Background(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return openTest(t, pgtest.New(t)) })
}

// TestUnavailable classifies errors as an outage (ErrUnavailable) or not.
func TestUnavailable(t *testing.T) {
	cases := []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "57P01"}, true}, // admin shutdown
		{&pgconn.PgError{Code: "57P03"}, true}, // starting up
		{&pgconn.PgError{Code: "08006"}, true}, // connection failure
		{&pgconn.PgError{Code: "53300"}, true}, // too many connections
		{&pgconn.PgError{Code: "25006"}, true}, // read only: a demoted primary
		{&pgconn.PgError{Code: "23505"}, false},
		{&pgconn.PgError{Code: "22021"}, false}, // bad text: a bug
		{&pgconn.PgError{Code: "42P01"}, false},
		{fmt.Errorf("read: %w", io.ErrUnexpectedEOF), true},
		{&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, true},
		{puddle.ErrClosedPool, true},
		{fmt.Errorf("query: %w", context.Canceled), false},
		{fmt.Errorf("query: %w", context.DeadlineExceeded), false},
		{errors.New("cannot scan"), false},
	}
	for _, c := range cases {
		if got := unavailable(c.err); got != c.want {
			t.Errorf("unavailable(%v) = %v, want %v", c.err, got, c.want)
		}
		if got := errors.Is(mapError("op", c.err), eventstore.ErrUnavailable); got != c.want {
			t.Errorf("mapError(%v) is ErrUnavailable: %v, want %v", c.err, got, c.want)
		}
	}
}

// TestPoolSize: the pool holds DefaultMaxConns connections unless the URL
// sets pool_max_conns, which wins.
func TestPoolSize(t *testing.T) {
	url := pgtest.New(t)
	if got := openTest(t, url).pool.Config().MaxConns; got != DefaultMaxConns {
		t.Errorf("default pool of %d connections, want %d", got, DefaultMaxConns)
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	if got := openTest(t, url+sep+"pool_max_conns=3").pool.Config().MaxConns; got != 3 {
		t.Errorf("pool_max_conns=3 gave a pool of %d", got)
	}
}
