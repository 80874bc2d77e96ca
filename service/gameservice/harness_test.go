package gameservice_test

import (
	"context"
	"log/slog"
	"net"
	"testing"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

const auditorToken = "auditor-secret"

// env is one server on an in-memory connection.
type env struct {
	t      testing.TB
	store  eventstore.Store
	srv    *server.Server
	client moonshinev1.GameServiceClient
	conn   *grpc.ClientConn
}

// newEnv starts a server over store (a fresh memstore if nil) hosting the
// toy game; mod adjusts the config.
func newEnv(t testing.TB, store eventstore.Store, mod func(*server.Config)) *env {
	t.Helper()
	if store == nil {
		store = memstore.New()
	}
	reg, err := games.New(toyModule())
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: store, Games: reg, AuditorToken: auditorToken, CommandRate: -1,
		Logger: slog.New(slog.DiscardHandler)}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := server.New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	lis := bufconn.Listen(1 << 20)
	go srv.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, store: store, srv: srv, client: moonshinev1.NewGameServiceClient(conn), conn: conn}
	t.Cleanup(e.stop)
	return e
}

func (e *env) stop() {
	e.conn.Close()
	e.srv.Shutdown(context.Background())
}

// pgStores returns a function that opens a store on one fresh PostgreSQL
// database, a store of its own each call (as each server has), closed when
// the test ends.
func pgStores(t *testing.T) func() eventstore.Store {
	url := pgtest.New(t)
	return func() eventstore.Store {
		s, err := pgstore.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

// as returns a context that sends the credential.
func as(token string) context.Context {
	if token == "" {
		return context.Background()
	}
	k, v := auth.Credentials(token)
	return metadata.AppendToOutgoingContext(context.Background(), k, v)
}

// create opens a toy game for players seats.
func (e *env) create(players int32, bots ...int32) *moonshinev1.GameInfo {
	e.t.Helper()
	resp, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{
		Game: "toy", Config: &moonshinev1.GameConfig{Players: players, BotSeats: bots, Title: "test"}})
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.GetGame()
}

// join claims a seat and returns its credential.
func (e *env) join(gameID string, seat int32) string {
	e.t.Helper()
	resp, err := e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: gameID, Seat: &seat, Name: "p"})
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.GetCredential()
}

// table creates a game and joins every seat; it returns the game id and
// the credentials by seat.
func (e *env) table(players int32) (string, []string) {
	e.t.Helper()
	g := e.create(players)
	tokens := make([]string, players)
	for i := range players {
		tokens[i] = e.join(g.GetGameId(), i)
	}
	return g.GetGameId(), tokens
}

func (e *env) submit(token, gameID, cmdID string, cmd *moonshinev1.GameCommand) (*moonshinev1.SubmitCommandResponse, error) {
	return e.client.SubmitCommand(as(token), &moonshinev1.SubmitCommandRequest{GameId: gameID, CommandId: cmdID, Command: cmd})
}

// mustSubmit submits and fails the test on error.
func (e *env) mustSubmit(token, gameID, cmdID string, cmd *moonshinev1.GameCommand) *moonshinev1.SubmitCommandResponse {
	e.t.Helper()
	resp, err := e.submit(token, gameID, cmdID, cmd)
	if err != nil {
		e.t.Fatalf("submit %s: %v", cmdID, err)
	}
	return resp
}

// history returns the game's events as token sees them.
func (e *env) history(token, gameID string) *moonshinev1.GetHistoryResponse {
	e.t.Helper()
	resp, err := e.client.GetHistory(as(token), &moonshinev1.GetHistoryRequest{GameId: gameID})
	if err != nil {
		e.t.Fatal(err)
	}
	return resp
}

func cmdDeliver(id int32) *moonshinev1.GameCommand {
	return &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_BoozeBarons{BoozeBarons: deliver(id)}}
}

func cmdPass() *moonshinev1.GameCommand {
	return &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_BoozeBarons{BoozeBarons: pass()}}
}

// reasonOf returns the status code and the ErrorInfo reason of err.
func reasonOf(err error) (codes.Code, string) {
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return st.Code(), info.GetReason()
		}
	}
	return st.Code(), ""
}

// recv reads n events from a watch stream.
func recv(t testing.TB, stream grpc.ServerStreamingClient[moonshinev1.WatchGameResponse], n int) []*moonshinev1.Event {
	t.Helper()
	var out []*moonshinev1.Event
	for range n {
		msg, err := stream.Recv()
		if err != nil {
			t.Fatalf("recv after %d events: %v", len(out), err)
		}
		out = append(out, msg.GetEvent())
	}
	return out
}

// awaitEvents watches a game from its start until n events have arrived.
func (e *env) awaitEvents(id string, n int) []*moonshinev1.Event {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		e.t.Fatal(err)
	}
	return recv(e.t, stream, n)
}
