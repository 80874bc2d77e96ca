package games

import (
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/moonshine"
	"github.com/moonshine-games/moonshine/engine/moonshine/strategy"
)

// Default returns the registry of every game Moonshine hosts: Booze Barons
// and Moonshine Kingdom, whose bots play with engine/moonshine/strategy.
// Adding a game is a oneof field in each moonshine.v1 envelope and its
// Rules here.
func Default() *Registry {
	r, err := New(boozebarons.Rules{}, moonshine.Rules{})
	if err != nil {
		panic(err) // the envelopes and the rules disagree: a build mistake
	}
	r.byName[moonshine.Rules{}.Name()].Policy = strategy.Policy{}
	return r
}
