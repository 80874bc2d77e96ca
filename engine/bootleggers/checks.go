package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Reason codes of Bootleggers refusals (engine.RuleError.Reason), besides
// the engine's shared ones. Malformed ones name something that is not in
// the game at all (an id out of range, a duplicate); the others are
// refusals of the rules as things stand.
const (
	// ReasonWrongPhase: the command belongs to another phase or step.
	ReasonWrongPhase = "WRONG_PHASE"
	// ReasonAlreadyChosen: a sealed Muscle card cannot be changed (ruling 18).
	ReasonAlreadyChosen = engine.ReasonAlreadyChosen
	// ReasonNotInHand: the Muscle card is not in the seat's hand.
	ReasonNotInHand = "NOT_IN_HAND"
	// ReasonBadSlot: no such Men of Action Offer Space (Malformed).
	ReasonBadSlot = "BAD_SLOT"
	// ReasonCardTaken: the offer space's card was taken already.
	ReasonCardTaken = "CARD_TAKEN"
	// ReasonCannotAfford: the seat's money does not cover the price.
	ReasonCannotAfford = "CANNOT_AFFORD"
	// ReasonNoTruckOnOffer: no Truck card is on offer.
	ReasonNoTruckOnOffer = "NO_TRUCK_ON_OFFER"
	// ReasonBadTarget: the card's target does not fit it (a still, a
	// speakeasy, a marker or a seat it cannot act on).
	ReasonBadTarget = "BAD_TARGET"
	// ReasonBadEffect: the effect named is not the card's (ruling 26).
	ReasonBadEffect = "BAD_EFFECT"
	// ReasonCardNotKept: the seat does not keep that card.
	ReasonCardNotKept = "CARD_NOT_KEPT"
	// ReasonTargetSelf: the card targets a rival, not the player.
	ReasonTargetSelf = "TARGET_SELF"
	// ReasonAlreadyShutDown: a still is shut down at most once a round.
	ReasonAlreadyShutDown = "ALREADY_SHUT_DOWN"
	// ReasonAlreadyBigNight: one Big Night per speakeasy a round.
	ReasonAlreadyBigNight = "ALREADY_BIG_NIGHT"
	// ReasonNoCopper: Pay Off the Copper needs the Copper.
	ReasonNoCopper = "NO_COPPER"
	// ReasonHasTheCopper: Play it Cool "Cannot be done if you have the Copper."
	ReasonHasTheCopper = "HAS_THE_COPPER"
	// ReasonNotLinedUp: the truck is not in a line this round.
	ReasonNotLinedUp = "NOT_LINED_UP"
	// ReasonBadPlace: not a drinking place in play, or not the kind the
	// command needs (Malformed).
	ReasonBadPlace = "BAD_PLACE"
	// ReasonPlaceClosed: the speakeasy is closed (ruling 7).
	ReasonPlaceClosed = "PLACE_CLOSED"
	// ReasonNoRoom: no free circle, die space or improvement space.
	ReasonNoRoom = "NO_ROOM"
	// ReasonNotEnoughMarkers: the Back Room holds fewer markers.
	ReasonNotEnoughMarkers = "NOT_ENOUGH_MARKERS"
	// ReasonBadPlacement: a placement of no markers (Malformed).
	ReasonBadPlacement = "BAD_PLACEMENT"
	// ReasonDuplicate: a place, truck or card named twice (Malformed).
	ReasonDuplicate = "DUPLICATE"
	// ReasonRingUpNotAllowed: Ring up the Boys is off, used, or has no
	// marker to call back there (ruling 67).
	ReasonRingUpNotAllowed = "RING_UP_NOT_ALLOWED"
	// ReasonWouldClose: Ring up the Boys may not close a speakeasy.
	ReasonWouldClose = "WOULD_CLOSE"
	// ReasonBadTruck: no such truck (Malformed).
	ReasonBadTruck = "BAD_TRUCK"
	// ReasonNotYourTruck: the seat does not run that truck this round, or
	// it is out already.
	ReasonNotYourTruck = "NOT_YOUR_TRUCK"
	// ReasonBadLoad: a load outside 1 to the truck's capacity, or more
	// crates than the Back Room holds.
	ReasonBadLoad = "BAD_LOAD"
	// ReasonBadTrade: an offer with nothing on either side, or a negative
	// amount (Malformed), or goods the proposer does not hold.
	ReasonBadTrade = "BAD_TRADE"
	// ReasonTooManyOffers: a seat may have at most
	// printed.House.OpenTradesPerSeat open offers (ruling 38).
	ReasonTooManyOffers = "TOO_MANY_OFFERS"
	// ReasonNoSuchOffer: no open offer of that id for this seat.
	ReasonNoSuchOffer = "NO_SUCH_OFFER"
	// ReasonTradeStale: an accepted offer's goods are no longer held.
	ReasonTradeStale = "TRADE_STALE"
	// ReasonAlreadyRan: crates and trucks go only to a Mobster who has not
	// run his whiskey this round (ruling 38).
	ReasonAlreadyRan = "ALREADY_RAN"
	// ReasonBadOrder: a called order that is not the awaited tier's trucks.
	ReasonBadOrder = "BAD_ORDER"
)

// Every check returns nil or a refusal. Decide runs them after the kit's
// precheck (which calls Awaits), and so do the checks behind the prompts'
// legal lists: what is offered is what is accepted.

// Awaits says whom the game waits for: in the bidding every seat that has
// not sealed; in the selection and the turn-based phases the seat whose
// turn it is (kept cards on its own turn, ruling 26); in Phase 4 any seat
// for trades (ruling 37); in Phase 5 the majority holder whose call is
// awaited (ruling 43); Casino cards out of turn in their windows (ruling
// 87). A command of another phase is WRONG_PHASE.
func (s *State) Awaits(seat engine.Seat, c *pb.Command) *engine.RuleError {
	if err := s.refuseResigned(seat, c); err != nil {
		return err
	}
	return s.awaits(seat, c)
}

// awaits is Awaits for a Mobster that may act: a resignation any time
// (resign.go), else the command of the phase and step.
func (s *State) awaits(seat engine.Seat, c *pb.Command) *engine.RuleError {
	switch c.Kind.(type) {
	case *pb.Command_Resign:
		return nil
	case *pb.Command_ChooseMuscle:
		if s.phase != muscle || s.step != pb.Step_STEP_BIDDING {
			return engine.Refuse(ReasonWrongPhase, "Muscle cards are sealed in Phase 1, before the selection")
		}
		return s.bids.Check(seat, "a Muscle card")
	case *pb.Command_TakeMenOfAction, *pb.Command_TakeCasinoCard, *pb.Command_BuyTruck, *pb.Command_PassSelection:
		return s.onTurn(seat, s.step == pb.Step_STEP_SELECTION, "the selection of Phase 1")
	case *pb.Command_PlayCard:
		return s.onTurn(seat, s.step == pb.Step_STEP_TURNS && (s.phase == sendIn || s.phase == runIt),
			"a turn of Phase 2 or Phase 4")
	case *pb.Command_SendInTheBoys:
		return s.onTurn(seat, s.phase == sendIn && s.step == pb.Step_STEP_TURNS, "Phase 2")
	case *pb.Command_FireUpTheStill:
		return s.onTurn(seat, s.phase == fireUp && s.step == pb.Step_STEP_TURNS, "Phase 3 with Play it Cool")
	case *pb.Command_RunTheWhiskey:
		return s.onTurn(seat, s.phase == runIt && s.step == pb.Step_STEP_TURNS, "Phase 4")
	case *pb.Command_PlayCasinoCard:
		// Out of turn, in the card's window (ruling 87).
		if s.step == pb.Step_STEP_CASINO_CARDS || s.step == pb.Step_STEP_TURNS && (s.phase == sendIn || s.phase == runIt) {
			return nil
		}
		return engine.Refuse(ReasonWrongPhase, "Casino cards are played during Phase 2, Phase 4 or the Selling Phase's window")
	case *pb.Command_PassCasinoCards, *pb.Command_AnswerCommission:
		if s.step != pb.Step_STEP_CASINO_CARDS {
			return engine.Refuse(ReasonWrongPhase, "the Selling Phase's window for Casino cards is not open")
		}
		return nil
	case *pb.Command_CutOmalleys:
		if s.phase != runIt || s.step != pb.Step_STEP_TURNS {
			return engine.Refuse(ReasonWrongPhase, "O'Malley's consumption is cut during Phase 4")
		}
		return nil
	case *pb.Command_ProposeTrade, *pb.Command_AnswerTrade, *pb.Command_WithdrawTrade:
		if s.phase != runIt || s.step != pb.Step_STEP_TURNS {
			return engine.Refuse(ReasonWrongPhase, "trades are made during Phase 4")
		}
		return nil
	case *pb.Command_CallTheOrder:
		if s.step != pb.Step_STEP_CALL_THE_ORDER || s.call == nil {
			return engine.Refuse(ReasonWrongPhase, "no buying order is awaited")
		}
		if s.call.seat != int(seat) {
			return engine.RefuseTurn("the game waits for %v to call the order", engine.Seat(s.call.seat))
		}
		return nil
	}
	return engine.Malform(engine.ReasonUnknownCommand, "unknown command %T", c.Kind)
}

// onTurn refuses a command outside its step (inStep false) or off the
// seat's turn.
func (s *State) onTurn(seat engine.Seat, inStep bool, step string) *engine.RuleError {
	if !inStep {
		return engine.Refuse(ReasonWrongPhase, "that command belongs to %s", step)
	}
	if cur := s.current(); cur != int(seat) {
		return engine.RefuseTurn("it is %v's turn", engine.Seat(cur))
	}
	return nil
}

// speakeasyInPlay refuses a place that is not a speakeasy in play.
func (s *State) speakeasyInPlay(p pb.DrinkingPlace) *engine.RuleError {
	if p < omalleys || int(p) > printed.PlaceCount || !s.place(p).inPlay || s.place(p).kind != speakeasy {
		return engine.Malform(ReasonBadPlace, "%v is not a speakeasy in play", p)
	}
	return nil
}

// validTruck refuses a truck id that is no truck.
func validTruck(id int32) *engine.RuleError {
	if id < 0 || id >= printed.TruckFigures {
		return engine.Malform(ReasonBadTruck, "no truck %d", id)
	}
	return nil
}
