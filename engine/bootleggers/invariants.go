package bootleggers

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// checkInvariants reports the first way the state breaks the game's
// conservation laws and bounds, or nil. Every state the events can fold to
// satisfies it: markers, Men of Action cards, Muscle cards and trucks are
// each conserved, money and crates are never negative, and every piece is
// where exactly one part of the state says it is. Simulations and fuzz
// tests call it after every event.
func (s *State) checkInvariants() error {
	if s.players < printed.MinPlayers || s.players > printed.MaxPlayers || len(s.seats) != s.players {
		return fmt.Errorf("%d players, %d seats", s.players, len(s.seats))
	}
	if s.round < 0 || s.round > printed.Rounds {
		return fmt.Errorf("round %d", s.round)
	}
	if (s.phase == pb.Phase_PHASE_ENDED) != (s.result != nil) {
		return fmt.Errorf("phase %v with result %v", s.phase, s.result)
	}
	if s.copper != noSeat && (s.copper < 0 || s.copper >= s.players || !printed.CopperInPlay(s.opts)) {
		return fmt.Errorf("the Copper is with seat %d", s.copper)
	}
	for _, check := range []func() error{
		s.checkSeats, s.checkMarkers, s.checkPlaces, s.checkTrucks,
		s.checkMenOfAction, s.checkMuscle, s.checkTrades, s.checkCasinoCards, s.checkCasinoEffects,
	} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// checkSeats checks each seat's own bounds.
func (s *State) checkSeats() error {
	remote := 0
	for i, p := range s.seats {
		switch {
		case p.money < 0 || p.crates < 0 || p.produced < 0 || p.supply < 0 || p.backRoom < 0:
			return fmt.Errorf("seat %d: negative count in %+v", i, p)
		case len(p.stills) == 0 && !s.ownsCasino(i):
			return fmt.Errorf("seat %d has no Family Still", i)
		case s.bids.HasChosen(engine.Seat(i)) && !slices.Contains(p.hand, s.bids.Choice(engine.Seat(i))):
			return fmt.Errorf("seat %d sealed %d, which is not in its hand", i, s.bids.Choice(engine.Seat(i)))
		case p.rangUp && !s.opts.GetRingUpTheBoys():
			return fmt.Errorf("seat %d rang up the boys without the option", i)
		case p.done && s.step != pb.Step_STEP_SELECTION && s.step != pb.Step_STEP_TURNS:
			return fmt.Errorf("seat %d is done in step %v", i, s.step)
		}
		for j, st := range p.stills {
			if st.dice < 1 || st.dice > s.stillLimit(j) {
				return fmt.Errorf("seat %d still %d has %d dice", i, j, st.dice)
			}
			if st.shutDown && s.phase > pb.Phase_PHASE_FIRE_UP_THE_STILL {
				return fmt.Errorf("seat %d still %d is shut down in %v", i, j, s.phase)
			}
		}
		remote += max(0, len(p.stills)-1)
	}
	if remote+s.remoteStillsLeft != printed.RemoteStills {
		return fmt.Errorf("%d Remote Stills built and %d left, of %d", remote, s.remoteStillsLeft, printed.RemoteStills)
	}
	return nil
}

// checkMarkers checks that every colour's markers are conserved: supply,
// Back Room and board add up to the colour's 20 (the neutral colour: its
// supply and the board, in the 2-player variant only).
func (s *State) checkMarkers() error {
	var board [colourCount]int
	for _, p := range s.places {
		for c, m := range p.markers {
			if m < 0 {
				return fmt.Errorf("negative markers of colour %d", c)
			}
			board[c] += m
		}
		if p.kind == casino {
			if p.casinoOwner < 0 || p.casinoOwner >= s.players {
				return fmt.Errorf("a casino owned by seat %d", p.casinoOwner)
			}
			board[p.casinoOwner]++ // the ownership marker
		}
	}
	for i, p := range s.seats {
		if n := p.supply + p.backRoom + board[i] + p.destroyed; n != printed.MarkersPerColour {
			return fmt.Errorf("seat %d has %d markers, not %d", i, n, printed.MarkersPerColour)
		}
	}
	for c := s.players; c < printed.Colours; c++ {
		if board[c] != 0 {
			return fmt.Errorf("colour %d has markers on the board but no seat", c)
		}
	}
	want := 0
	if printed.TwoPlayer(s.opts) {
		want = s.house.NeutralMarkers
	}
	if n := s.neutralSupply + board[neutralColour]; n != want || s.neutralSupply < 0 {
		return fmt.Errorf("%d neutral markers, not %d", n, want)
	}
	return nil
}

// checkPlaces checks the drinking places: circles, improvements, lines.
func (s *State) checkPlaces() error {
	for i, p := range s.places {
		place := printed.Places[i].Place
		n, isSpeakeasy := s.house.Speakeasy(place)
		switch {
		case !p.inPlay && (p.total() > 0 || len(p.line) > 0 || p.improvements > 0):
			return fmt.Errorf("%s is not in play but used", printed.Places[i].Name)
		case p.kind == casino && (p.total() > 0 || p.improvements > 0 || !s.opts.GetBoardwalk()):
			return fmt.Errorf("casino %s has markers or improvements, or the table has no casinos", printed.Places[i].Name)
		case p.kind != casino && (p.casinoOwner != noSeat || p.acts != 0):
			return fmt.Errorf("%s is no casino but has an owner marker or acts", printed.Places[i].Name)
		case !isSpeakeasy && (p.total() > 0 || p.improvements > 0 || p.bigNight):
			return fmt.Errorf("%s has markers, improvements or a Big Night", printed.Places[i].Name)
		case isSpeakeasy && p.total() > n.Circles:
			return fmt.Errorf("%s holds %d markers in %d circles", printed.Places[i].Name, p.total(), n.Circles)
		case p.improvements < 0 || p.improvements > s.house.ImprovementsPerSpeakeasy:
			return fmt.Errorf("%s has %d improvements", printed.Places[i].Name, p.improvements)
		case p.roll != nil && (p.roll.total < 0 || p.roll.dropped < 0 || p.roll.dropped > 6):
			return fmt.Errorf("%s rolled %+v", printed.Places[i].Name, *p.roll)
		}
		for _, id := range p.line {
			if id < 0 || id >= printed.TruckFigures || s.trucks[id].place != place || s.trucks[id].halted {
				return fmt.Errorf("truck %d is in the line at %s but not there", id, printed.Places[i].Name)
			}
		}
	}
	return nil
}

// checkTrucks checks that every truck is in one place only: owned, in the
// Truck deck, on offer, or out of the game; and that its load fits.
func (s *State) checkTrucks() error {
	where := make([]int, printed.TruckFigures)
	for _, id := range s.truckDeck {
		where[id]++
	}
	if s.offer.truck != noTruck {
		where[s.offer.truck]++
	}
	placed := 0
	for id, t := range s.trucks {
		if t.owner != noSeat {
			where[id]++
		}
		if id >= printed.Colours {
			placed += where[id]
		}
		switch {
		case where[id] > 1:
			return fmt.Errorf("truck %d is in %d places", id, where[id])
		case id < printed.Colours && t.owner != noSeat && t.owner != id:
			return fmt.Errorf("starting truck %d belongs to seat %d", id, t.owner)
		case t.crates < 0 || t.crates > s.loadLimit(id, t.doubled):
			return fmt.Errorf("truck %d carries %d crates", id, t.crates)
		case t.runner != noSeat && (t.runner == t.owner || t.owner == noSeat):
			return fmt.Errorf("truck %d is run by seat %d for owner %d", id, t.runner, t.owner)
		case t.place != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && !t.halted &&
			!slices.Contains(s.place(t.place).line, id):
			return fmt.Errorf("truck %d is at %v but not in its line", id, t.place)
		case (t.crates > 0 || t.place != 0) && s.runnerOf(id) == noSeat:
			return fmt.Errorf("truck %d is loaded or lined up with nobody running it", id)
		}
	}
	if placed != 0 && placed != printed.TruckCards {
		return fmt.Errorf("%d of the %d Truck cards are accounted for", placed, printed.TruckCards)
	}
	return nil
}

// loadLimit is the most a truck can carry: its capacity, twice that once
// Apple Pie! doubled its crates (ruling 96).
func (s *State) loadLimit(id int, doubled bool) int {
	if doubled {
		return 2 * s.house.Truck(printed.TruckSizeOf(id)).Capacity
	}
	return s.house.Truck(printed.TruckSizeOf(id)).Capacity
}

// checkMenOfAction checks that every Men of Action card is in exactly one
// place (deck, offer, a seat's kept cards, the discards) once the deck is
// shuffled, and that kept cards are keep-for-later ones.
func (s *State) checkMenOfAction() error {
	seen := make([]int, printed.MenOfActionCards)
	count := func(ids []int) error {
		for _, id := range ids {
			if printed.CardKindOf(id) == pb.CardKind_CARD_KIND_UNSPECIFIED {
				return fmt.Errorf("no Men of Action card %d", id)
			}
			seen[id]++
		}
		return nil
	}
	lists := [][]int{s.menDeck, s.menDiscard}
	for _, sl := range s.offer.slots {
		if sl.card != noCard {
			lists = append(lists, []int{sl.card})
		}
		if sl.hand != noHand && (sl.hand < 0 || sl.hand >= len(s.nonPlayers)) {
			return fmt.Errorf("offer space beneath Non-Player hand %d", sl.hand)
		}
	}
	for i, p := range s.seats {
		for _, id := range p.kept {
			if printed.UseNow(printed.CardKindOf(id)) {
				return fmt.Errorf("seat %d keeps use-now card %d", i, id)
			}
		}
		lists = append(lists, p.kept)
	}
	total := 0
	for _, l := range lists {
		if err := count(l); err != nil {
			return err
		}
		total += len(l)
	}
	return conserved("Men of Action card", 0, seen, total)
}

// checkMuscle checks that every Muscle card is in exactly one place (a
// hand, played this round, a Non-Player hand, set aside, discarded) once
// dealt.
func (s *State) checkMuscle() error {
	seen := make([]int, printed.MuscleCards)
	total := 0
	add := func(n int) error {
		if n < 1 || n > printed.MuscleCards {
			return fmt.Errorf("no Muscle card %d", n)
		}
		seen[n-1]++
		total++
		return nil
	}
	cards := slices.Concat(s.setAside, s.muscleDiscards)
	for _, p := range s.seats {
		cards = slices.Concat(cards, p.hand)
		if p.muscle != 0 {
			cards = append(cards, p.muscle)
		}
	}
	for _, h := range s.nonPlayers {
		cards = slices.Concat(cards, h.cards)
		if h.muscle != 0 {
			cards = append(cards, h.muscle)
		}
	}
	for _, n := range cards {
		if err := add(n); err != nil {
			return err
		}
	}
	for _, c := range s.order {
		if (c.seat == noSeat) == (c.hand == noHand) || c.value < c.muscle {
			return fmt.Errorf("contender %+v", c)
		}
	}
	return conserved("Muscle card", 1, seen, total)
}

// checkTrades checks the open trade offers.
func (s *State) checkTrades() error {
	for _, t := range s.trades {
		switch {
		case t.id < 1 || t.id > s.lastTrade:
			return fmt.Errorf("trade %d beyond the last id %d", t.id, s.lastTrade)
		case t.from == t.to || t.from < 0 || t.to < 0 || t.from >= s.players || t.to >= s.players:
			return fmt.Errorf("trade %d from seat %d to seat %d", t.id, t.from, t.to)
		case t.give.money < 0 || t.give.crates < 0 || t.get.money < 0 || t.get.crates < 0:
			return fmt.Errorf("trade %d has a negative amount", t.id)
		}
	}
	return nil
}

// conserved reports an error unless either no card of the kind is placed
// yet (before the deal) or every card is placed exactly once; seen counts
// the cards by number less first.
func conserved(what string, first int, seen []int, total int) error {
	if total == 0 {
		return nil
	}
	for i, n := range seen {
		if n != 1 {
			return fmt.Errorf("%s %d is in %d places", what, i+first, n)
		}
	}
	return nil
}

// checkCasinoCards checks that every Casino card of a Boardwalk table is in
// exactly one place (the deck, the Casino offer, a seat's kept cards, the
// discards), and that other tables have none.
func (s *State) checkCasinoCards() error {
	if !s.opts.GetBoardwalk() {
		if len(s.casinoDeck) > 0 {
			return fmt.Errorf("a Casino deck of %d cards without the Boardwalk", len(s.casinoDeck))
		}
		return nil
	}
	seen := make([]int, len(printed.CasinoDeck(s.opts)))
	all := slices.Concat(s.casinoDeck, s.casinoDiscard, s.casinoLeft())
	for _, p := range s.seats {
		all = append(all, p.keptCasino...)
	}
	for _, id := range all {
		if id < 0 || id >= len(seen) {
			return fmt.Errorf("no Casino card %d", id)
		}
		seen[id]++
	}
	return conserved("Casino card", 0, seen, len(all))
}
