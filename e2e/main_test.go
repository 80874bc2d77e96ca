package e2e

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// auditorToken is the auditor credential of the test servers.
const auditorToken = "e2e-auditor"

// testTimeout bounds each test, only so that a bug hangs nothing.
const testTimeout = 90 * time.Second

// moduleOf registers rules made for a test (a rigged deal) as a game with
// one variant and no bot policy, under the rules' own name.
func moduleOf(rules engine.Rules) engine.Module {
	lo, hi := rules.Players()
	return engine.Module{Rules: rules, Title: rules.Name(), Variants: []engine.Variant{{Name: "standard", Title: rules.Name(), MinPlayers: lo, MaxPlayers: hi}}}
}

// platform is one real server on a loopback port over its own database.
type platform struct {
	t    *testing.T
	url  string // the PostgreSQL database
	addr string
}

// startPlatform starts the real server over a fresh PostgreSQL database.
// reg is the games registry (nil: the default one).
func startPlatform(t *testing.T, ctx context.Context, reg *games.Registry) *platform {
	t.Helper()
	url := pgtest.New(t)
	_, addr := servertest.Start(t, ctx, server.Config{DatabaseURL: url, Games: reg, AuditorToken: auditorToken, CommandRate: -1})
	return &platform{t: t, url: url, addr: addr}
}

// client is one gRPC connection with its own credential (none for a
// spectator).
type client struct {
	api   moonshinev1.GameServiceClient
	token string
}

// dial opens a new connection to the server.
func (p *platform) dial() *client {
	p.t.Helper()
	conn, err := grpc.NewClient(p.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		p.t.Fatal(err)
	}
	p.t.Cleanup(func() { conn.Close() })
	return &client{api: moonshinev1.NewGameServiceClient(conn)}
}

// auditor returns a client holding the auditor credential.
func (p *platform) auditor() *client {
	c := p.dial()
	c.token = auditorToken
	return c
}

// with returns ctx carrying the client's credential.
func (c *client) with(ctx context.Context) context.Context {
	if c.token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.token)
}

// join claims a seat on a new connection of its own.
func (p *platform) join(ctx context.Context, game string, seat int32, name string) *client {
	p.t.Helper()
	c := p.dial()
	res, err := c.api.JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: game, Seat: &seat, Name: name})
	if err != nil {
		p.t.Fatalf("join seat %d: %v", seat, err)
	}
	c.token = res.GetCredential()
	return c
}

// view returns the caller's current view.
func (c *client) view(ctx context.Context, game string) (*moonshinev1.GameView, error) {
	res, err := c.api.GetView(c.with(ctx), &moonshinev1.GetViewRequest{GameId: game})
	return res.GetView(), err
}

// history returns the caller's history.
func (c *client) history(ctx context.Context, game string) (*moonshinev1.GetHistoryResponse, error) {
	return c.api.GetHistory(c.with(ctx), &moonshinev1.GetHistoryRequest{GameId: game})
}

// talk returns the game's table talk as the caller may see it.
func (c *client) talk(ctx context.Context, game string) ([]*moonshinev1.TalkEvent, error) {
	res, err := c.api.GetTalk(c.with(ctx), &moonshinev1.GetTalkRequest{GameId: game})
	return res.GetTalk(), err
}

// recorder collects one WatchGame stream, the game's events and its talk,
// and lets a player wait for events after a sequence number.
type recorder struct {
	mu     sync.Mutex
	cond   *sync.Cond
	events []*moonshinev1.Event
	talk   []*moonshinev1.TalkEvent
	err    error
	done   bool
}

// watch opens the caller's stream, with the table talk, from the start and
// records it until ctx ends.
func (c *client) watch(ctx context.Context, game string) (*recorder, error) {
	stream, err := c.api.WatchGame(c.with(ctx), &moonshinev1.WatchGameRequest{GameId: game, Talk: true})
	if err != nil {
		return nil, err
	}
	r := &recorder{}
	r.cond = sync.NewCond(&r.mu)
	go func() {
		for {
			res, err := stream.Recv()
			r.mu.Lock()
			if err != nil {
				r.done = true
				if !errors.Is(err, io.EOF) && ctx.Err() == nil {
					r.err = err
				}
			} else if res.GetTalk() != nil {
				r.talk = append(r.talk, res.GetTalk())
			} else if res.GetEvent() != nil { // the last message of a finished game has none
				r.events = append(r.events, res.GetEvent())
			}
			r.cond.Broadcast()
			r.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return r, nil
}

// waitPast blocks until the stream holds an event after seq (or ends), and
// reports whether it does.
func (r *recorder) waitPast(seq int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for !r.done && (len(r.events) == 0 || r.events[len(r.events)-1].GetSeq() <= seq) {
		r.cond.Wait()
	}
	return len(r.events) > 0 && r.events[len(r.events)-1].GetSeq() > seq
}

// talkPast blocks until the stream holds n messages of talk (or ends),
// and returns them.
func (r *recorder) talkPast(n int) []*moonshinev1.TalkEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	for !r.done && len(r.talk) < n {
		r.cond.Wait()
	}
	return slices.Clone(r.talk)
}

// snapshot returns the events recorded so far and the stream's error.
func (r *recorder) snapshot() ([]*moonshinev1.Event, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.events), r.err
}
