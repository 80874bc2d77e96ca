package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// wait bounds every blocking step so that a broken store fails instead of
// hanging; no assertion depends on it.
const wait = 20 * time.Second

// writers is the number of concurrent appenders in the race tests.
const writers = 16

// Run runs the conformance suite. open returns a new, empty store for one
// subtest; Run closes it when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) eventstore.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s eventstore.Store)
	}{
		{"CreateAndGet", testCreateAndGet},
		{"CreateDuplicate", testCreateDuplicate},
		{"ListGames", testListGames},
		{"ListGamesFilters", testListGamesFilters},
		{"ListGamesVisibility", testListGamesVisibility},
		{"ChangeTable", testChangeTable},
		{"Deadlines", testDeadlines},
		{"ReadModel", testReadModel},
		{"Summarise", testSummarise},
		{"RecordedAt", testRecordedAt},
		{"AppendExpectedVersion", testAppendExpectedVersion},
		{"AppendAnyVersion", testAppendAnyVersion},
		{"VersionConflict", testVersionConflict},
		{"AppendNotFound", testAppendNotFound},
		{"AppendInvalid", testAppendInvalid},
		{"ConcurrentSameVersion", testConcurrentSameVersion},
		{"ConcurrentAnyVersion", testConcurrentAnyVersion},
		{"CommandRepeated", testCommandRepeated},
		{"CommandRepeatedConcurrently", testCommandRepeatedConcurrently},
		{"ConcurrentGames", testConcurrentGames},
		{"CommandPerSeat", testCommandPerSeat},
		{"Commands", testCommands},
		{"ReadStream", testReadStream},
		{"Talk", testTalk},
		{"TalkRepeated", testTalkRepeated},
		{"TalkConcurrent", testTalkConcurrent},
		{"OnChange", testOnChange},
		{"Seats", testSeats},
		{"TextRefused", testTextRefused},
		{"Ping", testPing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tc.fn(t, s)
		})
	}
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), wait)
	t.Cleanup(cancel)
	return ctx
}

// payloads returns n distinct event payloads tagged with tag.
func payloads(tag string, n int) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		out[i] = fmt.Appendf(nil, "%s/%d\x00\xff", tag, i)
	}
	return out
}

func newGame(t *testing.T, s eventstore.Store, id string, events int) eventstore.GameRecord {
	t.Helper()
	g := eventstore.GameRecord{
		ID:             id,
		Rules:          "test-rules",
		Config:         []byte("config-" + id),
		Seed:           []byte("seed-" + id),
		SeedCommitment: []byte("commit-" + id),
	}
	if _, err := s.CreateGame(ctxFor(t), g, payloads(id+"/setup", events)); err != nil {
		t.Fatalf("CreateGame(%s): %v", id, err)
	}
	return g
}

func mustAppend(t *testing.T, s eventstore.Store, req eventstore.AppendRequest) eventstore.AppendResult {
	t.Helper()
	res, err := s.Append(ctxFor(t), req)
	if err != nil {
		t.Fatalf("Append(%s, expected %d): %v", req.GameID, req.ExpectedVersion, err)
	}
	return res
}

func mustRead(t *testing.T, s eventstore.Store, id string) []eventstore.Event {
	t.Helper()
	evs, err := s.ReadStream(ctxFor(t), id, 0, 0)
	if err != nil {
		t.Fatalf("ReadStream(%s): %v", id, err)
	}
	return evs
}

func version(t *testing.T, s eventstore.Store, id string) int64 {
	t.Helper()
	g, err := s.GetGame(ctxFor(t), id)
	if err != nil {
		t.Fatalf("GetGame(%s): %v", id, err)
	}
	return g.Version
}

// checkDense asserts that evs are game id's events numbered 1..len(evs).
func checkDense(t *testing.T, id string, evs []eventstore.Event) {
	t.Helper()
	for i, e := range evs {
		if e.GameID != id || e.Seq != int64(i+1) {
			t.Fatalf("event %d is (%s, seq %d), want (%s, seq %d)", i, e.GameID, e.Seq, id, i+1)
		}
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want %v", what, err, want)
	}
}

func testCreateAndGet(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	created := time.Date(2026, 3, 4, 5, 6, 7, 891000, time.UTC)
	g := eventstore.GameRecord{
		ID: "g1", Rules: "booze-barons", Config: []byte{1, 2, 0, 3},
		Seed: []byte("secret"), SeedCommitment: []byte("commitment"), CreatedAt: created,
		Version: 99, // ignored
	}
	res, err := s.CreateGame(ctx, g, payloads("g1", 3))
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	if res.FirstSeq != 1 || res.LastSeq != 3 || res.Duplicate {
		t.Errorf("CreateGame result = %+v, want seqs 1..3", res)
	}
	got, err := s.GetGame(ctx, "g1")
	if err != nil {
		t.Fatalf("GetGame: %v", err)
	}
	if got.ID != g.ID || got.Rules != g.Rules || !bytes.Equal(got.Config, g.Config) ||
		!bytes.Equal(got.Seed, g.Seed) || !bytes.Equal(got.SeedCommitment, g.SeedCommitment) ||
		!got.CreatedAt.Equal(created) || got.Version != 3 {
		t.Errorf("GetGame = %+v, want %+v at version 3", got, g)
	}
	evs := mustRead(t, s, "g1")
	checkDense(t, "g1", evs)
	for i, e := range evs {
		if !bytes.Equal(e.Data, payloads("g1", 3)[i]) {
			t.Errorf("event %d data = %q", e.Seq, e.Data)
		}
		if e.RecordedAt.IsZero() {
			t.Errorf("event %d has no RecordedAt", e.Seq)
		}
	}

	// CreatedAt defaults to now; a game may open with no events.
	before := time.Now().Add(-time.Hour)
	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g2", Rules: "r"}, nil); err != nil {
		t.Fatalf("CreateGame without events: %v", err)
	}
	g2, err := s.GetGame(ctx, "g2")
	if err != nil {
		t.Fatalf("GetGame(g2): %v", err)
	}
	if g2.CreatedAt.Before(before) || g2.Version != 0 {
		t.Errorf("g2 = %+v, want a recent CreatedAt and version 0", g2)
	}
	if evs := mustRead(t, s, "g2"); len(evs) != 0 {
		t.Errorf("g2 has %d events, want 0", len(evs))
	}

	_, err = s.GetGame(ctx, "nope")
	wantErr(t, "GetGame(unknown)", err, eventstore.ErrNotFound)
	_, err = s.CreateGame(ctx, eventstore.GameRecord{}, payloads("x", 1))
	wantErr(t, "CreateGame(empty id)", err, eventstore.ErrInvalidRequest)
}

func testCreateDuplicate(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "dup", 2)
	_, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "dup", Rules: "other"}, payloads("again", 5))
	wantErr(t, "CreateGame(taken id)", err, eventstore.ErrGameExists)
	g, err := s.GetGame(ctx, "dup")
	if err != nil {
		t.Fatalf("GetGame: %v", err)
	}
	if g.Rules != "test-rules" || g.Version != 2 {
		t.Errorf("after a rejected create, game = %+v", g)
	}
	evs := mustRead(t, s, "dup")
	checkDense(t, "dup", evs)
	if len(evs) != 2 || !bytes.Equal(evs[0].Data, payloads("dup/setup", 1)[0]) {
		t.Errorf("after a rejected create, stream = %d events", len(evs))
	}

	// Concurrent creates of one id: exactly one wins.
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Go(func() {
			_, errs[i] = s.CreateGame(ctx, eventstore.GameRecord{ID: "race", Rules: fmt.Sprint(i)}, payloads(fmt.Sprint(i), 2))
		})
	}
	wg.Wait()
	oneWins(t, errs, eventstore.ErrGameExists, "creates of one id")
	if evs := mustRead(t, s, "race"); len(evs) != 2 {
		t.Errorf("race game has %d events, want 2", len(evs))
	}
}

func testAppendExpectedVersion(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 1)
	res := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: payloads("a", 2)})
	if res.FirstSeq != 2 || res.LastSeq != 3 || res.Duplicate || res.DuplicateOf != nil {
		t.Errorf("Append = %+v, want seqs 2..3", res)
	}
	res = mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 3, Events: payloads("b", 1)})
	if res.FirstSeq != 4 || res.LastSeq != 4 {
		t.Errorf("Append = %+v, want seqs 4..4", res)
	}
	if v := version(t, s, "g"); v != 4 {
		t.Errorf("version = %d, want 4", v)
	}
	evs := mustRead(t, s, "g")
	checkDense(t, "g", evs)
	want := slices.Concat(payloads("g/setup", 1), payloads("a", 2), payloads("b", 1))
	for i, e := range evs {
		if !bytes.Equal(e.Data, want[i]) {
			t.Errorf("event %d = %q, want %q", e.Seq, e.Data, want[i])
		}
	}
	// A game created with no events is at version 0.
	newGame(t, s, "empty", 0)
	mustAppend(t, s, eventstore.AppendRequest{GameID: "empty", ExpectedVersion: 0, Events: payloads("e", 1)})
}

func testAppendAnyVersion(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 2)
	res := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: payloads("a", 3)})
	if res.FirstSeq != 3 || res.LastSeq != 5 {
		t.Errorf("Append(AnyVersion) = %+v, want seqs 3..5", res)
	}
	checkDense(t, "g", mustRead(t, s, "g"))
}

func testVersionConflict(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 2)
	before := mustRead(t, s, "g")
	for _, expected := range []int64{0, 1, 3, 100} {
		_, err := s.Append(ctx, eventstore.AppendRequest{
			GameID: "g", ExpectedVersion: expected, Events: payloads("lost", 2),
			Command: &eventstore.Command{ID: fmt.Sprint("cmd", expected), Data: []byte("c")},
		})
		var vc *eventstore.VersionConflictError
		if !errors.As(err, &vc) || !eventstore.IsVersionConflict(err) {
			t.Fatalf("Append(expected %d) at version 2: %v, want *VersionConflictError", expected, err)
		}
		if vc.GameID != "g" || vc.ExpectedVersion != expected || vc.ActualVersion != 2 {
			t.Errorf("conflict = %+v, want game g expected %d actual 2", vc, expected)
		}
		_, err = s.LookupCommand(ctx, "g", 0, fmt.Sprint("cmd", expected))
		wantErr(t, "LookupCommand of a rejected append", err, eventstore.ErrNotFound)
	}
	// The log is untouched.
	if v := version(t, s, "g"); v != 2 {
		t.Errorf("version = %d after conflicts, want 2", v)
	}
	after := mustRead(t, s, "g")
	if len(after) != len(before) {
		t.Fatalf("stream has %d events after conflicts, want %d", len(after), len(before))
	}
	for i := range after {
		if after[i].Seq != before[i].Seq || !bytes.Equal(after[i].Data, before[i].Data) || !after[i].RecordedAt.Equal(before[i].RecordedAt) {
			t.Errorf("event %d changed: %+v, was %+v", i, after[i], before[i])
		}
	}
	if cmds, err := s.Commands(ctx, "g"); err != nil || len(cmds) != 0 {
		t.Errorf("Commands = %v, %v; want none", cmds, err)
	}
	// The next append at the right version takes seq 3: no gap.
	res := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 2, Events: payloads("ok", 1)})
	if res.FirstSeq != 3 {
		t.Errorf("after conflicts, append took seq %d, want 3", res.FirstSeq)
	}
}

func testAppendNotFound(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 1)
	for _, req := range []eventstore.AppendRequest{
		{GameID: "nope", ExpectedVersion: eventstore.AnyVersion, Events: payloads("x", 1)},
		{GameID: "nope", ExpectedVersion: 0, Events: payloads("x", 1)},
		{GameID: "nope", ExpectedVersion: 1, Events: payloads("x", 1), Command: &eventstore.Command{ID: "c"}},
	} {
		_, err := s.Append(ctx, req)
		wantErr(t, fmt.Sprintf("Append(unknown game, expected %d)", req.ExpectedVersion), err, eventstore.ErrNotFound)
	}
	_, err := s.ReadStream(ctx, "nope", 0, 0)
	wantErr(t, "ReadStream(unknown)", err, eventstore.ErrNotFound)
	_, err = s.Commands(ctx, "nope")
	wantErr(t, "Commands(unknown)", err, eventstore.ErrNotFound)
	_, err = s.LookupCommand(ctx, "nope", 0, "c")
	wantErr(t, "LookupCommand(unknown game)", err, eventstore.ErrNotFound)
	_, err = s.Seats(ctx, "nope")
	wantErr(t, "Seats(unknown)", err, eventstore.ErrNotFound)
	_, err = s.GetGame(ctx, "nope")
	wantErr(t, "GetGame(unknown) after appends to it", err, eventstore.ErrNotFound)
	if evs := mustRead(t, s, "g"); len(evs) != 1 {
		t.Errorf("the known game has %d events after appends to an unknown one, want 1", len(evs))
	}
}

func testAppendInvalid(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 1)
	for _, req := range []eventstore.AppendRequest{
		{GameID: "g", ExpectedVersion: 1},
		{GameID: "", ExpectedVersion: 1, Events: payloads("x", 1)},
		{GameID: "g", ExpectedVersion: -2, Events: payloads("x", 1)},
		{GameID: "g", ExpectedVersion: 1, Events: payloads("x", 1), Command: &eventstore.Command{}},
	} {
		_, err := s.Append(ctx, req)
		wantErr(t, fmt.Sprintf("Append(%+v)", req), err, eventstore.ErrInvalidRequest)
	}
	if v := version(t, s, "g"); v != 1 {
		t.Errorf("version = %d, want 1", v)
	}
	// A cancelled context fails the call and writes nothing.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Append(cctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: payloads("x", 1)}); err == nil {
		t.Error("Append with a cancelled context succeeded")
	}
	if v := version(t, s, "g"); v != 1 {
		t.Errorf("version = %d after a cancelled append, want 1", v)
	}
}

// appendAll runs writers appends concurrently, released together.
func appendAll(t *testing.T, s eventstore.Store, req func(i int) eventstore.AppendRequest) ([]eventstore.AppendResult, []error) {
	ctx := ctxFor(t)
	res := make([]eventstore.AppendResult, writers)
	errs := make([]error, writers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			<-start
			res[i], errs[i] = s.Append(ctx, req(i))
		})
	}
	close(start)
	wg.Wait()
	return res, errs
}

func testConcurrentSameVersion(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 3)
	res, errs := appendAll(t, s, func(i int) eventstore.AppendRequest {
		return eventstore.AppendRequest{
			GameID: "g", ExpectedVersion: 3, Events: payloads(fmt.Sprint("w", i), 2),
			Command: &eventstore.Command{ID: fmt.Sprint("c", i), Data: []byte{byte(i)}},
		}
	})
	winner := -1
	for i, err := range errs {
		var vc *eventstore.VersionConflictError
		switch {
		case err == nil:
			if winner >= 0 {
				t.Fatalf("writers %d and %d both appended at version 3", winner, i)
			}
			winner = i
			if res[i].FirstSeq != 4 || res[i].LastSeq != 5 {
				t.Errorf("winner's seqs = %d..%d, want 4..5", res[i].FirstSeq, res[i].LastSeq)
			}
		case errors.As(err, &vc):
			// A loser either waited for the winner's commit or checked
			// after it; both see the winner's version.
			if vc.ActualVersion != 5 {
				t.Errorf("loser %d: actual version %d, want 5", i, vc.ActualVersion)
			}
		default:
			t.Errorf("writer %d: %v", i, err)
		}
	}
	if winner < 0 {
		t.Fatal("no writer succeeded")
	}
	if v := version(t, s, "g"); v != 5 {
		t.Errorf("final version = %d, want 5", v)
	}
	evs := mustRead(t, s, "g")
	checkDense(t, "g", evs)
	if len(evs) != 5 || !bytes.Equal(evs[3].Data, payloads(fmt.Sprint("w", winner), 2)[0]) {
		t.Errorf("stream has %d events, want the winner's two after 3", len(evs))
	}
	cmds, err := s.Commands(ctxFor(t), "g")
	if err != nil || len(cmds) != 1 || cmds[0].ID != fmt.Sprint("c", winner) {
		t.Errorf("Commands = %+v, %v; want only the winner's", cmds, err)
	}
}

func testConcurrentAnyVersion(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 1)
	const n = 3
	res, errs := appendAll(t, s, func(i int) eventstore.AppendRequest {
		return eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: payloads(fmt.Sprint("w", i), n)}
	})
	evs := mustRead(t, s, "g")
	checkDense(t, "g", evs)
	if len(evs) != 1+writers*n {
		t.Fatalf("stream has %d events, want %d", len(evs), 1+writers*n)
	}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
		r := res[i]
		if r.LastSeq-r.FirstSeq != n-1 {
			t.Fatalf("writer %d wrote seqs %d..%d", i, r.FirstSeq, r.LastSeq)
		}
		// Each append's events are contiguous and its own.
		for j, want := range payloads(fmt.Sprint("w", i), n) {
			if got := evs[r.FirstSeq-1+int64(j)].Data; !bytes.Equal(got, want) {
				t.Errorf("seq %d = %q, want %q", r.FirstSeq+int64(j), got, want)
			}
		}
	}
}

func testCommandRepeated(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 1)
	cmd := &eventstore.Command{ID: "c1", Seat: 2, Data: []byte("first")}
	first := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Command: cmd, Events: payloads("a", 2)})
	if first.Duplicate {
		t.Fatal("first append reported a duplicate")
	}
	// Repeats by the same seat at the old version, at the new version and
	// at any version: each returns the first result and writes nothing,
	// whatever the repeat carries.
	for _, expected := range []int64{1, 3, eventstore.AnyVersion} {
		again := mustAppend(t, s, eventstore.AppendRequest{
			GameID: "g", ExpectedVersion: expected, Events: payloads("b", 5),
			Command: &eventstore.Command{ID: "c1", Seat: 2, Data: []byte("second")},
		})
		if !again.Duplicate || again.FirstSeq != first.FirstSeq || again.LastSeq != first.LastSeq {
			t.Errorf("repeat at %d = %+v, want duplicate of %+v", expected, again, first)
		}
		if d := again.DuplicateOf; d == nil || d.ID != "c1" || d.Seat != 2 || string(d.Data) != "first" ||
			d.FirstSeq != 2 || d.LastSeq != 3 || d.GameID != "g" {
			t.Errorf("DuplicateOf = %+v, want the first command", d)
		}
	}
	if v := version(t, s, "g"); v != 3 {
		t.Errorf("version = %d, want 3", v)
	}
	if cmds, err := s.Commands(ctx, "g"); err != nil || len(cmds) != 1 {
		t.Errorf("Commands = %+v, %v; want one", cmds, err)
	}
	// The same command id in another game is another command.
	newGame(t, s, "h", 1)
	res := mustAppend(t, s, eventstore.AppendRequest{GameID: "h", ExpectedVersion: 1, Command: cmd, Events: payloads("h", 1)})
	if res.Duplicate || res.FirstSeq != 2 {
		t.Errorf("same command id in another game = %+v", res)
	}
}

// testCommandPerSeat: a command id belongs to the seat that sent it. One
// seat using an id first never refuses another seat's command with that
// id, and each seat's repeat still gets its own first result.
func testCommandPerSeat(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 1)
	squat := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: payloads("s1", 1),
		Command: &eventstore.Command{ID: "seat0-0", Seat: 1, Data: []byte("by seat 1")}})
	own := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 2, Events: payloads("s0", 2),
		Command: &eventstore.Command{ID: "seat0-0", Seat: 0, Data: []byte("by seat 0")}})
	if squat.Duplicate || own.Duplicate || own.FirstSeq != 3 || own.LastSeq != 4 {
		t.Fatalf("seat 1 then seat 0 under one id = %+v, %+v; want two commands", squat, own)
	}
	for _, c := range []struct {
		seat int
		data string
		res  eventstore.AppendResult
	}{{1, "by seat 1", squat}, {0, "by seat 0", own}} {
		again := mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: payloads("r", 1),
			Command: &eventstore.Command{ID: "seat0-0", Seat: c.seat, Data: []byte("retry")}})
		if !again.Duplicate || again.FirstSeq != c.res.FirstSeq || again.LastSeq != c.res.LastSeq ||
			again.DuplicateOf == nil || again.DuplicateOf.Seat != c.seat || string(again.DuplicateOf.Data) != c.data {
			t.Errorf("seat %d's repeat = %+v (of %+v), want its own first result %+v", c.seat, again, again.DuplicateOf, c.res)
		}
		got, err := s.LookupCommand(ctx, "g", c.seat, "seat0-0")
		if err != nil || got.Seat != c.seat || string(got.Data) != c.data || got.FirstSeq != c.res.FirstSeq {
			t.Errorf("LookupCommand(seat %d) = %+v, %v; want %q at %d", c.seat, got, err, c.data, c.res.FirstSeq)
		}
	}
	_, err := s.LookupCommand(ctx, "g", 2, "seat0-0")
	wantErr(t, "LookupCommand(a seat that never used the id)", err, eventstore.ErrNotFound)
	if cmds, err := s.Commands(ctx, "g"); err != nil || len(cmds) != 2 {
		t.Errorf("Commands = %+v, %v; want two", cmds, err)
	}
	if v := version(t, s, "g"); v != 4 {
		t.Errorf("version = %d, want 4", v)
	}
}

func testCommandRepeatedConcurrently(t *testing.T, s eventstore.Store) {
	// Writers racing with one command id, from one seat (at a fixed and at
	// any version) and from three: each seat's command is recorded once,
	// and every other writer gets that seat's first result.
	for _, c := range []struct {
		expected int64
		seats    int
	}{{1, 1}, {eventstore.AnyVersion, 1}, {eventstore.AnyVersion, 3}} {
		id := fmt.Sprint("g", c.expected, "x", c.seats)
		newGame(t, s, id, 1)
		res, errs := appendAll(t, s, func(i int) eventstore.AppendRequest {
			return eventstore.AppendRequest{
				GameID: id, ExpectedVersion: c.expected, Events: payloads(fmt.Sprint("w", i), 2),
				Command: &eventstore.Command{ID: "same", Seat: i % c.seats, Data: []byte{byte(i)}},
			}
		})
		cmds, err := s.Commands(ctxFor(t), id)
		if err != nil || len(cmds) != c.seats {
			t.Fatalf("%s: Commands = %+v, %v; want one per seat", id, cmds, err)
		}
		bySeat := map[int]eventstore.Command{}
		for _, cmd := range cmds {
			bySeat[cmd.Seat] = cmd
		}
		firsts := 0
		for i, err := range errs {
			if err != nil {
				t.Fatalf("%s: writer %d: %v", id, i, err)
			}
			first, ok := bySeat[i%c.seats]
			if !ok || res[i].FirstSeq != first.FirstSeq || res[i].LastSeq != first.LastSeq {
				t.Errorf("%s: writer %d got seqs %d..%d, want its seat's %+v", id, i, res[i].FirstSeq, res[i].LastSeq, first)
			}
			if !res[i].Duplicate {
				firsts++
			} else if d := res[i].DuplicateOf; d == nil || d.Seat != i%c.seats || !bytes.Equal(d.Data, first.Data) {
				t.Errorf("%s: writer %d: DuplicateOf = %+v, want %+v", id, i, d, first)
			}
		}
		if firsts != c.seats {
			t.Errorf("%s: %d writers recorded the command, want %d", id, firsts, c.seats)
		}
		if evs := mustRead(t, s, id); len(evs) != 1+2*c.seats {
			t.Errorf("%s: stream has %d events, want %d", id, len(evs), 1+2*c.seats)
		}
	}
}

func testCommands(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 2)
	if cmds, err := s.Commands(ctx, "g"); err != nil || len(cmds) != 0 {
		t.Errorf("Commands of a new game = %+v, %v", cmds, err)
	}
	type step struct {
		id     string
		seat   int
		events int
	}
	steps := []step{{"zeta", 1, 1}, {"", 0, 2}, {"alpha", 0, 3}, {"mid", 3, 1}}
	for _, st := range steps {
		req := eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: payloads(st.id, st.events)}
		if st.id != "" {
			req.Command = &eventstore.Command{ID: st.id, Seat: st.seat, Data: []byte("data-" + st.id)}
		}
		mustAppend(t, s, req)
	}
	want := []eventstore.Command{
		{GameID: "g", ID: "zeta", Seat: 1, Data: []byte("data-zeta"), FirstSeq: 3, LastSeq: 3},
		{GameID: "g", ID: "alpha", Seat: 0, Data: []byte("data-alpha"), FirstSeq: 6, LastSeq: 8},
		{GameID: "g", ID: "mid", Seat: 3, Data: []byte("data-mid"), FirstSeq: 9, LastSeq: 9},
	}
	same := func(a, b eventstore.Command) bool {
		return a.GameID == b.GameID && a.ID == b.ID && a.Seat == b.Seat && bytes.Equal(a.Data, b.Data) &&
			a.FirstSeq == b.FirstSeq && a.LastSeq == b.LastSeq
	}
	cmds, err := s.Commands(ctx, "g")
	if err != nil {
		t.Fatalf("Commands: %v", err)
	}
	if len(cmds) != len(want) {
		t.Fatalf("Commands = %+v, want %+v", cmds, want)
	}
	for i := range want {
		if !same(cmds[i], want[i]) || cmds[i].RecordedAt.IsZero() {
			t.Errorf("Commands[%d] = %+v, want %+v", i, cmds[i], want[i])
		}
		got, err := s.LookupCommand(ctx, "g", want[i].Seat, want[i].ID)
		if err != nil || !same(got, want[i]) {
			t.Errorf("LookupCommand(%s) = %+v, %v; want %+v", want[i].ID, got, err, want[i])
		}
	}
	_, err = s.LookupCommand(ctx, "g", 0, "missing")
	wantErr(t, "LookupCommand(missing)", err, eventstore.ErrNotFound)
	_, err = s.LookupCommand(ctx, "g", 0, "zeta")
	wantErr(t, "LookupCommand(another seat's id)", err, eventstore.ErrNotFound)
}

func testReadStream(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 4)
	newGame(t, s, "other", 2)
	mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 4, Events: payloads("more", 6)})
	all := mustRead(t, s, "g")
	checkDense(t, "g", all)
	if len(all) != 10 {
		t.Fatalf("ReadStream = %d events, want 10", len(all))
	}
	cases := []struct {
		after   int64
		limit   int
		first   int64
		howMany int
	}{
		{0, 0, 1, 10}, {0, 3, 1, 3}, {3, 0, 4, 7}, {3, 2, 4, 2}, {9, 5, 10, 1}, {10, 0, 0, 0}, {50, 1, 0, 0}, {-1, 0, 1, 10},
	}
	for _, c := range cases {
		evs, err := s.ReadStream(ctx, "g", c.after, c.limit)
		if err != nil {
			t.Fatalf("ReadStream(after %d, limit %d): %v", c.after, c.limit, err)
		}
		if len(evs) != c.howMany || (len(evs) > 0 && evs[0].Seq != c.first) {
			t.Errorf("ReadStream(after %d, limit %d) = %d events from %v, want %d from %d", c.after, c.limit, len(evs), evs, c.howMany, c.first)
			continue
		}
		for i, e := range evs {
			w := all[c.first-1+int64(i)]
			if e.Seq != w.Seq || !bytes.Equal(e.Data, w.Data) || !e.RecordedAt.Equal(w.RecordedAt) {
				t.Errorf("ReadStream(after %d, limit %d)[%d] = %+v, want %+v", c.after, c.limit, i, e, w)
			}
		}
	}
}

func testSeats(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 1)
	newGame(t, s, "h", 1)
	if seats, err := s.Seats(ctx, "g"); err != nil || len(seats) != 0 {
		t.Errorf("Seats of a new game = %+v, %v", seats, err)
	}
	at := time.Date(2026, 5, 6, 7, 8, 9, 123000, time.UTC)
	claim := func(game string, seat int, token, name string) error {
		return s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: game, Seat: seat, TokenHash: []byte(token), Name: name, ClaimedAt: at})
	}
	for _, c := range []struct {
		seat  int
		token string
	}{{2, "t2"}, {0, "t0"}, {1, "t1"}} {
		if err := claim("g", c.seat, c.token, "name-"+c.token); err != nil {
			t.Fatalf("ClaimSeat(%d): %v", c.seat, err)
		}
	}
	wantErr(t, "ClaimSeat(taken seat)", claim("g", 1, "t9", "late"), eventstore.ErrSeatTaken)
	wantErr(t, "ClaimSeat(token reused)", claim("g", 3, "t1", "copy"), eventstore.ErrSeatTaken)
	wantErr(t, "ClaimSeat(unknown game)", claim("nope", 0, "tx", "x"), eventstore.ErrNotFound)
	if err := claim("h", 1, "h1", "other game, same seat"); err != nil {
		t.Errorf("ClaimSeat in another game: %v", err)
	}
	seats, err := s.Seats(ctx, "g")
	if err != nil {
		t.Fatalf("Seats: %v", err)
	}
	if len(seats) != 3 {
		t.Fatalf("Seats = %+v, want 3", seats)
	}
	for i, c := range seats {
		tok := fmt.Sprint("t", i)
		if c.GameID != "g" || c.Seat != i || string(c.TokenHash) != tok || c.Name != "name-"+tok || !c.ClaimedAt.Equal(at) {
			t.Errorf("Seats[%d] = %+v", i, c)
		}
	}
	got, err := s.SeatByToken(ctx, []byte("t2"))
	if err != nil || got.GameID != "g" || got.Seat != 2 || got.Name != "name-t2" {
		t.Errorf("SeatByToken(t2) = %+v, %v", got, err)
	}
	_, err = s.SeatByToken(ctx, []byte("t9"))
	wantErr(t, "SeatByToken(unknown)", err, eventstore.ErrNotFound)
	// ClaimedAt defaults to now.
	if err := s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "h", Seat: 0, TokenHash: []byte("h0")}); err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}
	if c, err := s.SeatByToken(ctx, []byte("h0")); err != nil || c.ClaimedAt.IsZero() {
		t.Errorf("SeatByToken(h0) = %+v, %v; want a ClaimedAt", c, err)
	}
	// Concurrent claims of one seat: exactly one wins.
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Go(func() { errs[i] = claim("h", 7, fmt.Sprint("race", i), "r") })
	}
	wg.Wait()
	oneWins(t, errs, eventstore.ErrSeatTaken, "claims of one seat")
}

// oneWins checks the outcome of racing writers: exactly one succeeded, and
// every other was refused with lost.
func oneWins(t *testing.T, errs []error, lost error, what string) {
	t.Helper()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, lost):
			t.Errorf("concurrent %s: %v", what, err)
		}
	}
	if won != 1 {
		t.Errorf("%d concurrent %s succeeded, want 1", won, what)
	}
}

// testTextRefused: text PostgreSQL could not store (a NUL, invalid UTF-8)
// is refused on every write with ErrInvalidRequest and found nowhere on
// reads, by every store alike, and nothing is written.
func testTextRefused(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 1)
	for _, bad := range []string{"a\x00b", "\xff"} {
		_, err := s.CreateGame(ctx, eventstore.GameRecord{ID: bad, Rules: "r"}, payloads("x", 1))
		wantErr(t, fmt.Sprintf("CreateGame(id %q)", bad), err, eventstore.ErrInvalidRequest)
		_, err = s.CreateGame(ctx, eventstore.GameRecord{ID: "h", Rules: bad}, payloads("x", 1))
		wantErr(t, fmt.Sprintf("CreateGame(rules %q)", bad), err, eventstore.ErrInvalidRequest)
		_, err = s.Append(ctx, eventstore.AppendRequest{GameID: bad, ExpectedVersion: eventstore.AnyVersion, Events: payloads("x", 1)})
		wantErr(t, fmt.Sprintf("Append(game %q)", bad), err, eventstore.ErrInvalidRequest)
		_, err = s.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: payloads("x", 1),
			Command: &eventstore.Command{ID: bad}})
		wantErr(t, fmt.Sprintf("Append(command %q)", bad), err, eventstore.ErrInvalidRequest)
		err = s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "g", Seat: 0, TokenHash: []byte("t"), Name: bad})
		wantErr(t, fmt.Sprintf("ClaimSeat(name %q)", bad), err, eventstore.ErrInvalidRequest)

		_, err = s.GetGame(ctx, bad)
		wantErr(t, fmt.Sprintf("GetGame(%q)", bad), err, eventstore.ErrNotFound)
		_, err = s.ReadStream(ctx, bad, 0, 0)
		wantErr(t, fmt.Sprintf("ReadStream(%q)", bad), err, eventstore.ErrNotFound)
		_, err = s.Commands(ctx, bad)
		wantErr(t, fmt.Sprintf("Commands(%q)", bad), err, eventstore.ErrNotFound)
		_, err = s.LookupCommand(ctx, "g", 0, bad)
		wantErr(t, fmt.Sprintf("LookupCommand(%q)", bad), err, eventstore.ErrNotFound)
		_, err = s.Seats(ctx, bad)
		wantErr(t, fmt.Sprintf("Seats(%q)", bad), err, eventstore.ErrNotFound)
		for _, f := range []eventstore.ListFilter{{Rules: bad}, {AfterID: bad}} {
			if gs, err := s.ListGames(ctx, f); err != nil || len(gs) != 0 {
				t.Errorf("ListGames(%+v) = %v, %v; want nothing", f, gs, err)
			}
		}
	}
	if gs, err := s.ListGames(ctx, eventstore.ListFilter{}); err != nil || len(gs) != 1 {
		t.Errorf("ListGames = %v, %v; want the one game", gs, err)
	}
	if v := version(t, s, "g"); v != 1 {
		t.Errorf("version = %d, want 1", v)
	}
	if seats, err := s.Seats(ctx, "g"); err != nil || len(seats) != 0 {
		t.Errorf("Seats = %v, %v; want none", seats, err)
	}
}

func testPing(t *testing.T, s eventstore.Store) {
	if err := s.Ping(ctxFor(t)); err != nil {
		t.Errorf("Ping: %v", err)
	}
	if k := s.Kind(); k == "" {
		t.Error("Kind is empty")
	}
}
