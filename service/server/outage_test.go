package server_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// outageStore is a PostgreSQL store reached through a pgtest.Proxy that a
// test can cut just before a given kind of call, so that the call meets a
// real outage at the moment the test chooses. It counts the calls that
// failed with eventstore.ErrUnavailable.
type outageStore struct {
	eventstore.Store
	proxy *pgtest.Proxy
	// cutBefore is "Append", "Append by a bot" or "ReadStream" while
	// armed; the next such call
	// cuts the proxy (restoring it after restoreAfter, if set) and disarms.
	cutBefore    atomic.Value
	restoreAfter time.Duration
	unavailable  atomic.Int64
}

// openOutageStore opens PostgreSQL at url through a proxy.
func openOutageStore(t *testing.T, url string) *outageStore {
	t.Helper()
	proxy, through := pgtest.NewProxy(t, url)
	pg, err := pgstore.Open(t.Context(), through)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	o := &outageStore{Store: pg, proxy: proxy}
	o.cutBefore.Store("")
	return o
}

// OnChange tells f of the store's changes without the events they carry:
// the server behind an outageStore reads what other servers append, so
// that the tests can cut its reads.
func (o *outageStore) OnChange(f func(eventstore.Change)) (stop func()) {
	return o.Store.OnChange(func(c eventstore.Change) {
		c.Events = nil
		f(c)
	})
}

// arm makes the next call named op meet an outage of the given length (0:
// until the test restores the proxy).
func (o *outageStore) arm(op string, length time.Duration) {
	o.restoreAfter = length
	o.cutBefore.Store(op)
}

func (o *outageStore) maybeCut(op string) {
	if !o.cutBefore.CompareAndSwap(op, "") {
		return
	}
	o.proxy.Cut()
	if d := o.restoreAfter; d > 0 {
		time.AfterFunc(d, func() { _ = o.proxy.Restore() })
	}
}

func (o *outageStore) count(err error) error {
	if errors.Is(err, eventstore.ErrUnavailable) {
		o.unavailable.Add(1)
	}
	return err
}

func (o *outageStore) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	o.maybeCut("Append")
	if req.Command != nil && strings.HasPrefix(req.Command.ID, "bot:") {
		o.maybeCut("Append by a bot")
	}
	res, err := o.Store.Append(ctx, req)
	return res, o.count(err)
}

func (o *outageStore) ReadStream(ctx context.Context, id string, after int64, limit int) ([]eventstore.Event, error) {
	o.maybeCut("ReadStream")
	evs, err := o.Store.ReadStream(ctx, id, after, limit)
	return evs, o.count(err)
}

// wantUnavailable checks that err is the service's answer to an outage:
// UNAVAILABLE, STORE_UNAVAILABLE, with a RetryInfo. It returns the
// ErrorInfo's metadata.
func wantUnavailable(t *testing.T, what string, err error) map[string]string {
	t.Helper()
	st := status.Convert(err)
	var info *errdetails.ErrorInfo
	var retry *errdetails.RetryInfo
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			info = d
		case *errdetails.RetryInfo:
			retry = d
		}
	}
	if st.Code() != codes.Unavailable || info.GetReason() != rpcstatus.ReasonStoreUnavailable || retry.GetRetryDelay().AsDuration() <= 0 {
		t.Errorf("%s during an outage: %v (ErrorInfo %v, RetryInfo %v); want UNAVAILABLE, STORE_UNAVAILABLE, a RetryInfo", what, err, info, retry)
	}
	return info.GetMetadata()
}

// TestPostgresOutageIsUnavailable cuts the database away from two servers
// (one that has the game cached, one that has never loaded it) and calls
// every RPC as every kind of caller that reaches the store: each answers
// UNAVAILABLE with a RetryInfo, none INTERNAL. Once the database is back,
// everything is served again, and the refused calls wrote nothing.
func TestPostgresOutageIsUnavailable(t *testing.T) {
	url := pgtest.New(t)
	warmStore, coldStore := openOutageStore(t, url), openOutageStore(t, url)
	warm := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: warmStore}))
	cold := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: coldStore}))
	id, tok := table(t, warm, 3)
	view, err := warm.GetView(as(tok[0]), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	legal := view.GetView().GetPrompt().GetLegal()[0]
	before := view.GetView().GetInfo().GetVersion()

	warmStore.proxy.Cut()
	coldStore.proxy.Cut()
	for name, c := range map[string]moonshinev1.GameServiceClient{"warm": warm, "cold": cold} {
		for _, call := range outageCalls(id, tok, legal) {
			ctx, cancel := context.WithTimeout(call.ctx, 20*time.Second)
			meta := wantUnavailable(t, name+" "+call.name, call.do(ctx, c))
			cancel()
			if call.name == "WatchGame" && meta["resume_after_seq"] != "0" {
				t.Errorf("%s WatchGame: resume_after_seq %q, want the request's 0", name, meta["resume_after_seq"])
			}
		}
	}
	for _, s := range []*outageStore{warmStore, coldStore} {
		if err := s.proxy.Restore(); err != nil {
			t.Fatal(err)
		}
	}
	for name, c := range map[string]moonshinev1.GameServiceClient{"warm": warm, "cold": cold} {
		after, err := c.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: id})
		if err != nil {
			t.Fatalf("%s after the outage: %v", name, err)
		}
		if v := after.GetGame().GetVersion(); v != before {
			t.Errorf("%s: the refused calls moved the game from version %d to %d", name, before, v)
		}
	}
	list, err := warm.ListGames(context.Background(), &moonshinev1.ListGamesRequest{})
	if err != nil || len(list.GetGames()) != 1 {
		t.Errorf("after the outage, %d games (%v); want the one", len(list.GetGames()), err)
	}
}

type outageCall struct {
	name string
	ctx  context.Context
	do   func(ctx context.Context, c moonshinev1.GameServiceClient) error
}

// outageCalls are every RPC of the service, each as the callers that reach
// the store (a seat's credential is looked up in it; the auditor's is not).
func outageCalls(id string, tok []string, legal *moonshinev1.GameCommand) []outageCall {
	seat := int32(0)
	call := func(name string, ctx context.Context, do func(ctx context.Context, c moonshinev1.GameServiceClient) error) outageCall {
		return outageCall{name, ctx, do}
	}
	return []outageCall{
		call("CreateGame", as(""), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: 3}})
			return err
		}),
		call("JoinGame", as(""), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: id, Seat: &seat})
			return err
		}),
		call("SubmitCommand", as(tok[0]), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "outage", Command: legal})
			return err
		}),
		call("SendMessage", as(tok[1]), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.SendMessage(ctx, &moonshinev1.SendMessageRequest{GameId: id, Text: "anyone there?", MessageId: "m1"})
			return err
		}),
		call("GetGame", as(""), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.GetGame(ctx, &moonshinev1.GetGameRequest{GameId: id})
			return err
		}),
		call("ListGames", as(""), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.ListGames(ctx, &moonshinev1.ListGamesRequest{})
			return err
		}),
		call("GetView as a seat", as(tok[2]), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.GetView(ctx, &moonshinev1.GetViewRequest{GameId: id})
			return err
		}),
		call("GetView as a spectator", as(""), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.GetView(ctx, &moonshinev1.GetViewRequest{GameId: id})
			return err
		}),
		call("GetViewAt", as(auditor), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.GetViewAt(ctx, &moonshinev1.GetViewAtRequest{GameId: id, Seq: 1})
			return err
		}),
		call("GetHistory", as(auditor), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			_, err := c.GetHistory(ctx, &moonshinev1.GetHistoryRequest{GameId: id})
			return err
		}),
		call("WatchGame", as(""), func(ctx context.Context, c moonshinev1.GameServiceClient) error {
			stream, err := c.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
			if err != nil {
				return err
			}
			_, err = stream.Recv()
			return err
		}),
	}
}

// TestPostgresOutageMidAppend cuts the database as a command is being
// appended: the client gets UNAVAILABLE, and retrying the same command id
// once the database is back lands it exactly once.
func TestPostgresOutageMidAppend(t *testing.T) {
	s := openOutageStore(t, pgtest.New(t))
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: s}))
	id, tok := table(t, c, 3)
	view, err := c.GetView(as(tok[0]), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	req := &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "c1", Command: view.GetView().GetPrompt().GetLegal()[0]}
	s.arm("Append", 300*time.Millisecond)
	_, err = c.SubmitCommand(as(tok[0]), req)
	wantUnavailable(t, "SubmitCommand", err)
	var res *moonshinev1.SubmitCommandResponse
	deadline := time.Now().Add(20 * time.Second)
	for res == nil {
		if res, err = c.SubmitCommand(as(tok[0]), req); status.Code(err) == codes.Unavailable && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond) // as a client following RetryInfo would
			continue
		}
		if err != nil {
			t.Fatalf("retry after the outage: %v", err)
		}
	}
	h, err := c.GetHistory(as(auditor), &moonshinev1.GetHistoryRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	landed := 0
	for _, cmd := range h.GetCommands() {
		if cmd.GetCommandId() == "c1" {
			landed++
		}
	}
	if landed != 1 || res.GetLastSeq() != h.GetGame().GetVersion() {
		t.Errorf("c1 logged %d times, response at %d, game at %d; want once, at the end", landed, res.GetLastSeq(), h.GetGame().GetVersion())
	}
}

// watchedGame is a game played on one server, straight on the database,
// and watched from the start through another, whose database the test
// cuts: the watch has caught up with the setup.
type watchedGame struct {
	store           *outageStore
	watcher, player moonshinev1.GameServiceClient
	id              string
	tok             []string
	ctx             context.Context
	stream          moonshinev1.GameService_WatchGameClient
	next            int64 // the seq the stream sends next
}

func newWatchedGame(t *testing.T, outage time.Duration) *watchedGame {
	t.Helper()
	url := pgtest.New(t)
	w := &watchedGame{store: openOutageStore(t, url), next: 1}
	w.watcher = moonshinev1.NewGameServiceClient(start(t, server.Config{Store: w.store, WatchOutage: outage}))
	w.player = moonshinev1.NewGameServiceClient(start(t, server.Config{DatabaseURL: url}))
	w.id, w.tok = table(t, w.player, 3)
	ctx, cancel := context.WithTimeout(as(w.tok[0]), 30*time.Second)
	t.Cleanup(cancel)
	w.ctx = ctx
	var err error
	if w.stream, err = w.watcher.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: w.id}); err != nil {
		t.Fatal(err)
	}
	w.expect(t, w.version(t))
	return w
}

// version is the game's version, as the player's server has it.
func (w *watchedGame) version(t *testing.T) int64 {
	t.Helper()
	info, err := w.player.GetGame(w.ctx, &moonshinev1.GetGameRequest{GameId: w.id})
	if err != nil {
		t.Fatal(err)
	}
	return info.GetGame().GetVersion()
}

// expect receives the events up to through, in order, none missing.
func (w *watchedGame) expect(t *testing.T, through int64) {
	t.Helper()
	for ; w.next <= through; w.next++ {
		msg, err := w.stream.Recv()
		if err != nil {
			t.Fatalf("waiting for seq %d: %v", w.next, err)
		}
		if msg.GetEvent().GetSeq() != w.next {
			t.Fatalf("got seq %d, want %d", msg.GetEvent().GetSeq(), w.next)
		}
	}
}

// TestPostgresWatchRidesOutAnOutage opens a watch on a server whose
// database is cut at the moment the watch reads: the watch retries its
// read from its last seq and, the database back, goes on with no gap and
// no duplicate. A second server, on the database directly, plays.
func TestPostgresWatchRidesOutAnOutage(t *testing.T) {
	w := newWatchedGame(t, 20*time.Second)
	w.store.arm("ReadStream", 500*time.Millisecond)
	for seat, cmdID := range []string{"a", "b"} {
		if !play(t, w.player, w.id, w.tok[seat], cmdID) {
			t.Fatalf("seat %d has nothing to play", seat)
		}
		w.expect(t, w.version(t))
	}
	if w.store.unavailable.Load() == 0 {
		t.Error("no read of the watch met the outage")
	}
}

// TestPostgresWatchEndsAfterALongOutage: an outage longer than the watch
// rides out ends the stream UNAVAILABLE with the seq to resume after;
// watching again from there, once the database is back, misses nothing.
func TestPostgresWatchEndsAfterALongOutage(t *testing.T) {
	w := newWatchedGame(t, 300*time.Millisecond)
	s, watcher, id, ctx, setup := w.store, w.watcher, w.id, w.ctx, w.next-1
	s.arm("ReadStream", 0) // until restored below
	play(t, w.player, id, w.tok[0], "a")
	_, err := w.stream.Recv()
	meta := wantUnavailable(t, "the watch", err)
	if meta["resume_after_seq"] != strconv.FormatInt(setup, 10) {
		t.Fatalf("resume_after_seq = %q, want %d", meta["resume_after_seq"], setup)
	}
	if err := s.proxy.Restore(); err != nil {
		t.Fatal(err)
	}
	var again moonshinev1.GameService_WatchGameClient
	for deadline := time.Now().Add(20 * time.Second); ; {
		again, err = watcher.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, AfterSeq: setup})
		var msg *moonshinev1.WatchGameResponse
		if err == nil {
			msg, err = again.Recv()
		}
		if err == nil {
			if msg.GetEvent().GetSeq() != setup+1 {
				t.Fatalf("watching again after %d: got seq %d", setup, msg.GetEvent().GetSeq())
			}
			return
		}
		if status.Code(err) != codes.Unavailable || time.Now().After(deadline) {
			t.Fatalf("watching again after the outage: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestPostgresBotsPlayOnAfterAnOutage: a bot whose move meets an outage
// moves once the database is back, without a client touching the game.
func TestPostgresBotsPlayOnAfterAnOutage(t *testing.T) {
	s := openOutageStore(t, pgtest.New(t))
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: s}))
	id, tok := table(t, c, 3, 1, 2)
	info, err := c.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	s.arm("Append by a bot", 300*time.Millisecond)
	armedAt := info.GetGame().GetVersion()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if _, err := tryPlay(c, id, tok[0], fmt.Sprint("h", time.Now().UnixNano())); err != nil && status.Code(err) != codes.Unavailable {
			t.Fatal(err)
		}
		h, err := c.GetHistory(as(auditor), &moonshinev1.GetHistoryRequest{GameId: id})
		if err != nil {
			continue // the outage
		}
		for _, cmd := range h.GetCommands() {
			if strings.HasPrefix(cmd.GetCommandId(), "bot:") && cmd.GetFirstSeq() > armedAt && s.unavailable.Load() > 0 {
				return
			}
		}
	}
	t.Fatalf("no bot moved after its move met an outage (%d calls met it)", s.unavailable.Load())
}
