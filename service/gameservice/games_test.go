package gameservice_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
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

// TestListGamesFilters lists games by where they stand, by seats left to
// claim and by table size, from the games' records.
func TestListGamesFilters(t *testing.T) {
	e := newEnv(t, nil, nil)
	open3 := e.create(3).GetGameId()    // three seats to claim
	open2 := e.create(2, 1).GetGameId() // a bot holds one of two
	active, _ := e.table(2)             // every seat claimed
	over, overTok := e.table(2)         // played to the end
	for i := range toyMoves {
		e.mustSubmit(overTok[i%2], over, fmt.Sprint("m", i), cmdPass())
	}
	list := func(req *moonshinev1.ListGamesRequest) []string {
		t.Helper()
		req.Game = "toy"
		res, err := e.client.ListGames(context.Background(), req)
		if err != nil {
			t.Fatalf("ListGames(%v): %v", req, err)
		}
		var ids []string
		for _, g := range res.GetGames() {
			ids = append(ids, g.GetGameId())
		}
		return ids
	}
	for _, c := range []struct {
		req  *moonshinev1.ListGamesRequest
		want []string
	}{
		{&moonshinev1.ListGamesRequest{}, []string{over, active, open2, open3}},
		{&moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OPEN}, []string{open2, open3}},
		{&moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_ACTIVE}, []string{active}},
		{&moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OVER}, []string{over}},
		{&moonshinev1.ListGamesRequest{MinOpenSeats: 2}, []string{open3}},
		{&moonshinev1.ListGamesRequest{MinOpenSeats: 1, Players: 2}, []string{open2}},
		{&moonshinev1.ListGamesRequest{Players: 3}, []string{open3}},
		{&moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OPEN, PageSize: 1, PageToken: open2}, []string{open3}},
	} {
		if got := list(c.req); !slices.Equal(got, c.want) {
			t.Errorf("ListGames(%v) = %v, want %v", c.req, got, c.want)
		}
	}
	res, _ := e.client.ListGames(context.Background(), &moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OVER})
	if g := res.GetGames()[0]; g.GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER || g.GetFinishedAt() == nil || len(g.GetSeed()) == 0 || g.GetVersion() != 2+toyMoves {
		t.Errorf("a finished game listed as %v", g)
	}
	for _, bad := range []*moonshinev1.ListGamesRequest{{Status: 7}, {MinOpenSeats: -1}, {Players: -2}, {PageSize: -1}} {
		if _, err := e.client.ListGames(context.Background(), bad); status.Code(err) != codes.InvalidArgument {
			t.Errorf("ListGames(%v): %v, want INVALID_ARGUMENT", bad, err)
		}
	}
}
