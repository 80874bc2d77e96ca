package boozebarons

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

func seedOf(players, i int) []byte { return []byte(fmt.Sprintf("booze-barons/%d/%d", players, i)) }

// TestRandomGames plays seeded random games for every player count with
// every check of the playtest harness after every event.
func TestRandomGames(t *testing.T) {
	games := 300 // 2,100 games in all; BOOZE_BARONS_GAMES=n plays n per count
	if testing.Short() {
		games = 20
	}
	if n, err := strconv.Atoi(os.Getenv("BOOZE_BARONS_GAMES")); err == nil {
		games = n
	}
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		t.Run(fmt.Sprintf("players=%d", players), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				opts := &pb.Options{}
				if i%2 == 1 {
					opts.DocksSide, opts.RefillRounding = pb.Side_SIDE_B, pb.Rounding_ROUNDING_DOWN
				}
				cfg := playtest.Config{
					Rules: Rules{}, Table: engine.Config{Players: players, Options: opts}, Seed: seedOf(players, i),
					MaxSteps: 5000, Invariant: invariant, RandomCommand: randomCommand,
				}
				if i < 1 {
					cfg.RebuildEvery = 1
				}
				if _, err := playtest.Play(cfg); err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
			}
		})
	}
}
