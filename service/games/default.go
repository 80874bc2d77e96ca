package games

import (
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/moonshine"
)

// Default returns the registry of every game Moonshine hosts: Booze Barons
// and Moonshine Kingdom. Adding a game is a oneof field in each
// moonshine.v1 envelope and its Rules here.
func Default() *Registry {
	r, err := New(boozebarons.Rules{}, moonshine.Rules{})
	if err != nil {
		panic(err) // the envelopes and the rules disagree: a build mistake
	}
	return r
}
