package games

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/moonshine"
	"github.com/moonshine-games/moonshine/engine/moonshine/strategy"
	kingdompb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Default returns the registry of every game Moonshine hosts, one module
// per line.
func Default() *Registry {
	return MustNew(
		boozebarons.Module(),
		kingdomModule(),
	)
}

// kingdomModule is Moonshine Kingdom as the platform registers it: its
// rules, its two variants and the bots' strategy. Its printed data (Board)
// and its Labels are still to be written: clients render its messages
// themselves until then.
func kingdomModule() engine.Module {
	lo, hi := moonshine.Rules{}.Players()
	return engine.Module{
		Rules: moonshine.Rules{},
		Title: "Moonshine Kingdom",
		Variants: []engine.Variant{
			{Name: "standard", Title: "Moonshine Kingdom", MinPlayers: lo, MaxPlayers: hi,
				Description: "Every mob for itself: the first Kingpin to 20 Respect with a Commission card claims the crown."},
			{Name: "blood-oath", Title: "The Blood Oath", MinPlayers: moonshine.MaxSeats, MaxPlayers: moonshine.MaxSeats,
				Description: "The 4-player team variant: a free-for-all until the Federal Crackdown Tracker forces the Sit-Down, which pairs the Bosses into two permanent alliances.",
				Options:     &kingdompb.Options{BloodOath: true}},
		},
		Policy: strategy.Policy{},
	}
}
