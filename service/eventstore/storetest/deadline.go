package storetest

import (
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// testDeadlines: an append's Deadline sets or clears the game's pending
// deadline in its record, one without leaves it; a finished game has none
// and is never due; DueGames lists the games due by a time, earliest
// first, within its limit; a rejected append leaves the deadline as it
// was.
func testDeadlines(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	base := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	at := func(sec int) *time.Time { d := base.Add(time.Duration(sec) * time.Second); return &d }
	for _, id := range []string{"a", "b", "c"} {
		newGame(t, s, id, 1)
	}
	appendAt := func(id string, expected int64, d *time.Time, finished bool) error {
		_, err := s.Append(ctx, eventstore.AppendRequest{GameID: id, ExpectedVersion: expected, Events: payloads(id, 1), Deadline: d, Finished: finished})
		return err
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(appendAt("a", 1, at(30), false))
	must(appendAt("b", 1, at(10), false))
	must(appendAt("c", 1, at(20), false))
	must(appendAt("a", 2, nil, false)) // leaves a's deadline
	if err := appendAt("b", 1, at(99), false); !eventstore.IsVersionConflict(err) {
		t.Fatalf("a stale append: %v", err)
	}
	due := func(until time.Time, limit int) []string {
		t.Helper()
		got, err := s.DueGames(ctx, until, limit)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, d := range got {
			ids = append(ids, d.GameID+"@"+d.Deadline.Sub(base).String())
		}
		return ids
	}
	check := func(name string, got []string, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: due %v, want %v", name, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: due %v, want %v", name, got, want)
			}
		}
	}
	check("all", due(*at(60), 0), "b@10s", "c@20s", "a@30s")
	check("by 20s", due(*at(20), 0), "b@10s", "c@20s")
	check("limit 1", due(*at(60), 1), "b@10s")
	check("before any", due(*at(5), 0))
	rec, err := s.GetGame(ctx, "a")
	if err != nil || !rec.Deadline.Equal(*at(30)) {
		t.Fatalf("a's record: deadline %v, %v", rec.Deadline, err)
	}
	must(appendAt("b", 2, &time.Time{}, false)) // cleared
	must(appendAt("c", 2, at(15), true))        // finished: none
	check("after clearing and finishing", due(*at(60), 0), "a@30s")
	if rec, err := s.GetGame(ctx, "c"); err != nil || !rec.Deadline.IsZero() {
		t.Fatalf("a finished game keeps deadline %v, %v", rec.Deadline, err)
	}
}
