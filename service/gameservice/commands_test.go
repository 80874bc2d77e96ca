package gameservice_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// TestRetryReturnsFirstResult checks idempotency: a retried command id gives
// the same response and appends nothing.
func TestRetryReturnsFirstResult(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	first := e.mustSubmit(tok[0], id, "c1", cmdDeliver(3))
	before, _ := e.store.GetGame(context.Background(), id)
	again := e.mustSubmit(tok[0], id, "c1", cmdDeliver(3))
	after, _ := e.store.GetGame(context.Background(), id)
	if !proto.Equal(first, again) {
		t.Errorf("retry gave %v, first %v", again, first)
	}
	if before.Version != after.Version {
		t.Errorf("retry appended: version %d -> %d", before.Version, after.Version)
	}
}

// TestCommandIDsBelongToTheirSeat: a seat that uses another seat's next
// command id first does not take it from that seat. Both commands land,
// and each seat's retry returns its own first result.
func TestCommandIDsBelongToTheirSeat(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	e.mustSubmit(tok[0], id, "seat0-0", cmdDeliver(1))
	squat := e.mustSubmit(tok[1], id, "seat0-1", cmdPass()) // seat 0's next id, used by seat 1
	own := e.mustSubmit(tok[0], id, "seat0-1", cmdDeliver(2))
	if own.GetFirstSeq() != squat.GetLastSeq()+1 {
		t.Fatalf("seat 0's command took seq %d after seat 1's %d", own.GetFirstSeq(), squat.GetLastSeq())
	}
	before, _ := e.store.GetGame(context.Background(), id)
	for _, c := range []struct {
		token string
		cmd   *moonshinev1.GameCommand
		first *moonshinev1.SubmitCommandResponse
	}{{tok[1], cmdPass(), squat}, {tok[0], cmdDeliver(2), own}} {
		again := e.mustSubmit(c.token, id, "seat0-1", c.cmd)
		if !proto.Equal(again, c.first) {
			t.Errorf("retry gave %v, want the seat's first %v", again, c.first)
		}
	}
	// The same id with another command is still refused within a seat.
	if _, err := e.submit(tok[1], id, "seat0-1", cmdDeliver(9)); status.Code(err) != codes.AlreadyExists {
		t.Errorf("seat 1 reusing its id for another command: %v, want ALREADY_EXISTS", err)
	}
	after, _ := e.store.GetGame(context.Background(), id)
	if after.Version != before.Version {
		t.Errorf("retries appended: version %d -> %d", before.Version, after.Version)
	}
	var seats []int32
	for _, c := range e.history(auditorToken, id).GetCommands() {
		if c.GetCommandId() == "seat0-1" {
			seats = append(seats, c.GetSeat())
		}
	}
	if !slices.Equal(seats, []int32{1, 0}) {
		t.Errorf("commands logged under seat0-1 are by seats %v, want [1 0]", seats)
	}
}

// TestConcurrentRetries sends one command id from many clients at once,
// through two servers sharing the store: one result, one append.
func TestConcurrentRetries(t *testing.T) {
	e := newEnv(t, nil, nil)
	other := newEnv(t, e.store, nil)
	id, tok := e.table(2)
	start, _ := e.store.GetGame(context.Background(), id)
	const n = 16
	resps := make([]*moonshinev1.SubmitCommandResponse, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		via := []*env{e, other}[i%2]
		wg.Go(func() { resps[i], errs[i] = via.submit(tok[0], id, "same", cmdDeliver(5)) })
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("submit %d: %v", i, errs[i])
		}
		if !proto.Equal(resps[i], resps[0]) {
			t.Errorf("submit %d got %v, want %v", i, resps[i], resps[0])
		}
	}
	end, _ := e.store.GetGame(context.Background(), id)
	if end.Version != start.Version+1 {
		t.Errorf("version %d -> %d, want one event", start.Version, end.Version)
	}
}

// TestTwoServersNeverFork has both seats play through two server instances
// sharing one store, all at once, until the game ends: every accepted
// command lands once, in turn order, with dense sequence numbers.
func TestTwoServersNeverFork(t *testing.T) {
	a := newEnv(t, nil, nil)
	b := newEnv(t, a.store, nil)
	id, tok := a.table(2)
	var wg sync.WaitGroup
	for seat := range 2 {
		for _, e := range []*env{a, b} {
			wg.Go(func() {
				for i := 0; ; i++ {
					_, err := e.submit(tok[seat], id, fmt.Sprintf("%p-%d-%d", e, seat, i), cmdPass())
					code, reason := reasonOf(err)
					switch {
					case err == nil, reason == "NOT_YOUR_TURN", code == codes.Aborted:
					case reason == "GAME_OVER":
						return
					default:
						t.Errorf("seat %d: %v", seat, err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	h := a.history(auditorToken, id)
	if len(h.GetEvents()) != 2+toyMoves {
		t.Fatalf("%d events, want %d", len(h.GetEvents()), 2+toyMoves)
	}
	for i, ev := range h.GetEvents() {
		if ev.GetSeq() != int64(i+1) {
			t.Errorf("event %d has seq %d", i+1, ev.GetSeq())
		}
		if i >= 2 {
			if got := ev.GetPublic().GetBoozeBarons().GetPassed().GetSeat(); got != int32(i%2) {
				t.Errorf("event %d passed by seat %d, want %d", i+1, got, i%2)
			}
		}
	}
	if len(h.GetCommands()) != toyMoves {
		t.Errorf("%d commands logged, want %d", len(h.GetCommands()), toyMoves)
	}
}

// TestExpectedVersionRace sends several commands fixed to one version
// through two servers: exactly one lands, the others are ABORTED.
func TestExpectedVersionRace(t *testing.T) {
	a := newEnv(t, nil, nil)
	b := newEnv(t, a.store, nil)
	id, tok := a.table(2)
	g, _ := a.store.GetGame(context.Background(), id)
	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		e := []*env{a, b}[i%2]
		wg.Go(func() {
			_, errs[i] = e.client.SubmitCommand(as(tok[0]), &moonshinev1.SubmitCommandRequest{
				GameId: id, CommandId: fmt.Sprint("v", i), Command: cmdDeliver(int32(i)), ExpectedVersion: &g.Version})
		})
	}
	wg.Wait()
	landed := 0
	for i, err := range errs {
		switch code, reason := reasonOf(err); {
		case err == nil:
			landed++
		case code != codes.Aborted || reason != "VERSION_CONFLICT":
			t.Errorf("command %d: %v", i, err)
		}
	}
	end, _ := a.store.GetGame(context.Background(), id)
	if landed != 1 || end.Version != g.Version+1 {
		t.Errorf("%d landed, version %d -> %d; want exactly one", landed, g.Version, end.Version)
	}
}
