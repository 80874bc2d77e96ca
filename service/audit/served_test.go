package audit_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/test/bufconn"
)

// auditorToken is the auditor credential of the test servers.
const auditorToken = "audit-test-auditor"

// served is a real server over an in-memory connection.
type served struct {
	t      *testing.T
	client moonshinev1.GameServiceClient
}

// serve starts a server over store (a fresh memstore when nil) hosting
// reg's games (nil: the default registry); it stops when the test ends.
func serve(t *testing.T, store eventstore.Store, reg *games.Registry) *served {
	t.Helper()
	if store == nil {
		store = memstore.New()
	}
	srv, err := server.New(t.Context(), server.Config{Store: store, Games: reg, AuditorToken: auditorToken,
		CommandRate: -1, Logger: slog.New(slog.DiscardHandler)})
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
	t.Cleanup(func() {
		conn.Close()
		srv.Shutdown(context.Background())
	})
	return &served{t: t, client: moonshinev1.NewGameServiceClient(conn)}
}

// auditor returns a context that carries the auditor's credential.
func auditor(ctx context.Context) context.Context {
	k, v := auth.Credentials(auditorToken)
	return metadata.AppendToOutgoingContext(ctx, k, v)
}

// botGame creates a game of players seats, every one a bot's, and waits
// until it is over or has at least upTo events (0: until it is over). It
// returns the game's id and its complete history as the auditor reads it
// then (later events are left out when the bots play on).
func (s *served) botGame(game string, players int32, upTo int64) (string, *moonshinev1.GetHistoryResponse) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.t.Context(), 60*time.Second)
	defer cancel()
	bots := make([]int32, players)
	for i := range bots {
		bots[i] = int32(i)
	}
	g, err := s.client.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: game, Config: &moonshinev1.GameConfig{Players: players, BotSeats: bots}})
	if err != nil {
		s.t.Fatal(err)
	}
	id := g.GetGame().GetGameId()
	if _, err := s.stream(ctx, id, &moonshinev1.WatchGameRequest{GameId: id, Perspective: moonshinev1.Perspective_PERSPECTIVE_FULL}, upTo); err != nil {
		s.t.Fatal(err)
	}
	h, err := audit.FetchHistory(auditor(ctx), s.client, &moonshinev1.GetHistoryRequest{GameId: id, RequireComplete: true})
	if err != nil {
		s.t.Fatal(err)
	}
	if upTo > 0 && int64(len(h.Events)) > upTo {
		h.Events = h.Events[:upTo]
		var cmds []*moonshinev1.LoggedCommand
		for _, c := range h.Commands {
			if c.GetLastSeq() <= upTo {
				cmds = append(cmds, c)
			}
		}
		h.Commands, h.Game.Version = cmds, upTo
	}
	return id, h
}

// stream watches a game as the auditor with req until the game is over or
// upTo events have come (0: until it is over), and returns the events.
func (s *served) stream(ctx context.Context, id string, req *moonshinev1.WatchGameRequest, upTo int64) ([]*moonshinev1.Event, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.client.WatchGame(auditor(ctx), req)
	if err != nil {
		return nil, err
	}
	var out []*moonshinev1.Event
	for upTo == 0 || int64(len(out)) < upTo {
		res, err := w.Recv()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if res.GetGameOver() != nil {
			return out, nil
		}
		if ev := res.GetEvent(); ev != nil {
			out = append(out, ev)
		}
	}
	return out, nil
}
