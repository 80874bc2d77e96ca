package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The folds of the Men of Action cards, Phase 2 and Phase 3.

// applyCardTaken folds a card taken from the offer: a use-now effect as
// recorded, or a kept card (rulings 22-23).
func (s *State) applyCardTaken(c *pb.CardTaken) error {
	seat := int(c.GetSeat())
	if err := s.seatOK(c.GetSeat()); err != nil {
		return err
	}
	slot := int(c.GetSlot())
	if slot < 0 || slot >= len(s.offer.slots) || s.offer.slots[slot].card != int(c.GetCardId()) {
		return corrupt("card %d is not in offer space %d", c.GetCardId(), slot)
	}
	p := &s.seats[seat]
	if c.GetPaid() < 0 || int(c.GetPaid()) > p.money || int(c.GetMarkers()) > p.supply || c.GetMarkers() < 0 {
		return corrupt("seat %d cannot take card %d as recorded", seat, c.GetCardId())
	}
	id := int(c.GetCardId())
	s.offer.slots[slot].card = noCard
	p.money -= int(c.GetPaid())
	if !printed.UseNow(printed.CardKindOf(id)) {
		p.kept = append(p.kept, id)
		return s.applySelected(seat)
	}
	s.menDiscard = append(s.menDiscard, id)
	p.supply -= int(c.GetMarkers())
	p.backRoom += int(c.GetMarkers())
	if err := s.applyStill(seat, c); err != nil {
		return err
	}
	if c.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		st, err := s.placeOK(c.GetPlace())
		if err != nil || st.improvements >= s.house.ImprovementsPerSpeakeasy {
			return corrupt("no room for an improvement at %v", c.GetPlace())
		}
		st.improvements++
	}
	return s.applySelected(seat)
}

// applyStill adds the die of a Still Upgrade or builds a Remote Still.
func (s *State) applyStill(seat int, c *pb.CardTaken) error {
	if c.Still == nil {
		return nil
	}
	p := &s.seats[seat]
	i := int(c.GetStill())
	switch printed.CardKindOf(int(c.GetCardId())) {
	case stillUpgrade:
		if i < 0 || i >= len(p.stills) || p.stills[i].dice >= s.stillLimit(i) {
			return corrupt("seat %d has no room on still %d", seat, i)
		}
		p.stills[i].dice++
	case remoteStill:
		if i != len(p.stills) || s.remoteStillsLeft == 0 {
			return corrupt("seat %d builds Remote Still %d", seat, i)
		}
		p.stills = append(p.stills, still{dice: printed.StartingDice})
		s.remoteStillsLeft--
	default:
		return corrupt("card %d names a still", c.GetCardId())
	}
	return nil
}

// stillLimit returns the dice still i (0: the Family Still) takes.
func (s *State) stillLimit(i int) int {
	if i == 0 {
		return printed.StillDiceMax
	}
	return s.house.RemoteStillDiceMax
}

// colourOf reads a colour of the contract.
func (s *State) colourOf(c *pb.Colour) (colour, bool) {
	switch w := c.GetWho().(type) {
	case *pb.Colour_Seat:
		if w.Seat >= 0 && int(w.Seat) < s.players {
			return colour(w.Seat), true
		}
	case *pb.Colour_Neutral:
		if w.Neutral && printed.TwoPlayer(s.opts) {
			return neutralColour, true
		}
	}
	return 0, false
}

// applyCardPlayed folds a kept card played and its effect (rulings 53-58).
func (s *State) applyCardPlayed(c *pb.CardPlayed) error {
	seat := int(c.GetSeat())
	if err := s.seatOK(c.GetSeat()); err != nil {
		return err
	}
	p := &s.seats[seat]
	i := slices.Index(p.kept, int(c.GetCardId()))
	if i < 0 {
		return corrupt("seat %d does not keep card %d", seat, c.GetCardId())
	}
	p.kept = slices.Delete(p.kept, i, i+1)
	s.menDiscard = append(s.menDiscard, int(c.GetCardId()))
	switch e := c.Effect.(type) {
	case *pb.CardPlayed_Hit:
		return s.applyHit(e.Hit)
	case *pb.CardPlayed_Shutdown:
		t := e.Shutdown
		if err := s.seatOK(t.GetSeat()); err != nil || t.GetStill() < 0 || int(t.GetStill()) >= len(s.seats[t.GetSeat()].stills) {
			return corrupt("no still %d of seat %d", t.GetStill(), t.GetSeat())
		}
		s.seats[t.GetSeat()].stills[t.GetStill()].shutDown = true
	case *pb.CardPlayed_PayOffTheCopper:
		s.copper = noSeat
	case *pb.CardPlayed_Hijack:
		return s.applyHijack(seat, e.Hijack.GetTruck())
	case *pb.CardPlayed_HaltAnOrder:
		return s.applyHalt(e.HaltAnOrder.GetTruck())
	case *pb.CardPlayed_BigNight:
		st, err := s.placeOK(e.BigNight.GetPlace())
		if err != nil {
			return err
		}
		st.bigNight = true
	default:
		return corrupt("card %d played with no effect", c.GetCardId())
	}
	return nil
}

// applyHit sends the markers hit back to their owners' supply.
func (s *State) applyHit(h *pb.Hit) error {
	st, err := s.placeOK(h.GetPlace())
	if err != nil {
		return err
	}
	for _, v := range h.GetVictims() {
		c, ok := s.colourOf(v)
		if !ok || st.markers[c] == 0 {
			return corrupt("no marker of %v to hit at %v", v, h.GetPlace())
		}
		st.markers[c]--
		if c == neutralColour {
			s.neutralSupply++
		} else {
			s.seats[c].supply++
		}
	}
	return nil
}

// applyHijack gives a lined-up truck to the hijacker for the round.
func (s *State) applyHijack(seat int, id int32) error {
	if err := truckOK(id); err != nil {
		return err
	}
	t := &s.trucks[id]
	if t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || t.halted || t.owner == noSeat {
		return corrupt("truck %d is not lined up", id)
	}
	t.runner = seat
	if t.owner == seat {
		t.runner = noSeat
	}
	return nil
}

// applyHalt takes a truck out of its line for the round.
func (s *State) applyHalt(id int32) error {
	if err := truckOK(id); err != nil {
		return err
	}
	t := &s.trucks[id]
	if t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || t.halted {
		return corrupt("truck %d is not lined up", id)
	}
	line := &s.place(t.place).line
	if i := slices.Index(*line, int(id)); i >= 0 {
		*line = slices.Delete(*line, i, i+1)
	}
	t.halted = true
	return nil
}

// applyBoysSent folds a seat's Phase 2 turn: the marker rung up, then the
// placements (rulings 28, 67).
func (s *State) applyBoysSent(b *pb.BoysSent) error {
	seat := int(b.GetSeat())
	if err := s.seatOK(b.GetSeat()); err != nil {
		return err
	}
	p := &s.seats[seat]
	if from := b.GetRingUpFrom(); from != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		st, err := s.placeOK(from)
		if err != nil || st.markers[seat] == 0 {
			return corrupt("seat %d has no marker to ring up at %v", seat, from)
		}
		st.markers[seat]--
		p.backRoom++
		p.rangUp = true
	}
	for _, pl := range b.GetPlacements() {
		st, err := s.placeOK(pl.GetPlace())
		n := int(pl.GetMarkers())
		if err != nil || n < 0 || n > p.backRoom || n > s.freeCircles(pl.GetPlace()) {
			return corrupt("seat %d cannot place %d markers at %v", seat, n, pl.GetPlace())
		}
		st.markers[seat] += n
		p.backRoom -= n
	}
	return s.endTurn(seat)
}

// applyStillFired folds a seat's production into its Back Room; the
// Shutdowns of its stills are spent.
func (s *State) applyStillFired(f *pb.StillFired) error {
	seat := int(f.GetSeat())
	if err := s.seatOK(f.GetSeat()); err != nil {
		return err
	}
	if f.GetCrates() < 0 {
		return corrupt("seat %d produces %d crates", seat, f.GetCrates())
	}
	p := &s.seats[seat]
	p.crates += int(f.GetCrates())
	p.produced = int(f.GetCrates())
	for i := range p.stills {
		p.stills[i].shutDown = false
	}
	if s.step == pb.Step_STEP_TURNS {
		return s.endTurn(seat)
	}
	return nil
}
