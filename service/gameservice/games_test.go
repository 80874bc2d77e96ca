package gameservice_test

import (
	"context"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// TestJoinAndStatus claims free seats in order and follows the status.
func TestJoinAndStatus(t *testing.T) {
	e := newEnv(t, nil, nil)
	g := e.create(3, 1)
	if g.GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OPEN || len(g.GetSeedCommitment()) != 32 || len(g.GetSeed()) != 0 {
		t.Fatalf("new game: status %v, commitment %x, seed %x", g.GetStatus(), g.GetSeedCommitment(), g.GetSeed())
	}
	var last *moonshinev1.JoinGameResponse
	for _, want := range []int32{0, 2} {
		resp, err := e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: g.GetGameId(), Name: "p"})
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetSeat() != want || resp.GetCredential() == "" {
			t.Errorf("joined seat %d, want %d", resp.GetSeat(), want)
		}
		last = resp
	}
	if st := last.GetGame().GetStatus(); st != moonshinev1.GameStatus_GAME_STATUS_ACTIVE {
		t.Errorf("full table: status %v", st)
	}
}

// TestListGames pages through games, newest first.
func TestListGames(t *testing.T) {
	e := newEnv(t, nil, nil)
	var ids []string
	for range 3 {
		ids = append(ids, e.create(2).GetGameId())
	}
	var got []string
	token := ""
	for {
		resp, err := e.client.ListGames(context.Background(), &moonshinev1.ListGamesRequest{Game: "toy", PageSize: 2, PageToken: token})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range resp.GetGames() {
			got = append(got, g.GetGameId())
		}
		if token = resp.GetNextPageToken(); token == "" {
			break
		}
	}
	if len(got) != len(ids) {
		t.Fatalf("listed %v, want %v", got, ids)
	}
	for i := range ids {
		if got[i] != ids[len(ids)-1-i] {
			t.Errorf("listed %v, want %v newest first", got, ids)
		}
	}
}
