package bootleggers

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 1 and Phase 6 of the Boardwalk: the Casino offer, its selection
// and its discards (rulings 83-85).

// casinoOfferTable is a 3-player Boardwalk game whose Casino deck starts
// Fire Chief, Hire a Big Act, Steal the Show, Police Raid, Steal the Show.
func casinoOfferTable(t *testing.T) *game {
	t.Helper()
	o, err := NormaliseOptions(3, &pb.Options{Boardwalk: true})
	if err != nil {
		t.Fatal(err)
	}
	d := fixedDeal(3, o)
	top := []int{0, 8, 12, 1, 13}
	d.casinoDeck = top
	for _, id := range printed.CasinoCardIDs(o) {
		if !slices.Contains(top, id) {
			d.casinoDeck = append(d.casinoDeck, id)
		}
	}
	return newTableWith(t, 3, o, d)
}

func TestCasinoOfferAndSelection(t *testing.T) {
	// "After the Truck card and Men of Action cards are placed for
	// selection, draw and place a Casino card next to the board.
	// Additionally, draw and place next to the board one Casino card for
	// each open Casino." "Casino Cards are available for selection in
	// addition to existing Men of Action cards." (ruling 83)
	tb := casinoOfferTable(t)
	if got := tb.st().offer.casino; !slices.Equal(got, []int{0}) {
		t.Fatalf("round 1, no casino open: the Casino offer is %v, want Fire Chief alone", got)
	}
	if v := tb.view(seatView(1)).GetOffer().GetCasinoSlots(); len(v) != 1 || v[0].GetKind() != fireChief {
		t.Errorf("the Casino offer as seat 1 sees it: %v", v)
	}
	tb.bid(1, 4, 61)
	tb.refuse(2, &pb.TakeCasinoCard{Slot: 1}, ReasonBadSlot)
	tb.refuse(2, &pb.TakeCasinoCard{Slot: 0, Place: barleycorns}, ReasonBadTarget)
	tb.refuse(1, &pb.TakeCasinoCard{Slot: 0}, "NOT_YOUR_TURN")
	// "May be saved for later use": Fire Chief is kept, and public (ruling 79).
	tb.do(2, &pb.TakeCasinoCard{Slot: 0})
	if s := tb.st(); !slices.Equal(s.seats[2].keptCasino, []int{0}) || !s.seats[2].done {
		t.Fatalf("seat 2 keeps %v (done %v)", s.seats[2].keptCasino, s.seats[2].done)
	}
	if v := tb.view(seatView(0)).GetSeats()[2].GetKeptCasinoCards(); !slices.Equal(v, []int32{0}) {
		t.Errorf("seat 0 sees seat 2 keep %v", v)
	}
	tb.refuse(1, &pb.TakeCasinoCard{Slot: 0}, ReasonCardTaken)
	tb.passSelection()
	tb.st().seats[2].money, tb.w.money[2] = 40, 40
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.endRound()

	// One casino open: two Casino cards.
	if got := tb.st().offer.casino; !slices.Equal(got, []int{8, 12}) {
		t.Fatalf("round 2, one casino open: the Casino offer is %v, want Hire a Big Act and Steal the Show", got)
	}
	tb.bid(2, 5, 62)
	// "Pay $2G and redeem immediately for 1 Casino Improvement." (ruling 84)
	tb.refuse(2, &pb.TakeCasinoCard{Slot: 0}, ReasonBadTarget)
	tb.refuse(2, &pb.TakeCasinoCard{Slot: 0, Place: mothers}, ReasonBadTarget)
	money := tb.st().seats[2].money
	evs := tb.do(2, &pb.TakeCasinoCard{Slot: 0, Place: barleycorns})
	if c := evs[0].GetCasinoCardTaken(); c.GetPaid() != printed.HireABigActCost || c.GetPlace() != barleycorns || c.GetWasted() {
		t.Fatalf("Hire a Big Act taken as %v", c)
	}
	if s := tb.st(); s.place(barleycorns).acts != 1 || s.seats[2].money != money-printed.HireABigActCost || len(s.seats[2].keptCasino) != 1 {
		t.Errorf("after Hire a Big Act: %d acts, money %d, kept %v", s.place(barleycorns).acts, s.seats[2].money, s.seats[2].keptCasino)
	}
	tb.refuse(1, &pb.TakeCasinoCard{Slot: 1, Place: barleycorns}, ReasonBadTarget)
	tb.passSelection()
	// "If a Casino card remains unselected at the end of the phase, it is
	// discarded."
	var heat *pb.TheHeat
	for tb.st().round == 2 {
		for _, e := range tb.runPhase() {
			if h := e.GetTheHeat(); h != nil {
				heat = h
			}
		}
	}
	if !slices.Equal(heat.GetCasinoDiscarded(), []int32{12}) || !slices.Equal(tb.st().casinoDiscard, []int{8, 12}) {
		t.Fatalf("Phase 6 discarded %v; the Casino discards are %v", heat.GetCasinoDiscarded(), tb.st().casinoDiscard)
	}
	if v := tb.view(seatView(0)); !slices.Equal(v.GetCasinoDiscards(), []int32{8, 12}) || len(v.GetOffer().GetCasinoSlots()) != 2 {
		t.Errorf("the view: discards %v, Casino offer %v", v.GetCasinoDiscards(), v.GetOffer().GetCasinoSlots())
	}

	// Steal the Show taken by a Mobster with no casino is wasted (ruling 84).
	tb.bid(3, 6, 63)
	tb.do(2, &pb.PassSelection{})
	tb.do(1, &pb.PassSelection{})
	tb.refuse(0, &pb.TakeCasinoCard{Slot: 1, Place: barleycorns}, ReasonBadTarget)
	evs = tb.do(0, &pb.TakeCasinoCard{Slot: 1})
	if c := evs[0].GetCasinoCardTaken(); !c.GetWasted() || c.GetPaid() != 0 || c.GetKind() != stealTheShow {
		t.Fatalf("Steal the Show without a casino taken as %v", c)
	}
	if tb.st().place(barleycorns).acts != 1 {
		t.Error("a wasted Steal the Show added an Entertainment Act")
	}
}

func TestCasinoDeckReshuffles(t *testing.T) {
	// Ruling 85: the Casino discards go under the deck when it runs short.
	// Every card stays in exactly one place (the watcher runs
	// checkInvariants after every event).
	tb := casinoOfferTable(t)
	tb.st().seats[2].money, tb.w.money[2] = 40, 40
	tb.bid(1, 4, 61)
	tb.passSelection()
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	reshuffles := 0
	for tb.st().result == nil {
		for _, e := range tb.runPhase() {
			if d := e.GetDeckShuffled(); d.GetDeck() == pb.Deck_DECK_CASINO && d.GetReshuffle() {
				reshuffles++
			}
		}
		if s := tb.st(); s.phase == muscle && s.step == pb.Step_STEP_SELECTION && len(s.offer.casino) != CasinoOffer(1) {
			t.Fatalf("round %d: %d Casino cards on offer", s.round, len(s.offer.casino))
		}
	}
	if reshuffles == 0 {
		t.Error("12 rounds of 2 Casino cards never reshuffled a deck of 13")
	}
}

// runPhase plays the current step with nothing done (each seat's first
// Muscle card in the bidding) and returns the public events.
func (tb *game) runPhase() []*pb.Event {
	tb.t.Helper()
	s := tb.st()
	switch {
	case s.phase == muscle && s.step == pb.Step_STEP_BIDDING:
		var cards []int
		for _, p := range s.seats {
			cards = append(cards, p.hand[0])
		}
		return tb.bid(cards...)
	case s.phase == muscle:
		return tb.do(s.current(), &pb.PassSelection{})
	case s.phase == sendIn:
		return tb.do(s.current(), &pb.SendInTheBoys{})
	case s.phase == fireUp:
		return tb.do(s.current(), &pb.FireUpTheStill{})
	case s.phase == runIt:
		return tb.do(s.current(), &pb.RunTheWhiskey{})
	}
	tb.t.Fatalf("cannot play on from %v %v", s.phase, s.step)
	return nil
}

func TestAnEntertainmentActGainedInPlay(t *testing.T) {
	// Hire a Big Act: "Pay $2G and redeem immediately for 1 Casino
	// Improvement." Then "Entertainment Acts, like Speakeasy Improvements,
	// add 1 to each die rolled in the Casino." in that round's Phase 5, and
	// "Casino owners must pay graft of $1G per die plus $2G booking fee for
	// each Entertainment Act in their Casinos." in the next Phase 1
	// (rulings 76, 77, 84).
	tb := casinoOfferTable(t)
	tb.bid(1, 4, 61)
	tb.passSelection()
	tb.st().seats[2].money, tb.w.money[2] = 40, 40
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.endRound()
	tb.bid(2, 5, 62)
	tb.do(2, &pb.TakeCasinoCard{Slot: 0, Place: barleycorns})
	var roll *pb.Consumption
	var paid *pb.MusclePaid
	for paid == nil {
		for _, e := range tb.runPhase() {
			for _, r := range e.GetConsumptionRolled().GetRolls() {
				if r.GetPlace() == barleycorns {
					roll = r
				}
			}
			if p := e.GetMusclePaid(); p != nil {
				paid = p
			}
		}
	}
	if roll == nil {
		t.Fatal("the casino did not roll")
	}
	sum := 0
	for _, f := range roll.GetDice() {
		sum += int(f)
	}
	if roll.GetImprovements() != 1 || int(roll.GetConsumption()) != CasinoRoll(ints(roll.GetDice()), 1) || int(roll.GetConsumption()) != sum+len(roll.GetDice()) {
		t.Errorf("the casino with one Entertainment Act rolled %v", roll)
	}
	dice := printed.CasinoDice(barleycorns)
	if g := paid.GetPayments()[2].GetCasinoGraft(); int(g) != dice*printed.CasinoGraftPerDie+printed.BookingFee {
		t.Errorf("round 3 casino graft %d, want %d dice at 1G plus a 2G booking fee", g, dice)
	}
}

// ownerCards are Men of Action card ids by kind, for the casino owner
// tests: influence cards to fill the offers, a Remote Still and a Still
// Upgrade.
func ownerCards() (singles, remotes, upgrades []int) {
	for _, id := range printed.CardIDs() {
		switch printed.CardKindOf(id) {
		case single:
			singles = append(singles, id)
		case remoteStill:
			remotes = append(remotes, id)
		case stillUpgrade:
			upgrades = append(upgrades, id)
		}
	}
	return singles, remotes, upgrades
}

// slotOf returns the offer space holding a card of kind k.
func slotOf(t *testing.T, s *State, k pb.CardKind) int32 {
	t.Helper()
	for i, sl := range s.offer.slots {
		if printed.CardKindOf(sl.card) == k {
			return int32(i)
		}
	}
	t.Fatalf("the offer %v holds no %v", s.offer.slots, k)
	return 0
}

func TestWhatACasinoOwnerMayDo(t *testing.T) {
	// Printed: "The new Casino owner finishes his action by discarding his
	// Truck, dice, and any Remote Stills." and, of Phase 3, "Casino owners
	// have no actions this phase." Nothing else is printed of his trucks,
	// so the discard is the whole rule (ruling 86, rules version 3): later
	// he may rent a truck in a trade, run it on his own Phase 4 turn (he is
	// not passed over, ruling 35) and buy the Truck card. A Still Upgrade
	// or a Remote Still is still wasted on him: a still of his would never
	// roll, as he has "no actions" in Phase 3.
	singles, remotes, upgrades := ownerCards()
	// Rounds 1 and 2 turn over influence cards, round 3 a Remote Still and
	// a Still Upgrade.
	tb := newTable(t, 3, &pb.Options{Boardwalk: true}, singles[0], singles[1], singles[2], singles[3], singles[4], singles[5],
		remotes[0], upgrades[0], singles[6])
	tb.bid(1, 4, 61)
	tb.passSelection()
	tb.money(2, 40)
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.toPhase(runIt)
	s := tb.st()
	if len(s.ownedTrucks(2)) != 0 || s.current() != 2 || s.seats[2].done {
		t.Fatalf("Phase 4 of round 1: seat %d to run, seat 2 owns trucks %v, done %v", s.current(), s.ownedTrucks(2), s.seats[2].done)
	}
	mustAct := false
	for _, p := range s.Prompts() {
		mustAct = mustAct || p.Seat == 2 && p.MustAct
	}
	if !mustAct {
		t.Fatal("the casino owner's Phase 4 turn is not asked of him")
	}
	// Seat 1 rents him its truck with 3 crates, for 5G.
	tb.crates(1, 3)
	evs := tb.do(1, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Crates: 3, Trucks: []int32{1}}, Get: &pb.Goods{Money: 5}})
	tb.do(2, &pb.AnswerTrade{OfferId: evs[0].GetTradeProposed().GetOfferId(), Accept: true})
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: omalleys}}})
	sold := false
	for _, e := range tb.runNone() {
		for _, sale := range e.GetWhiskeySold().GetSales() {
			if sale.GetTruck() == 1 {
				sold = sale.GetSeller() == 2 && sale.GetCrates() == 3 && int(sale.GetPaid()) == 3*printed.House.OMalleysPrice
			}
		}
	}
	if !sold {
		t.Error("the casino owner's rented truck did not sell its 3 crates for him at O'Malley's")
	}
	if tb.st().round != 2 {
		t.Fatalf("round %d after Phase 4 of round 1", tb.st().round)
	}

	tb.bid(2, 5, 62)
	truck := tb.st().offer.truck
	tb.do(2, &pb.BuyTruck{})
	if tb.st().trucks[truck].owner != 2 {
		t.Errorf("the casino owner bought the Truck card but truck %d is seat %d's", truck, tb.st().trucks[truck].owner)
	}
	tb.passSelection()
	tb.endRound()

	tb.bid(3, 6, 63)
	left := tb.st().remoteStillsLeft
	evs = tb.do(2, &pb.TakeMenOfAction{Slot: slotOf(t, tb.st(), remoteStill)})
	if c := evs[0].GetCardTaken(); !c.GetWasted() || c.GetPaid() != 0 || c.Still != nil {
		t.Fatalf("a casino owner's Remote Still taken as %v", c)
	}
	if s := tb.st(); len(s.seats[2].stills) != 0 || s.remoteStillsLeft != left {
		t.Errorf("the casino owner has stills %v; %d Remote Stills left, was %d", s.seats[2].stills, s.remoteStillsLeft, left)
	}
}

func TestWhatACasinoOwnerMayNotDoUnderRulesVersion2(t *testing.T) {
	// Rules version 2 read more into "The new Casino owner finishes his
	// action by discarding his Truck, dice, and any Remote Stills.": a
	// casino owner gains no truck (the Truck card, a trade), and in Phase 4,
	// with nothing to run and no card of the phase, his turn is played for
	// him; trades of money stay open to him (ruling 86 as version 2 read
	// it). A game created under version 2 is still played so.
	singles, remotes, upgrades := ownerCards()
	// Round 1 turns over three influence cards, round 2 a Remote Still and
	// a Still Upgrade.
	o, _ := NormaliseOptions(3, &pb.Options{Boardwalk: true})
	tb := newTableVersion(t, 3, o, 2, fixedDeal(3, o, singles[0], singles[1], singles[2], remotes[0], upgrades[0], singles[3]))
	tb.bid(1, 4, 61)
	tb.passSelection()
	tb.money(2, 40)
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.toPhase(runIt)
	if s := tb.st(); s.current() != 1 || !s.seats[2].done {
		t.Fatalf("Phase 4 of round 1: seat %d to run, seat 2 done %v", s.current(), s.seats[2].done)
	}
	tb.refuse(1, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Trucks: []int32{1}}}, ReasonCasinoOwner)
	tb.do(1, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Money: 1}, Get: &pb.Goods{Money: 2}})
	tb.endRound()

	if tb.st().offer.truck == noTruck {
		t.Fatal("no Truck card on offer in round 2")
	}
	tb.bid(2, 5, 62)
	tb.refuse(2, &pb.BuyTruck{}, ReasonCasinoOwner)
	left := tb.st().remoteStillsLeft
	evs := tb.do(2, &pb.TakeMenOfAction{Slot: slotOf(t, tb.st(), remoteStill)})
	if c := evs[0].GetCardTaken(); !c.GetWasted() || c.GetPaid() != 0 || c.Still != nil {
		t.Fatalf("a casino owner's Remote Still taken as %v", c)
	}
	if s := tb.st(); len(s.seats[2].stills) != 0 || s.remoteStillsLeft != left {
		t.Errorf("the casino owner has stills %v; %d Remote Stills left, was %d", s.seats[2].stills, s.remoteStillsLeft, left)
	}
}

func TestOMalleysCutOutOfTurn(t *testing.T) {
	// "At any time during this phase, Casino owners may choose to destroy
	// one of their Influence markers from the board or their Back Room to
	// reduce consumption at O'Malley's by one Crate per Truck. No more than
	// 3 Influence markers may be destroyed per Round." (ruling 81)
	tb := casinoTable(t)
	s := tb.st()
	s.seats[2].supply, s.seats[2].backRoom = s.seats[2].supply-3, s.seats[2].backRoom+3
	tb.put(2, texas, 1)
	back := s.seats[2].backRoom
	if s.current() != 1 {
		t.Fatalf("seat %d on turn, want seat 1", s.current())
	}
	// Offered to the casino owner off his turn, never waited for.
	offered := false
	for _, p := range s.Prompts() {
		for _, c := range p.Legal {
			if c.(*pb.Command).GetCutOmalleys() != nil {
				if p.Seat != 2 || p.MustAct {
					t.Errorf("a cut offered to %v (must act %v)", p.Seat, p.MustAct)
				}
				offered = true
			}
		}
	}
	if !offered {
		t.Fatal("no prompt offers the casino owner a cut")
	}
	tb.refuse(0, &pb.CutOMalleys{}, ReasonNotCasinoOwner)
	tb.refuse(2, &pb.CutOMalleys{Place: mothers}, ReasonNotEnoughMarkers)
	tb.do(2, &pb.CutOMalleys{})
	tb.do(2, &pb.CutOMalleys{Place: texas})
	evs := tb.do(2, &pb.CutOMalleys{})
	if c := evs[0].GetOmalleysCut(); c.GetCuts() != 3 {
		t.Fatalf("the third cut recorded as %v", c)
	}
	tb.refuse(2, &pb.CutOMalleys{}, ReasonCutsUsed)
	s = tb.st()
	if s.seats[2].backRoom != back-2 || s.place(texas).markers[2] != 0 || s.seats[2].destroyed != 3 {
		t.Errorf("after 3 cuts: Back Room %d (was %d), Texas Lil's %d, destroyed %d", s.seats[2].backRoom, back, s.place(texas).markers[2], s.seats[2].destroyed)
	}
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: omalleys}}})
	evs = tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: omalleys}}})
	var sold *pb.WhiskeySold
	for _, e := range evs {
		if w := e.GetWhiskeySold(); w.GetPlace() == omalleys {
			sold = w
		}
	}
	if sold == nil || len(sold.GetSales()) != 2 || sold.GetSales()[0].GetCrates() != 0 || sold.GetSales()[1].GetCrates() != 1 {
		t.Fatalf("O'Malley's after 3 cuts sold %v, want 0 of truck 1's 3 crates and 1 of truck 0's 4", sold)
	}
	// The last run played Phase 5 and 6 and opened round 3.
	tb.refuse(2, &pb.CutOMalleys{}, ReasonWrongPhase)
	if tb.st().round != 3 || tb.st().omalleysCuts != 0 {
		t.Error("the cuts carry into the next round")
	}
}
