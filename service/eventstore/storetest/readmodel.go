package storetest

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// listIDs lists with f and returns the ids.
func listIDs(t *testing.T, s eventstore.Store, f eventstore.ListFilter) []string {
	t.Helper()
	gs, err := s.ListGames(ctxFor(t), f)
	if err != nil {
		t.Fatalf("ListGames(%+v): %v", f, err)
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	return ids
}

func testListGames(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// Newest first: a, b, c, then e and d (created at one time: by id,
	// descending).
	specs := []struct {
		id, rules string
		at        time.Duration
	}{
		{"e", "x", 0}, {"d", "y", 0}, {"c", "x", time.Second}, {"b", "y", 2 * time.Second}, {"a", "x", 3 * time.Second},
	}
	for _, sp := range specs {
		g := eventstore.GameRecord{ID: sp.id, Rules: sp.rules, CreatedAt: base.Add(sp.at), Players: 2}
		if _, err := s.CreateGame(ctx, g, payloads(sp.id, 1)); err != nil {
			t.Fatalf("CreateGame(%s): %v", sp.id, err)
		}
	}
	cases := []struct {
		f    eventstore.ListFilter
		want []string
	}{
		{eventstore.ListFilter{}, []string{"a", "b", "c", "e", "d"}},
		{eventstore.ListFilter{Limit: 2}, []string{"a", "b"}},
		{eventstore.ListFilter{AfterID: "b", Limit: 2}, []string{"c", "e"}},
		{eventstore.ListFilter{AfterID: "e"}, []string{"d"}},
		{eventstore.ListFilter{AfterID: "d"}, nil},
		{eventstore.ListFilter{AfterID: "missing"}, nil},
		{eventstore.ListFilter{Rules: "x"}, []string{"a", "c", "e"}},
		{eventstore.ListFilter{Rules: "x", AfterID: "a", Limit: 1}, []string{"c"}},
		{eventstore.ListFilter{Rules: "y", AfterID: "b"}, []string{"d"}},
		{eventstore.ListFilter{Rules: "none"}, nil},
	}
	for _, c := range cases {
		if got := listIDs(t, s, c.f); !slices.Equal(got, c.want) {
			t.Errorf("ListGames(%+v) = %v, want %v", c.f, got, c.want)
		}
	}
	gs, err := s.ListGames(ctx, eventstore.ListFilter{Limit: 1})
	if err != nil || len(gs) != 1 || gs[0].Version != 1 || gs[0].Players != 2 || !gs[0].CreatedAt.Equal(base.Add(3*time.Second)) {
		t.Errorf("ListGames(limit 1) = %+v, %v; want game a at version 1", gs, err)
	}
}

// claimN claims seats 0..n-1 of game id.
func claimN(t *testing.T, s eventstore.Store, id string, n int) {
	t.Helper()
	for i := range n {
		if err := s.ClaimSeat(ctxFor(t), eventstore.SeatClaim{GameID: id, Seat: i, TokenHash: []byte(id + string(rune('0'+i))), Name: "p"}); err != nil {
			t.Fatalf("ClaimSeat(%s, %d): %v", id, i, err)
		}
	}
}

// finish appends an event that ends game id.
func finish(t *testing.T, s eventstore.Store, id string) {
	t.Helper()
	mustAppend(t, s, eventstore.AppendRequest{GameID: id, ExpectedVersion: eventstore.AnyVersion, Events: payloads("end", 1), Finished: true})
}

func testListGamesFilters(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	base := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	// Created in this order, so listed newest first in reverse.
	specs := []struct {
		id, rules      string
		players, seats int
		over           bool
	}{
		{"o2", "r1", 2, 0, false},     // open, two seats to claim
		{"o1", "r2", 3, 2, false},     // open, one seat to claim
		{"act", "r1", 2, 2, false},    // every seat claimed
		{"done", "r2", 2, 1, true},    // over with a seat unclaimed
		{"legacy", "r2", 0, 1, false}, // created before the read model
	}
	for i, sp := range specs {
		g := eventstore.GameRecord{ID: sp.id, Rules: sp.rules, Players: sp.players, CreatedAt: base.Add(time.Duration(i) * time.Second)}
		if _, err := s.CreateGame(ctx, g, payloads(sp.id, 1)); err != nil {
			t.Fatalf("CreateGame(%s): %v", sp.id, err)
		}
		claimN(t, s, sp.id, sp.seats)
		if sp.over {
			finish(t, s, sp.id)
		}
	}
	open, active, over := eventstore.StatusOpen, eventstore.StatusActive, eventstore.StatusOver
	cases := []struct {
		f    eventstore.ListFilter
		want []string
	}{
		{eventstore.ListFilter{Status: open}, []string{"o1", "o2"}},
		{eventstore.ListFilter{Status: active}, []string{"legacy", "act"}},
		{eventstore.ListFilter{Status: over}, []string{"done"}},
		{eventstore.ListFilter{Status: open | over}, []string{"done", "o1", "o2"}},
		{eventstore.ListFilter{Status: open | active}, []string{"legacy", "act", "o1", "o2"}},
		{eventstore.ListFilter{Status: open | active | over}, []string{"legacy", "done", "act", "o1", "o2"}},
		{eventstore.ListFilter{MinOpenSeats: 1}, []string{"o1", "o2"}},
		{eventstore.ListFilter{MinOpenSeats: 2}, []string{"o2"}},
		{eventstore.ListFilter{MinOpenSeats: 3}, nil},
		{eventstore.ListFilter{Players: 2}, []string{"done", "act", "o2"}},
		{eventstore.ListFilter{Players: 3}, []string{"o1"}},
		{eventstore.ListFilter{Unsummarised: true}, []string{"legacy"}},
		{eventstore.ListFilter{Rules: "r1", Status: open}, []string{"o2"}},
		{eventstore.ListFilter{Rules: "r2", MinOpenSeats: 1, Players: 3}, []string{"o1"}},
		{eventstore.ListFilter{Status: open, Limit: 1}, []string{"o1"}},
		{eventstore.ListFilter{Status: open, AfterID: "o1"}, []string{"o2"}},
		{eventstore.ListFilter{Status: active, AfterID: "done"}, []string{"act"}},
	}
	for _, c := range cases {
		if got := listIDs(t, s, c.f); !slices.Equal(got, c.want) {
			t.Errorf("ListGames(%+v) = %v, want %v", c.f, got, c.want)
		}
		// The filter's own test agrees with the store's query.
		gs, _ := s.ListGames(ctx, eventstore.ListFilter{})
		var byMatch []string
		for _, g := range gs {
			if c.f.Matches(g) && c.f.AfterID == "" && c.f.Limit == 0 {
				byMatch = append(byMatch, g.ID)
			}
		}
		if c.f.AfterID == "" && c.f.Limit == 0 && !slices.Equal(byMatch, c.want) {
			t.Errorf("ListFilter(%+v).Matches keeps %v, want %v", c.f, byMatch, c.want)
		}
	}
}

// getGame returns the record of game id.
func getGame(t *testing.T, s eventstore.Store, id string) eventstore.GameRecord {
	t.Helper()
	g, err := s.GetGame(ctxFor(t), id)
	if err != nil {
		t.Fatalf("GetGame(%s): %v", id, err)
	}
	return g
}

// testReadModel: a game's record follows its writes: the creation's
// players and variant, each seat claim, the append that ends the game;
// GetGame and ListGames show it alike, with the claims.
func testReadModel(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r", Players: 3, Variant: "blood-oath",
		SeatsTaken: 9, FinishedAt: time.Now()}, payloads("g", 2)); err != nil { // the read model is the store's: ignored
		t.Fatalf("CreateGame: %v", err)
	}
	g := getGame(t, s, "g")
	if g.Players != 3 || g.Variant != "blood-oath" || g.SeatsTaken != 0 || !g.FinishedAt.IsZero() || len(g.Seats) != 0 ||
		g.Status() != eventstore.StatusOpen || g.OpenSeats() != 3 || g.Version != 2 || g.TalkVersion != 0 {
		t.Fatalf("a new game's record = %+v", g)
	}
	at := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	for _, seat := range []int{2, 0} {
		if err := s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "g", Seat: seat, TokenHash: []byte{byte(seat)}, Name: "n" + string(rune('0'+seat)), ClaimedAt: at}); err != nil {
			t.Fatalf("ClaimSeat(%d): %v", seat, err)
		}
	}
	// A refused claim counts nothing.
	wantErr(t, "ClaimSeat(taken)", s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "g", Seat: 2, TokenHash: []byte("x")}), eventstore.ErrSeatTaken)
	g = getGame(t, s, "g")
	want := []eventstore.SeatClaim{{GameID: "g", Seat: 0, Name: "n0", ClaimedAt: at}, {GameID: "g", Seat: 2, Name: "n2", ClaimedAt: at}}
	if g.SeatsTaken != 2 || g.OpenSeats() != 1 || g.Status() != eventstore.StatusOpen || !sameClaims(g.Seats, want) {
		t.Fatalf("after two claims: %+v", g)
	}
	claim := eventstore.SeatClaim{GameID: "g", Seat: 1, TokenHash: []byte{1}, Name: "n1", ClaimedAt: at}
	if err := s.ClaimSeat(ctx, claim); err != nil {
		t.Fatal(err)
	}
	if g = getGame(t, s, "g"); g.SeatsTaken != 3 || g.Status() != eventstore.StatusActive || g.OpenSeats() != 0 {
		t.Fatalf("after every claim: %+v", g)
	}
	// Appends that do not end the game, or that are refused, leave it
	// going on.
	mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 2, Events: payloads("a", 1)})
	_, err := s.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: payloads("b", 1), Finished: true})
	if !eventstore.IsVersionConflict(err) {
		t.Fatalf("a stale finishing append: %v", err)
	}
	if g = getGame(t, s, "g"); !g.FinishedAt.IsZero() || g.Version != 3 {
		t.Fatalf("after a refused finishing append: %+v", g)
	}
	res := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 3, Events: payloads("end", 2), Finished: true})
	g = getGame(t, s, "g")
	if !g.FinishedAt.Equal(res.RecordedAt) || g.Status() != eventstore.StatusOver || g.OpenSeats() != 0 || g.Version != 5 {
		t.Fatalf("after the finishing append (at %v): %+v", res.RecordedAt, g)
	}
	listed, err := s.ListGames(ctx, eventstore.ListFilter{})
	if err != nil || len(listed) != 1 {
		t.Fatalf("ListGames = %+v, %v", listed, err)
	}
	l := listed[0]
	if l.Players != g.Players || l.Variant != g.Variant || l.SeatsTaken != 3 || !l.FinishedAt.Equal(g.FinishedAt) ||
		l.Version != 5 || !bytes.Equal(l.Seed, g.Seed) || len(l.Seats) != 3 || l.Seats[1].Name != "n1" || len(l.Seats[1].TokenHash) != 0 {
		t.Errorf("ListGames shows %+v, GetGame %+v", l, g)
	}
}

// sameClaims compares claims as records show them (no token hash).
func sameClaims(got, want []eventstore.SeatClaim) bool {
	return slices.EqualFunc(got, want, func(a, b eventstore.SeatClaim) bool {
		return a.GameID == b.GameID && a.Seat == b.Seat && a.Name == b.Name && a.ClaimedAt.Equal(b.ClaimedAt) && len(a.TokenHash) == 0
	})
}

// testSummarise: a record without its summary (a game created before the
// read model) gets it once; a record that has one keeps it.
func testSummarise(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "old", 1) // Players 0
	ended := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	if err := s.Summarise(ctx, "old", eventstore.Summary{Players: 4, Variant: "blood-oath", FinishedAt: ended}); err != nil {
		t.Fatalf("Summarise: %v", err)
	}
	g := getGame(t, s, "old")
	if g.Players != 4 || g.Variant != "blood-oath" || !g.FinishedAt.Equal(ended) || g.Status() != eventstore.StatusOver {
		t.Errorf("summarised record = %+v", g)
	}
	if err := s.Summarise(ctx, "old", eventstore.Summary{Players: 2}); err != nil {
		t.Fatalf("Summarise again: %v", err)
	}
	if g := getGame(t, s, "old"); g.Players != 4 || !g.FinishedAt.Equal(ended) {
		t.Errorf("a second summary changed the record: %+v", g)
	}
	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "new", Rules: "r", Players: 2}, payloads("n", 1)); err != nil {
		t.Fatal(err)
	}
	if err := s.Summarise(ctx, "new", eventstore.Summary{Players: 3, FinishedAt: ended}); err != nil {
		t.Fatalf("Summarise(new): %v", err)
	}
	if g := getGame(t, s, "new"); g.Players != 2 || !g.FinishedAt.IsZero() {
		t.Errorf("a summary changed a game the store summarised itself: %+v", g)
	}
	wantErr(t, "Summarise(unknown)", s.Summarise(ctx, "nope", eventstore.Summary{Players: 2}), eventstore.ErrNotFound)
}

// testRecordedAt: an append's result carries the time its events were
// stored; a repeat carries the first one's.
func testRecordedAt(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	created, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r"}, payloads("g", 2))
	if err != nil {
		t.Fatal(err)
	}
	cmd := &eventstore.Command{ID: "c", Data: []byte("c")}
	first := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 2, Events: payloads("a", 2), Command: cmd})
	again := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: payloads("b", 1), Command: cmd})
	evs := mustRead(t, s, "g")
	for _, c := range []struct {
		what string
		at   time.Time
		seqs []int64
	}{{"CreateGame", created.RecordedAt, []int64{1, 2}}, {"Append", first.RecordedAt, []int64{3, 4}}, {"a repeat", again.RecordedAt, []int64{3, 4}}} {
		for _, seq := range c.seqs {
			if c.at.IsZero() || !evs[seq-1].RecordedAt.Equal(c.at) {
				t.Errorf("%s's RecordedAt %v; event %d was recorded at %v", c.what, c.at, seq, evs[seq-1].RecordedAt)
			}
		}
	}
}
