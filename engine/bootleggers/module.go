package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	"google.golang.org/protobuf/proto"
)

// Module returns Bootleggers as the platform registers it: the rules and
// their version, the tables a client may create, the takeback declaration,
// the resign command, the bots (the policy of engine/bootleggers/strategy,
// which reads the printed data and a seat's view, never the rules; the
// search bots of this package), the printed data as a Board message and
// the labels.
func Module() engine.Module {
	return engine.Module{
		Rules:        Rules{},
		Title:        "Bootleggers",
		Variants:     Variants(),
		RulesVersion: RulesVersion,
		Takebacks:    &chain,
		Resign:       func() proto.Message { return Cmd(&pb.Resign{}) },
		Policy:       strategy.Policy{},
		Bots:         Bots(),
		Board:        printed.Board(),
		Labels:       printed.Labels{},
	}
}

// Variants are the tables a client may create, the standard game first.
// The optional rules are switches of Options; each variant below names
// one, for 2 to 6 players (the 2-player variant with 2, the standard game
// with 3 to 6).
func Variants() []engine.Variant {
	return []engine.Variant{
		{Name: "standard", Title: "Bootleggers", MinPlayers: printed.StandardMinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "The base game for 3 to 6 Mobsters: 12 rounds, or until a Mobster has $100G after Phase 5.",
			Options:     &pb.Options{Variant: pb.Variant_VARIANT_STANDARD}},
		{Name: "where-are-da-boys", Title: "Where are da boys? (2 players)", MinPlayers: printed.TwoPlayers, MaxPlayers: printed.TwoPlayers,
			Description: "The printed 2-player variant: three Non-Player Muscle hands, neutral markers, no Volstead and no Copper, the lowest consumption die dropped except at Texas Lil's, the game ends at $80G.",
			Options:     &pb.Options{Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS}},
		{Name: "ramp-still-production", Title: "Ramp Still Production", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "Optional rule: no production dice in rounds 1-3; the Family Still's first die produces 4 crates, every other die 3.",
			Options:     &pb.Options{RampStillProduction: true}},
		{Name: "play-it-cool", Title: "Play it Cool", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "Optional rule: in Phase 3 a Mobster without the Copper may declare he does not roll; every die counts 3.",
			Options:     &pb.Options{PlayItCool: true}},
		{Name: "ring-up-the-boys", Title: "Ring up the Boys", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "Optional rule: once a round in Phase 2 a Mobster may call one marker back from a speakeasy to his Back Room, if it does not close.",
			Options:     &pb.Options{RingUpTheBoys: true}},
		{Name: "muscling-in", Title: "Muscling In", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "Optional rule: markers left in the Back Room add to the Muscle card; ties go to the higher printed card.",
			Options:     &pb.Options{MusclingIn: true}},
		{Name: "need-a-little-help", Title: "Need a Little Help (3 players)", MinPlayers: printed.NeedALittleHelpPlayers, MaxPlayers: printed.NeedALittleHelpPlayers,
			Description: "Optional rule for three Mobsters: one more Men of Action card is turned over each round.",
			Options:     &pb.Options{Variant: pb.Variant_VARIANT_STANDARD, NeedALittleHelp: true}},
		{Name: "every-optional-rule", Title: "Every optional rule", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "Ramp Still Production, Play it Cool, Ring up the Boys and Muscling In together.",
			Options:     &pb.Options{RampStillProduction: true, PlayItCool: true, RingUpTheBoys: true, MusclingIn: true}},
		{Name: "strict-owners", Title: "Owners need a strict majority", MinPlayers: printed.MinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "House setting: a speakeasy's owner needs strictly more markers than all other colours combined (ruling 12).",
			Options:     &pb.Options{OwnerThreshold: pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY}},
		{Name: "boardwalk", Title: "Bootleggers: The Boardwalk", MinPlayers: printed.StandardMinPlayers, MaxPlayers: printed.MaxPlayers,
			Description: "The Boardwalk expansion for 3 to 6 Mobsters: speakeasies redeveloped into casinos, the Casino deck, Entertainment Acts and O'Malley's cut; 12 rounds, no early end.",
			Options:     &pb.Options{Variant: pb.Variant_VARIANT_STANDARD, Boardwalk: true}},
	}
}
