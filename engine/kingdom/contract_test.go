package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine/playtest"
)

// TestContract runs every check of the game contract
// (engine/playtest.Conform) with the game's invariants and random
// commands.
func TestContract(t *testing.T) {
	playtest.Conform(t, Module(), playtest.GameChecks{Invariant: invariant, RandomCommand: randomCommand})
}
