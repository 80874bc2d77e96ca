package gameservice_test

import (
	"context"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/server"
)

// TestViewsOfAnOpenTableTrustTheSeats runs two servers on one PostgreSQL
// database. Views on server b of a table with free seats read its record
// about once, not once per view; a seat claimed through server a reaches
// b's views by the store's notification: b's clock stands still, so the
// bound on how long b trusts what it read never runs out, and only the
// notification can tell it. Past that bound, a view reads again.
func TestViewsOfAnOpenTableTrustTheSeats(t *testing.T) {
	open := pgStores(t)
	a := newEnv(t, open(), nil)
	counted := &readCounter{Store: open()}
	clock := newFakeClock()
	b := newEnv(t, counted, func(c *server.Config) { c.Clock = clock })
	gameID := a.create(3).GetGameId()
	claims := make(chan struct{}, 10)
	defer counted.OnChange(func(c eventstore.Change) {
		if c.Seats {
			claims <- struct{}{}
		}
	})()
	toldOfClaim := func() {
		t.Helper()
		select {
		case <-claims:
		case <-time.After(10 * time.Second):
			t.Fatal("server b was not told of a seat claimed on server a")
		}
	}
	claimed := func() int {
		t.Helper()
		v, err := b.client.GetView(context.Background(), &moonshinev1.GetViewRequest{GameId: gameID})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range v.GetView().GetInfo().GetSeats() {
			if s.GetClaimed() {
				n++
			}
		}
		return n
	}
	a.join(gameID, 0)
	toldOfClaim()
	// Twenty views read the record at most once: b's host may hear of
	// the claim just after the test did, and read once more.
	views := func(want int) {
		t.Helper()
		counted.reads()
		for range 20 {
			if n := claimed(); n != want {
				t.Fatalf("b's view shows %d seats claimed, want %d", n, want)
			}
		}
		if records, _ := counted.reads(); records > 1 {
			t.Errorf("20 views of a table with free seats read its record %d times, want at most once", records)
		}
	}
	views(1)
	a.join(gameID, 1)
	toldOfClaim()
	deadline := time.Now().Add(10 * time.Second)
	for claimed() != 2 {
		if time.Now().After(deadline) {
			t.Fatal("a seat claimed on server a never showed in b's views")
		}
		time.Sleep(10 * time.Millisecond)
	}
	views(2)
	clock.Advance(2 * time.Second)
	claimed()
	if records, _ := counted.reads(); records == 0 {
		t.Error("a view past the bound did not read the record")
	}
}
