package kingdom

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// Module returns Moonshine Kingdom as the platform registers it: the
// rules and their version, the tables a client may create (every mob for
// itself at 2 to 4 players; the Blood Oath, a 4-player variant), the
// takeback declaration, the resign command, the bots (the policy of
// engine/kingdom/strategy, which reads the printed data and a seat's
// view, never the rules; the search bots of this package), the printed
// data as a Board message and the labels.
func Module() engine.Module {
	return engine.Module{
		Rules: Rules{},
		Title: "Moonshine Kingdom",
		Variants: []engine.Variant{
			{Name: "standard", Title: "Moonshine Kingdom", MinPlayers: 2, MaxPlayers: printed.MaxSeats,
				Description: "Every mob for itself: the first Kingpin to 20 Respect with a Commission card claims the crown."},
			{Name: "blood-oath", Title: "The Blood Oath", MinPlayers: printed.MaxSeats, MaxPlayers: printed.MaxSeats,
				Description: "The 4-player team variant: a free-for-all until the Federal Crackdown Tracker forces the Sit-Down, which pairs the Bosses into two permanent alliances.",
				Options:     &pb.Options{BloodOath: true}},
		},
		RulesVersion: RulesVersion,
		Takebacks:    &chain,
		Resign:       func() proto.Message { return cmd(&pb.Resign{}) },
		Policy:       strategy.Policy{},
		Bots:         Bots(),
		Board:        printed.Board(),
		Labels:       printed.Labels{},
	}
}
