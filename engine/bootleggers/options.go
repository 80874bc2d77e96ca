package bootleggers

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// NormaliseOptions checks a table and returns its options with every
// default filled in (no UNSPECIFIED value), as GameStarted records them. A
// nil o means the defaults. It never modifies o.
func NormaliseOptions(players int, o *pb.Options) (*pb.Options, error) {
	if players < printed.MinPlayers || players > printed.MaxPlayers {
		return nil, engine.Malform(engine.ReasonBadPlayerCount,
			"Bootleggers takes 2 players (the variant \"Where are da boys?\") or 3 to 6, not %d", players)
	}
	n := &pb.Options{}
	if o != nil {
		n = proto.Clone(o).(*pb.Options)
	}
	if err := normaliseVariant(players, n); err != nil {
		return nil, err
	}
	if n.NeedALittleHelp && players != printed.NeedALittleHelpPlayers {
		return nil, engine.Malform(engine.ReasonBadOptions,
			"Need a Little Help is for a three Mobster game, not %d players", players)
	}
	if err := normaliseBoardwalk(players, n); err != nil {
		return nil, err
	}
	switch n.OwnerThreshold {
	case pb.OwnerThreshold_OWNER_THRESHOLD_UNSPECIFIED:
		n.OwnerThreshold = pb.OwnerThreshold_OWNER_THRESHOLD_AT_LEAST_HALF
	case pb.OwnerThreshold_OWNER_THRESHOLD_AT_LEAST_HALF, pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY:
	default:
		return nil, engine.Malform(engine.ReasonBadOptions, "unknown owner threshold %v", n.OwnerThreshold)
	}
	return n, nil
}

// normaliseVariant fills in the variant from the player count and refuses
// a variant that does not fit it.
func normaliseVariant(players int, n *pb.Options) error {
	switch n.Variant {
	case pb.Variant_VARIANT_UNSPECIFIED:
		n.Variant = printed.DefaultVariant(players)
	case pb.Variant_VARIANT_STANDARD:
		if players < printed.StandardMinPlayers {
			return engine.Malform(engine.ReasonBadOptions,
				"the standard game takes 3 to 6 players; 2 play \"Where are da boys?\"")
		}
	case pb.Variant_VARIANT_WHERE_ARE_DA_BOYS:
		if players != printed.TwoPlayers {
			return engine.Malform(engine.ReasonBadOptions,
				"\"Where are da boys?\" is a variant for 2 Mobsters, not %d", players)
		}
	default:
		return engine.Malform(engine.ReasonBadOptions, "unknown variant %v", n.Variant)
	}
	return nil
}
