package gameservice_test

import (
	"context"
	"fmt"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"
)

// The toy game's log with a 30s timer on two seats, once both joined:
// the setup (2 events), then the clocks starting at the second join.
const (
	setupEvents  = 2
	clocksOpened = setupEvents + 1
)

// verifyTimed plays a toy game to its end with passes and checks that its
// history, timeouts included, verifies.
func (e *env) verifyTimed(id string, tokens []string) {
	e.t.Helper()
	for i := 0; ; i++ {
		rec, err := e.store.GetGame(context.Background(), id)
		if err != nil {
			e.t.Fatal(err)
		}
		v, err := e.client.GetView(as(""), &moonshinev1.GetViewRequest{GameId: id, MinVersion: rec.Version})
		if err != nil {
			e.t.Fatal(err)
		}
		if v.GetView().GetOutcome() != nil {
			break
		}
		seat := v.GetView().GetWaiting()[0].GetSeat()
		e.mustSubmit(tokens[seat], id, fmt.Sprintf("end%d", i), cmdPass())
	}
	reg, err := games.New(timedToyModule())
	if err != nil {
		e.t.Fatal(err)
	}
	if err := audit.VerifyWith(reg, e.history(auditorToken, id)); err != nil {
		e.t.Fatalf("a game with timeouts does not verify: %v", err)
	}
}

// TestTimerPlaysTheDefault: on every store, the clocks start when the
// table fills up; when a seat's deadline passes, the log gets its timeout
// notice, the game's declared default (a pass) as the seat's command and
// the next seat's deadline, in one append; views and the stream show the
// deadlines; the game verifies.
func TestTimerPlaysTheDefault(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			clock := newFakeClock()
			start := clock.Now()
			e := timedEnv(t, st.open(t), clock)
			id, tok := e.timedTable(2, perDecision(30*time.Second, 0))
			opened := e.awaitVersion(id, clocksOpened)
			clocks := tableOf(opened[clocksOpened-1]).GetClocks().GetSeats()
			if len(clocks) != 1 || clocks[0].GetSeat() != 0 || !clocks[0].GetRunning() || !clocks[0].GetDeadline().AsTime().Equal(start.Add(30*time.Second)) {
				t.Fatalf("clocks at the start: %v", clocks)
			}
			v, err := e.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id})
			if err != nil {
				t.Fatal(err)
			}
			if cs := v.GetView().GetClocks(); len(cs) != 2 || !cs[0].GetRunning() || cs[1].GetRunning() ||
				!cs[0].GetDeadline().AsTime().Equal(start.Add(30*time.Second)) {
				t.Fatalf("the view's clocks: %v", cs)
			}
			clock.Advance(29 * time.Second)
			if _, err := e.client.GetView(as(""), &moonshinev1.GetViewRequest{GameId: id}); err != nil {
				t.Fatal(err)
			}
			clock.Advance(2 * time.Second)
			evs := e.awaitVersion(id, clocksOpened+3)
			out, played, next := tableOf(evs[clocksOpened]).GetTimedOut(), evs[clocksOpened+1], tableOf(evs[clocksOpened+2]).GetClocks()
			if out.GetSeat() != 0 || out.GetTimeouts() != 1 || !out.GetDeadline().AsTime().Equal(start.Add(30*time.Second)) {
				t.Fatalf("timeout notice: %v", evs[clocksOpened])
			}
			if played.GetPublic().GetBoozeBarons().GetPassed() == nil {
				t.Fatalf("the default played: %v, want a pass", played)
			}
			if len(next.GetSeats()) != 2 || next.GetSeats()[0].GetRunning() || next.GetSeats()[0].GetTimeouts() != 1 ||
				!next.GetSeats()[1].GetDeadline().AsTime().Equal(start.Add(61*time.Second)) {
				t.Fatalf("clocks after the timeout: %v", next)
			}
			h := e.history(auditorToken, id)
			last := h.GetCommands()[len(h.GetCommands())-1]
			if last.GetSeat() != 0 || last.GetFirstSeq() != clocksOpened+1 || last.GetLastSeq() != clocksOpened+3 {
				t.Fatalf("the platform's command: %v", last)
			}
			e.verifyTimed(id, tok)
		})
	}
}

// TestTimerWatchShowsDeadlines: a watch with prompts gets each version's
// clocks with its prompt update, the deadline of the seat awaited
// included.
func TestTimerWatchShowsDeadlines(t *testing.T) {
	clock := newFakeClock()
	e := timedEnv(t, nil, clock)
	id, tok := e.timedTable(2, perDecision(time.Minute, 0))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, Prompts: true})
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(10 * time.Second)
	res := e.mustSubmit(tok[0], id, "c1", cmdPass())
	for {
		msg, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if u := msg.GetPrompt(); u != nil && u.GetVersion() == res.GetLastSeq() {
			cs := u.GetClocks()
			if len(cs) != 2 || cs[0].GetRunning() || !cs[1].GetRunning() || !cs[1].GetDeadline().AsTime().Equal(clock.Now().Add(time.Minute)) {
				t.Fatalf("clocks of the prompt update: %v", cs)
			}
			return
		}
	}
}

// TestTimerBank: a bank loses the time a seat takes and gains the
// increment when the seat acts; the next decision's deadline is what is
// left of the bank.
func TestTimerBank(t *testing.T) {
	clock := newFakeClock()
	e := timedEnv(t, nil, clock)
	id, tok := e.timedTable(2, &moonshinev1.TurnTimer{Bank: durationpb.New(time.Minute), Increment: durationpb.New(5 * time.Second)})
	clock.Advance(20 * time.Second)
	e.mustSubmit(tok[0], id, "c1", cmdPass()) // 60 - 20 + 5 = 45s left
	clock.Advance(10 * time.Second)
	e.mustSubmit(tok[1], id, "c2", cmdPass()) // seat 1: 55s left; seat 0 runs on its 45s
	v, err := e.client.GetView(as(""), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	cs := v.GetView().GetClocks()
	if cs[1].GetRunning() || cs[1].GetBank().AsDuration() != 55*time.Second {
		t.Errorf("seat 1's clock: %v, want stopped with 55s", cs[1])
	}
	if !cs[0].GetRunning() || cs[0].GetBank().AsDuration() != 45*time.Second || !cs[0].GetDeadline().AsTime().Equal(clock.Now().Add(45*time.Second)) {
		t.Errorf("seat 0's clock: %v, want running on 45s", cs[0])
	}
}

// TestTimerFiresOnceAtRestart: on every store, a deadline that passes
// while no server runs fires when one starts (it finds the pending
// deadline in the store), once: the server after it finds nothing due.
func TestTimerFiresOnceAtRestart(t *testing.T) {
	for _, st := range sharedStores {
		t.Run(st.name, func(t *testing.T) {
			open := st.open(t)
			clock := newFakeClock()
			first := timedEnv(t, open(), clock)
			id, tok := first.timedTable(2, perDecision(30*time.Second, 0))
			res := first.mustSubmit(tok[0], id, "c1", cmdPass())
			first.stop()

			clock.Advance(time.Hour) // the deadline passes while no server runs
			second := timedEnv(t, open(), clock)
			evs := second.awaitVersion(id, res.GetLastSeq()+3)
			if out := tableOf(evs[res.GetLastSeq()]).GetTimedOut(); out.GetSeat() != 1 {
				t.Fatalf("after the restart: %v, want seat 1's timeout", evs[res.GetLastSeq()])
			}
			second.stop()

			third := timedEnv(t, open(), clock)
			third.mustSubmit(tok[0], id, "c2", cmdPass()) // a round trip on the third server
			log := storedLog(t, third.store, id)
			if n := timeouts(log); n != 1 {
				t.Fatalf("%d timeouts in the log, want 1", n)
			}
			third.verifyTimed(id, tok)
		})
	}
}

// TestTimerRaceAppendsOnce: on every store, two servers on one database
// that both hold the game fire its timer at the same moment; the log has
// one timeout and one default.
func TestTimerRaceAppendsOnce(t *testing.T) {
	for _, st := range sharedStores {
		t.Run(st.name, func(t *testing.T) {
			open := st.open(t)
			clock := newFakeClock()
			a, b := timedEnv(t, open(), clock), timedEnv(t, open(), clock)
			id, tok := a.timedTable(2, perDecision(30*time.Second, 0))
			for _, e := range []*env{a, b} { // both fold the game and hold its deadline
				if _, err := e.client.GetView(as(""), &moonshinev1.GetViewRequest{GameId: id, MinVersion: clocksOpened}); err != nil {
					t.Fatal(err)
				}
			}
			clock.Advance(31 * time.Second)
			a.awaitVersion(id, clocksOpened+3)
			b.awaitVersion(id, clocksOpened+3)
			// Both servers have seen the timeout; a command on each puts
			// anything either wrote meanwhile before it in the log.
			a.mustSubmit(tok[1], id, "c1", cmdPass())
			b.mustSubmit(tok[0], id, "c2", cmdPass())
			log := storedLog(t, a.store, id)
			if n := timeouts(log); n != 1 {
				t.Fatalf("%d timeouts in the log, want 1", n)
			}
			a.verifyTimed(id, tok)
		})
	}
}

// TestTimerTakeover: after takeover_after timeouts in a row the seat is
// taken over: its bot plays each of its decisions at once, the seat's
// own commands are refused (SEAT_TAKEN_OVER), and the game verifies. A
// seat that acts itself resets its count.
func TestTimerTakeover(t *testing.T) {
	clock := newFakeClock()
	e := timedEnv(t, nil, clock)
	id, tok := e.timedTable(2, perDecision(10*time.Second, 2))
	clock.Advance(11 * time.Second) // seat 0's first timeout
	e.awaitVersion(id, clocksOpened+3)
	first := e.mustSubmit(tok[1], id, "c1", cmdPass())
	clock.Advance(11 * time.Second)                 // the second: taken over
	evs := e.awaitVersion(id, first.GetLastSeq()+4) // timed out, taken over, the bot's move, seat 1's clock
	taken := tableOf(evs[first.GetLastSeq()+1]).GetTakenOver()
	if taken.GetSeat() != 0 || taken.GetTimeouts() != 2 {
		t.Fatalf("takeover: %v", evs[first.GetLastSeq()+1])
	}
	res := e.mustSubmit(tok[1], id, "c2", cmdPass())
	// The bot plays seat 0 at once, with no deadline to wait for.
	after := e.awaitVersion(id, res.GetLastSeq()+1)
	if after[res.GetLastSeq()].GetPublic().GetBoozeBarons() == nil {
		t.Fatalf("after seat 1's command: %v, want seat 0's bot's move", after[res.GetLastSeq()])
	}
	if _, err := e.submit(tok[0], id, "back", cmdPass()); err == nil {
		t.Fatal("a taken-over seat's own command was accepted")
	} else if code, reason := reasonOf(err); code != codes.FailedPrecondition || reason != rpcstatus.ReasonSeatTakenOver {
		t.Fatalf("a taken-over seat's command: %v %s", code, reason)
	}
	e.verifyTimed(id, tok)
}

// TestTimerOptionsRefused: a table with a bad timer is refused with
// INVALID_ARGUMENT, BAD_TIMER and the field, and nothing is stored.
func TestTimerOptionsRefused(t *testing.T) {
	d := durationpb.New
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			store := st.open(t)
			e := timedEnv(t, store, newFakeClock())
			for _, c := range []struct {
				name  string
				timer *moonshinev1.TurnTimer
			}{
				{"neither limit", &moonshinev1.TurnTimer{TakeoverAfter: 2}},
				{"both limits", &moonshinev1.TurnTimer{PerDecision: d(time.Minute), Bank: d(time.Hour)}},
				{"under a second", perDecision(500*time.Millisecond, 0)},
				{"zero", perDecision(0, 0)},
				{"negative", perDecision(-time.Minute, 0)},
				{"over a week", &moonshinev1.TurnTimer{Bank: d(8 * 24 * time.Hour)}},
				{"increment without a bank", &moonshinev1.TurnTimer{PerDecision: d(time.Minute), Increment: d(time.Second)}},
				{"negative increment", &moonshinev1.TurnTimer{Bank: d(time.Minute), Increment: d(-time.Second)}},
				{"invalid duration", &moonshinev1.TurnTimer{PerDecision: &durationpb.Duration{Seconds: 60, Nanos: -5}}},
				{"negative takeover", perDecision(time.Minute, -1)},
				{"takeover over 100", perDecision(time.Minute, 101)},
			} {
				_, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{
					Game: "toy", Config: &moonshinev1.GameConfig{Players: 2, Timer: c.timer}})
				if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != gameservice.ReasonBadTimer {
					t.Errorf("%s: %v, want INVALID_ARGUMENT %s", c.name, err, gameservice.ReasonBadTimer)
				}
			}
			if gs, err := store.ListGames(t.Context(), eventstore.ListFilter{}); err != nil || len(gs) != 0 {
				t.Fatalf("refused tables stored %d games, %v", len(gs), err)
			}
		})
	}
}

// TestReservedTimerCommandID: clients may not use the platform's command
// ids, which would stand in the way of a timeout's default.
func TestReservedTimerCommandID(t *testing.T) {
	e := timedEnv(t, nil, newFakeClock())
	id, tok := e.timedTable(2, perDecision(time.Minute, 0))
	if _, err := e.submit(tok[0], id, "timer:4:0", cmdPass()); err == nil {
		t.Fatal("a client used a timer: command id")
	} else if code, _ := reasonOf(err); code != codes.InvalidArgument {
		t.Fatalf("a timer: command id: %v", err)
	}
}

// TestTimerStopsWhenASeatLeaves: clocks run only at a full table: when a
// seat leaves before the start, its deadline plays nothing (no command,
// so the table has not started) and the clocks stop; they start again
// when the seat is claimed again.
func TestTimerStopsWhenASeatLeaves(t *testing.T) {
	clock := newFakeClock()
	e := timedEnv(t, nil, clock)
	id, tok := e.timedTable(2, perDecision(30*time.Second, 0))
	e.awaitVersion(id, clocksOpened)
	left, err := e.client.LeaveSeat(as(tok[0]), &moonshinev1.LeaveSeatRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(31 * time.Second)
	evs := e.awaitVersion(id, left.GetGame().GetVersion()+1)
	stopped := tableOf(evs[len(evs)-1]).GetClocks().GetSeats()
	if len(stopped) != 1 || stopped[0].GetSeat() != 0 || stopped[0].GetRunning() {
		t.Fatalf("after the deadline at a table a seat left: %v, want seat 0's clock stopped", evs[len(evs)-1])
	}
	if cmds, err := e.store.Commands(context.Background(), id); err != nil || len(cmds) != 0 || timeouts(evs) != 0 {
		t.Fatalf("a left seat's deadline played: %d commands, %d timeouts, %v", len(cmds), timeouts(evs), err)
	}
	e.join(id, 0)
	again := e.awaitVersion(id, int64(len(evs))+1)
	if sc := tableOf(again[len(again)-1]).GetClocks().GetSeats(); len(sc) != 1 || !sc[0].GetRunning() ||
		!sc[0].GetDeadline().AsTime().Equal(clock.Now().Add(30*time.Second)) {
		t.Fatalf("after the seat was claimed again: %v", again[len(again)-1])
	}
}
