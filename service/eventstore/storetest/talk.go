package storetest

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// say appends one message and fails the test on error.
func say(t *testing.T, s eventstore.Store, req eventstore.TalkRequest) eventstore.TalkResult {
	t.Helper()
	res, err := s.AppendTalk(ctxFor(t), req)
	if err != nil {
		t.Fatalf("AppendTalk(%+v): %v", req, err)
	}
	return res
}

// readTalk reads game id's whole talk.
func readTalk(t *testing.T, s eventstore.Store, id string) []eventstore.TalkMessage {
	t.Helper()
	ms, err := s.ReadTalk(ctxFor(t), id, 0, 0)
	if err != nil {
		t.Fatalf("ReadTalk(%s): %v", id, err)
	}
	return ms
}

// testTalk: talk is a stream of its own, dense from 1 per game, that
// leaves the game's events and version alone.
func testTalk(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	newGame(t, s, "g", 2)
	newGame(t, s, "other", 1)
	if ms := readTalk(t, s, "g"); len(ms) != 0 {
		t.Fatalf("a new game's talk = %+v", ms)
	}
	sent := []eventstore.TalkRequest{
		{GameID: "g", Seat: 1, Data: []byte("hello\x00")},
		{GameID: "g", Seat: 0, MessageID: "m1", Data: []byte("hi")},
		{GameID: "other", Seat: 0, Data: []byte("elsewhere")},
		{GameID: "g", Seat: 1, MessageID: "m1", Data: []byte("again")},
	}
	for i, req := range sent {
		res := say(t, s, req)
		want := int64(i + 1)
		if req.GameID == "other" {
			want = 1
		} else if i == 3 {
			want = 3
		}
		if res.Duplicate || res.Message.Seq != want || res.Message.RecordedAt.IsZero() || res.Message.Seat != req.Seat ||
			res.Message.MessageID != req.MessageID || !bytes.Equal(res.Message.Data, req.Data) {
			t.Errorf("AppendTalk(%+v) = %+v, want seq %d", req, res, want)
		}
	}
	ms := readTalk(t, s, "g")
	if len(ms) != 3 {
		t.Fatalf("ReadTalk = %d messages, want 3", len(ms))
	}
	for i, m := range ms {
		req := sent[[]int{0, 1, 3}[i]]
		if m.GameID != "g" || m.Seq != int64(i+1) || m.Seat != req.Seat || m.MessageID != req.MessageID || !bytes.Equal(m.Data, req.Data) || m.RecordedAt.IsZero() {
			t.Errorf("ReadTalk[%d] = %+v, want %+v", i, m, req)
		}
	}
	for _, c := range []struct {
		after    int64
		limit, n int
		first    int64
	}{{0, 2, 2, 1}, {1, 0, 2, 2}, {2, 5, 1, 3}, {3, 0, 0, 0}, {-1, 1, 1, 1}} {
		got, err := s.ReadTalk(ctx, "g", c.after, c.limit)
		if err != nil || len(got) != c.n || (c.n > 0 && got[0].Seq != c.first) {
			t.Errorf("ReadTalk(after %d, limit %d) = %+v, %v; want %d from %d", c.after, c.limit, got, err, c.n, c.first)
		}
	}
	g := getGame(t, s, "g")
	if g.Version != 2 || g.TalkVersion != 3 || len(mustRead(t, s, "g")) != 2 {
		t.Errorf("after talk, the game is %+v; its events and version must not move", g)
	}
	_, err := s.AppendTalk(ctx, eventstore.TalkRequest{GameID: "nope", Data: []byte("x")})
	wantErr(t, "AppendTalk(unknown game)", err, eventstore.ErrNotFound)
	_, err = s.ReadTalk(ctx, "nope", 0, 0)
	wantErr(t, "ReadTalk(unknown game)", err, eventstore.ErrNotFound)
	for _, bad := range []eventstore.TalkRequest{{Data: []byte("x")}, {GameID: "g", MessageID: "a\x00"}, {GameID: "\xff"}} {
		_, err = s.AppendTalk(ctx, bad)
		wantErr(t, fmt.Sprintf("AppendTalk(%+v)", bad), err, eventstore.ErrInvalidRequest)
	}
	_, err = s.ReadTalk(ctx, "a\x00", 0, 0)
	wantErr(t, "ReadTalk(a NUL)", err, eventstore.ErrNotFound)
	if g := getGame(t, s, "g"); g.TalkVersion != 3 {
		t.Errorf("refused talk moved the talk version to %d", g.TalkVersion)
	}
}

// testTalkRepeated: a message id belongs to its seat: a repeat returns the
// first message and writes nothing, another seat's id is its own, and
// messages without an id are never repeats.
func testTalkRepeated(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 1)
	first := say(t, s, eventstore.TalkRequest{GameID: "g", Seat: 2, MessageID: "m", Data: []byte("first")})
	again := say(t, s, eventstore.TalkRequest{GameID: "g", Seat: 2, MessageID: "m", Data: []byte("second")})
	if !again.Duplicate || again.Message.Seq != first.Message.Seq || string(again.Message.Data) != "first" ||
		!again.Message.RecordedAt.Equal(first.Message.RecordedAt) {
		t.Errorf("a repeat = %+v, want the first %+v", again, first)
	}
	other := say(t, s, eventstore.TalkRequest{GameID: "g", Seat: 1, MessageID: "m", Data: []byte("mine")})
	if other.Duplicate || other.Message.Seq != 2 {
		t.Errorf("another seat's message under the id = %+v", other)
	}
	for range 2 {
		if r := say(t, s, eventstore.TalkRequest{GameID: "g", Seat: 2, Data: []byte("no id")}); r.Duplicate {
			t.Errorf("a message without an id was a repeat: %+v", r)
		}
	}
	if ms := readTalk(t, s, "g"); len(ms) != 4 || getGame(t, s, "g").TalkVersion != 4 {
		t.Errorf("talk holds %d messages, want 4", len(ms))
	}
}

// testTalkConcurrent: writers racing on one game's talk, some with one
// message id: the talk stays dense, the id is recorded once, and every
// repeat gets that first message.
func testTalkConcurrent(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 1)
	res := make([]eventstore.TalkResult, writers)
	errs := make([]error, writers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			<-start
			req := eventstore.TalkRequest{GameID: "g", Seat: 0, Data: []byte{byte(i)}}
			if i%2 == 0 {
				req.MessageID = "same"
			}
			res[i], errs[i] = s.AppendTalk(ctxFor(t), req)
		})
	}
	close(start)
	wg.Wait()
	ms := readTalk(t, s, "g")
	if len(ms) != writers/2+1 {
		t.Fatalf("talk holds %d messages, want %d", len(ms), writers/2+1)
	}
	var same *eventstore.TalkMessage
	for i, m := range ms {
		if m.Seq != int64(i+1) {
			t.Fatalf("talk[%d] has seq %d", i, m.Seq)
		}
		if m.MessageID == "same" {
			if same != nil {
				t.Fatal("the message id was recorded twice")
			}
			same = &ms[i]
		}
	}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
		if i%2 == 0 && (same == nil || res[i].Message.Seq != same.Seq || !bytes.Equal(res[i].Message.Data, same.Data)) {
			t.Errorf("writer %d got %+v, want the first %+v", i, res[i], same)
		}
	}
}

// testOnChange: a listener is told of each append with the version it
// reached, of each message with the talk version, of a seat claimed, and
// of nothing once stopped; an append that wrote nothing tells nothing.
func testOnChange(t *testing.T, s eventstore.Store) {
	newGame(t, s, "g", 1)
	changes := make(chan eventstore.Change, 100)
	stop := s.OnChange(func(c eventstore.Change) {
		if c.GameID == "g" {
			select {
			case changes <- c:
			default:
			}
		}
	})
	next := func(what string, want func(eventstore.Change) bool) {
		t.Helper()
		deadline := time.After(wait)
		for {
			select {
			case c := <-changes:
				if want(c) {
					return
				}
			case <-deadline:
				t.Fatalf("no change told after %s", what)
			}
		}
	}
	mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: payloads("a", 2)})
	next("an append", func(c eventstore.Change) bool { return c.Version == 3 })
	if _, err := s.Append(ctxFor(t), eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: payloads("late", 1)}); !eventstore.IsVersionConflict(err) {
		t.Fatalf("append at an old version: %v", err)
	}
	say(t, s, eventstore.TalkRequest{GameID: "g", Seat: 0, Data: []byte("hi")})
	next("a message", func(c eventstore.Change) bool {
		if c.Version > 3 {
			t.Errorf("told of version %d after an append that wrote nothing", c.Version)
		}
		return c.TalkVersion == 1
	})
	if err := s.ClaimSeat(ctxFor(t), eventstore.SeatClaim{GameID: "g", Seat: 0, TokenHash: []byte("claim-told")}); err != nil {
		t.Fatal(err)
	}
	next("a seat claimed", func(c eventstore.Change) bool { return c.Seats })
	stop()
	drainChanges := func() int {
		n := 0
		for {
			select {
			case <-changes:
				n++
			default:
				return n
			}
		}
	}
	drainChanges()
	mustAppend(t, s, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 3, Events: payloads("b", 1)})
	if n := drainChanges(); n != 0 {
		t.Errorf("%d changes told after stop", n)
	}
}
