package kingdom

import (
	"sync"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// Reason codes of Moonshine Kingdom refusals.
const (
	ReasonWrongStep            = "WRONG_STEP"
	ReasonDieNotInPool         = "DIE_NOT_IN_POOL"
	ReasonNotDomestic          = "NOT_DOMESTIC_LIQUOR"
	ReasonNotInHand            = "CONTRACT_NOT_IN_HAND"
	ReasonNotEnoughInfluence   = "NOT_ENOUGH_INFLUENCE"
	ReasonSlotsFull            = "SLOTS_FULL"
	ReasonNotConnected         = "NOT_CONNECTED"
	ReasonNoSuchDistrict       = "NO_SUCH_DISTRICT"
	ReasonNotEnoughMobsters    = "NOT_ENOUGH_MOBSTERS"
	ReasonNothingToMove        = "NOTHING_TO_MOVE"
	ReasonTooManyBarrels       = "TOO_MANY_BARRELS"
	ReasonNotEnoughBarrels     = "NOT_ENOUGH_BARRELS"
	ReasonNothingToCommandeer  = "NOTHING_TO_COMMANDEER"
	ReasonNoSpareSafehouse     = "NO_SPARE_SAFEHOUSE"
	ReasonNotYourTurf          = "NOT_YOUR_TURF"
	ReasonNoSafehouse          = "NO_SAFEHOUSE_HERE"
	ReasonNotEnoughCash        = "NOT_ENOUGH_CASH"
	ReasonSupplyEmpty          = "SUPPLY_EMPTY"
	ReasonHustleOnceADay       = "HUSTLE_ONCE_A_DAY"
	ReasonNoBoss               = "NO_BOSS_IN_PLAY"
	ReasonRatCantHustle        = "RAT_CANNOT_HUSTLE"
	ReasonBadDraw              = "BAD_DRAW"
	ReasonDeckEmpty            = "DECK_EMPTY"
	ReasonBadDiscard           = "BAD_DISCARD"
	ReasonAlreadySecured       = "ALREADY_SECURED"
	ReasonNotADock             = "NOT_A_DOCK"
	ReasonBadCrew              = "BAD_CREW"
	ReasonNoDeed               = "NO_DEED"
	ReasonExtortOnceADay       = "EXTORT_ONCE_A_DAY"
	ReasonNothingToExtort      = "NOTHING_TO_EXTORT"
	ReasonNoSyndicate          = "NO_SYNDICATE"
	ReasonBadPrice             = "BAD_PRICE"
	ReasonNotASpeakeasy        = "NOT_A_SPEAKEASY"
	ReasonBossInPlay           = "BOSS_IN_PLAY"
	ReasonNotHighSociety       = "NOT_HIGH_SOCIETY"
	ReasonFavorTaken           = "FAVOR_NOT_AVAILABLE"
	ReasonNoHeat               = "NO_HEAT"
	ReasonNotTied              = "NOT_A_TIED_DISTRICT"
	ReasonNotPlaceable         = "NOT_PLACEABLE"
	ReasonLiquorRequired       = "LIQUOR_REQUIRED"
	ReasonUnoccupiedOrYours    = "NOT_YOURS_OR_UNOCCUPIED"
	ReasonNotYourSafehouse     = "NOT_YOUR_SAFEHOUSE"
	ReasonNothingToUnload      = "NOTHING_TO_UNLOAD"
	ReasonNothingToPush        = "NOTHING_TO_PUSH"
	ReasonSameDistrict         = "SAME_DISTRICT"
	ReasonLaidLow              = "LAID_LOW"
	ReasonTooManyContractDecks = "WRONG_DRAW_COUNT"
	ReasonBadStandoff          = "BAD_STANDOFF_CHOICE"
	ReasonNotSafe              = "NOT_SAFE"
	ReasonPoliceTurf           = "POLICE_TURF"
	ReasonNotPoliceTurf        = "NOT_POLICE_TURF"
	ReasonBadSpoils            = "BAD_SPOILS"
)

// decider is how the Kingdom decides: the kit's one precheck (set up, not
// over, a Moonshine Kingdom command, a seat at the table, the seat and step
// awaited: Awaits), then rule on an engine.Decision.
var decider = engine.Decider[*state, *pb.Command]{Game: "Moonshine Kingdom", Rule: rule}

// Decide checks seat's command and returns the events it causes and the
// state they lead to. It never changes s: the decision applies its events
// to a copy, as the kit's Decider.Decide does, but to a scratch copy
// reused from an earlier refused decision (copyInto) when there is one: a
// refused decision's copy is garbage, and allocating, zeroing and
// collecting a fresh 4.7 KB state per command was a third of the
// command's cost. An accepted decision's copy is the state handed back.
func (s *state) Decide(seat engine.Seat, cmd proto.Message, rng *engine.Rand) ([]engine.Event, engine.State, error) {
	c, refused := decider.Precheck(s, seat, cmd)
	if refused != nil {
		return nil, nil, refused
	}
	sc := scratchStates.Get().(*scratch)
	sc.ints = s.copyInto(&sc.state, sc.ints)
	d := engine.NewInPlace(&sc.state, rng)
	evs, err := d.Done(rule(d, seat, c))
	if err != nil {
		scratchStates.Put(sc)
		return nil, nil, err
	}
	return evs, &sc.state, nil
}

// scratch is a state a decision works on, with the array its int slices
// were copied into, kept for the next decision.
type scratch struct {
	state state
	ints  []int
}

// scratchStates holds the scratch states of decisions not running: each
// is owned by one decision at a time, so that concurrent decisions on one
// state (which only read it) never share one.
var scratchStates = sync.Pool{New: func() any { return new(scratch) }}

// rule decides a prechecked command: the command's own rule, which stops
// at d.Checking() right before its first event, then the Broker's Word
// deals that the decision's events settle (resolveDeals).
func rule(d *engine.Decision[*state], seat engine.Seat, c *pb.Command) *engine.RuleError {
	b := &builder{Decision: d}
	if err := d.State().refuseResigned(seat, c); err != nil {
		return err
	}
	if err := b.dispatch(int(seat), c); err != nil {
		return err
	}
	if d.Checking() {
		return nil
	}
	if len(d.State().Deals) > 0 {
		b.resolveDeals(d.Emitted())
	}
	b.standIn()
	return nil
}

// PlayerCount is the number of seats; 0 before setup.
func (s *state) PlayerCount() int { return s.Players }

// Awaits returns nil when the game waits for seat to send c now: a side
// command any seat may send at any time (ruling 71), or the command of the
// step the game waits for from this seat. Else it refuses: NOT_YOUR_TURN
// for another seat's decision, WRONG_STEP for a command of another step.
func (s *state) Awaits(seat engine.Seat, c *pb.Command) *engine.RuleError {
	if side(c) || c.GetResign() != nil {
		return nil
	}
	who, awaiting := s.awaited()
	if int(seat) != who {
		return engine.RefuseTurn("the game waits for %s to %s", engine.Seat(who), awaitingText[awaiting])
	}
	if want := stepOf(c); want != awaiting {
		return engine.Refuse(ReasonWrongStep, "the game waits for you to %s", awaitingText[awaiting])
	}
	return nil
}

var awaitingText = map[pb.Awaiting]string{
	pb.Awaiting_AWAITING_UNSPECIFIED:   "nothing",
	pb.Awaiting_AWAITING_BREW_DRAFT:    "draft Brew dice",
	pb.Awaiting_AWAITING_GREASE:        "stake Contracts and fund Operations",
	pb.Awaiting_AWAITING_PLAY:          "make a Play or Lay Low",
	pb.Awaiting_AWAITING_DISCARD:       "discard down to the Hand Limit",
	pb.Awaiting_AWAITING_TARGETS_CALL:  "make the Target's Call",
	pb.Awaiting_AWAITING_BRIBE_OR_FALL: "Pay the Bribe or Take the Fall",
	pb.Awaiting_AWAITING_STANDOFF:      "answer the Invaders: Ambush, Hold Fire or Fold",
	pb.Awaiting_AWAITING_PINNED:        "Assault, Advance, Fall Back or Storm with the Pinned mobsters",
	pb.Awaiting_AWAITING_SPOILS:        "destroy or Commandeer the Safehouse of the District taken",
	pb.Awaiting_AWAITING_CONSENT:       "give or refuse permission for a rival's Push",
}

// awaited returns the one seat the game waits for and why.
func (s *state) awaited() (int, pb.Awaiting) {
	switch {
	case s.outcome != nil || s.Players == 0:
		return none, pb.Awaiting_AWAITING_UNSPECIFIED
	case s.Fight != nil:
		return s.Fight.decider(), s.Fight.Stage
	case s.Raid != nil && len(s.Raid.Tied) > 0:
		return s.Raid.Target, pb.Awaiting_AWAITING_TARGETS_CALL
	case s.Raid != nil && s.Raid.Hit != 0:
		return s.Raid.Target, pb.Awaiting_AWAITING_BRIBE_OR_FALL
	case s.Raid != nil:
		// Between the events of one decision (a replay as of an event inside
		// it): the Police have not struck yet, nobody is awaited.
		return none, pb.Awaiting_AWAITING_UNSPECIFIED
	case s.Proposal != nil:
		return int(s.Proposal.Rival), pb.Awaiting_AWAITING_CONSENT
	}
	if d := s.discarding(); d != none {
		return d, pb.Awaiting_AWAITING_DISCARD
	}
	switch s.Phase {
	case pb.Phase_PHASE_BREW:
		return s.Current, pb.Awaiting_AWAITING_BREW_DRAFT
	case pb.Phase_PHASE_GREASE:
		return s.Current, pb.Awaiting_AWAITING_GREASE
	case pb.Phase_PHASE_OPERATIONS:
		return s.Current, pb.Awaiting_AWAITING_PLAY
	}
	return none, pb.Awaiting_AWAITING_UNSPECIFIED
}

// discarding returns the seat holding more Contracts than its Hand Limit
// (only ever right after its Hustle), or none.
func (s *state) discarding() int {
	for i := range s.Seats {
		if len(s.Seats[i].Hand) > s.handLimit(i) {
			return i
		}
	}
	return none
}

func stepOf(c *pb.Command) pb.Awaiting {
	switch c.GetKind().(type) {
	case *pb.Command_BrewDraft:
		return pb.Awaiting_AWAITING_BREW_DRAFT
	case *pb.Command_StakeContract, *pb.Command_Fund:
		return pb.Awaiting_AWAITING_GREASE
	case *pb.Command_DiscardContracts:
		return pb.Awaiting_AWAITING_DISCARD
	case *pb.Command_TargetsCall:
		return pb.Awaiting_AWAITING_TARGETS_CALL
	case *pb.Command_BribeOrFall:
		return pb.Awaiting_AWAITING_BRIBE_OR_FALL
	case *pb.Command_Standoff:
		return pb.Awaiting_AWAITING_STANDOFF
	case *pb.Command_Assault, *pb.Command_Advance, *pb.Command_FallBack, *pb.Command_Storm, *pb.Command_Torch:
		return pb.Awaiting_AWAITING_PINNED
	case *pb.Command_Spoils:
		return pb.Awaiting_AWAITING_SPOILS
	case *pb.Command_TakeLoan, *pb.Command_RepayLoan, *pb.Command_GiveCash, *pb.Command_Lend,
		*pb.Command_ProposeDeal, *pb.Command_AnswerDeal, *pb.Command_ConfirmTerm, *pb.Command_Resign:
		return pb.Awaiting_AWAITING_UNSPECIFIED
	case *pb.Command_Consent:
		return pb.Awaiting_AWAITING_CONSENT
	}
	return pb.Awaiting_AWAITING_PLAY
}

func (b *builder) dispatch(seat int, c *pb.Command) *engine.RuleError {
	switch k := c.GetKind().(type) {
	case *pb.Command_BrewDraft:
		return b.brewDraft(seat, k.BrewDraft)
	case *pb.Command_StakeContract:
		return b.stakeContract(seat, k.StakeContract)
	case *pb.Command_Fund:
		return b.fund(seat, k.Fund)
	case *pb.Command_DiscardContracts:
		return b.discardContracts(seat, k.DiscardContracts)
	case *pb.Command_TargetsCall:
		return b.targetsCall(seat, k.TargetsCall)
	case *pb.Command_BribeOrFall:
		return b.bribeOrFall(seat, k.BribeOrFall)
	case *pb.Command_LayLow:
		if err := b.State().checkLayLow(seat); err != nil {
			return err
		}
		if b.Checking() {
			return nil
		}
		b.layLow(seat)
		b.endPlay()
		return nil
	case *pb.Command_Standoff:
		return b.standoff(k.Standoff)
	case *pb.Command_Assault:
		return b.assault(seat, k.Assault)
	case *pb.Command_Advance:
		return b.advance(seat, k.Advance)
	case *pb.Command_FallBack:
		if b.State().Fight.Stealth {
			return engine.Refuse(ReasonStealthStrike, "after Stealth you must Assault or Advance")
		}
		if b.Checking() {
			return nil
		}
		b.withdraw(false)
		return nil
	case *pb.Command_Storm:
		return b.storm(seat)
	case *pb.Command_Torch:
		return b.torch(seat)
	case *pb.Command_Spoils:
		return b.spoils(seat, k.Spoils)
	case *pb.Command_TakeLoan, *pb.Command_RepayLoan, *pb.Command_GiveCash:
		return b.sideDeal(seat, c)
	case *pb.Command_Lend:
		return b.lend(seat, k.Lend)
	case *pb.Command_ProposeDeal, *pb.Command_AnswerDeal, *pb.Command_ConfirmTerm:
		return b.brokersWord(seat, c)
	case *pb.Command_Consent:
		return b.consent(seat, k.Consent)
	case *pb.Command_Resign:
		return b.resign(seat)
	}
	return b.play(seat, c)
}
