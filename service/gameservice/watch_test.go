package gameservice_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding/gzip"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
)

// TestWatchCatchUpThenLive reads the stored events, then events appended
// live, some through a second server sharing the store: every sequence
// number once, in order; table talk, a stream of its own, is not among
// them.
func TestWatchCatchUpThenLive(t *testing.T) {
	a := newEnv(t, nil, nil)
	b := newEnv(t, a.store, nil)
	id, tok := a.table(2)
	a.mustSubmit(tok[0], id, "c1", cmdPass())
	ctx, cancel := context.WithCancel(as(tok[1]))
	defer cancel()
	stream, err := a.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	got := recv(t, stream, 3) // two setup events and c1
	b.mustSubmit(tok[1], id, "c2", cmdPass())
	if _, err := b.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "hello"}); err != nil {
		t.Fatal(err)
	}
	a.mustSubmit(tok[0], id, "c3", cmdPass())
	got = append(got, recv(t, stream, 2)...)
	for i, ev := range got {
		if ev.GetSeq() != int64(i+1) || ev.GetPublic().GetChat() != nil {
			t.Fatalf("event %d is %v", i+1, ev)
		}
	}
}

// TestWatchFromSeq starts after a given sequence number.
func TestWatchFromSeq(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	e.mustSubmit(tok[0], id, "c1", cmdPass())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, AfterSeq: 2})
	if err != nil {
		t.Fatal(err)
	}
	if ev := recv(t, stream, 1)[0]; ev.GetSeq() != 3 {
		t.Errorf("first event has seq %d, want 3", ev.GetSeq())
	}
}

// TestShutdownEndsWatches checks that a graceful shutdown ends open streams
// with UNAVAILABLE and returns.
func TestShutdownEndsWatches(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, _ := e.table(2)
	stream, err := e.client.WatchGame(context.Background(), &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	recv(t, stream, 2)
	done := make(chan error, 1)
	go func() { done <- e.srv.Shutdown(context.Background()) }()
	_, err = stream.Recv()
	if code, reason := reasonOf(err); code != codes.Unavailable || reason != "SERVER_SHUTTING_DOWN" {
		t.Errorf("got %v %s, want UNAVAILABLE SERVER_SHUTTING_DOWN", code, reason)
	}
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

// TestWatchEndsWithTheGame plays a game to its end through a second
// server while a watcher follows on the first: after the last event comes
// a GameOver message and the stream ends with OK. A watch opened after the
// end, from the start or from the last seq, ends the same way.
func TestWatchEndsWithTheGame(t *testing.T) {
	a := newEnv(t, nil, nil)
	b := newEnv(t, a.store, nil)
	id, tok := a.table(2)
	ctx, cancel := context.WithTimeout(as(tok[0]), time.Minute)
	defer cancel()
	live, err := a.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	for i := range toyMoves {
		b.mustSubmit(tok[i%2], id, fmt.Sprint("c", i), cmdPass())
	}
	final := int64(2 + toyMoves) // two setup events, then one per move
	wantEnd := func(name string, stream grpc.ServerStreamingClient[moonshinev1.WatchGameResponse], events int) {
		t.Helper()
		evs := recv(t, stream, events)
		if events > 0 && evs[len(evs)-1].GetSeq() != final {
			t.Fatalf("%s: last event %d, want %d", name, evs[len(evs)-1].GetSeq(), final)
		}
		last, err := stream.Recv()
		if err != nil {
			t.Fatalf("%s: after the last event: %v, want the GameOver message", name, err)
		}
		if over := last.GetGameOver(); over.GetLastSeq() != final || over.GetOutcome().GetSummary() != "seat 1 wins" || last.GetEvent() != nil {
			t.Fatalf("%s: last message %v", name, last)
		}
		if _, err := stream.Recv(); !errors.Is(err, io.EOF) {
			t.Fatalf("%s: after GameOver: %v, want the end of the stream with OK", name, err)
		}
	}
	wantEnd("live", live, int(final))
	for _, after := range []int64{0, final} {
		stream, err := a.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, AfterSeq: after})
		if err != nil {
			t.Fatal(err)
		}
		wantEnd(fmt.Sprint("after ", after), stream, int(final-after))
	}
}

// TestWatchSharedEncoding: streams of one audience send the events and
// prompt updates encoded once for it, and a stream that compresses (gzip)
// encodes its own; every stream, a seat's too, gets every event once, in
// order, as its audience's history says, and the same prompt updates as
// the other streams of its audience.
func TestWatchSharedEncoding(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	type watcher struct {
		ctx  context.Context
		opts []grpc.CallOption
	}
	watchers := []watcher{{context.Background(), nil}, {context.Background(), nil},
		{context.Background(), []grpc.CallOption{grpc.UseCompressor(gzip.Name)}}, {as(tok[1]), nil}, {as(tok[1]), nil}}
	var streams []grpc.ServerStreamingClient[moonshinev1.WatchGameResponse]
	for _, w := range watchers {
		ctx, cancel := context.WithCancel(w.ctx)
		defer cancel()
		s, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, Prompts: true}, w.opts...)
		if err != nil {
			t.Fatal(err)
		}
		streams = append(streams, s)
	}
	e.mustSubmit(tok[0], id, "c1", cmdPass())
	e.mustSubmit(tok[1], id, "c2", cmdPass())
	got := make([][]*moonshinev1.WatchGameResponse, len(streams))
	for i, s := range streams {
		// Until the fourth event and the prompt update at its version.
		for events, updated := 0, false; events < 4 || !updated; {
			m, err := s.Recv()
			if err != nil {
				t.Fatalf("stream %d after %d events: %v", i, events, err)
			}
			if m.GetEvent() != nil {
				events++
				if m.GetEvent().GetSeq() != int64(events) {
					t.Fatalf("stream %d: event %d has seq %d", i, events, m.GetEvent().GetSeq())
				}
			}
			updated = m.GetPrompt().GetVersion() == 4
			got[i] = append(got[i], m)
		}
	}
	history := func(ctx context.Context) []*moonshinev1.Event {
		h, err := e.client.GetHistory(ctx, &moonshinev1.GetHistoryRequest{GameId: id})
		if err != nil {
			t.Fatal(err)
		}
		return h.GetEvents()
	}
	spectator, seat := history(context.Background()), history(as(tok[1]))
	for i, ms := range got {
		want := spectator
		if i >= 3 {
			want = seat
		}
		n := 0
		for _, m := range ms {
			if ev := m.GetEvent(); ev != nil {
				if !proto.Equal(ev, want[n]) {
					t.Fatalf("stream %d: event %d is %v, its history's %v", i, n+1, ev, want[n])
				}
				n++
			}
		}
	}
	// Prompt updates arrive when a stream has caught up, so two streams
	// need not see the same versions; those they both see are the same.
	updates := func(ms []*moonshinev1.WatchGameResponse) map[int64]*moonshinev1.PromptUpdate {
		out := map[int64]*moonshinev1.PromptUpdate{}
		for _, m := range ms {
			if u := m.GetPrompt(); u != nil {
				out[u.GetVersion()] = u
			}
		}
		return out
	}
	for _, pair := range [][2]int{{0, 1}, {0, 2}, {3, 4}} {
		a, b := updates(got[pair[0]]), updates(got[pair[1]])
		if a[4] == nil || b[4] == nil {
			t.Fatalf("streams %d and %d got %d and %d prompt updates", pair[0], pair[1], len(a), len(b))
		}
		for v, u := range a {
			if w, ok := b[v]; ok && !proto.Equal(u, w) {
				t.Fatalf("streams %d and %d: the update at version %d is %v and %v", pair[0], pair[1], v, u, w)
			}
		}
	}
}

// TestWatchBatched: a batched stream sends, for each append, one response
// holding that append's events and the prompt update at their end; what
// it shows (every event and every update) is what an unbatched stream of
// the same viewer shows message by message, for a seat and a spectator.
func TestWatchBatched(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	open := func(token string, batched bool) grpc.ServerStreamingClient[moonshinev1.WatchGameResponse] {
		wctx := ctx
		if token != "" {
			wctx = metadataCtx(ctx, token)
		}
		s, err := e.client.WatchGame(wctx, &moonshinev1.WatchGameRequest{GameId: id, Prompts: true, Batched: batched})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// upTo reads a stream until the update at version, and returns its
	// events, its updates and how many responses carried them.
	upTo := func(s grpc.ServerStreamingClient[moonshinev1.WatchGameResponse], version int64) (evs []*moonshinev1.Event, ups []*moonshinev1.PromptUpdate, msgs int) {
		for {
			msg, err := s.Recv()
			if err != nil {
				t.Fatal(err)
			}
			msgs++
			if ev := msg.GetEvent(); ev != nil {
				evs = append(evs, ev)
			}
			evs = append(evs, msg.GetEvents()...)
			if u := msg.GetPrompt(); u != nil {
				ups = append(ups, u)
				if u.GetVersion() == version {
					return evs, ups, msgs
				}
			}
		}
	}
	viewers := map[string]string{"seat 1": tok[1], "spectator": ""}
	plain, batched := map[string]grpc.ServerStreamingClient[moonshinev1.WatchGameResponse]{}, map[string]grpc.ServerStreamingClient[moonshinev1.WatchGameResponse]{}
	for name, token := range viewers {
		plain[name], batched[name] = open(token, false), open(token, true)
	}
	version := int64(2) // the opening's two events, appended at once
	for i := range 4 {
		for name := range viewers {
			pe, pu, _ := upTo(plain[name], version)
			be, bu, msgs := upTo(batched[name], version)
			if msgs != 1 {
				t.Errorf("%s, append %d: %d batched responses, want 1", name, i, msgs)
			}
			if len(pe) != len(be) || len(pu) != 1 || len(bu) != 1 || !proto.Equal(pu[0], bu[0]) {
				t.Fatalf("%s, append %d: batched %d events and %v, plain %d events and %v", name, i, len(be), bu, len(pe), pu)
			}
			for j := range pe {
				if !proto.Equal(pe[j], be[j]) {
					t.Errorf("%s, append %d: batched event %v, plain %v", name, i, be[j], pe[j])
				}
			}
		}
		version = e.mustSubmit(tok[i%2], id, fmt.Sprint("c", i), cmdPass()).GetLastSeq()
	}
}

// metadataCtx returns ctx sending the credential.
func metadataCtx(ctx context.Context, token string) context.Context {
	k, v := auth.Credentials(token)
	return metadata.AppendToOutgoingContext(ctx, k, v)
}
