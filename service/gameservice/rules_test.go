package gameservice_test

import (
	"context"
	"testing"

	blprinted "github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	bbprinted "github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/games"
	bbpb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	mkpb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// hosted starts a server hosting the default games.
func hosted(t *testing.T) *env {
	return newEnv(t, nil, func(c *server.Config) { c.Games = games.Default() })
}

// TestRules: ListRules names every hosted game with its variants and no
// board; GetRules gives one game with its printed data; an unknown game is
// the request's mistake.
func TestRules(t *testing.T) {
	e := hosted(t)
	ctx := context.Background()
	list, err := e.client.ListRules(ctx, &moonshinev1.ListRulesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range list.GetGames() {
		names = append(names, g.GetGame())
		if g.GetBoard() != nil || len(g.GetVariants()) == 0 || g.GetTitle() == "" {
			t.Errorf("listed %s: %v", g.GetGame(), g)
		}
	}
	if len(names) != 3 || names[0] != "bootleggers" || names[1] != "booze-barons" || names[2] != "moonshine-kingdom" {
		t.Fatalf("ListRules names %v", names)
	}
	bb, err := e.client.GetRules(ctx, &moonshinev1.GetRulesRequest{Game: "booze-barons"})
	if err != nil {
		t.Fatal(err)
	}
	r := bb.GetRules()
	if r.GetTitle() != "Booze Barons" || r.GetMinPlayers() != 3 || r.GetMaxPlayers() != 9 || !r.GetLabelled() ||
		!proto.Equal(r.GetBoard().GetBoozeBarons(), bbprinted.Board()) {
		t.Errorf("Booze Barons' rules: %v", r)
	}
	if v := r.GetVariants()[1]; v.GetName() != "docks-side-b" || v.GetOptions().GetBoozeBarons().GetDocksSide() != bbpb.Side_SIDE_B {
		t.Errorf("Booze Barons' second variant: %v", v)
	}
	mk, err := e.client.GetRules(ctx, &moonshinev1.GetRulesRequest{Game: "moonshine-kingdom"})
	if err != nil || !mk.GetRules().GetLabelled() || mk.GetRules().GetVariants()[1].GetName() != "blood-oath" ||
		!proto.Equal(mk.GetRules().GetBoard().GetMoonshineKingdom(), printed.Board()) {
		t.Errorf("the Kingdom's rules: %v, %v", mk, err)
	}
	bl, err := e.client.GetRules(ctx, &moonshinev1.GetRulesRequest{Game: "bootleggers"})
	if err != nil {
		t.Fatal(err)
	}
	if r := bl.GetRules(); r.GetTitle() != "Bootleggers" || r.GetMinPlayers() != 2 || r.GetMaxPlayers() != 6 || !r.GetLabelled() ||
		!proto.Equal(r.GetBoard().GetBootleggers(), blprinted.Board()) || r.GetVariants()[1].GetName() != "where-are-da-boys" {
		t.Errorf("Bootleggers' rules: %v", r)
	}
	_, err = e.client.GetRules(ctx, &moonshinev1.GetRulesRequest{Game: "chess"})
	if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != "BAD_REQUEST" {
		t.Errorf("GetRules(chess): %v", err)
	}
}

// TestCreateWithVariant: a variant sets the table's options and is
// recorded; options alone are recorded as the variant they are; a variant
// with options, an unknown variant or a table size the variant does not
// allow is refused and creates nothing.
func TestCreateWithVariant(t *testing.T) {
	e := hosted(t)
	create := func(game string, cfg *moonshinev1.GameConfig) (*moonshinev1.GameInfo, error) {
		res, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: game, Config: cfg})
		return res.GetGame(), err
	}
	g, err := create("booze-barons", &moonshinev1.GameConfig{Players: 4, Variant: "docks-side-b"})
	if err != nil {
		t.Fatal(err)
	}
	if g.GetConfig().GetVariant() != "docks-side-b" || g.GetConfig().GetOptions().GetBoozeBarons().GetDocksSide() != bbpb.Side_SIDE_B {
		t.Errorf("created as %v", g.GetConfig())
	}
	v, err := e.client.GetView(context.Background(), &moonshinev1.GetViewRequest{GameId: g.GetGameId()})
	if err != nil || v.GetView().GetBoozeBarons().GetOptions().GetDocksSide() != bbpb.Side_SIDE_B {
		t.Errorf("the game's own options: %v, %v", v.GetView().GetBoozeBarons().GetOptions(), err)
	}
	if rec, _ := e.store.GetGame(context.Background(), g.GetGameId()); rec.Variant != "docks-side-b" || rec.Players != 4 {
		t.Errorf("the record: variant %q, %d players", rec.Variant, rec.Players)
	}
	oath := &moonshinev1.GameOptions{Game: &moonshinev1.GameOptions_MoonshineKingdom{MoonshineKingdom: &mkpb.Options{BloodOath: true}}}
	for _, c := range []struct {
		cfg  *moonshinev1.GameConfig
		want string
	}{
		{&moonshinev1.GameConfig{Players: 4, Options: oath}, "blood-oath"},
		{&moonshinev1.GameConfig{Players: 3}, "standard"},
		{&moonshinev1.GameConfig{Players: 4, Variant: "blood-oath"}, "blood-oath"},
	} {
		g, err := create("moonshine-kingdom", c.cfg)
		if err != nil || g.GetConfig().GetVariant() != c.want {
			t.Errorf("a Kingdom table %v is variant %q (%v), want %q", c.cfg, g.GetConfig().GetVariant(), err, c.want)
		}
	}
	before := logSize(t, e.store)
	for _, c := range []struct {
		cfg    *moonshinev1.GameConfig
		reason string
	}{
		{&moonshinev1.GameConfig{Players: 4, Variant: "blood-oath", Options: oath}, "BAD_REQUEST"},
		{&moonshinev1.GameConfig{Players: 4, Variant: "no-such"}, "BAD_VARIANT"},
		{&moonshinev1.GameConfig{Players: 3, Variant: "blood-oath"}, "BAD_PLAYER_COUNT"},
	} {
		_, err := create("moonshine-kingdom", c.cfg)
		if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != c.reason {
			t.Errorf("create %v: %v (%s), want INVALID_ARGUMENT %s", c.cfg, err, reason, c.reason)
		}
	}
	if after := logSize(t, e.store); len(after) != len(before) {
		t.Errorf("refused creations created games: %d -> %d", len(before), len(after))
	}
}
