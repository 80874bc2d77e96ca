package bootleggers

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The folds of the Casino cards played (rulings 87-99) and of the Selling
// Phase's window (ruling 92).

// applyCasinoCardPlayed folds a kept Casino card played: it is discarded
// face up and its effect holds for the round.
func (s *State) applyCasinoCardPlayed(c *pb.CasinoCardPlayed) error {
	if err := s.seatOK(c.GetSeat()); err != nil {
		return err
	}
	p := &s.seats[c.GetSeat()]
	id := int(c.GetCardId())
	i := slices.Index(p.keptCasino, id)
	if i < 0 || printed.CasinoDeck(s.opts)[id] != c.GetKind() {
		return corrupt("seat %d does not keep Casino card %d", c.GetSeat(), id)
	}
	p.keptCasino = slices.Delete(p.keptCasino, i, i+1)
	s.casinoDiscard = append(s.casinoDiscard, id)
	switch e := c.Effect.(type) {
	case *pb.CasinoCardPlayed_CrazedFan:
		st, err := s.casinoOK(e.CrazedFan.GetPlace())
		if err != nil || st.acts == 0 {
			return corrupt("no Entertainment Act to destroy at %v", e.CrazedFan.GetPlace())
		}
		st.acts--
	case *pb.CasinoCardPlayed_NewCityOrdinance:
		if err := s.seatOK(e.NewCityOrdinance.GetSeat()); err != nil {
			return err
		}
		s.seats[e.NewCityOrdinance.GetSeat()].ordinance = true
	case *pb.CasinoCardPlayed_Pssst:
		return s.applyPssst(e.Pssst, c.GetFrom())
	case *pb.CasinoCardPlayed_ApplePie:
		return s.applyApplePie(e.ApplePie.GetTruck(), int(c.GetCratesAdded()))
	case *pb.CasinoCardPlayed_InsideJob:
		t, err := s.linedUp(e.InsideJob.GetTruck())
		if err != nil {
			return err
		}
		t.insideJob = true
	default:
		return s.applyPlaceCard(c)
	}
	return nil
}

// applyPlaceCard folds a Casino card played on a place.
func (s *State) applyPlaceCard(c *pb.CasinoCardPlayed) error {
	var p pb.DrinkingPlace
	switch e := c.Effect.(type) {
	case *pb.CasinoCardPlayed_PoliceRaid:
		p = e.PoliceRaid.GetPlace()
	case *pb.CasinoCardPlayed_FireChief:
		p = e.FireChief.GetPlace()
	case *pb.CasinoCardPlayed_PoliticalPockets:
		p = e.PoliticalPockets.GetPlace()
		if err := s.seatOK(e.PoliticalPockets.GetSeat()); err != nil {
			return err
		}
	case *pb.CasinoCardPlayed_GamblingWindfall:
		p = e.GamblingWindfall.GetPlace()
	case *pb.CasinoCardPlayed_BreakTheBank:
		p = e.BreakTheBank.GetPlace()
	case *pb.CasinoCardPlayed_StateGamingCommission:
		p = e.StateGamingCommission.GetPlace()
	default:
		return corrupt("Casino card %d played with no effect", c.GetCardId())
	}
	st, err := s.placeOK(p)
	if err != nil || st.kind != casino && c.GetFireChief() == nil {
		return corrupt("Casino card %d played on %v, no casino", c.GetCardId(), p)
	}
	k := &st.cards
	switch e := c.Effect.(type) {
	case *pb.CasinoCardPlayed_PoliceRaid:
		k.raided = true
	case *pb.CasinoCardPlayed_FireChief:
		k.fireChief = true
	case *pb.CasinoCardPlayed_PoliticalPockets:
		k.pockets = int(e.PoliticalPockets.GetSeat())
	case *pb.CasinoCardPlayed_GamblingWindfall:
		k.windfall = true
	case *pb.CasinoCardPlayed_BreakTheBank:
		k.broken = true
	case *pb.CasinoCardPlayed_StateGamingCommission:
		k.commission = pb.Commission_COMMISSION_AWAITED
	}
	return nil
}

// casinoOK returns the state of a casino named in an event.
func (s *State) casinoOK(p pb.DrinkingPlace) (*placeState, error) {
	st, err := s.placeOK(p)
	if err != nil || st.kind != casino {
		return nil, corrupt("no casino at %v", p)
	}
	return st, nil
}

// linedUp returns a truck named in an event that is in a line.
func (s *State) linedUp(id int32) (*truckState, error) {
	if err := truckOK(id); err != nil {
		return nil, err
	}
	t := &s.trucks[id]
	if t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || t.halted {
		return nil, corrupt("truck %d is not lined up", id)
	}
	return t, nil
}

// applyPssst moves a lined-up truck to the back of a casino's line.
func (s *State) applyPssst(c *pb.Pssst, from pb.DrinkingPlace) error {
	t, err := s.linedUp(c.GetTruck())
	if err != nil || t.place != from {
		return corrupt("truck %d is not lined up at %v", c.GetTruck(), from)
	}
	to, err := s.casinoOK(c.GetTo())
	if err != nil || c.GetTo() == from {
		return corrupt("truck %d moves from %v to %v", c.GetTruck(), from, c.GetTo())
	}
	line := &s.place(from).line
	*line = slices.DeleteFunc(*line, func(id int) bool { return id == int(c.GetTruck()) })
	to.line = append(to.line, int(c.GetTruck()))
	t.place = c.GetTo()
	return nil
}

// applyApplePie doubles a truck's load: the crates added come from the
// supply (ruling 96).
func (s *State) applyApplePie(id int32, added int) error {
	t, err := s.linedUp(id)
	if err != nil || t.doubled || added != t.crates {
		return corrupt("Apple Pie! adds %d crates to truck %d", added, id)
	}
	t.crates += added
	t.doubled = true
	return nil
}

// applyCasinoCardsAwaited opens the Selling Phase's window.
func (s *State) applyCasinoCardsAwaited(a *pb.CasinoCardsAwaited) error {
	if s.phase != password || !s.rolled || s.step != pb.Step_STEP_UNSPECIFIED || s.salesBegun() {
		return corrupt("the window for Casino cards opens in %v, step %v", s.phase, s.step)
	}
	for _, seat := range a.GetSeats() {
		if err := s.seatOK(seat); err != nil {
			return err
		}
	}
	s.step = pb.Step_STEP_CASINO_CARDS
	return nil
}

// applyCasinoCardsPassed ends a seat's plays in the window.
func (s *State) applyCasinoCardsPassed(p *pb.CasinoCardsPassed) error {
	if err := s.seatOK(p.GetSeat()); err != nil {
		return err
	}
	if s.step != pb.Step_STEP_CASINO_CARDS || s.seats[p.GetSeat()].cardsPassed {
		return corrupt("seat %d passes outside the window", p.GetSeat())
	}
	s.seats[p.GetSeat()].cardsPassed = true
	return nil
}

// applyCommissionAnswered folds a casino owner's answer to a State Gaming
// Commission: the $5G to the bank, or no payout this round (ruling 99).
func (s *State) applyCommissionAnswered(a *pb.CommissionAnswered) error {
	if err := s.seatOK(a.GetSeat()); err != nil {
		return err
	}
	st, err := s.casinoOK(a.GetPlace())
	seat := int(a.GetSeat())
	if err != nil || st.casinoOwner != seat || st.cards.commission != pb.Commission_COMMISSION_AWAITED {
		return corrupt("seat %d answers no commission at %v", seat, a.GetPlace())
	}
	switch a.GetPaid() {
	case printed.StateGamingCommissionFee:
		if s.seats[seat].money < printed.StateGamingCommissionFee {
			return corrupt("seat %d cannot pay the commission", seat)
		}
		s.seats[seat].money -= printed.StateGamingCommissionFee
		st.cards.commission = pb.Commission_COMMISSION_PAID
	case 0:
		st.cards.commission = pb.Commission_COMMISSION_REFUSED
	default:
		return corrupt("a commission of %dG", a.GetPaid())
	}
	return nil
}

// salesBegun reports whether a place has sold this round.
func (s *State) salesBegun() bool {
	return slices.ContainsFunc(s.places[:], func(p placeState) bool { return p.sold })
}

// view is the Casino cards in force at a place, nil for none.
func (k placeCards) view() *pb.CasinoCardEffects {
	if k == (placeCards{pockets: noSeat}) {
		return nil
	}
	out := &pb.CasinoCardEffects{PoliceRaid: k.raided, FireChief: k.fireChief, GamblingWindfall: k.windfall,
		BreakTheBank: k.broken, Commission: k.commission}
	if k.pockets != noSeat {
		out.PoliticalPockets = ptr(int32(k.pockets))
	}
	return out
}

// checkCasinoEffects checks the Casino cards in force (an invariant): on
// casinos only (the Fire Chief also at a speakeasy), a Political Pockets'
// Mobster a seat, a Commission awaited only in the Selling Phase's
// window, Apple Pie! and Inside Job on trucks at casinos.
func (s *State) checkCasinoEffects() error {
	for i, p := range s.places {
		k := p.cards
		switch {
		case p.kind != casino && (k.raided || k.windfall || k.broken || k.pockets != noSeat || k.commission != 0):
			return fmt.Errorf("%s is no casino but has Casino cards in force: %+v", printed.Places[i].Name, k)
		case k.fireChief && p.kind != casino && p.kind != speakeasy:
			return fmt.Errorf("the Fire Chief inspects %s", printed.Places[i].Name)
		case k.pockets != noSeat && (k.pockets < 0 || k.pockets >= s.players):
			return fmt.Errorf("the Political Pockets name seat %d", k.pockets)
		case k.commission == pb.Commission_COMMISSION_AWAITED && s.step != pb.Step_STEP_CASINO_CARDS:
			return fmt.Errorf("a Commission awaited at %s in step %v", printed.Places[i].Name, s.step)
		}
	}
	for id, t := range s.trucks {
		if (t.doubled || t.insideJob) && (t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || s.place(t.place).kind != casino) {
			return fmt.Errorf("truck %d has Apple Pie! or Inside Job away from a casino", id)
		}
	}
	return nil
}
