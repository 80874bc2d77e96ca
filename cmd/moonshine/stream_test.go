package main

import (
	"context"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// scriptedServer is a GameService whose WatchGame sends, on its nth call,
// script[n] and then ends with cut[n] (nil: the stream stays open until
// the client leaves); it records the requests. GetGame and GetView show
// a Booze Barons game at version 2 from seat 0. The tests that use it
// give the CLI the exact responses of a batched stream (the real
// server's are tested in service/gameservice, TestWatchBatched); the
// session tests run the CLI against the real server.
type scriptedServer struct {
	moonshinev1.UnimplementedGameServiceServer
	script [][]*moonshinev1.WatchGameResponse
	cut    []error

	mu   sync.Mutex
	reqs []*moonshinev1.WatchGameRequest
}

func (s *scriptedServer) GetGame(context.Context, *moonshinev1.GetGameRequest) (*moonshinev1.GetGameResponse, error) {
	return &moonshinev1.GetGameResponse{Game: &moonshinev1.GameInfo{GameId: "g", Game: "booze-barons", Version: 2}}, nil
}

func (s *scriptedServer) GetView(context.Context, *moonshinev1.GetViewRequest) (*moonshinev1.GetViewResponse, error) {
	return &moonshinev1.GetViewResponse{View: &moonshinev1.GameView{
		Info:   &moonshinev1.GameInfo{GameId: "g", Game: "booze-barons", Version: 2},
		Viewer: &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: 0}}}, nil
}

func (s *scriptedServer) WatchGame(req *moonshinev1.WatchGameRequest, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse]) error {
	s.mu.Lock()
	n := len(s.reqs)
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
	if n >= len(s.script) {
		return status.Error(codes.Internal, "no script left")
	}
	for _, res := range s.script[n] {
		if err := stream.Send(res); err != nil {
			return err
		}
	}
	if n < len(s.cut) && s.cut[n] != nil {
		return s.cut[n]
	}
	<-stream.Context().Done()
	return stream.Context().Err()
}

// requests returns the WatchGame requests received.
func (s *scriptedServer) requests() []*moonshinev1.WatchGameRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// start serves s on a loopback port and returns a session of the CLI
// against it.
func (s *scriptedServer) start(t *testing.T) *session {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	moonshinev1.RegisterGameServiceServer(srv, s)
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	t.Setenv("MOONSHINE_TOKEN", "")
	return &session{t: t, ctx: ctx, addr: lis.Addr().String(), dir: t.TempDir()}
}

// events returns the events from seq from to seq to, each labelled
// "event N".
func events(from, to int64) []*moonshinev1.Event {
	var out []*moonshinev1.Event
	for seq := from; seq <= to; seq++ {
		out = append(out, &moonshinev1.Event{Seq: seq, Public: &moonshinev1.EventBody{Label: fmt.Sprint("event ", seq)}})
	}
	return out
}

// waitingFor is the prompt update at version: the game waits for seat;
// for seat 0, with its prompt.
func waitingFor(version int64, seat int32) *moonshinev1.PromptUpdate {
	u := &moonshinev1.PromptUpdate{Version: version, Waiting: []*moonshinev1.Waiting{{Seat: seat, MustAct: true, Detail: "sell the booze"}}}
	if seat == 0 {
		u.Prompt = &moonshinev1.Prompt{Seat: 0, MustAct: true, Detail: "sell the booze"}
	}
	return u
}

// eventSeqs returns the seqs of the event lines in out, in order.
func eventSeqs(out string) []string {
	var seqs []string
	for _, m := range eventLine.FindAllStringSubmatch(out, -1) {
		seqs = append(seqs, m[1])
	}
	return seqs
}

// TestWaitBatched: `wait` asks for the batched stream with prompt
// updates, prints every event of a multi-event append once, in order,
// goes on past an append that leaves another seat to act and past a
// prompt update alone that does too, and returns at the update that
// gives the seat its move, which came in one response with the events
// before it.
func TestWaitBatched(t *testing.T) {
	srv := &scriptedServer{script: [][]*moonshinev1.WatchGameResponse{{
		{Events: events(3, 5), Prompt: waitingFor(5, 1)},
		{Prompt: waitingFor(5, 2)},
		{Events: events(6, 8), Prompt: waitingFor(8, 0)},
		{Events: events(9, 9)}, // after the move: not read
	}}}
	s := srv.start(t)
	out := s.ok("wait", "g", "--token", "seat-0-token")
	if got, want := eventSeqs(out), []string{"3", "4", "5", "6", "7", "8"}; !slices.Equal(got, want) {
		t.Errorf("wait printed events %v, want %v:\n%s", got, want, out)
	}
	contains(t, "wait", out, "   4  event 4\n", "your move: sell the booze; see `moonshine legal g`\n")
	reqs := srv.requests()
	if len(reqs) != 1 || !reqs[0].GetBatched() || !reqs[0].GetPrompts() || reqs[0].GetAfterSeq() != 2 {
		t.Errorf("wait asked for %v, want one batched stream with prompts after event 2", reqs)
	}
}

// TestWatchBatched: `watch` asks for the batched stream and prints each
// event of an append on a line of its own (--count counts events, not
// responses, and may stop inside an append), and a stream cut
// UNAVAILABLE inside the run of events is opened again after the last
// event printed; --json prints one event a line.
func TestWatchBatched(t *testing.T) {
	first := retryFirst
	retryFirst = time.Millisecond
	t.Cleanup(func() { retryFirst = first })
	talk := &moonshinev1.TalkEvent{Seq: 1, Label: "seat 1 says: evening"}
	srv := &scriptedServer{
		script: [][]*moonshinev1.WatchGameResponse{
			{{Events: events(1, 3)}, {Talk: talk}},
			{{Events: events(4, 6)}, {GameOver: &moonshinev1.GameOver{LastSeq: 6, LastTalkSeq: 1, Outcome: &moonshinev1.Outcome{Summary: "seat 0 wins"}}}},
			{{Events: events(1, 3)}, {Talk: talk}, {Events: events(4, 6)}},
		},
		cut: []error{status.Error(codes.Unavailable, "shutting down")},
	}
	s := srv.start(t)
	out := s.ok("watch", "g")
	if got, want := eventSeqs(out), []string{"1", "2", "3", "4", "5", "6"}; !slices.Equal(got, want) {
		t.Errorf("watch printed events %v, want %v:\n%s", got, want, out)
	}
	contains(t, "watch", out, "   2  event 2\n", "talk 1  seat 1 says: evening\n", "game over after event 6: seat 0 wins\n")
	out = s.ok("watch", "g", "--count", "5", "--json")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 5 || !strings.Contains(lines[4], `"seq":"4"`) || !strings.Contains(lines[3], "evening") {
		t.Errorf("watch --count 5 --json printed:\n%s", out)
	}
	reqs := srv.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d WatchGame requests, want 3", len(reqs))
	}
	for i, r := range reqs {
		if !r.GetBatched() || !r.GetTalk() {
			t.Errorf("request %d: %v, want batched with talk", i, r)
		}
	}
	if reqs[1].GetAfterSeq() != 3 || reqs[1].GetAfterTalkSeq() != 1 {
		t.Errorf("the resumed stream asked after event %d and talk %d, want 3 and 1", reqs[1].GetAfterSeq(), reqs[1].GetAfterTalkSeq())
	}
}
