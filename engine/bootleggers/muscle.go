package bootleggers

import (
	"cmp"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 1, Muscle (Bidding & Driver Graft Phase): the offer, the sealed
// bids, the reveal, the payments and the selection (rulings 17-24, 59-60).

// nextOffer turns over the offer from the top of the decks: one Men of
// Action card per Mobster (OfferSize) and the top Truck card; in the
// 2-player variant the first three spaces lie beneath the Non-Player hands.
// The caller has reshuffled the Men of Action deck if it ran short.
func (s *State) nextOffer() *pb.OfferTurnedUp {
	o := &pb.OfferTurnedUp{}
	for i := range min(printed.OfferSize(s.players, s.opts), len(s.menDeck)) {
		sl := &pb.OfferSlot{Slot: int32(i), CardId: int32(s.menDeck[i]), Kind: printed.CardKindOf(s.menDeck[i])}
		if printed.TwoPlayer(s.opts) && i < printed.NonPlayerHands {
			sl.NonPlayerHand = ptr(int32(i))
		}
		o.Slots = append(o.Slots, sl)
	}
	if len(s.truckDeck) > 0 {
		o.Truck, o.TruckSize = ptr(int32(s.truckDeck[0])), printed.TruckSizeOf(s.truckDeck[0])
	}
	o.CasinoSlots = s.casinoOffer()
	return o
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }

// chooseMuscle seals a card of the seat's hand (ruling 18). After the last
// seal, one event reveals them all (with the Non-Player hands' top cards)
// and the payments follow.
func (s *State) chooseMuscle(seat int, c *pb.ChooseMuscle) (func(decision), *engine.RuleError) {
	card := int(c.GetCard())
	if card < 1 || card > printed.MuscleCards {
		return nil, engine.Malform(ReasonNotInHand, "no Muscle card %d", card)
	}
	if !slices.Contains(s.seats[seat].hand, card) {
		return nil, engine.Refuse(ReasonNotInHand, "Muscle card %d is not in your hand", card)
	}
	return func(b decision) {
		chosen := wrap(&pb.MuscleChosen{Seat: int32(seat)})
		sealed := wrap(&pb.MuscleSealed{Seat: int32(seat), Card: int32(card)})
		if engine.Seal(b.Decision, (*State).sealedBids, engine.Seat(seat), chosen, sealed, revealMuscle) {
			b.emit(b.State().payments())
		}
	}, nil
}

// sealedBids returns the round's sealed Muscle cards.
func (s *State) sealedBids() *engine.Sealed[int] { return &s.bids }

// revealMuscle reveals every sealed card and the top card of each
// Non-Player hand, in Muscle order: "Highest number acts first in every
// phase of the round"; with Muscling In, "Unplaced Influence markers add to
// your Muscle card" (ruling 68).
func revealMuscle(s *State) proto.Message {
	var cs []contender
	for i := range s.players {
		card := s.bids.Choice(engine.Seat(i))
		value := card
		if s.opts.GetMusclingIn() {
			value += s.seats[i].backRoom
		}
		cs = append(cs, contender{seat: i, hand: noHand, muscle: card, value: value})
	}
	for h, np := range s.nonPlayers {
		if len(np.cards) > 0 {
			cs = append(cs, contender{seat: noSeat, hand: h, muscle: np.cards[0], value: np.cards[0]})
		}
	}
	sortOrder(cs)
	out := &pb.MuscleRevealed{}
	for _, c := range cs {
		out.Order = append(out.Order, contenderMsg(c))
	}
	return wrap(out)
}

// contenderMsg is a contender in the contract.
func contenderMsg(c contender) *pb.Contender {
	m := &pb.Contender{Muscle: int32(c.muscle), Value: int32(c.value)}
	if c.seat != noSeat {
		m.Who = &pb.Contender_Seat{Seat: int32(c.seat)}
	} else {
		m.Who = &pb.Contender_NonPlayerHand{NonPlayerHand: int32(c.hand)}
	}
	return m
}

// payments are Phase 1's payments: "Each player pays the cost printed on
// his Muscle card plus graft for every truck he owns" (rulings 19-21). A
// Mobster who cannot pay it all pays the Muscle cost as far as he can,
// then keeps his trucks, largest first (ties: the lower id), while what is
// left covers each one's graft in full; the Truck cards' trucks he cannot
// cover are impounded, and his starting truck's graft, when he cannot
// cover it, is forgiven (ruling 20).
func (s *State) payments() *pb.MusclePaid {
	out := &pb.MusclePaid{}
	for i := range s.seats {
		p := &pb.Payment{Seat: int32(i), MuscleCost: int32(s.house.MuscleCost(s.seats[i].muscle)), Graft: int32(s.graft(i))}
		left := s.seats[i].money - int(p.MuscleCost)
		paid := min(s.seats[i].money, int(p.MuscleCost))
		if cg := s.casinoGraft(i); cg > 0 {
			c := min(max(left, 0), cg)
			p.CasinoGraft, left, paid = int32(cg), left-c, paid+c
		}
		if left >= int(p.Graft) {
			paid += int(p.Graft)
		} else {
			trucks := s.ownedTrucks(i)
			slices.SortStableFunc(trucks, func(a, b int) int {
				return cmp.Compare(s.house.Truck(printed.TruckSizeOf(b)).Capacity, s.house.Truck(printed.TruckSizeOf(a)).Capacity)
			})
			left = max(left, 0)
			for _, id := range trucks {
				switch g := s.house.Truck(printed.TruckSizeOf(id)).Graft; {
				case g <= left:
					left -= g
					paid += g
				case id >= printed.Colours:
					p.Impounded = append(p.Impounded, int32(id))
				}
			}
			slices.Sort(p.Impounded)
		}
		p.Paid = int32(paid)
		out.Payments = append(out.Payments, p)
	}
	return out
}

// takeMenOfAction checks taking the card in one offer space, with the
// target of a use-now card (rulings 22-23, 49-52).
func (s *State) takeMenOfAction(seat int, c *pb.TakeMenOfAction) (func(decision), *engine.RuleError) {
	slot := int(c.GetSlot())
	if slot < 0 || slot >= len(s.offer.slots) {
		return nil, engine.Malform(ReasonBadSlot, "no offer space %d this round", slot)
	}
	id := s.offer.slots[slot].card
	if id == noCard {
		return nil, engine.Refuse(ReasonCardTaken, "the card of offer space %d was taken", slot)
	}
	taken, err := s.cardEffect(seat, id, c)
	if err != nil {
		return nil, err
	}
	taken.Seat, taken.Slot, taken.CardId, taken.Kind = int32(seat), int32(slot), int32(id), printed.CardKindOf(id)
	return func(b decision) { b.emit(taken) }, nil
}

// cardEffect checks the target of card id taken by seat and returns what
// the taking does: a kept card joins the kept ones; a use-now card acts at
// once, or is wasted when it cannot act at all (ruling 23).
func (s *State) cardEffect(seat, id int, c *pb.TakeMenOfAction) (*pb.CardTaken, *engine.RuleError) {
	spec, _ := printed.Card(printed.CardKindOf(id))
	targeted := c.Still != nil || c.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED
	if spec.Timing == keep || !s.canAct(seat, spec.Kind) {
		if targeted {
			return nil, engine.Refuse(ReasonBadTarget, "%s takes no target now", spec.Name)
		}
		if spec.Timing == keep && spec.Cost > s.seats[seat].money {
			return nil, engine.Refuse(ReasonCannotAfford, "%s costs %dG", spec.Name, spec.Cost)
		}
		if spec.Timing == keep {
			return &pb.CardTaken{Paid: int32(spec.Cost)}, nil
		}
		return &pb.CardTaken{Wasted: true}, nil
	}
	out := &pb.CardTaken{Paid: int32(spec.Cost)}
	switch spec.Kind {
	case single, double, hiredGuns:
		if targeted {
			return nil, engine.Refuse(ReasonBadTarget, "%s takes no target", spec.Name)
		}
		out.Markers = int32(min(spec.Amount, s.seats[seat].supply))
	case stillUpgrade:
		i := int(c.GetStill())
		if c.Still == nil || c.GetPlace() != 0 || i < 0 || i >= len(s.seats[seat].stills) {
			return nil, engine.Refuse(ReasonBadTarget, "name one of your stills for the Still Upgrade")
		}
		if s.seats[seat].stills[i].dice >= s.stillLimit(i) {
			return nil, engine.Refuse(ReasonNoRoom, "still %d has no free die space", i)
		}
		out.Still = ptr(int32(i))
	case remoteStill:
		if targeted {
			return nil, engine.Refuse(ReasonBadTarget, "a Remote Still takes no target")
		}
		out.Still = ptr(int32(len(s.seats[seat].stills)))
	case improvement:
		if c.Still != nil {
			return nil, engine.Refuse(ReasonBadTarget, "a Speakeasy Improvement names a speakeasy, not a still")
		}
		if err := s.speakeasyInPlay(c.GetPlace()); err != nil {
			return nil, err
		}
		if s.place(c.GetPlace()).improvements >= s.house.ImprovementsPerSpeakeasy {
			return nil, engine.Refuse(ReasonNoRoom, "%s has %d improvements already", printed.Place(c.GetPlace()).Name, s.house.ImprovementsPerSpeakeasy)
		}
		out.Place = c.GetPlace()
	}
	if spec.Cost > s.seats[seat].money {
		return nil, engine.Refuse(ReasonCannotAfford, "%s costs %dG", spec.Name, spec.Cost)
	}
	return out, nil
}

// canAct reports whether a use-now card of kind k can act at all for seat:
// a marker left in the supply, a die space, a Remote Still left, an
// improvement space (ruling 23).
func (s *State) canAct(seat int, k pb.CardKind) bool {
	p := s.seats[seat]
	if (k == stillUpgrade || k == remoteStill) && s.ownsCasino(seat) {
		// Ruling 86: a casino owner discarded his dice and Remote Stills,
		// and "Casino owners have no actions this phase" (Phase 3): a
		// still of his would never roll. He may take the card to deny
		// it, wasted.
		return false
	}
	switch k {
	case single, double, hiredGuns:
		return p.supply > 0
	case stillUpgrade:
		for i, st := range p.stills {
			if st.dice < s.stillLimit(i) {
				return true
			}
		}
		return false
	case remoteStill:
		return s.remoteStillsLeft > 0
	case improvement:
		for _, sp := range s.house.Speakeasies {
			if s.place(sp.Place).inPlay && s.place(sp.Place).kind == speakeasy && s.place(sp.Place).improvements < s.house.ImprovementsPerSpeakeasy {
				return true
			}
		}
		return false
	}
	return true
}

// buyTruck checks taking the Truck card (ruling 24).
func (s *State) buyTruck(seat int) (func(decision), *engine.RuleError) {
	if s.offer.truck == noTruck {
		return nil, engine.Refuse(ReasonNoTruckOnOffer, "no Truck card is on offer")
	}
	if err := s.refuseCasinoOwnerTruck(seat, 1); err != nil {
		return nil, err
	}
	t := s.house.Truck(printed.TruckSizeOf(s.offer.truck))
	if t.Bribe > s.seats[seat].money {
		return nil, engine.Refuse(ReasonCannotAfford, "the driver's bribe is %dG", t.Bribe)
	}
	bought := &pb.TruckBought{Seat: int32(seat), Truck: int32(s.offer.truck), Size: t.Size, Bribe: int32(t.Bribe)}
	return func(b decision) { b.emit(bought) }, nil
}

// nonPlayerTurn plays a Non-Player hand's turn of the selection: "If the
// Men of Action card has already been taken – do nothing. If the Men of
// Action card is a Single or Double Influence - exchange the Men of Action
// card for a Single or Double Influence of a neutral, non-player color ...
// Any other Men of Action card – discard." (ruling 60)
func (b decision) nonPlayerTurn(hand int) {
	s := b.State()
	out := &pb.NonPlayerActed{Hand: int32(hand), Action: pb.NonPlayerAction_NON_PLAYER_ACTION_NONE}
	for _, sl := range s.offer.slots {
		if sl.hand != hand || sl.card == noCard {
			continue
		}
		out.CardId = ptr(int32(sl.card))
		out.Action = pb.NonPlayerAction_NON_PLAYER_ACTION_DISCARD
		if k := printed.CardKindOf(sl.card); k == single || k == double {
			spec, _ := printed.Card(k)
			out.Action = pb.NonPlayerAction_NON_PLAYER_ACTION_NEUTRAL_INFLUENCE
			out.Placements = s.neutralPlacements(spec.Amount)
		}
	}
	b.emit(out)
}
