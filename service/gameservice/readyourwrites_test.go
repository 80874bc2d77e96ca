package gameservice_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"strconv"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// deafStore is a real store whose appends by others are never told to the
// process using it (as when a notification is lost or late): only reading
// the log shows them.
type deafStore struct{ eventstore.Store }

func (deafStore) OnChange(func(eventstore.Change)) func() { return func() {} }

// TestReadsFromMemoryWhenCurrent: once a game is cached and current, a
// seat's and a spectator's GetView, and GetViewAt at the game's version,
// read nothing from the store.
func TestReadsFromMemoryWhenCurrent(t *testing.T) {
	store := &readCounter{Store: deafStore{memstore.New()}}
	e := newEnv(t, store, nil)
	id, tok := e.table(2)
	res := e.mustSubmit(tok[0], id, "c1", cmdPass())
	store.reads()
	for _, token := range []string{tok[0], tok[1], ""} {
		v, err := e.client.GetView(as(token), &moonshinev1.GetViewRequest{GameId: id})
		if err != nil || v.GetView().GetInfo().GetVersion() != res.GetLastSeq() {
			t.Fatalf("GetView as %q: version %d, %v; want %d", token, v.GetView().GetInfo().GetVersion(), err, res.GetLastSeq())
		}
	}
	if _, err := e.client.GetViewAt(as(tok[1]), &moonshinev1.GetViewAtRequest{GameId: id, Seq: res.GetLastSeq()}); err != nil {
		t.Fatal(err)
	}
	if records, streams := store.reads(); records != 0 || streams != 0 {
		t.Errorf("reads of a current game read %d records and %d streams", records, streams)
	}
}

// TestMinVersion: a server that was not told of another server's append
// may answer from the version it holds, but a read with min_version at
// or below the log's version catches up first (read your writes), and
// one past the log's version is OUT_OF_RANGE, VERSION_NOT_REACHED, with
// the version reached.
func TestMinVersion(t *testing.T) {
	a := newEnv(t, nil, nil)
	b := newEnv(t, deafStore{a.store}, nil)
	id, tok := a.table(2)
	seat := func(v *moonshinev1.GetViewResponse) int64 { return v.GetView().GetInfo().GetVersion() }
	before, err := b.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	res := a.mustSubmit(tok[0], id, "c1", cmdPass())
	stale, err := b.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil || seat(stale) != seat(before) {
		t.Fatalf("without min_version b answered version %d, %v; want the %d it holds (it was told nothing)", seat(stale), err, seat(before))
	}
	got, err := b.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id, MinVersion: res.GetLastSeq()})
	if err != nil || seat(got) != res.GetLastSeq() || got.GetView().GetPrompt() == nil {
		t.Fatalf("with min_version %d b answered version %d (prompt %v), %v", res.GetLastSeq(), seat(got), got.GetView().GetPrompt(), err)
	}
	at, err := b.client.GetViewAt(as(tok[1]), &moonshinev1.GetViewAtRequest{GameId: id, Seq: res.GetLastSeq(), MinVersion: res.GetLastSeq()})
	if err != nil || at.GetView().GetInfo().GetVersion() != res.GetLastSeq() {
		t.Fatalf("GetViewAt with min_version: %v, %v", at.GetView().GetInfo(), err)
	}
	for _, call := range []func() error{
		func() error {
			_, err := b.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id, MinVersion: res.GetLastSeq() + 1})
			return err
		},
		func() error {
			_, err := b.client.GetViewAt(as(tok[1]), &moonshinev1.GetViewAtRequest{GameId: id, Seq: 1, MinVersion: res.GetLastSeq() + 1})
			return err
		},
	} {
		err := call()
		if code, reason := reasonOf(err); code != codes.OutOfRange || reason != "VERSION_NOT_REACHED" {
			t.Fatalf("min_version past the log: %v", err)
		}
		if got := actualVersion(err); got != res.GetLastSeq() {
			t.Errorf("actual_version %d, want %d", got, res.GetLastSeq())
		}
	}
}

// actualVersion returns the actual_version metadata of a refusal (-1: none).
func actualVersion(err error) int64 {
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			v, err := strconv.ParseInt(info.GetMetadata()["actual_version"], 10, 64)
			if err != nil {
				return -1
			}
			return v
		}
	}
	return -1
}

// TestWatchPrompts: with prompts, a stream follows the events up to the
// game's version with an update at that version, whom the game waits for,
// and again after each change; the update of the seat the game waits for
// carries its prompt, a spectator's and another seat's none.
func TestWatchPrompts(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type next func() (last int64, u *moonshinev1.PromptUpdate)
	watch := func(token string) next {
		wctx := ctx
		if token != "" {
			k, v := auth.Credentials(token)
			wctx = metadata.AppendToOutgoingContext(ctx, k, v)
		}
		stream, err := e.client.WatchGame(wctx, &moonshinev1.WatchGameRequest{GameId: id, Prompts: true})
		if err != nil {
			t.Fatal(err)
		}
		last := int64(0)
		return func() (int64, *moonshinev1.PromptUpdate) { // the events until the next update
			for {
				msg, err := stream.Recv()
				if err != nil {
					t.Fatal(err)
				}
				if ev := msg.GetEvent(); ev != nil {
					if ev.GetSeq() != last+1 {
						t.Fatalf("event %d after %d", ev.GetSeq(), last)
					}
					last = ev.GetSeq()
				}
				if u := msg.GetPrompt(); u != nil {
					return last, u
				}
			}
		}
	}
	check := func(name string, n next, version int64, waitsFor int32, prompted bool) {
		t.Helper()
		last, u := n()
		if last != version || u.GetVersion() != version {
			t.Errorf("%s: update at %d after event %d, want both %d", name, u.GetVersion(), last, version)
		}
		if len(u.GetWaiting()) != 1 || u.GetWaiting()[0].GetSeat() != waitsFor || !u.GetWaiting()[0].GetMustAct() {
			t.Errorf("%s: waiting %v, want seat %d", name, u.GetWaiting(), waitsFor)
		}
		if got := len(u.GetPrompt().GetLegal()) > 0; got != prompted {
			t.Errorf("%s: prompt %v, want one: %v", name, u.GetPrompt(), prompted)
		}
	}
	streams := map[string]next{"seat 0": watch(tok[0]), "seat 1": watch(tok[1]), "spectator": watch("")}
	v, err := e.client.GetView(context.Background(), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	start := v.GetView().GetInfo().GetVersion()
	for name, n := range streams {
		check(name, n, start, 0, name == "seat 0")
	}
	res := e.mustSubmit(tok[0], id, "c1", cmdPass())
	for name, n := range streams {
		check(name, n, res.GetLastSeq(), 1, name == "seat 1")
	}
}

// callCounter is a real store that counts every call a command could
// make to it.
type callCounter struct {
	eventstore.Store
	calls atomic.Int64
}

func (c *callCounter) count() int64 { return c.calls.Swap(0) }

func (c *callCounter) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	c.calls.Add(1)
	return c.Store.Append(ctx, req)
}

func (c *callCounter) ReadStream(ctx context.Context, id string, after int64, limit int) ([]eventstore.Event, error) {
	c.calls.Add(1)
	return c.Store.ReadStream(ctx, id, after, limit)
}

func (c *callCounter) GetGame(ctx context.Context, id string) (eventstore.GameRecord, error) {
	c.calls.Add(1)
	return c.Store.GetGame(ctx, id)
}

func (c *callCounter) SeatByToken(ctx context.Context, h []byte) (eventstore.SeatClaim, error) {
	c.calls.Add(1)
	return c.Store.SeatByToken(ctx, h)
}

func (c *callCounter) Seats(ctx context.Context, id string) ([]eventstore.SeatClaim, error) {
	c.calls.Add(1)
	return c.Store.Seats(ctx, id)
}

func (c *callCounter) LookupCommand(ctx context.Context, id string, seat int, cmd string) (eventstore.Command, error) {
	c.calls.Add(1)
	return c.Store.LookupCommand(ctx, id, seat, cmd)
}

// TestSubmitCallsTheStoreOnce: with the game cached, a seat's accepted
// command at a table without bots is one store call, the append (on
// PostgreSQL the NOTIFY follows, coalesced, off the caller's path). A
// refused one stands only once the game is read to the log's end (another
// process's append may not have been told yet) and its command id is not
// in the log: two calls, and no append.
func TestSubmitCallsTheStoreOnce(t *testing.T) {
	store := &callCounter{Store: memstore.New()}
	e := newEnv(t, store, nil)
	id, tok := e.table(2)
	store.count()
	for i := range 4 {
		e.mustSubmit(tok[i%2], id, fmt.Sprint("c", i), cmdPass())
		if n := store.count(); n != 1 {
			t.Errorf("command %d made %d store calls, want 1 (the append)", i, n)
		}
	}
	if _, err := e.submit(tok[1], id, "out-of-turn", cmdPass()); err == nil {
		t.Fatal("a command out of turn was accepted")
	}
	if n := store.count(); n != 2 {
		t.Errorf("a refused command made %d store calls, want 2 (the catch-up read and the command id's lookup)", n)
	}
}
