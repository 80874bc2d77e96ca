package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The folds of Phase 4 (trades, trucks lined up), Phase 5 (consumption and
// sales) and Phase 6.

func (s *State) applyTradeProposed(t *pb.TradeProposed) error {
	if err := s.seatOK(t.GetFrom()); err != nil {
		return err
	}
	if err := s.seatOK(t.GetTo()); err != nil {
		return err
	}
	if int(t.GetOfferId()) != s.lastTrade+1 || t.GetFrom() == t.GetTo() {
		return corrupt("offer %d from seat %d to seat %d", t.GetOfferId(), t.GetFrom(), t.GetTo())
	}
	s.lastTrade++
	s.seats[t.GetFrom()].offers++
	s.trades = append(s.trades, trade{id: s.lastTrade, from: int(t.GetFrom()), to: int(t.GetTo()),
		give: goodsOf(t.GetGive()), get: goodsOf(t.GetGet())})
	return nil
}

// goodsOf reads one side of a trade.
func goodsOf(g *pb.Goods) goods {
	return goods{money: int(g.GetMoney()), crates: int(g.GetCrates()), trucks: ints(g.GetTrucks())}
}

// removeTrade takes an open offer off the table.
func (s *State) removeTrade(id int) (trade, error) {
	i := slices.IndexFunc(s.trades, func(t trade) bool { return t.id == id })
	if i < 0 {
		return trade{}, corrupt("no open offer %d", id)
	}
	t := s.trades[i]
	s.trades = slices.Delete(s.trades, i, i+1)
	return t, nil
}

// applyTradeAnswered closes an offer; an accepted one is made, both sides
// at once (ruling 37).
func (s *State) applyTradeAnswered(a *pb.TradeAnswered) error {
	t, err := s.removeTrade(int(a.GetOfferId()))
	if err != nil || !a.GetAccepted() {
		return err
	}
	if !s.holds(t.from, t.give) || !s.holds(t.to, t.get) {
		return corrupt("offer %d accepted with goods its seats do not hold", t.id)
	}
	s.hand(t.from, t.to, t.give)
	s.hand(t.to, t.from, t.get)
	return nil
}

// holds reports whether seat holds the goods: the money, the crates in its
// Back Room, and every truck its own, at home and not rented out.
func (s *State) holds(seat int, g goods) bool {
	p := s.seats[seat]
	if g.money < 0 || g.crates < 0 || g.money > p.money || g.crates > p.crates {
		return false
	}
	for i, id := range g.trucks {
		if id < 0 || id >= printed.TruckFigures || slices.Contains(g.trucks[:i], id) || !s.rentable(seat, id) {
			return false
		}
	}
	return true
}

// rentable reports whether seat may rent truck id out: its own, at home,
// empty and not rented out already (ruling 38).
func (s *State) rentable(seat, id int) bool {
	t := s.trucks[id]
	return t.owner == seat && t.runner == noSeat && t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && t.crates == 0
}

// hand moves goods from one seat to another.
func (s *State) hand(from, to int, g goods) {
	s.seats[from].money -= g.money
	s.seats[to].money += g.money
	s.seats[from].crates -= g.crates
	s.seats[to].crates += g.crates
	for _, id := range g.trucks {
		s.trucks[id].runner = to
	}
}

// applyWhiskeyRun loads and lines up a seat's trucks, in order (ruling 36).
func (s *State) applyWhiskeyRun(w *pb.WhiskeyRun) error {
	seat := int(w.GetSeat())
	if err := s.seatOK(w.GetSeat()); err != nil {
		return err
	}
	for _, l := range w.GetLinedUp() {
		if err := truckOK(l.GetTruck()); err != nil {
			return err
		}
		id, n := int(l.GetTruck()), int(l.GetCrates())
		t := &s.trucks[id]
		st, err := s.placeOK(l.GetPlace())
		switch {
		case err != nil:
			return corrupt("truck %d lines up at %v", id, l.GetPlace())
		case s.runnerOf(id) != seat || t.place != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED:
			return corrupt("seat %d cannot run truck %d", seat, id)
		case n < 1 || n > s.house.Truck(printed.TruckSizeOf(id)).Capacity || n > s.seats[seat].crates:
			return corrupt("truck %d loads %d crates", id, n)
		case int(l.GetPosition()) != len(st.line):
			return corrupt("truck %d joins the line at %d, not its back", id, l.GetPosition())
		}
		t.crates, t.place = n, l.GetPlace()
		s.seats[seat].crates -= n
		st.line = append(st.line, id)
	}
	return s.endTurn(seat)
}

// applyConsumption records every open speakeasy's roll (ruling 40).
func (s *State) applyConsumption(rolls []*pb.Consumption) error {
	for _, r := range rolls {
		st, err := s.placeOK(r.GetPlace())
		if err != nil || st.kind != speakeasy && st.kind != casino || st.roll != nil || r.GetConsumption() < 0 {
			return corrupt("a consumption roll at %v", r.GetPlace())
		}
		st.roll = &consumption{dice: ints(r.GetDice()), dropped: int(r.GetDropped()), total: int(r.GetConsumption())}
	}
	s.rolled = true
	return nil
}

func (s *State) applyOrderAwaited(a *pb.OrderAwaited) error {
	if err := s.seatOK(a.GetSeat()); err != nil {
		return err
	}
	if _, err := s.placeOK(a.GetPlace()); err != nil {
		return err
	}
	s.call = &orderCall{seat: int(a.GetSeat()), place: a.GetPlace(), trucks: ints(a.GetTrucks()), tier: a.GetTier()}
	s.step = pb.Step_STEP_CALL_THE_ORDER
	return nil
}

func (s *State) applyOrderCalled(c *pb.OrderCalled) error {
	if s.call == nil || s.call.seat != int(c.GetSeat()) || s.call.place != c.GetPlace() || !sameCards(s.call.trucks, ints(c.GetTrucks())) {
		return corrupt("an order called that was not awaited")
	}
	s.place(c.GetPlace()).called = ints(c.GetTrucks())
	s.call, s.step = nil, pb.Step_STEP_UNSPECIFIED
	return nil
}

// applySold pays the sellers and the owner at one place (ruling 44).
func (s *State) applySold(w *pb.WhiskeySold) error {
	st, err := s.placeOK(w.GetPlace())
	if err != nil || st.sold {
		return corrupt("a second sale at %v", w.GetPlace())
	}
	if s.step == pb.Step_STEP_CASINO_CARDS {
		// The first sale closes the Selling Phase's window (ruling 92).
		s.step = pb.Step_STEP_UNSPECIFIED
	}
	for _, sale := range w.GetSales() {
		if err := truckOK(sale.GetTruck()); err != nil {
			return err
		}
		if err := s.seatOK(sale.GetSeller()); err != nil {
			return err
		}
		t := &s.trucks[sale.GetTruck()]
		if sale.GetCrates() < 0 || int(sale.GetCrates()) > t.crates || sale.GetPaid() < 0 || sale.GetInsideJob() < 0 {
			return corrupt("truck %d sells %d of %d crates", sale.GetTruck(), sale.GetCrates(), t.crates)
		}
		t.crates -= int(sale.GetCrates())
		s.seats[sale.GetSeller()].money += int(sale.GetPaid()) + int(sale.GetInsideJob())
	}
	if w.Owner != nil {
		if err := s.seatOK(w.GetOwner()); err != nil {
			return err
		}
		s.seats[w.GetOwner()].money += int(w.GetOwnerBonus()) + int(w.GetGamblingProfit()) + int(w.GetGamblingWindfall())
	}
	st.sold = true
	return nil
}

// applySellingEnded brings every truck home: loads emptied, rentals and
// hijacks over; crates left in the Back Rooms go back to the supply
// (rulings 31, 39).
func (s *State) applySellingEnded() {
	for id := range s.trucks {
		t := &s.trucks[id]
		t.crates, t.place, t.halted, t.runner = 0, pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED, false, noSeat
		t.doubled, t.insideJob = false, false
	}
	if s.step == pb.Step_STEP_CASINO_CARDS {
		s.step = pb.Step_STEP_UNSPECIFIED
	}
	for i := range s.places {
		s.places[i].line = nil
	}
	for i := range s.seats {
		s.seats[i].crates = 0
	}
}

// applyHeat folds Phase 6 (ruling 46): the Copper moves, the offer is
// cleared, the round's Muscle cards are discarded face up.
func (s *State) applyHeat(h *pb.TheHeat) error {
	s.copper = noSeat
	if h.Copper != nil {
		if err := s.seatOK(h.GetCopper()); err != nil || !printed.CopperInPlay(s.opts) {
			return corrupt("the Copper goes to seat %d", h.GetCopper())
		}
		s.copper = int(h.GetCopper())
	}
	var left []int
	for _, sl := range s.offer.slots {
		if sl.card != noCard {
			left = append(left, sl.card)
		}
	}
	if !slices.Equal(left, ints(h.GetDiscarded())) {
		return corrupt("the Heat discards %v, the offer holds %v", h.GetDiscarded(), left)
	}
	s.menDiscard = append(s.menDiscard, left...)
	if (h.TruckToBottom != nil) != (s.offer.truck != noTruck) || h.TruckToBottom != nil && int(h.GetTruckToBottom()) != s.offer.truck {
		return corrupt("the Heat sends truck %d to the bottom, the offer holds %d", h.GetTruckToBottom(), s.offer.truck)
	}
	if s.offer.truck != noTruck {
		s.truckDeck = append(s.truckDeck, s.offer.truck)
	}
	if !slices.Equal(s.casinoLeft(), ints(h.GetCasinoDiscarded())) {
		return corrupt("the Heat discards Casino cards %v, the offer holds %v", h.GetCasinoDiscarded(), s.casinoLeft())
	}
	s.casinoDiscard = append(s.casinoDiscard, s.casinoLeft()...)
	s.offer = offer{truck: noTruck}
	var played []int
	for i := range s.seats {
		played = append(played, s.seats[i].muscle)
		s.seats[i].muscle = 0
	}
	for i := range s.nonPlayers {
		played = append(played, s.nonPlayers[i].muscle)
		s.nonPlayers[i].muscle = 0
	}
	if !sameCards(played, ints(h.GetMuscleDiscarded())) {
		return corrupt("the Heat discards Muscle cards %v, the round played %v", h.GetMuscleDiscarded(), played)
	}
	s.muscleDiscards = append(s.muscleDiscards, sortedCopy(played)...)
	s.phase, s.step, s.turn, s.order = pb.Phase_PHASE_THE_HEAT, pb.Step_STEP_UNSPECIFIED, -1, nil
	return nil
}
