package gameservice_test

import (
	"context"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
)

// TestTimerBotThinksUnlocked: a timed-out seat's bot thinks with the
// table unlocked, so the table takes the seat's own late command
// meanwhile; the bot's choice, made for a game that has moved on, is then
// not played, and the timers look afresh (seat 1's clock runs, and only
// its own timeout is later played by the bot).
func TestTimerBotThinksUnlocked(t *testing.T) {
	clock := newFakeClock()
	bot := heldBot{entered: make(chan engine.Seat, 4), release: make(chan struct{})}
	m := toyModule() // no declared timeout default: the seat's bot plays
	m.Bots = engine.Bots{Easy: bot, Normal: bot, Hard: bot}
	reg, err := games.New(m)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, nil, func(c *server.Config) { c.Games, c.Clock = reg, clock })
	t.Cleanup(func() { // before the server stops: cleanups run last first
		select {
		case <-bot.release:
		default:
			close(bot.release)
		}
	})
	id, tok := e.timedTable(2, perDecision(10*time.Second, 0))
	e.awaitVersion(id, clocksOpened)

	clock.Advance(11 * time.Second) // seat 0's deadline passes
	select {
	case s := <-bot.entered:
		if s != 0 {
			t.Fatalf("the bot thinks for seat %d, want 0", s)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("seat 0's bot never started to think")
	}
	// While the bot thinks, seat 0's own command goes in. Under a lock
	// held across the bot's decision it would wait for the bot, which
	// waits for the test: the bound only turns that deadlock into a
	// failure.
	ctx, cancel := context.WithTimeout(as(tok[0]), 10*time.Second)
	defer cancel()
	own, err := e.client.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "late", Command: cmdPass()})
	if err != nil {
		t.Fatalf("seat 0's command while its bot thought: %v", err)
	}
	close(bot.release)

	clock.Advance(11 * time.Second) // now seat 1's deadline passes
	select {
	case s := <-bot.entered:
		if s != 1 {
			t.Fatalf("the bot thinks for seat %d, want 1", s)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("seat 1's bot never started to think")
	}
	// seat 0's command and its clocks, then seat 1's timeout, its bot's
	// move and the next clocks.
	evs := e.awaitVersion(id, own.GetLastSeq()+3)
	for _, ev := range storedLog(t, e.store, id)[:own.GetLastSeq()] {
		if tableOf(ev).GetTimedOut() != nil {
			t.Fatalf("seat 0's timeout was played after its own command: %v", ev)
		}
	}
	out := tableOf(evs[own.GetLastSeq()]).GetTimedOut()
	if out.GetSeat() != 1 || out.GetTimeouts() != 1 {
		t.Fatalf("after seat 0's command: %v, want seat 1's first timeout", evs[own.GetLastSeq()])
	}
	if played := evs[own.GetLastSeq()+1]; played.GetPublic().GetBoozeBarons().GetPassed().GetSeat() != 1 {
		t.Fatalf("seat 1's bot's move: %v", played)
	}
	if n := timeouts(storedLog(t, e.store, id)); n != 1 {
		t.Fatalf("%d timeouts in the log, want 1 (seat 1's)", n)
	}
}
