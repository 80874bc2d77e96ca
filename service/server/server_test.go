package server_test

import (
	"context"
	"fmt"
	"github.com/moonshine-games/moonshine/service/edge"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/descriptorpb"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const auditor = "auditor-secret"

// start runs a real server on a loopback port and returns a client.
func start(t *testing.T, cfg server.Config) *grpc.ClientConn {
	t.Helper()
	_, conn := startServer(t, cfg)
	return conn
}

// startServer is start, returning the server too. A config without a
// logger logs nowhere.
func startServer(t *testing.T, cfg server.Config) (*server.Server, *grpc.ClientConn) {
	t.Helper()
	cfg.AuditorToken = auditor
	if cfg.CommandRate == 0 {
		cfg.CommandRate = -1
	}
	srv, addr := servertest.Start(t, t.Context(), cfg)
	return srv, servertest.Dial(t, addr)
}

func as(token string) context.Context {
	if token == "" {
		return context.Background()
	}
	k, v := auth.Credentials(token)
	return metadata.AppendToOutgoingContext(context.Background(), k, v)
}

// table creates a Booze Barons game and claims every seat but the bots'.
func table(t *testing.T, c moonshinev1.GameServiceClient, players int32, bots ...int32) (string, []string) {
	t.Helper()
	g, err := c.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "booze-barons",
		Config: &moonshinev1.GameConfig{Players: players, BotSeats: bots}})
	if err != nil {
		t.Fatal(err)
	}
	id := g.GetGame().GetGameId()
	tokens := make([]string, players)
	for i := range players {
		if g.GetGame().GetSeats()[i].GetBot() {
			continue
		}
		j, err := c.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: id, Seat: &i, Name: fmt.Sprint("p", i)})
		if err != nil {
			t.Fatal(err)
		}
		tokens[i] = j.GetCredential()
	}
	return id, tokens
}

// play submits the seat's first legal command, if it must act.
func play(t *testing.T, c moonshinev1.GameServiceClient, id, token, cmdID string) bool {
	t.Helper()
	acted, err := tryPlay(c, id, token, cmdID)
	if err != nil {
		t.Fatal(err)
	}
	return acted
}

// tryPlay is play for other goroutines.
func tryPlay(c moonshinev1.GameServiceClient, id, token, cmdID string) (bool, error) {
	v, err := c.GetView(as(token), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		return false, err
	}
	p := v.GetView().GetPrompt()
	if !p.GetMustAct() || len(p.GetLegal()) == 0 {
		return false, nil
	}
	if _, err := c.SubmitCommand(as(token), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: cmdID, Command: p.GetLegal()[0]}); err != nil {
		return false, fmt.Errorf("submit %s: %w", cmdID, err)
	}
	return true, nil
}

// TestHealthAndReflection checks the registered extras.
func TestHealthAndReflection(t *testing.T) {
	conn := start(t, server.Config{Store: memstore.New()})
	resp, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{Service: "moonshine.v1.GameService"})
	if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health: %v, %v", resp, err)
	}
	stream, err := reflectionpb.NewServerReflectionClient(conn).ServerReflectionInfo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}}); err != nil {
		t.Fatal(err)
	}
	list, err := stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, svc := range list.GetListServicesResponse().GetService() {
		found = found || svc.GetName() == "moonshine.v1.GameService"
	}
	if !found {
		t.Errorf("reflection lists %v", list.GetListServicesResponse().GetService())
	}
	// grpcurl describe shows the comments: the file comes with them.
	if err := stream.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_FileContainingSymbol{
		FileContainingSymbol: "moonshine.v1.GameService"}}); err != nil {
		t.Fatal(err)
	}
	file, err := stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	const comment = " GameService hosts games: create, join, play, talk, watch and replay.\n"
	if !hasComment(t, file.GetFileDescriptorResponse().GetFileDescriptorProto(), comment) {
		t.Errorf("reflection's game_service.proto lacks the service's comment %q", comment)
	}
}

// hasComment reports whether the first of the encoded files has comment.
func hasComment(t *testing.T, files [][]byte, comment string) bool {
	t.Helper()
	for _, b := range files {
		var fd descriptorpb.FileDescriptorProto
		if err := proto.Unmarshal(b, &fd); err != nil {
			t.Fatal(err)
		}
		if fd.GetName() != "moonshine/v1/game_service.proto" {
			continue
		}
		for _, loc := range fd.GetSourceCodeInfo().GetLocation() {
			if loc.GetLeadingComments() == comment {
				return true
			}
		}
	}
	return false
}

// TestEmbeddedStoreSurvivesRestart plays on the embedded store, restarts
// the server on the same file, and finds the game rebuilt by folding.
func TestEmbeddedStoreSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "moonshine.db")
	first := moonshinev1.NewGameServiceClient(start(t, server.Config{DBPath: path}))
	id, tok := table(t, first, 3)
	play(t, first, id, tok[0], "c1")
	before, err := first.GetView(as(tok[0]), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	second := moonshinev1.NewGameServiceClient(start(t, server.Config{DBPath: path}))
	after, err := second.GetView(as(tok[0]), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(before.GetView(), after.GetView()) {
		t.Errorf("view after restart differs:\n%v\n%v", before.GetView(), after.GetView())
	}
}

// TestMessageSizeLimit checks that an oversized request is refused with
// its reason, and one beyond the ceiling by gRPC itself.
func TestMessageSizeLimit(t *testing.T) {
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: memstore.New(), MaxMessageBytes: 256}))
	create := func(title int) error {
		_, err := c.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "booze-barons",
			Config: &moonshinev1.GameConfig{Players: 3, Title: strings.Repeat("x", title)}})
		return err
	}
	if err := create(90); err != nil {
		t.Fatalf("a request under the limit: %v", err)
	}
	err := create(1000)
	st := status.Convert(err)
	var info *errdetails.ErrorInfo
	for _, d := range st.Details() {
		if i, ok := d.(*errdetails.ErrorInfo); ok {
			info = i
		}
	}
	if st.Code() != codes.ResourceExhausted || info.GetReason() != rpcstatus.ReasonMessageTooLarge || info.GetMetadata()["limit"] != "256" {
		t.Fatalf("got %v (%v), want RESOURCE_EXHAUSTED MESSAGE_TOO_LARGE", err, info)
	}
	if err := create(edge.MessageCeiling * 300); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("beyond the ceiling: got %v, want RESOURCE_EXHAUSTED", err)
	}
}

// TestPostgresWatchAcrossInstances runs two servers on one PostgreSQL
// database: a watcher on one sees, live, a command submitted to the other
// (LISTEN/NOTIFY), after its catch-up, with no gap or duplicate.
func TestPostgresWatchAcrossInstances(t *testing.T) {
	url := pgtest.New(t)
	a := moonshinev1.NewGameServiceClient(start(t, server.Config{DatabaseURL: url}))
	b := moonshinev1.NewGameServiceClient(start(t, server.Config{DatabaseURL: url}))
	id, tok := table(t, a, 3)
	ctx, cancel := context.WithCancel(as(tok[0]))
	defer cancel()
	stream, err := a.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	info, err := b.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	setup := info.GetGame().GetVersion()
	if !play(t, b, id, tok[1], "b1") {
		t.Fatal("seat 2 has nothing to do at the start")
	}
	for want := int64(1); want <= setup+1; want++ {
		msg, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if msg.GetEvent().GetSeq() != want {
			t.Fatalf("got seq %d, want %d", msg.GetEvent().GetSeq(), want)
		}
	}
}

// TestPostgresSimultaneousSeats has every seat choose its movement at once
// through two servers on one database: all land, in one linear log.
func TestPostgresSimultaneousSeats(t *testing.T) {
	url := pgtest.New(t)
	clients := []moonshinev1.GameServiceClient{
		moonshinev1.NewGameServiceClient(start(t, server.Config{DatabaseURL: url})),
		moonshinev1.NewGameServiceClient(start(t, server.Config{DatabaseURL: url})),
	}
	id, tok := table(t, clients[0], 5)
	var wg sync.WaitGroup
	acted := make([]bool, len(tok))
	errs := make([]error, len(tok))
	for seat := range tok {
		wg.Go(func() { acted[seat], errs[seat] = tryPlay(clients[seat%2], id, tok[seat], fmt.Sprint("move-", seat)) })
	}
	wg.Wait()
	for seat := range tok {
		if errs[seat] != nil || !acted[seat] {
			t.Errorf("seat %d: acted %v, %v", seat, acted[seat], errs[seat])
		}
	}
	h, err := clients[1].GetHistory(as(auditor), &moonshinev1.GetHistoryRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range h.GetEvents() {
		if ev.GetSeq() != int64(i+1) {
			t.Fatalf("event %d has seq %d", i+1, ev.GetSeq())
		}
	}
	if len(h.GetCommands()) != len(tok) {
		t.Errorf("%d commands logged, want %d", len(h.GetCommands()), len(tok))
	}
}

// TestBoozeBaronsRedaction plays some of a Booze Barons game with bots and
// checks that a seat's history and stream hold no private part of another
// seat, and a spectator's none at all.
func TestBoozeBaronsRedaction(t *testing.T) {
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: memstore.New()}))
	id, tok := table(t, c, 4, 1, 2, 3)
	for i := range 5 {
		play(t, c, id, tok[0], fmt.Sprint("c", i))
	}
	for _, who := range []struct {
		token string
		seat  int32
	}{{tok[0], 0}, {"", -1}} {
		h, err := c.GetHistory(as(who.token), &moonshinev1.GetHistoryRequest{GameId: id})
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, ev := range h.GetEvents() {
			for _, p := range ev.GetPrivate() {
				seen++
				if !containsSeat(p.GetSeats(), who.seat) {
					t.Errorf("seat %d sees event %d's part for %v", who.seat, ev.GetSeq(), p.GetSeats())
				}
			}
		}
		if who.seat >= 0 && seen == 0 {
			t.Errorf("seat %d sees none of its own secrets", who.seat)
		}
	}
}

func containsSeat(seats []int32, s int32) bool {
	for _, x := range seats {
		if x == s {
			return true
		}
	}
	return false
}
