package bootleggers

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 2 of the Boardwalk: redeveloping a speakeasy into a casino, as the
// first part of a seat's SendInTheBoys (rulings 73, 74, 80).

// Reason codes of the Boardwalk's refusals.
const (
	// ReasonNotBoardwalk: the command needs the Boardwalk expansion.
	ReasonNotBoardwalk = "NOT_BOARDWALK"
	// ReasonNoCasino: the place has no casino placard for this table ("The
	// 4th Casino is only used in 6 player games"), or is a casino already.
	ReasonNoCasino = "NO_CASINO"
)

// checkRedevelop checks seat's redevelopment of speakeasy p and returns
// its price. "The Speakeasy need not be open to be redeveloped." and "A
// Mobster is not required to have influence in the speakeasy being
// redeveloped." The ownership marker comes "from his supply (not his Back
// Room)", so the supply must hold one.
func (s *State) checkRedevelop(seat int, p pb.DrinkingPlace) (Redevelopment, *engine.RuleError) {
	if !s.opts.GetBoardwalk() {
		return Redevelopment{}, engine.Refuse(ReasonNotBoardwalk, "casinos are the Boardwalk expansion's, not this table's")
	}
	if err := s.speakeasyInPlay(p); err != nil {
		if p >= omalleys && int(p) <= printed.PlaceCount && s.place(p).kind == casino {
			return Redevelopment{}, engine.Refuse(ReasonNoCasino, "%s is a casino already", printed.Place(p).Name)
		}
		return Redevelopment{}, err
	}
	if !printed.CasinoAvailable(p, s.players) {
		return Redevelopment{}, engine.Refuse(ReasonNoCasino, "%s has no casino at a table of %d", printed.Place(p).Name, s.players)
	}
	if s.seats[seat].supply < 1 {
		return Redevelopment{}, engine.Refuse(ReasonNotEnoughMarkers, "the casino's ownership marker comes from your supply, which is empty")
	}
	price := redevelopmentPrice(s.boardwalk, p, s.place(p).markers, colour(seat), s.opts.GetThrowTheBumsOut())
	if s.seats[seat].ordinance {
		// "Player pays additional $5G to open a new Casino. New Casino is
		// not opened if player can no longer afford opening cost." (ruling
		// 89)
		price.Ordinance = printed.NewCityOrdinanceFee
		price.Total += printed.NewCityOrdinanceFee
	}
	if price.Total > s.seats[seat].money {
		return Redevelopment{}, engine.Refuse(ReasonCannotAfford, "redeveloping %s costs %dG%s; you have %dG",
			printed.Place(p).Name, price.Total, ordinanceNote(price.Ordinance), s.seats[seat].money)
	}
	return price, nil
}

// redeveloped is the event of seat's redevelopment of p at price.
func (s *State) redeveloped(seat int, p pb.DrinkingPlace, price Redevelopment) *pb.CasinoRedeveloped {
	c, _ := s.boardwalk.Casino(p)
	out := &pb.CasinoRedeveloped{Seat: int32(seat), Place: p, BasePrice: int32(c.BasePrice), Total: int32(price.Total),
		ImprovementsDiscarded: int32(s.place(p).improvements), OrdinanceFee: int32(price.Ordinance)}
	for col := range s.players {
		if m := s.place(p).markers[col]; m > 0 {
			out.Payments = append(out.Payments, &pb.MarkerPayment{Seat: int32(col), Markers: int32(m), Paid: int32(price.Paid[col])})
		}
	}
	return out
}

// ownerDiscards is the event of "The new Casino owner finishes his action
// by discarding his Truck, dice, and any Remote Stills."
func (s *State) ownerDiscards(seat int) *pb.CasinoOwnerDiscarded {
	out := &pb.CasinoOwnerDiscarded{Seat: int32(seat), Trucks: int32s(s.ownedTrucks(seat))}
	for i, st := range s.seats[seat].stills {
		out.Dice += int32(st.dice)
		if i > 0 {
			out.RemoteStills++
		}
	}
	return out
}

// applyRedeveloped folds a redevelopment: the payments, every marker back
// to its owner's Back Room, the improvements discarded, the placard and
// the ownership marker from the owner's supply.
func (s *State) applyRedeveloped(e *pb.CasinoRedeveloped) error {
	seat := int(e.GetSeat())
	if err := s.seatOK(e.GetSeat()); err != nil {
		return err
	}
	st, err := s.placeOK(e.GetPlace())
	if err != nil || st.kind != speakeasy || e.GetTotal() < 0 || int(e.GetTotal()) > s.seats[seat].money || s.seats[seat].supply < 1 {
		return corrupt("seat %d cannot redevelop %v", seat, e.GetPlace())
	}
	s.seats[seat].money -= int(e.GetTotal())
	for _, pay := range e.GetPayments() {
		to := int(pay.GetSeat())
		if err := s.seatOK(pay.GetSeat()); err != nil || st.markers[to] != int(pay.GetMarkers()) || pay.GetPaid() < 0 {
			return corrupt("a redevelopment pays seat %d for %d markers", to, pay.GetMarkers())
		}
		s.seats[to].money += int(pay.GetPaid())
		s.seats[to].backRoom += st.markers[to]
		st.markers[to] = 0
	}
	if st.total() != 0 {
		return corrupt("markers left at the redeveloped %v", e.GetPlace())
	}
	st.kind, st.casinoOwner, st.improvements, st.acts = casino, seat, 0, 0
	s.seats[seat].supply--
	return nil
}

// applyOwnerDiscarded folds the new casino owner's discards: his starting
// truck leaves the game and a bought one's Truck card goes under the Truck
// deck, as an impounded one does (rulings 20, 86); his stills and their
// dice are gone, and the Remote Stills go back to the box.
func (s *State) applyOwnerDiscarded(e *pb.CasinoOwnerDiscarded) error {
	seat := int(e.GetSeat())
	if err := s.seatOK(e.GetSeat()); err != nil {
		return err
	}
	for _, id := range e.GetTrucks() {
		if err := truckOK(id); err != nil || s.trucks[id].owner != seat {
			return corrupt("seat %d discards truck %d it does not own", seat, id)
		}
		s.trucks[id] = truckState{owner: noSeat, runner: noSeat}
		if id >= printed.Colours {
			s.truckDeck = append(s.truckDeck, int(id))
		}
	}
	if n := len(s.seats[seat].stills); n > 0 {
		s.remoteStillsLeft += n - 1
	}
	s.seats[seat].stills = nil
	return nil
}

// ownsCasino reports whether seat owns a casino.
func (s *State) ownsCasino(seat int) bool {
	for _, p := range s.places {
		if p.kind == casino && p.casinoOwner == seat {
			return true
		}
	}
	return false
}

// casinoGraft is what seat owes in Phase 1 for its casinos: "Casino owners
// must pay graft of $1G per die plus $2G booking fee for each
// Entertainment Act in their Casinos." (ruling 76)
func (s *State) casinoGraft(seat int) int {
	g := 0
	for i, p := range s.places {
		if p.kind == casino && p.casinoOwner == seat {
			g += printed.CasinoGraft(s.casinoDice(printed.Places[i].Place), p.acts)
		}
	}
	return g
}

// ordinanceNote names a New City Ordinance's fee in a refusal.
func ordinanceNote(fee int) string {
	if fee == 0 {
		return ""
	}
	return fmt.Sprintf(" with the New City Ordinance's %dG", fee)
}
