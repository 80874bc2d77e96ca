package gameservice_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"
)

// fakeClock is a Clock that moves only when the test says so: waiters
// wake when Advance passes their time, so timers fire without the test
// sleeping.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []clockWaiter
}

type clockWaiter struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2031, 5, 6, 7, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Until(at time.Time) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if !at.After(c.now) {
		ch <- c.now
		return ch
	}
	c.waiters = append(c.waiters, clockWaiter{at: at, ch: ch})
	return ch
}

// Advance moves the clock and wakes the waiters whose time came.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if w.at.After(c.now) {
			kept = append(kept, w)
			continue
		}
		w.ch <- c.now
	}
	c.waiters = kept
}

// isPass reports whether a toy command is a pass.
func isPass(cmd proto.Message) bool {
	c, ok := cmd.(*pb.Command)
	return ok && c.GetPass() != nil
}

// timedToyModule is the toy game with a declared timeout default: pass.
func timedToyModule() engine.Module {
	m := toyModule()
	m.Timeout = engine.FirstLegal(isPass)
	return m
}

// timedEnv starts a server over store hosting the timed toy game on clock.
func timedEnv(t *testing.T, store eventstore.Store, clock *fakeClock) *env {
	t.Helper()
	reg, err := games.New(timedToyModule())
	if err != nil {
		t.Fatal(err)
	}
	return newEnv(t, store, func(c *server.Config) { c.Games, c.Clock = reg, clock })
}

// sharedStore opens handles on one database of a kind: each call of the
// returned function is another process's connection to it (the memory
// store: the same store).
type sharedStore struct {
	name string
	open func(t *testing.T) func() eventstore.Store
}

var sharedStores = []sharedStore{
	{"memory", func(*testing.T) func() eventstore.Store {
		s := memstore.New()
		return func() eventstore.Store { return s }
	}},
	{"sqlite", func(t *testing.T) func() eventstore.Store {
		path := filepath.Join(t.TempDir(), "moonshine.db")
		return func() eventstore.Store {
			s, err := sqlitestore.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}
	}},
	{"postgres", pgStores},
}

// timedTable creates a toy game with the timer on e, joins every seat and
// returns the game id and the credentials.
func (e *env) timedTable(players int32, timer *moonshinev1.TurnTimer) (string, []string) {
	e.t.Helper()
	resp, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{
		Game: "toy", Config: &moonshinev1.GameConfig{Players: players, Timer: timer}})
	if err != nil {
		e.t.Fatal(err)
	}
	id := resp.GetGame().GetGameId()
	tokens := make([]string, players)
	for i := range players {
		tokens[i] = e.join(id, i)
	}
	return id, tokens
}

// perDecision is a TurnTimer of d per decision, taken over after k.
func perDecision(d time.Duration, k int32) *moonshinev1.TurnTimer {
	return &moonshinev1.TurnTimer{PerDecision: durationpb.New(d), TakeoverAfter: k}
}

// awaitVersion watches the game until its event seq reaches v, and
// returns every event from the start; it fails the test after a generous
// wait (the timers fire on the fake clock: the wait is only a bound).
func (e *env) awaitVersion(id string, v int64) []*moonshinev1.Event {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []*moonshinev1.Event
	for int64(len(out)) < v {
		msg, err := stream.Recv()
		if err != nil {
			e.t.Fatalf("waiting for event %d, after %d: %v", v, len(out), err)
		}
		if ev := msg.GetEvent(); ev != nil {
			out = append(out, ev)
		}
	}
	return out
}

// tableOf returns an event's table event, if it is one.
func tableOf(ev *moonshinev1.Event) *moonshinev1.TableEvent { return ev.GetPublic().GetTable() }

// timeouts counts the TurnTimedOut events of a log.
func timeouts(evs []*moonshinev1.Event) int {
	n := 0
	for _, ev := range evs {
		if tableOf(ev).GetTimedOut() != nil {
			n++
		}
	}
	return n
}

// storedLog reads a game's whole log from a store, decoded.
func storedLog(t *testing.T, s eventstore.Store, id string) []*moonshinev1.Event {
	t.Helper()
	evs, err := s.ReadStream(t.Context(), id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*moonshinev1.Event, len(evs))
	for i, ev := range evs {
		se := &moonshinev1.StoredEvent{}
		if err := proto.Unmarshal(ev.Data, se); err != nil {
			t.Fatal(err)
		}
		out[i] = &moonshinev1.Event{Seq: ev.Seq, Public: se.GetPublic(), Private: se.GetPrivate()}
	}
	return out
}
