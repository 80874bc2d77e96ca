package gameservice_test

import (
	"context"
	"strings"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: g.GetGameId()})
	if err != nil {
		t.Fatal(err)
	}
	recv(t, stream, 2+toyMoves)
	info, err := e.client.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: g.GetGameId()})
	if err != nil {
		t.Fatal(err)
	}
	if info.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER || len(info.GetGame().GetSeed()) == 0 {
		t.Errorf("after the last move: status %v, seed %x", info.GetGame().GetStatus(), info.GetGame().GetSeed())
	}
}
