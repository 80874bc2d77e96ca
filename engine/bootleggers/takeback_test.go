package bootleggers

import (
	"fmt"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// TestTakebackChain: every command that draws a die or a shuffle writes an
// event the game declares to draw (or to reveal), so that no seat may take
// back a roll alone.
func TestTakebackChain(t *testing.T) {
	for i := range 4 {
		players := printed.MinPlayers + i%2
		if err := playtest.CheckChain(Module(), engine.Config{Players: players}, []byte(fmt.Sprintf("chain/%d", i)), 1500); err != nil {
			t.Fatal(err)
		}
	}
}
