package boozebarons

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Reason codes of Booze Barons refusals (engine.RuleError.Reason).
const (
	// ReasonWrongPhase means the command belongs to the other phase.
	ReasonWrongPhase = "WRONG_PHASE"
	// ReasonWrongStep means the command does not fit the multi-step action under way.
	ReasonWrongStep = "WRONG_STEP"
	// ReasonAlreadyChosen means a sealed Movement card cannot be changed.
	ReasonAlreadyChosen = engine.ReasonAlreadyChosen
	// ReasonSameLocationTwice means no Location two rounds in a row.
	ReasonSameLocationTwice = "SAME_LOCATION_TWICE"
	// ReasonMovementCardLost means the Movement card was taken by an Expose or boxed.
	ReasonMovementCardLost = "MOVEMENT_CARD_LOST"
	// ReasonBadLocation means not one of the six Locations (Malformed).
	ReasonBadLocation = "BAD_LOCATION"
	// ReasonBadCard means not a Delivery card id 0-35 (Malformed).
	ReasonBadCard = "BAD_CARD"
	// ReasonBadBoozeType means not one of the twelve Booze types (Malformed).
	ReasonBadBoozeType = "BAD_BOOZE_TYPE"
	// ReasonDuplicateCard means a card named twice in one command (Malformed).
	ReasonDuplicateCard = "DUPLICATE_CARD"
	// ReasonNotAtLocation means the card or the player is not at the needed Location.
	ReasonNotAtLocation = "NOT_AT_LOCATION"
	// ReasonBoozeTypeMismatch means the card does not show the taker's Booze type.
	ReasonBoozeTypeMismatch = "BOOZE_TYPE_MISMATCH"
	// ReasonTargetSelf means the target must be another player.
	ReasonTargetSelf = "TARGET_SELF"
	// ReasonTargetInRiverCaves means only players at the River Caves may Tail a player there.
	ReasonTargetInRiverCaves = "TARGET_IN_RIVER_CAVES"
	// ReasonCardFaceUp means face-up Delivery cards cannot be stolen.
	ReasonCardFaceUp = "CARD_FACE_UP"
	// ReasonCardNotHeld means the looked-at player does not hold the card.
	ReasonCardNotHeld = "CARD_NOT_HELD"
	// ReasonAlreadyExposed means an Exposed player cannot be Exposed again.
	ReasonAlreadyExposed = "ALREADY_EXPOSED"
	// ReasonNoEvent means the Location has no Event to trigger (the River Caves).
	ReasonNoEvent = "NO_EVENT"
	// ReasonDeckEmpty means Casino Regale needs cards in the deck.
	ReasonDeckEmpty = "DECK_EMPTY"
	// ReasonTargetRequired means the Event needs a target seat.
	ReasonTargetRequired = "TARGET_REQUIRED"
	// ReasonTargetNotAllowed means the Event takes no target.
	ReasonTargetNotAllowed = "TARGET_NOT_ALLOWED"
	// ReasonTargetNotNeighbour means Seedy Pete's targets the seat to the left or right.
	ReasonTargetNotNeighbour = "TARGET_NOT_NEIGHBOUR"
	// ReasonCardNotRevealed means the card was not revealed at Casino Regale.
	ReasonCardNotRevealed = "CARD_NOT_REVEALED"
	// ReasonTooManyCards means more cards than the action allows.
	ReasonTooManyCards = "TOO_MANY_CARDS"
)

// Every check returns nil or a refusal. Decide runs them, after the kit's
// precheck (Awaits below), and so do the checks behind the prompts' legal
// lists: what is offered is what is accepted.

// Awaits says whom the game waits for, for the precheck: in the Move Phase
// every seat may seal a Movement card (the sealed choice itself refuses a
// second one); in the Action Phase only the seat whose turn it is (or the
// seat chosen at the Docks), and only with the command its step needs.
func (s *State) Awaits(seat engine.Seat, c *pb.Command) *engine.RuleError {
	if err := s.refuseResigned(seat); err != nil {
		return err
	}
	return s.awaits(seat, c)
}

// awaits is Awaits for a seat that may act: a resignation any time (resign.go),
// else the command of the phase and step.
func (s *State) awaits(seat engine.Seat, c *pb.Command) *engine.RuleError {
	if _, ok := c.Kind.(*pb.Command_Resign); ok {
		return nil
	}
	if _, ok := c.Kind.(*pb.Command_ChooseMovement); ok {
		if s.phase != pb.Phase_PHASE_MOVE {
			return engine.Refuse(ReasonWrongPhase, "Movement cards are chosen in the Move Phase")
		}
		return nil
	}
	if err := s.checkActor(int(seat)); err != nil {
		return err
	}
	return s.checkStep(stepOf(c)...)
}

// stepOf returns the steps a command of c's kind belongs to: a new action
// (no step under way), or the one it finishes.
func stepOf(c *pb.Command) []pb.PendingKind {
	switch c.Kind.(type) {
	case *pb.Command_Steal, *pb.Command_Decline:
		return []pb.PendingKind{pb.PendingKind_PENDING_KIND_TAIL, pb.PendingKind_PENDING_KIND_SEEDY_PETES}
	case *pb.Command_Expose:
		return []pb.PendingKind{pb.PendingKind_PENDING_KIND_TAIL}
	case *pb.Command_CasinoKeep:
		return []pb.PendingKind{pb.PendingKind_PENDING_KIND_CASINO}
	case *pb.Command_DocksCollect:
		return []pb.PendingKind{pb.PendingKind_PENDING_KIND_DOCKS}
	}
	return []pb.PendingKind{pb.PendingKind_PENDING_KIND_UNSPECIFIED}
}

func (s *State) checkSeat(t int32) *engine.RuleError {
	if t < 0 || int(t) >= s.players {
		return engine.Malform(engine.ReasonBadSeat, "seat %d is not at this table", t)
	}
	return nil
}

func checkCard(id int32) *engine.RuleError {
	if !printed.ValidCard(id) {
		return engine.Malform(ReasonBadCard, "there is no Delivery card %d", id)
	}
	return nil
}

// checkChoose: "No player can move to the same Location during two
// consecutive rounds." and a Movement card taken by an Expose is gone. A
// sealed card cannot be changed (the kit's sealed choice refuses it).
func (s *State) checkChoose(seat int, l pb.Location) *engine.RuleError {
	p := &s.seats[seat]
	if !printed.ValidLocation(l) {
		return engine.Malform(ReasonBadLocation, "unknown Location %d", l)
	}
	if err := s.moves.Check(engine.Seat(seat), "a Movement card"); err != nil {
		return err
	}
	switch {
	case l == p.played:
		return engine.Refuse(ReasonSameLocationTwice, "no player can move to the same Location during two consecutive rounds")
	case s.movementLost(seat, l):
		return engine.Refuse(ReasonMovementCardLost, "the Movement card for %v is gone: that Location cannot be visited again", l)
	case !p.hand[l]:
		return engine.Refuse(ReasonMovementCardLost, "no Movement card for %v in hand", l)
	}
	return nil
}

// checkActor: the Action Phase runs one seat at a time.
func (s *State) checkActor(seat int) *engine.RuleError {
	if s.phase != pb.Phase_PHASE_ACTION {
		return engine.Refuse(ReasonWrongPhase, "actions are taken in the Action Phase")
	}
	if a := s.actor(); a != seat {
		return engine.RefuseTurn("the game waits for %v", engine.Seat(a))
	}
	return nil
}

// checkStep: the actor must finish a multi-step action with the right command.
func (s *State) checkStep(want ...pb.PendingKind) *engine.RuleError {
	if !slices.Contains(want, s.pend.kind) {
		return engine.Refuse(ReasonWrongStep, "this command does not fit the step under way (%v)", s.pend.kind)
	}
	return nil
}

// checkDeliver: "Take one Delivery card from your current Location ... You
// may only collect a Delivery card if your Booze type is shown on that
// Delivery card."
func (s *State) checkDeliver(seat int, id int32) *engine.RuleError {
	if err := checkCard(id); err != nil {
		return err
	}
	p := &s.seats[seat]
	if !slices.Contains(s.at[p.location], id) {
		return engine.Refuse(ReasonNotAtLocation, "card %d is not waiting at %v", id, p.location)
	}
	return s.checkMatch(seat, id)
}

func (s *State) checkMatch(seat int, id int32) *engine.RuleError {
	if !printed.Deck[id].Shows(s.seats[seat].booze) {
		return engine.Refuse(ReasonBoozeTypeMismatch, "card %d does not show your Booze type", id)
	}
	return nil
}

// checkTail: "Choose another player at your Location." River Caves: "You can
// only be Tailed by players who are also at the River Caves."
func (s *State) checkTail(seat int, target int32, via pb.Location) *engine.RuleError {
	if err := s.checkSeat(target); err != nil {
		return err
	}
	if int(target) == seat {
		return engine.Refuse(ReasonTargetSelf, "choose another player")
	}
	here, there := s.seats[seat].location, s.seats[target].location
	if there == caves && here != caves {
		return engine.Refuse(ReasonTargetInRiverCaves, "%v is at the River Caves", engine.Seat(target))
	}
	if via == 0 && here != there {
		return engine.Refuse(ReasonNotAtLocation, "%v is not at your Location", engine.Seat(target))
	}
	return nil
}

// checkSteal: a face-down card of the looked-at player that shows the
// stealer's type. "Face-up Delivery cards cannot be stolen."
func (s *State) checkSteal(seat int, id int32) *engine.RuleError {
	if err := checkCard(id); err != nil {
		return err
	}
	t := &s.seats[s.pend.target]
	if slices.Contains(t.faceUp, id) {
		return engine.Refuse(ReasonCardFaceUp, "face-up Delivery cards cannot be stolen")
	}
	if !slices.Contains(t.faceDown, id) {
		return engine.Refuse(ReasonCardNotHeld, "%v does not hold card %d", engine.Seat(s.pend.target), id)
	}
	return s.checkMatch(seat, id)
}

// checkExpose: "After Tailing an Unexposed player, you may attempt to
// Expose that player by publicly guessing their Booze type."
func (s *State) checkExpose(guess pb.BoozeType) *engine.RuleError {
	if !printed.ValidBooze(guess) {
		return engine.Malform(ReasonBadBoozeType, "unknown Booze type %d", guess)
	}
	if s.seats[s.pend.target].exposed {
		return engine.Refuse(ReasonAlreadyExposed, "a player who has been Exposed cannot be Exposed again")
	}
	return nil
}

// checkCards checks a list of distinct cards, at most max of them.
func checkCards(ids []int32, max int) *engine.RuleError {
	if len(ids) > max {
		return engine.Refuse(ReasonTooManyCards, "at most %d cards", max)
	}
	for i, id := range ids {
		if err := checkCard(id); err != nil {
			return err
		}
		if slices.Contains(ids[:i], id) {
			return engine.Malform(ReasonDuplicateCard, "card %d named twice", id)
		}
	}
	return nil
}

// checkCasinoKeep: "You may choose and keep any number of those Delivery
// cards that match your Booze type."
func (s *State) checkCasinoKeep(seat int, ids []int32) *engine.RuleError {
	if err := checkCards(ids, printed.CasinoReveal); err != nil {
		return err
	}
	for _, id := range ids {
		if !slices.Contains(s.pend.casino, id) {
			return engine.Refuse(ReasonCardNotRevealed, "card %d was not revealed", id)
		}
		if err := s.checkMatch(seat, id); err != nil {
			return err
		}
	}
	return nil
}

// checkDocksCollect: "That player may collect up to 2 Delivery cards that
// match their Booze type from any Location(s)."
func (s *State) checkDocksCollect(seat int, ids []int32) *engine.RuleError {
	if err := checkCards(ids, printed.DocksCollectMax); err != nil {
		return err
	}
	for _, id := range ids {
		if !slices.Contains(s.at[printed.Deck[id].Location], id) {
			return engine.Refuse(ReasonNotAtLocation, "card %d is not waiting at a Location", id)
		}
		if err := s.checkMatch(seat, id); err != nil {
			return err
		}
	}
	return nil
}
