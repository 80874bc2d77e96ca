package games

import (
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/kingdom"
)

// Default returns the registry of every game Moonshine hosts, one module
// per line.
func Default() *Registry {
	return MustNew(
		boozebarons.Module(),
		kingdom.Module(),
		bootleggers.Module(),
	)
}
