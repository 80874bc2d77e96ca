package boozebarons

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	"google.golang.org/protobuf/proto"
)

// Module returns Booze Barons as the platform registers it: the rules and
// their version, the tables a client may create, the takeback
// declaration, the resign command, its bots by level (Bots) and the
// default of a seat that ran out of time (Timeout), the printed data and
// the labels.
func Module() engine.Module {
	return engine.Module{
		Rules: Rules{},
		Title: "Booze Barons",
		Variants: []engine.Variant{
			{Name: "standard", Title: "Side A", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
				Description: "Every Location on its A side, as for a first game; after each round half the players' number of Delivery cards is drawn, rounded up, as the End of Round text reads."},
			{Name: "docks-side-b", Title: "Docks side B", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
				Description: "The Docks on side B: the player chosen there becomes the Booze Baron next round.",
				Options:     &pb.Options{DocksSide: pb.Side_SIDE_B}},
			{Name: "refill-rounded-down", Title: "Refill rounded down", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
				Description: "After each round half the players' number of Delivery cards is drawn, rounded down, as the Quick Reference reads.",
				Options:     &pb.Options{RefillRounding: pb.Rounding_ROUNDING_DOWN}},
		},
		RulesVersion: RulesVersion,
		Takebacks:    &chain,
		Resign:       func() proto.Message { return Cmd(&pb.Resign{}) },
		Bots:         Bots(),
		Timeout:      engine.FirstLegal(isPass),
		Board:        printed.Board(),
		Labels:       printed.Labels{},
	}
}

// isPass reports whether cmd is the printed PASS ("You may choose to pass
// and do nothing on your turn"): the command a seat whose turn timer ran
// out plays in its turn (docs/rules/booze-barons.md, "Turn timers").
func isPass(cmd proto.Message) bool {
	c, ok := cmd.(*pb.Command)
	return ok && c.GetPass() != nil
}
