package gameservice_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
)

// TestBotsAnswerHumans plays seat 1 against a bot at seat 2: after each
// human move, the bot's move arrives on the stream.
func TestBotsAnswerHumans(t *testing.T) {
	e := newEnv(t, nil, nil)
	g := e.create(2, 1)
	if s := g.GetSeats()[1]; !s.GetBot() || !s.GetClaimed() {
		t.Fatalf("seat 2 is %v, want a claimed bot", s)
	}
	tok := e.join(g.GetGameId(), 0)
	ctx, cancel := context.WithCancel(as(tok))
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: g.GetGameId(), AfterSeq: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range toyMoves / 2 {
		e.mustSubmit(tok, g.GetGameId(), "h"+string(rune('a'+i)), cmdPass())
		evs := recv(t, stream, 2)
		if b := evs[1].GetPublic().GetBoozeBarons(); b.GetDelivered().GetSeat() != 1 && b.GetPassed().GetSeat() != 1 {
			t.Fatalf("move %d: event %v is not the bot's", i, evs[1])
		}
	}
	h := e.history(tok, g.GetGameId())
	bots := 0
	for _, c := range h.GetCommands() {
		if strings.HasPrefix(c.GetCommandId(), "bot:") && c.GetSeat() == 1 {
			bots++
		}
	}
	if bots != toyMoves/2 {
		t.Errorf("%d bot commands logged, want %d", bots, toyMoves/2)
	}
}

// TestBotsPlayAlone lets two bots play a whole game.
func TestBotsPlayAlone(t *testing.T) {
	e := newEnv(t, nil, nil)
	g := e.create(2, 0, 1)
	if g.GetStatus() == moonshinev1.GameStatus_GAME_STATUS_OPEN {
		t.Errorf("status %v: bots hold every seat", g.GetStatus())
	}
	e.awaitEvents(g.GetGameId(), 2+toyMoves)
	info, err := e.client.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: g.GetGameId()})
	if err != nil {
		t.Fatal(err)
	}
	if info.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER || len(info.GetGame().GetSeed()) == 0 {
		t.Errorf("after the last move: status %v, seed %x", info.GetGame().GetStatus(), info.GetGame().GetSeed())
	}
}

// heldBots is a store that refuses the bots' appends while held, so that a
// test can leave a game waiting on its bots when a server stops.
type heldBots struct {
	eventstore.Store
	held atomic.Bool
}

func (h *heldBots) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	if h.held.Load() && req.Command != nil && strings.HasPrefix(req.Command.ID, "bot:") {
		return eventstore.AppendResult{}, errors.New("held for the test")
	}
	return h.Store.Append(ctx, req)
}

// TestBotsResumeAfterRestart stops a server while its game waits on bots,
// starts another on the same store, and sees the bots finish the game with
// no client touching it.
func TestBotsResumeAfterRestart(t *testing.T) {
	st := &heldBots{Store: memstore.New()}
	st.held.Store(true)
	first := newEnv(t, st, nil)
	id := first.create(2, 0, 1).GetGameId()
	first.stop()
	before, err := st.GetGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	st.held.Store(false)
	newEnv(t, st, nil) // no call names the game: the bots must resume by themselves
	want := before.Version + toyMoves
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		g, err := st.GetGame(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Version == want {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("game at version %d after the restart, want %d: the bots did not resume", g.Version, want)
		}
	}
}

// eventReads counts the events a store's ReadStream returns.
type eventReads struct {
	eventstore.Store
	events atomic.Int64
}

func (r *eventReads) ReadStream(ctx context.Context, id string, after int64, limit int) ([]eventstore.Event, error) {
	evs, err := r.Store.ReadStream(ctx, id, after, limit)
	r.events.Add(int64(len(evs)))
	return evs, err
}

// TestBotsReadOnlyNewEvents: a bot's knowledge grows by the events since
// its game's last bot decision, whatever the game's length: the events
// read from the log for the bots' answer to a human command are the
// events that command and the answers wrote, late in the game as early.
func TestBotsReadOnlyNewEvents(t *testing.T) {
	store := &eventReads{Store: memstore.New()}
	e := newEnv(t, store, nil)
	g := e.create(2, 1)
	tok := e.join(g.GetGameId(), 0)
	ctx, cancel := context.WithCancel(as(tok))
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: g.GetGameId(), AfterSeq: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range toyMoves / 2 {
		before := store.events.Load()
		e.mustSubmit(tok, g.GetGameId(), fmt.Sprint("h", i), cmdPass())
		recv(t, stream, 2) // the command's event and the bot's answer
		if read := store.events.Load() - before; i > 0 && read > 2 {
			t.Errorf("move %d: %d events read from the log for the bot's answer, want at most the 2 since its last", i, read)
		}
	}
}
