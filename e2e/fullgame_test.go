package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// fullGame is a finished game and what its players saw.
type fullGame struct {
	p        *platform
	id       string
	players  []*player
	streams  [][]*moonshinev1.Event // each seat's live WatchGame stream
	final    int64                  // the last sequence number
	complete *moonshinev1.GetHistoryResponse
	audited  *moonshinev1.GetHistoryResponse // the auditor's history
	// checkView checks one in-play view of a seat for what it may not
	// know (nil: the Booze Barons checkView).
	checkView func(t *testing.T, seat int32, v *moonshinev1.GameView)
}

// TestFullGame plays a 5-seat Booze Barons game to its end through the
// real server over PostgreSQL, one gRPC client per seat, each watching its
// own stream while it plays and talking at the table, then checks
// everything that must hold of a finished game.
func TestFullGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	g := playFullGame(t, ctx, 5)
	t.Logf("game %s over at event %d after %d commands", g.id, g.final, len(g.complete.GetCommands()))
	t.Run("every event is in PostgreSQL", func(t *testing.T) { checkStore(t, ctx, g) })
	t.Run("history replays to the final state", func(t *testing.T) { checkReplay(t, ctx, g) })
	t.Run("streams equal the redacted history", func(t *testing.T) { checkStreams(t, ctx, g) })
	t.Run("seats see only what they may know", func(t *testing.T) { checkKnowledge(t, g) })
	t.Run("table talk reaches only its audience", func(t *testing.T) { checkTalk(t, ctx, g) })
	t.Run("verify", func(t *testing.T) { checkVerify(t, ctx, g) })
}

// playFullGame creates the game, seats one client per seat, plays it to the
// end and collects the streams and histories.
func playFullGame(t *testing.T, ctx context.Context, n int32) *fullGame {
	t.Helper()
	p := startPlatform(t, ctx, nil)
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons",
		Config: &moonshinev1.GameConfig{Players: n, Title: "e2e"}})
	if err != nil {
		t.Fatal(err)
	}
	g := &fullGame{p: p, id: created.GetGame().GetGameId()}
	watchCtx, stopWatching := context.WithCancel(ctx)
	defer stopWatching()
	for s := range n {
		c := p.join(ctx, g.id, s, fmt.Sprintf("player%d", s))
		rec, err := c.watch(watchCtx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		g.players = append(g.players, &player{seat: s, c: c, rec: rec, players: n, rng: rand.New(rand.NewPCG(uint64(s), 7))})
	}
	runPlayers(t, ctx, g)
	g.collect(t, ctx)
	return g
}

// collect gathers a finished game's record: the auditor's history, each
// seat's stream, and seat 0's complete history.
func (g *fullGame) collect(t *testing.T, ctx context.Context) {
	var err error
	if g.audited, err = g.p.auditor().history(ctx, g.id); err != nil {
		t.Fatal(err)
	}
	g.final = g.audited.GetGame().GetVersion()
	g.gatherStreams(t)
	if g.complete, err = g.players[0].c.history(ctx, g.id); err != nil {
		t.Fatal(err)
	}
}

// gatherStreams takes each seat's stream up to the game's final event.
func (g *fullGame) gatherStreams(t *testing.T) {
	for _, pl := range g.players {
		pl.rec.waitPast(g.final - 1)
		evs, err := pl.rec.snapshot()
		if err != nil {
			t.Fatalf("seat %d stream: %v", pl.seat, err)
		}
		g.streams = append(g.streams, evs)
	}
}

// runPlayers plays every seat concurrently until the game is over.
func runPlayers(t *testing.T, ctx context.Context, g *fullGame) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(g.players))
	for _, pl := range g.players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := pl.play(ctx, g.id); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		t.FailNow()
	}
}
