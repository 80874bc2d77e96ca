package gameservice

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
)

// TestPlayBotTurn: the driver plays one decision for a seat on demand
// (a seat taken over on a timeout, say), a seat that is no bot's at the
// table's level, through the bots' path; a seat with nothing to answer is
// left alone.
func TestPlayBotTurn(t *testing.T) {
	st := memstore.New()
	s, err := New(Options{Store: st, Games: games.Default(), CommandRate: -1, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	resp, err := s.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons",
		Config: &moonshinev1.GameConfig{Players: 3, BotLevel: moonshinev1.BotLevel_BOT_LEVEL_EASY}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetGame().GetGameId()
	before := resp.GetGame().GetVersion()
	played, err := s.playBotTurn(ctx, id, 1) // the Move Phase: every seat seals a card
	if err != nil || !played {
		t.Fatalf("seat 1's turn: played %v, %v", played, err)
	}
	again, err := s.playBotTurn(ctx, id, 1) // sealed: nothing left to answer
	if err != nil || again {
		t.Fatalf("seat 1 again: played %v, %v", again, err)
	}
	cmds, err := st.Commands(ctx, id)
	if err != nil || len(cmds) != 1 || cmds[0].Seat != 1 || !strings.HasPrefix(cmds[0].ID, botPrefix) {
		t.Fatalf("commands %+v (%v), want seat 1's bot command", cmds, err)
	}
	rec, err := st.GetGame(ctx, id)
	if err != nil || rec.Version <= before {
		t.Fatalf("the game is at version %d (%v), was %d", rec.Version, err, before)
	}
}
