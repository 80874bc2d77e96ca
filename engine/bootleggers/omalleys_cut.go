package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// O'Malley's cut consumption (Boardwalk, Phase 4): "At any time during
// this phase, Casino owners may choose to destroy one of their Influence
// markers from the board or their Back Room to reduce consumption at
// O'Malley's by one Crate per Truck. No more than 3 Influence markers may
// be destroyed per Round." (ruling 81). Out of turn, like a trade: it is
// offered to every casino owner while Phase 4 runs and never waited for.
// The 3 a round are each owner's own (rules version 3); version 2 counted
// them for all owners together.

// Refusals of a cut.
const (
	// ReasonNotCasinoOwner: only a casino owner may cut O'Malley's.
	ReasonNotCasinoOwner = "NOT_CASINO_OWNER"
	// ReasonCutsUsed: the owner destroyed 3 markers this round already
	// (version 2: the casino owners together).
	ReasonCutsUsed = "CUTS_USED"
)

// cutsUsed reports whether seat may destroy no more markers this round:
// 3 of its own (ruling 81), or under version 2 3 by every owner together.
func (s *State) cutsUsed(seat int) bool {
	if s.version < rulingsReadAgain {
		return s.omalleysCuts >= printed.OMalleysCutsPerRound
	}
	return s.seats[seat].cuts >= printed.OMalleysCutsPerRound
}

// cutOMalleys checks destroying one of seat's markers at place (the Back
// Room when unspecified).
func (s *State) cutOMalleys(seat int, c *pb.CutOMalleys) (func(decision), *engine.RuleError) {
	p := c.GetPlace()
	switch {
	case p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && (p < omalleys || int(p) > printed.PlaceCount || !s.place(p).inPlay):
		return nil, engine.Malform(ReasonBadPlace, "%v is not a drinking place in play", p)
	case !s.ownsCasino(seat):
		return nil, engine.Refuse(ReasonNotCasinoOwner, "only a casino owner may destroy a marker to cut O'Malley's consumption")
	case s.cutsUsed(seat):
		return nil, engine.Refuse(ReasonCutsUsed, "no more than %d Influence markers may be destroyed per round", printed.OMalleysCutsPerRound)
	case p == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && s.seats[seat].backRoom == 0:
		return nil, engine.Refuse(ReasonNotEnoughMarkers, "your Back Room holds no marker")
	case p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && s.place(p).markers[seat] == 0:
		return nil, engine.Refuse(ReasonNotEnoughMarkers, "you have no marker at %s", printed.Place(p).Name)
	}
	cut := &pb.OMalleysCut{Seat: int32(seat), Place: p, Cuts: int32(s.omalleysCuts + 1)}
	return func(b decision) { b.emit(cut) }, nil
}

// cutCandidates lists every marker seat may destroy now: one from the
// Back Room, one from each place where it has one.
func (s *State) cutCandidates(seat int) []*pb.Command {
	if !s.ownsCasino(seat) {
		return nil
	}
	out := []*pb.Command{Cmd(&pb.CutOMalleys{})}
	for i, p := range s.places {
		if p.inPlay && p.markers[seat] > 0 {
			out = append(out, Cmd(&pb.CutOMalleys{Place: pb.DrinkingPlace(i + 1)}))
		}
	}
	return out
}

// applyOMalleysCut folds a destroyed marker: it leaves the game.
func (s *State) applyOMalleysCut(c *pb.OMalleysCut) error {
	if err := s.seatOK(c.GetSeat()); err != nil {
		return err
	}
	seat, p := int(c.GetSeat()), &s.seats[c.GetSeat()]
	if int(c.GetCuts()) != s.omalleysCuts+1 || s.cutsUsed(seat) {
		return corrupt("cut %d of O'Malley's after %d, %d of them by seat %d", c.GetCuts(), s.omalleysCuts, p.cuts, seat)
	}
	if c.GetPlace() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		if p.backRoom == 0 {
			return corrupt("seat %d destroys a marker from an empty Back Room", seat)
		}
		p.backRoom--
	} else {
		st, err := s.placeOK(c.GetPlace())
		if err != nil || st.markers[seat] == 0 {
			return corrupt("seat %d has no marker at %v to destroy", seat, c.GetPlace())
		}
		st.markers[seat]--
	}
	p.destroyed++
	p.cuts++
	s.omalleysCuts++
	return nil
}
