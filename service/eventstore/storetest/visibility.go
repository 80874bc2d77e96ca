package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// testListGamesVisibility: an unlisted table is left out of every listing
// that asks for listed tables, whatever its other filters and pages, and
// stays reachable by its ID and in the server's own listings.
func testListGamesVisibility(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	specs := []struct {
		id       string
		unlisted bool
	}{{"pub1", false}, {"hid1", true}, {"pub2", false}, {"hid2", true}}
	for i, sp := range specs {
		g := eventstore.GameRecord{ID: sp.id, Rules: "r", Players: 2, Unlisted: sp.unlisted, CreatedAt: base.Add(time.Duration(i) * time.Second)}
		if _, err := s.CreateGame(ctx, g, payloads(sp.id, 1)); err != nil {
			t.Fatalf("CreateGame(%s): %v", sp.id, err)
		}
	}
	claimN(t, s, "pub1", 1)
	cases := []struct {
		f    eventstore.ListFilter
		want []string
	}{
		{eventstore.ListFilter{}, []string{"hid2", "pub2", "hid1", "pub1"}},
		{eventstore.ListFilter{Listed: true}, []string{"pub2", "pub1"}},
		{eventstore.ListFilter{Listed: true, Rules: "r"}, []string{"pub2", "pub1"}},
		{eventstore.ListFilter{Listed: true, Status: eventstore.StatusOpen, Rules: "r"}, []string{"pub2", "pub1"}},
		{eventstore.ListFilter{Listed: true, MinOpenSeats: 2}, []string{"pub2"}},
		{eventstore.ListFilter{Listed: true, Limit: 1}, []string{"pub2"}},
		{eventstore.ListFilter{Listed: true, AfterID: "pub2"}, []string{"pub1"}},
		// A page token naming an unlisted game pages from where it stands.
		{eventstore.ListFilter{Listed: true, AfterID: "hid2"}, []string{"pub2", "pub1"}},
	}
	for _, c := range cases {
		if got := listIDs(t, s, c.f); !slices.Equal(got, c.want) {
			t.Errorf("ListGames(%+v) = %v, want %v", c.f, got, c.want)
		}
	}
	for _, sp := range specs {
		g, err := s.GetGame(ctx, sp.id)
		if err != nil || g.Unlisted != sp.unlisted {
			t.Errorf("GetGame(%s) = unlisted %v, %v; want %v", sp.id, g.Unlisted, err, sp.unlisted)
		}
	}
	gs, err := s.ListGames(ctx, eventstore.ListFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if want := g.ID[:3] == "hid"; g.Unlisted != want || (eventstore.ListFilter{Listed: true}).Matches(g) == want {
			t.Errorf("listed record %s: unlisted %v, want %v (or Matches disagrees)", g.ID, g.Unlisted, want)
		}
	}
}
