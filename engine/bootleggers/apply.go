package bootleggers

import (
	"errors"
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// errCorrupt is wrapped by every Apply error: the body does not fit the
// state (a corrupt log), never a rule.
var errCorrupt = errors.New("bootleggers: event does not fit the state")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errCorrupt, fmt.Sprintf(format, args...))
}

// Apply folds one event body into the state. It never judges the rules and
// never decides: every roll, shuffle and choice is in the body. It is the
// one switch over the event kinds, and an unknown kind is an error.
func (s *State) Apply(body proto.Message) error {
	e, ok := body.(*pb.Event)
	if !ok {
		return fmt.Errorf("bootleggers: foreign event body %T", body)
	}
	if _, started := e.Kind.(*pb.Event_GameStarted); !started && s.players == 0 {
		return corrupt("event before game_started")
	}
	switch k := e.Kind.(type) {
	case *pb.Event_GameStarted:
		return s.applyStarted(k.GameStarted)
	case *pb.Event_MuscleDealt, *pb.Event_DeckShuffled:
		// Public notices of what the private parts hold.
	case *pb.Event_MuscleHand:
		return s.applyHand(k.MuscleHand)
	case *pb.Event_MuscleSetAside:
		return s.applySetAside(k.MuscleSetAside)
	case *pb.Event_DeckOrder:
		return s.applyDeckOrder(k.DeckOrder)
	case *pb.Event_NeutralPlaced:
		return s.applyNeutral(k.NeutralPlaced.GetPlacements())
	case *pb.Event_RoundStarted:
		s.applyRoundStarted(int(k.RoundStarted.GetRound()))
	case *pb.Event_OfferTurnedUp:
		return s.applyOffer(k.OfferTurnedUp)
	case *pb.Event_MuscleChosen:
		return wrapKit(s.bids.Chose(engine.Seat(k.MuscleChosen.GetSeat())))
	case *pb.Event_MuscleSealed:
		return wrapKit(s.bids.Hold(engine.Seat(k.MuscleSealed.GetSeat()), int(k.MuscleSealed.GetCard())))
	case *pb.Event_MuscleRevealed:
		return s.applyRevealed(k.MuscleRevealed.GetOrder())
	case *pb.Event_MusclePaid:
		return s.applyPaid(k.MusclePaid.GetPayments())
	case *pb.Event_CardTaken:
		return s.applyCardTaken(k.CardTaken)
	case *pb.Event_TruckBought:
		return s.applyTruckBought(k.TruckBought)
	case *pb.Event_SelectionPassed:
		return s.applySelected(int(k.SelectionPassed.GetSeat()))
	case *pb.Event_NonPlayerActed:
		return s.applyNonPlayer(k.NonPlayerActed)
	case *pb.Event_PhaseBegan:
		return s.applyPhase(k.PhaseBegan)
	case *pb.Event_CardPlayed:
		return s.applyCardPlayed(k.CardPlayed)
	case *pb.Event_BoysSent:
		return s.applyBoysSent(k.BoysSent)
	case *pb.Event_CasinoRedeveloped:
		return s.applyRedeveloped(k.CasinoRedeveloped)
	case *pb.Event_CasinoOwnerDiscarded:
		return s.applyOwnerDiscarded(k.CasinoOwnerDiscarded)
	case *pb.Event_CasinoCardTaken:
		return s.applyCasinoCardTaken(k.CasinoCardTaken)
	case *pb.Event_OmalleysCut:
		return s.applyOMalleysCut(k.OmalleysCut)
	case *pb.Event_Resigned:
		return s.applyResigned(k.Resigned)
	case *pb.Event_CasinoCardPlayed:
		return s.applyCasinoCardPlayed(k.CasinoCardPlayed)
	case *pb.Event_CasinoCardsAwaited:
		return s.applyCasinoCardsAwaited(k.CasinoCardsAwaited)
	case *pb.Event_CasinoCardsPassed:
		return s.applyCasinoCardsPassed(k.CasinoCardsPassed)
	case *pb.Event_CommissionAnswered:
		return s.applyCommissionAnswered(k.CommissionAnswered)
	case *pb.Event_StillFired:
		return s.applyStillFired(k.StillFired)
	case *pb.Event_TradeProposed:
		return s.applyTradeProposed(k.TradeProposed)
	case *pb.Event_TradeAnswered:
		return s.applyTradeAnswered(k.TradeAnswered)
	case *pb.Event_TradeWithdrawn:
		_, err := s.removeTrade(int(k.TradeWithdrawn.GetOfferId()))
		return err
	case *pb.Event_WhiskeyRun:
		return s.applyWhiskeyRun(k.WhiskeyRun)
	case *pb.Event_ConsumptionRolled:
		return s.applyConsumption(k.ConsumptionRolled.GetRolls())
	case *pb.Event_OrderAwaited:
		return s.applyOrderAwaited(k.OrderAwaited)
	case *pb.Event_OrderCalled:
		return s.applyOrderCalled(k.OrderCalled)
	case *pb.Event_WhiskeySold:
		return s.applySold(k.WhiskeySold)
	case *pb.Event_SellingEnded:
		s.applySellingEnded()
	case *pb.Event_TheHeat:
		return s.applyHeat(k.TheHeat)
	case *pb.Event_GameEnded:
		s.result, s.phase, s.step, s.turn = proto.Clone(k.GameEnded).(*pb.GameEnded), pb.Phase_PHASE_ENDED, pb.Step_STEP_UNSPECIFIED, -1
		for i := range s.seats {
			s.seats[i].done = false // a game ended by resignations may end mid-phase
		}
	default:
		return engine.UnknownEvent(body)
	}
	return nil
}

// wrapKit marks an error of the kit's Sealed as a corrupt log.
func wrapKit(err error) error {
	if err != nil {
		return corrupt("%v", err)
	}
	return nil
}

// seatOK checks a seat number from an event.
func (s *State) seatOK(seat int32) error {
	if seat < 0 || int(seat) >= s.players {
		return corrupt("seat %d out of range", seat)
	}
	return nil
}

// placeOK returns the state of a drinking place named in an event.
func (s *State) placeOK(p pb.DrinkingPlace) (*placeState, error) {
	if p < omalleys || int(p) > printed.PlaceCount || !s.place(p).inPlay {
		return nil, corrupt("no drinking place %v in play", p)
	}
	return s.place(p), nil
}

// truckOK checks a truck id from an event.
func truckOK(id int32) error {
	if id < 0 || id >= printed.TruckFigures {
		return corrupt("no truck %d", id)
	}
	return nil
}

func (s *State) applyStarted(g *pb.GameStarted) error {
	if s.players != 0 {
		return corrupt("a second game_started")
	}
	version := int(g.GetHouseRulesVersion())
	if printed.HouseTables[version] == nil {
		return corrupt("the game was started with house rules version %d; this engine plays versions %v",
			version, RulesVersions())
	}
	players := int(g.GetPlayers())
	opts, err := NormaliseOptions(players, g.GetOptions())
	if err != nil || !proto.Equal(opts, g.GetOptions()) {
		return corrupt("game_started with options %v for %d players", g.GetOptions(), players)
	}
	*s = *startState(players, opts, version)
	return nil
}

func (s *State) applyHand(h *pb.MuscleHand) error {
	if err := s.seatOK(h.GetSeat()); err != nil {
		return err
	}
	s.seats[h.GetSeat()].hand = sortedCopy(ints(h.GetCards()))
	return nil
}

func (s *State) applySetAside(a *pb.MuscleSetAside) error {
	s.setAside = sortedCopy(ints(a.GetSetAside()))
	s.nonPlayers = nil
	for i, h := range a.GetNonPlayerHands() {
		if int(h.GetHand()) != i {
			return corrupt("Non-Player hand %d listed as %d", i, h.GetHand())
		}
		s.nonPlayers = append(s.nonPlayers, nonPlayerHand{cards: ints(h.GetCards())})
	}
	return nil
}

// applyDeckOrder sets a deck's order. A Men of Action reshuffle takes its
// cards from the deck and the discard pile (ruling 15).
func (s *State) applyDeckOrder(o *pb.DeckOrder) error {
	ids := ints(o.GetIds())
	switch o.GetDeck() {
	case pb.Deck_DECK_MEN_OF_ACTION:
		pool := slices.Concat(s.menDeck, s.menDiscard)
		if len(s.menDeck)+len(s.menDiscard) > 0 && !sameCards(pool, ids) {
			return corrupt("the reshuffled deck is not the deck and its discards")
		}
		s.menDeck, s.menDiscard = ids, nil
	case pb.Deck_DECK_TRUCK:
		s.truckDeck = ids
	case pb.Deck_DECK_CASINO:
		pool := printed.CasinoCardIDs(s.opts)
		if len(s.casinoDeck)+len(s.casinoDiscard) > 0 {
			pool = slices.Concat(s.casinoDeck, s.casinoDiscard)
		}
		if !s.opts.GetBoardwalk() || !sameCards(ids, pool) {
			return corrupt("a Casino deck that is not the table's deck and its discards")
		}
		s.casinoDeck, s.casinoDiscard = ids, nil
	default:
		return corrupt("no deck %v", o.GetDeck())
	}
	return nil
}

// sameCards reports whether a and b hold the same cards in any order.
func sameCards(a, b []int) bool { return slices.Equal(sortedCopy(a), sortedCopy(b)) }

func (s *State) applyNeutral(ps []*pb.Placement) error {
	for _, p := range ps {
		st, err := s.placeOK(p.GetPlace())
		if err != nil {
			return err
		}
		n := int(p.GetMarkers())
		if n < 0 || n > s.neutralSupply {
			return corrupt("%d neutral markers of %d", n, s.neutralSupply)
		}
		st.markers[neutralColour] += n
		s.neutralSupply -= n
	}
	return nil
}

// applyRoundStarted moves the round marker and clears what lasts a round.
func (s *State) applyRoundStarted(round int) {
	s.round, s.phase, s.step, s.turn = round, muscle, pb.Step_STEP_UNSPECIFIED, -1
	s.order, s.rolled, s.call, s.omalleysCuts = nil, false, nil, 0
	for i := range s.seats {
		p := &s.seats[i]
		p.done, p.produced, p.rangUp, p.muscle, p.offers = false, 0, false, 0, 0
		p.ordinance, p.cardsPassed, p.cuts = false, false, 0
	}
	for i := range s.places {
		p := &s.places[i]
		p.bigNight, p.roll, p.called, p.sold = false, nil, nil, false
		p.cards = placeCards{pockets: noSeat}
	}
}

// applyOffer turns over the offer from the top of the decks.
func (s *State) applyOffer(o *pb.OfferTurnedUp) error {
	s.offer = offer{truck: noTruck}
	for i, sl := range o.GetSlots() {
		if int(sl.GetSlot()) != i || len(s.menDeck) == 0 || s.menDeck[0] != int(sl.GetCardId()) {
			return corrupt("offer space %d: card %d is not on top of the deck", i, sl.GetCardId())
		}
		hand := noHand
		if sl.NonPlayerHand != nil {
			if int(sl.GetNonPlayerHand()) >= len(s.nonPlayers) || sl.GetNonPlayerHand() < 0 {
				return corrupt("offer space %d beneath no Non-Player hand", i)
			}
			hand = int(sl.GetNonPlayerHand())
		}
		s.offer.slots = append(s.offer.slots, offerSlot{card: s.menDeck[0], hand: hand})
		s.menDeck = s.menDeck[1:]
	}
	if o.Truck != nil {
		if len(s.truckDeck) == 0 || s.truckDeck[0] != int(o.GetTruck()) {
			return corrupt("truck %d is not on top of the Truck deck", o.GetTruck())
		}
		s.offer.truck, s.truckDeck = s.truckDeck[0], s.truckDeck[1:]
	}
	if err := s.applyCasinoOffer(o.GetCasinoSlots()); err != nil {
		return err
	}
	s.step = pb.Step_STEP_BIDDING
	s.bids.Open(s.players)
	return nil
}

// applyRevealed turns over every sealed card and the Non-Player hands' top
// cards, and fixes the Muscle order.
func (s *State) applyRevealed(order []*pb.Contender) error {
	if len(order) != s.players+len(s.nonPlayers) {
		return corrupt("%d contenders for %d seats and %d Non-Player hands", len(order), s.players, len(s.nonPlayers))
	}
	s.order = s.order[:0]
	for _, c := range order {
		con := contender{seat: noSeat, hand: noHand, muscle: int(c.GetMuscle()), value: int(c.GetValue())}
		switch w := c.Who.(type) {
		case *pb.Contender_Seat:
			if err := s.revealSeat(w.Seat, con.muscle); err != nil {
				return err
			}
			con.seat = int(w.Seat)
		case *pb.Contender_NonPlayerHand:
			if err := s.revealHand(w.NonPlayerHand, con.muscle); err != nil {
				return err
			}
			con.hand = int(w.NonPlayerHand)
		default:
			return corrupt("a contender who is nobody")
		}
		s.order = append(s.order, con)
	}
	s.bids.Close()
	s.turn = -1
	return nil
}

func (s *State) revealSeat(seat int32, card int) error {
	if err := s.seatOK(seat); err != nil {
		return err
	}
	p := &s.seats[seat]
	i := slices.Index(p.hand, card)
	if i < 0 || p.muscle != 0 {
		return corrupt("seat %d reveals Muscle card %d, not in its hand", seat, card)
	}
	p.hand = slices.Delete(p.hand, i, i+1)
	p.muscle = card
	return nil
}

func (s *State) revealHand(hand int32, card int) error {
	if hand < 0 || int(hand) >= len(s.nonPlayers) {
		return corrupt("no Non-Player hand %d", hand)
	}
	h := &s.nonPlayers[hand]
	if len(h.cards) == 0 || h.cards[0] != card || h.muscle != 0 {
		return corrupt("Non-Player hand %d turns over %d, not its top card", hand, card)
	}
	h.muscle, h.cards = card, h.cards[1:]
	return nil
}

// applyPaid takes the Phase 1 payments and impounds the trucks whose graft
// went unpaid (ruling 20), then opens the selection.
func (s *State) applyPaid(ps []*pb.Payment) error {
	for _, p := range ps {
		if err := s.seatOK(p.GetSeat()); err != nil {
			return err
		}
		seat := &s.seats[p.GetSeat()]
		if p.GetPaid() < 0 || int(p.GetPaid()) > seat.money {
			return corrupt("seat %d pays %d of %d", p.GetSeat(), p.GetPaid(), seat.money)
		}
		seat.money -= int(p.GetPaid())
		for _, id := range p.GetImpounded() {
			if err := truckOK(id); err != nil || s.trucks[id].owner != int(p.GetSeat()) {
				return corrupt("seat %d loses truck %d, not its own", p.GetSeat(), id)
			}
			s.trucks[id] = truckState{owner: noSeat, runner: noSeat}
			if id >= printed.Colours {
				s.truckDeck = append(s.truckDeck, int(id))
			}
		}
	}
	s.step, s.turn = pb.Step_STEP_SELECTION, 0
	return nil
}

// applySelected ends seat's selection turn.
func (s *State) applySelected(seat int) error {
	if s.step != pb.Step_STEP_SELECTION || s.turn < 0 || s.turn >= len(s.order) || s.order[s.turn].seat != seat {
		return corrupt("seat %d selects out of turn", seat)
	}
	s.seats[seat].done = true
	s.turn++
	return nil
}

// applyTruckBought gives the Truck card's truck to its buyer (ruling 24).
func (s *State) applyTruckBought(t *pb.TruckBought) error {
	seat := int(t.GetSeat())
	if err := s.seatOK(t.GetSeat()); err != nil {
		return err
	}
	if s.offer.truck == noTruck || s.offer.truck != int(t.GetTruck()) || int(t.GetBribe()) > s.seats[seat].money || t.GetBribe() < 0 {
		return corrupt("seat %d buys truck %d, not on offer or not affordable", seat, t.GetTruck())
	}
	s.trucks[s.offer.truck].owner = seat
	s.seats[seat].money -= int(t.GetBribe())
	s.offer.truck = noTruck
	return s.applySelected(seat)
}

// applyNonPlayer folds a Non-Player hand's turn (ruling 60).
func (s *State) applyNonPlayer(n *pb.NonPlayerActed) error {
	if s.step != pb.Step_STEP_SELECTION || s.turn < 0 || s.turn >= len(s.order) || s.order[s.turn].hand != int(n.GetHand()) {
		return corrupt("Non-Player hand %d acts out of turn", n.GetHand())
	}
	if n.CardId != nil {
		i := slices.IndexFunc(s.offer.slots, func(sl offerSlot) bool { return sl.hand == int(n.GetHand()) })
		if i < 0 || s.offer.slots[i].card != int(n.GetCardId()) {
			return corrupt("card %d is not beneath Non-Player hand %d", n.GetCardId(), n.GetHand())
		}
		s.offer.slots[i].card = noCard
		s.menDiscard = append(s.menDiscard, int(n.GetCardId()))
	}
	if err := s.applyNeutral(n.GetPlacements()); err != nil {
		return err
	}
	s.turn++
	return nil
}

// applyPhase opens a phase: every seat's turn is to come; opening Phase 5
// closes the open trade offers.
func (s *State) applyPhase(p *pb.PhaseBegan) error {
	if p.GetPhase() < pb.Phase_PHASE_SEND_IN_THE_BOYS || p.GetPhase() > pb.Phase_PHASE_WHATS_THE_PASSWORD {
		return corrupt("phase %v does not begin this way", p.GetPhase())
	}
	s.phase, s.step = p.GetPhase(), p.GetStep()
	for i := range s.seats {
		s.seats[i].done = false
	}
	if s.phase == pb.Phase_PHASE_WHATS_THE_PASSWORD {
		s.trades = nil
	}
	s.turn = -1
	if s.step == pb.Step_STEP_TURNS {
		s.turn = s.nextMobster(0)
	}
	return nil
}

// nextMobster returns the index in the Muscle order of the first Mobster
// at or after i, or len(order) when none is left.
func (s *State) nextMobster(i int) int {
	for i < len(s.order) && s.order[i].seat == noSeat {
		i++
	}
	return i
}

// endTurn ends seat's turn in a turn-based phase.
func (s *State) endTurn(seat int) error {
	if s.step != pb.Step_STEP_TURNS || s.current() != seat {
		return corrupt("seat %d ends a turn it does not have", seat)
	}
	s.seats[seat].done = true
	s.turn = s.nextMobster(s.turn + 1)
	return nil
}

// current returns the seat whose turn it is (selection or turns), or noSeat.
func (s *State) current() int {
	if s.step != pb.Step_STEP_SELECTION && s.step != pb.Step_STEP_TURNS {
		return noSeat
	}
	if s.turn < 0 || s.turn >= len(s.order) {
		return noSeat
	}
	return s.order[s.turn].seat
}
