package gameservice_test

import (
	"context"
	"slices"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// createVisible creates a toy table of two seats with a visibility.
func (e *env) createVisible(v moonshinev1.Visibility) string {
	e.t.Helper()
	resp, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{
		Game: "toy", Config: &moonshinev1.GameConfig{Players: 2, Visibility: v}})
	if err != nil {
		e.t.Fatal(err)
	}
	if got := resp.GetGame().GetConfig().GetVisibility(); got != v {
		e.t.Fatalf("created with visibility %v, described as %v", v, got)
	}
	return resp.GetGame().GetGameId()
}

// TestLobbyVisibility: on every store, an unlisted table is never listed,
// under any filter or page, and GetGame reaches it by its id; public
// tables (visibility unset or public) are listed newest first.
func TestLobbyVisibility(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			e := newEnv(t, st.open(t), nil)
			pub := e.createVisible(moonshinev1.Visibility_VISIBILITY_UNSPECIFIED)
			hidden := e.createVisible(moonshinev1.Visibility_VISIBILITY_UNLISTED)
			pub2 := e.createVisible(moonshinev1.Visibility_VISIBILITY_PUBLIC)
			hidden2 := e.createVisible(moonshinev1.Visibility_VISIBILITY_UNLISTED)
			open := moonshinev1.GameStatus_GAME_STATUS_OPEN
			for _, req := range []*moonshinev1.ListGamesRequest{
				{}, {Game: "toy"}, {Status: open}, {Game: "toy", Status: open, MinOpenSeats: 2, Players: 2},
			} {
				if got, want := listAll(t, e, req), []string{pub2, pub}; !slices.Equal(got, want) {
					t.Errorf("ListGames(%v) = %v, want %v (unlisted %s, %s left out)", req, got, want, hidden, hidden2)
				}
			}
			// Paged one at a time, and from a token naming an unlisted game.
			if got := listAll(t, e, &moonshinev1.ListGamesRequest{PageSize: 1}); !slices.Equal(got, []string{pub2, pub}) {
				t.Errorf("paged by one: %v", got)
			}
			if got := listAll(t, e, &moonshinev1.ListGamesRequest{PageToken: hidden2}); !slices.Equal(got, []string{pub2, pub}) {
				t.Errorf("after %s: %v", hidden2, got)
			}
			for _, id := range []string{hidden, hidden2} {
				g, err := e.client.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: id})
				if err != nil || g.GetGame().GetConfig().GetVisibility() != moonshinev1.Visibility_VISIBILITY_UNLISTED {
					t.Errorf("GetGame(%s) = %v, %v", id, g, err)
				}
				if _, err := e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: id, Name: "p"}); err != nil {
					t.Errorf("JoinGame(%s) by id: %v", id, err)
				}
			}
		})
	}
}

// TestVisibilityRefused: an unknown visibility is INVALID_ARGUMENT naming
// the field, and creates nothing.
func TestVisibilityRefused(t *testing.T) {
	e := newEnv(t, nil, nil)
	_, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{
		Game: "toy", Config: &moonshinev1.GameConfig{Players: 2, Visibility: 9}})
	if code, reason, field := badField(err); code != codes.InvalidArgument || reason != "BAD_REQUEST" || field != "config.visibility" {
		t.Errorf("visibility 9: %v (%s, %q), want INVALID_ARGUMENT BAD_REQUEST on config.visibility", status.Code(err), reason, field)
	}
	if got := listAll(t, e, &moonshinev1.ListGamesRequest{}); len(got) != 0 {
		t.Errorf("a refused table was stored: %v", got)
	}
}

// listAll pages through a listing and returns the game ids in order.
func listAll(t *testing.T, e *env, req *moonshinev1.ListGamesRequest) []string {
	t.Helper()
	var ids []string
	for {
		res, err := e.client.ListGames(context.Background(), req)
		if err != nil {
			t.Fatalf("ListGames(%v): %v", req, err)
		}
		for _, g := range res.GetGames() {
			ids = append(ids, g.GetGameId())
		}
		if res.GetNextPageToken() == "" {
			return ids
		}
		req.PageToken = res.GetNextPageToken()
	}
}
