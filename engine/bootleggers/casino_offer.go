package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk's Casino offer: drawn in Phase 1 beside the Men of Action
// cards, taken in the selection, its unselected cards discarded in Phase 6
// (rulings 79, 83-85).

// openCasinos counts the casinos open this round (ruling 82: a casino is
// always open).
func (s *State) openCasinos() int {
	n := 0
	for _, p := range s.places {
		if p.inPlay && p.kind == casino {
			n++
		}
	}
	return n
}

// casinoOffer returns the Casino cards drawn this round from the top of
// the Casino deck: "draw and place a Casino card next to the board.
// Additionally, draw and place next to the board one Casino card for each
// open Casino." Fewer when the deck and its discards ran out (ruling 85).
func (s *State) casinoOffer() []*pb.CasinoSlot {
	if !s.opts.GetBoardwalk() {
		return nil
	}
	var out []*pb.CasinoSlot
	for i := range min(CasinoOffer(s.openCasinos()), len(s.casinoDeck)) {
		id := s.casinoDeck[i]
		out = append(out, &pb.CasinoSlot{Slot: int32(i), CardId: int32(id), Kind: printed.CasinoDeck(s.opts)[id]})
	}
	return out
}

// reshuffleCasinos shuffles the Casino discards under the Casino deck when
// it holds fewer cards than this round's Casino offer (ruling 85, as
// ruling 15 for the Men of Action deck).
func (b decision) reshuffleCasinos() {
	s := b.State()
	if !s.opts.GetBoardwalk() || len(s.casinoDeck) >= CasinoOffer(s.openCasinos()) || len(s.casinoDiscard) == 0 {
		return
	}
	order := slices.Concat(s.casinoDeck, shuffled(s.casinoDiscard, b.Rand()))
	b.Emit(shuffleEvent(pb.Deck_DECK_CASINO, order, true))
}

// takeCasinoCard checks taking the Casino card in one Casino offer space:
// "Casino Cards are available for selection in addition to existing Men of
// Action cards." (ruling 83). Hire a Big Act and Steal the Show "redeem
// immediately for 1 Casino Improvement" in a casino the seat owns; with
// none, the card is wasted (ruling 84). Any other card is kept.
func (s *State) takeCasinoCard(seat int, c *pb.TakeCasinoCard) (func(decision), *engine.RuleError) {
	slot := int(c.GetSlot())
	if slot < 0 || slot >= len(s.offer.casino) {
		return nil, engine.Malform(ReasonBadSlot, "no Casino offer space %d this round", slot)
	}
	id := s.offer.casino[slot]
	if id == noCard {
		return nil, engine.Refuse(ReasonCardTaken, "the Casino card of space %d was taken", slot)
	}
	kind := printed.CasinoDeck(s.opts)[id]
	spec, _ := printed.CasinoCard(kind)
	taken := &pb.CasinoCardTaken{Seat: int32(seat), Slot: int32(slot), CardId: int32(id), Kind: kind}
	p := c.GetPlace()
	switch {
	case spec.Keep:
		if p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			return nil, engine.Refuse(ReasonBadTarget, "%s takes no target when taken", spec.Name)
		}
	case len(s.ownedCasinos(seat)) == 0:
		if p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			return nil, engine.Refuse(ReasonBadTarget, "you own no casino for %s", spec.Name)
		}
		taken.Wasted = true
	default:
		if !slices.Contains(s.ownedCasinos(seat), p) {
			return nil, engine.Refuse(ReasonBadTarget, "name a casino you own for %s", spec.Name)
		}
		if cost := casinoCardCost(kind); cost > s.seats[seat].money {
			return nil, engine.Refuse(ReasonCannotAfford, "%s costs %dG", spec.Name, cost)
		}
		taken.Place, taken.Paid = p, int32(casinoCardCost(kind))
	}
	return func(b decision) { b.emit(taken) }, nil
}

// casinoCardCost is what taking a Casino card costs: "Pay $2G and redeem
// immediately" for Hire a Big Act, nothing for the others.
func casinoCardCost(k pb.CasinoCardKind) int {
	if k == bigAct {
		return printed.HireABigActCost
	}
	return 0
}

// ownedCasinos returns the casinos seat owns, smallest first.
func (s *State) ownedCasinos(seat int) []pb.DrinkingPlace {
	var out []pb.DrinkingPlace
	for i, p := range s.places {
		if p.inPlay && p.kind == casino && p.casinoOwner == seat {
			out = append(out, pb.DrinkingPlace(i+1))
		}
	}
	return out
}

// casinoCandidates lists every Casino card of the offer with every target
// it may take.
func (s *State) casinoCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for i, id := range s.offer.casino {
		if id == noCard {
			continue
		}
		out = append(out, Cmd(&pb.TakeCasinoCard{Slot: int32(i)}))
		if spec, _ := printed.CasinoCard(printed.CasinoDeck(s.opts)[id]); !spec.Keep {
			for _, p := range s.ownedCasinos(seat) {
				out = append(out, Cmd(&pb.TakeCasinoCard{Slot: int32(i), Place: p}))
			}
		}
	}
	return out
}

// applyCasinoOffer folds the Casino cards drawn from the top of the deck.
func (s *State) applyCasinoOffer(slots []*pb.CasinoSlot) error {
	s.offer.casino = nil
	for i, sl := range slots {
		if !s.opts.GetBoardwalk() || int(sl.GetSlot()) != i || len(s.casinoDeck) == 0 || s.casinoDeck[0] != int(sl.GetCardId()) {
			return corrupt("Casino offer space %d: card %d is not on top of the Casino deck", i, sl.GetCardId())
		}
		s.offer.casino = append(s.offer.casino, s.casinoDeck[0])
		s.casinoDeck = s.casinoDeck[1:]
	}
	return nil
}

// applyCasinoCardTaken folds a Casino card taken: kept, or redeemed into
// an Entertainment Act, or wasted (rulings 83-84).
func (s *State) applyCasinoCardTaken(c *pb.CasinoCardTaken) error {
	if err := s.seatOK(c.GetSeat()); err != nil {
		return err
	}
	seat, slot, id := int(c.GetSeat()), int(c.GetSlot()), int(c.GetCardId())
	if slot < 0 || slot >= len(s.offer.casino) || s.offer.casino[slot] != id {
		return corrupt("Casino card %d is not in Casino offer space %d", id, slot)
	}
	spec, _ := printed.CasinoCard(printed.CasinoDeck(s.opts)[id])
	p := &s.seats[seat]
	if c.GetPaid() < 0 || int(c.GetPaid()) > p.money {
		return corrupt("seat %d cannot pay %dG for Casino card %d", seat, c.GetPaid(), id)
	}
	s.offer.casino[slot] = noCard
	p.money -= int(c.GetPaid())
	switch {
	case spec.Keep:
		p.keptCasino = append(p.keptCasino, id)
	case c.GetWasted():
		s.casinoDiscard = append(s.casinoDiscard, id)
	default:
		st, err := s.placeOK(c.GetPlace())
		if err != nil || st.kind != casino || st.casinoOwner != seat {
			return corrupt("seat %d owns no casino at %v", seat, c.GetPlace())
		}
		st.acts++
		s.casinoDiscard = append(s.casinoDiscard, id)
	}
	return s.applySelected(seat)
}

// casinoLeft returns the Casino cards still on offer, in space order.
func (s *State) casinoLeft() []int {
	var out []int
	for _, id := range s.offer.casino {
		if id != noCard {
			out = append(out, id)
		}
	}
	return out
}
