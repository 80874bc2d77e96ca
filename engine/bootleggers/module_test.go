package bootleggers

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// TestContract runs every check of the game contract
// (engine/playtest.Conform) with the game's invariants and random
// commands.
func TestContract(t *testing.T) {
	playtest.Conform(t, Module(), playtest.GameChecks{Invariant: invariant, RandomCommand: randomCommand})
}

// TestModuleVariantsStart: every variant starts at its smallest and
// largest table with its options recorded.
func TestModuleVariantsStart(t *testing.T) {
	m := Module()
	if v, _ := m.Variant(""); v.Name != "standard" || v.MinPlayers != 3 || v.MaxPlayers != 6 {
		t.Errorf("the default variant is %+v", v)
	}
	if v, ok := m.Variant("where-are-da-boys"); !ok || v.MinPlayers != 2 || v.MaxPlayers != 2 {
		t.Errorf("the 2-player variant is %+v", v)
	}
	for _, v := range m.Variants {
		for _, n := range []int{v.MinPlayers, v.MaxPlayers} {
			cfg, err := m.Table(v.Name, n)
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			_, evs, err := engine.Start(m.Rules, cfg, []byte(v.Name))
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			got := evs[0].Public.(*pb.Event).GetGameStarted().GetOptions()
			want, _ := NormaliseOptions(n, v.Options.(*pb.Options))
			if !proto.Equal(got, want) {
				t.Errorf("%s: the game started with %v, not %v", v.Name, got, want)
			}
		}
	}
	if _, err := m.Table("need-a-little-help", 4); err == nil {
		t.Error("Need a Little Help was offered for 4 players")
	}
}
