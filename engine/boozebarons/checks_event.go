package boozebarons

import (
	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// checkEvent: "Trigger the Event listed at your current Location (if
// applicable)." target is the other seat the Event needs, or nil.
func (s *State) checkEvent(seat int, target *int32) *engine.RuleError {
	if target != nil {
		if err := s.checkSeat(*target); err != nil {
			return err
		}
	}
	switch l := s.seats[seat].location; l {
	case caves:
		return engine.Refuse(ReasonNoEvent, "the River Caves is passive: it needs no action")
	case casino:
		if target != nil {
			return engine.Refuse(ReasonTargetNotAllowed, "Casino Regale takes no target")
		}
		if len(s.deck) == 0 {
			return engine.Refuse(ReasonDeckEmpty, "the Delivery deck is empty")
		}
	case officers, curtain:
		if target != nil {
			return engine.Refuse(ReasonTargetNotAllowed, "%v names its own target", l)
		}
		return s.checkTail(seat, int32(s.eventTailTarget(seat, l)), l)
	case pete:
		return s.checkNeighbour(seat, target)
	case docks:
		return s.checkOther(seat, target)
	default:
		return engine.Refuse(ReasonNoEvent, "no Location")
	}
	return nil
}

// eventTailTarget: Officer's Club "Tail the player seated to your right";
// Curtain Club "Tail the player seated to your left".
func (s *State) eventTailTarget(seat int, l pb.Location) int {
	if l == officers {
		return s.right(seat)
	}
	return s.left(seat)
}

// checkNeighbour: Seedy Pete's "Steal ... from the player seated to your left
// or right."
func (s *State) checkNeighbour(seat int, target *int32) *engine.RuleError {
	if target == nil {
		return engine.Refuse(ReasonTargetRequired, "choose the player to your left or right")
	}
	if int(*target) != s.left(seat) && int(*target) != s.right(seat) {
		return engine.Refuse(ReasonTargetNotNeighbour, "%v is not seated next to you", engine.Seat(*target))
	}
	return nil
}

// checkOther: the Docks "Choose another player."
func (s *State) checkOther(seat int, target *int32) *engine.RuleError {
	if target == nil {
		return engine.Refuse(ReasonTargetRequired, "choose another player")
	}
	if int(*target) == seat {
		return engine.Refuse(ReasonTargetSelf, "choose another player")
	}
	return nil
}
