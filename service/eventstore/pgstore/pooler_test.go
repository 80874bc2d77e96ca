package pgstore

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

// openPooled opens a store whose pool goes through PgBouncer in
// transaction pooling mode, with the direct URL for LISTEN and the
// migrations.
func openPooled(t *testing.T, b *pgtest.Bouncer, url string) *Store {
	t.Helper()
	s, err := OpenOptions(t.Context(), b.URL(t, url), Options{DirectURL: url})
	if err != nil {
		t.Fatalf("OpenOptions through PgBouncer: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// Behind PgBouncer in transaction pooling mode the store keeps its
// contract: the conformance suite passes with the pool's transactions
// spread over fewer server connections than it has (a statement prepared
// by name on one would be missing on the next: the pool prepares none).
func TestConformanceBehindPgBouncer(t *testing.T) {
	b := pgtest.StartBouncer(t, pgtest.New(t))
	storetest.Run(t, func(t *testing.T) eventstore.Store {
		s := openPooled(t, b, pgtest.New(t))
		if mode := s.pool.Config().ConnConfig.DefaultQueryExecMode; mode != pgx.QueryExecModeCacheDescribe {
			t.Errorf("behind a pooler the pool runs statements in mode %v, want cache_describe (none prepared by name)", mode)
		}
		return s
	})
}

// Behind PgBouncer, LISTEN holds its direct session: one store's appends
// through the pooler reach the other's listeners.
func TestChangesBehindPgBouncer(t *testing.T) {
	url := pgtest.New(t)
	bouncer := pgtest.StartBouncer(t, url)
	a, b := openPooled(t, bouncer, url), openPooled(t, bouncer, url)
	create(t, a, "g")
	changes := make(chan eventstore.Change, 16)
	defer a.OnChange(func(c eventstore.Change) { changes <- c })()
	for v := int64(1); v <= 3; v++ {
		if _, err := b.Append(t.Context(), eventstore.AppendRequest{GameID: "g", ExpectedVersion: v, Events: [][]byte{[]byte("e")}}); err != nil {
			t.Fatalf("Append through the pooler: %v", err)
		}
		for got := false; !got; {
			select {
			case c := <-changes:
				got = c.GameID == "g" && c.Version == v+1
			case <-time.After(wait):
				t.Fatalf("append %d through the other store: not told", v)
			}
		}
	}
}
