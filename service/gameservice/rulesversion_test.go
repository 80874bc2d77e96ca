package gameservice_test

import (
	"context"
	"testing"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// TestCreateGameRecordsTheRulesVersion checks that CreateGame stores the
// rules version the game is created under, shows it in GameInfo, and
// refuses a request that names another.
func TestCreateGameRecordsTheRulesVersion(t *testing.T) {
	m := toyModule()
	m.RulesVersion = "3"
	reg, err := games.New(m)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, nil, func(c *server.Config) { c.Games = reg })
	created := e.create(2)
	if v := created.GetConfig().GetRulesVersion(); v != "3" {
		t.Fatalf("created under rules %q", v)
	}
	got, err := e.client.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: created.GetGameId()})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := e.store.GetGame(context.Background(), created.GetGameId())
	if err != nil {
		t.Fatal(err)
	}
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(stored.Config, cfg); err != nil {
		t.Fatal(err)
	}
	if got.GetGame().GetConfig().GetRulesVersion() != "3" || cfg.GetRulesVersion() != "3" {
		t.Fatalf("GetGame says rules %q, the store %q", got.GetGame().GetConfig().GetRulesVersion(), cfg.GetRulesVersion())
	}
	for _, c := range []struct {
		version string
		code    codes.Code
	}{{"3", codes.OK}, {"2", codes.InvalidArgument}} {
		_, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "toy",
			Config: &moonshinev1.GameConfig{Players: 2, RulesVersion: c.version}})
		if code, _ := reasonOf(err); code != c.code {
			t.Errorf("a request naming rules %q: %v", c.version, err)
		}
	}
}
