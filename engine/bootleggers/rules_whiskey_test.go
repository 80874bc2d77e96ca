package bootleggers

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 4, Run the Whiskey, and the trades.

// crates gives seat n crates in its Back Room by hand, in Phase 4.
func (tb *game) crates(seat, n int) {
	tb.w.crates += n - tb.st().seats[seat].crates
	tb.st().seats[seat].crates = n
}

// own gives seat a Truck card's truck by hand.
func (tb *game) own(seat, id int) {
	s := tb.st()
	s.truckDeck = slices.DeleteFunc(s.truckDeck, func(x int) bool { return x == id })
	s.trucks[id].owner = seat
}

func TestRunTheWhiskey(t *testing.T) {
	// "Crates go into trucks, no more than each truck's capacity, and trucks
	// line up in single file in Muscle card order at a speakeasy's loading
	// dock or at O'Malley's." Rulings 35-36.
	tb := newTable(t, 3, nil)
	tb.put(1, texas, 1)
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(2, 5)
	tb.crates(1, 3)
	tb.crates(0, 0)
	tb.refuse(1, &pb.RunTheWhiskey{}, engine.ReasonNotYourTurn)
	for _, c := range []struct {
		runs   []*pb.Run
		reason string
	}{
		{[]*pb.Run{{Truck: 1, Crates: 2, Place: omalleys}}, ReasonNotYourTruck},
		{[]*pb.Run{{Truck: 2, Crates: 0, Place: omalleys}}, ReasonBadLoad},
		{[]*pb.Run{{Truck: 2, Crates: 5, Place: omalleys}}, ReasonBadLoad},
		{[]*pb.Run{{Truck: 20, Crates: 1, Place: omalleys}}, ReasonBadTruck},
		{[]*pb.Run{{Truck: 2, Crates: 1, Place: volstead}}, ReasonBadPlace},
		{[]*pb.Run{{Truck: 2, Crates: 1, Place: mothers}}, ReasonPlaceClosed},
		{[]*pb.Run{{Truck: 2, Crates: 1, Place: omalleys}, {Truck: 2, Crates: 1, Place: omalleys}}, ReasonDuplicate},
	} {
		tb.refuse(2, &pb.RunTheWhiskey{Runs: c.runs}, c.reason)
	}
	tb.own(2, 12)
	tb.refuse(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 2, Crates: 4, Place: omalleys}, {Truck: 12, Crates: 2, Place: texas}}}, ReasonBadLoad)
	evs := tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 2, Crates: 4, Place: texas}, {Truck: 12, Crates: 1, Place: omalleys}}})
	run := evs[0].GetWhiskeyRun()
	if len(run.LinedUp) != 2 || run.LinedUp[0].Position != 0 || tb.st().seats[2].crates != 0 {
		t.Errorf("seat 2 ran %v", run)
	}
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: texas}}})
	if got := tb.st().place(texas).line; !slices.Equal(got, []int{2, 1}) {
		t.Errorf("the line at Texas Lil's: %v", got)
	}
	// "Nobody is passed over in Phase 4": seat 0 has no crate and is asked.
	if tb.st().current() != 0 {
		t.Errorf("turn of %d", tb.st().current())
	}
	tb.do(0, &pb.RunTheWhiskey{})
}

func TestTrades(t *testing.T) {
	// "Players may sell crates to each other and rent each other's trucks;
	// deals are not binding." Ruling 37: an offer at any time in Phase 4,
	// accepted or declined by the other, made at once, both sides together.
	tb := newTable(t, 3, nil)
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(2, 6)
	tb.crates(0, 3)
	// Seat 0, off its turn, offers seat 2 its truck's rent for 2G.
	evs := tb.do(0, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Trucks: []int32{0}}, Get: &pb.Goods{Money: 2}})
	id := evs[0].GetTradeProposed().GetOfferId()
	if v := tb.view(engine.SpectatorViewer()); len(v.Trades) != 1 || v.Seats[0].OffersMade != 1 {
		t.Errorf("the offer is public: %v", v.Trades)
	}
	tb.refuse(1, &pb.AnswerTrade{OfferId: id, Accept: true}, ReasonNoSuchOffer)
	money := [3]int{tb.st().seats[0].money, tb.st().seats[1].money, tb.st().seats[2].money}
	evs = tb.do(2, &pb.AnswerTrade{OfferId: id, Accept: true})
	if len(evs) != 1 || !evs[0].GetTradeAnswered().GetAccepted() {
		t.Fatalf("the answer: %v", evs)
	}
	s := tb.st()
	if s.seats[0].money != money[0]+2 || s.seats[2].money != money[2]-2 || s.runnerOf(0) != 2 || s.trucks[0].owner != 0 {
		t.Errorf("after the trade: money %d %d, truck 0 run by %d", s.seats[0].money, s.seats[2].money, s.runnerOf(0))
	}
	// The renter runs it; its owner keeps paying its graft (ruling 37).
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 2, Crates: 4, Place: omalleys}, {Truck: 0, Crates: 2, Place: omalleys}}})
	tb.do(1, &pb.RunTheWhiskey{})
	tb.refuse(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 3, Place: omalleys}}}, ReasonNotYourTruck)
	evs = tb.do(0, &pb.RunTheWhiskey{})
	sold := kinds(evs, "whiskey_sold")[0].GetWhiskeySold()
	for _, sale := range sold.Sales {
		if sale.Seller != 2 {
			t.Errorf("sale %v", sale)
		}
	}
	// Ruling 39: "At the end of Phase 5 every truck comes home: rentals and
	// hijacks end".
	if tb.st().runnerOf(0) != 0 || tb.st().graft(0) != printed.Truck(small).Graft {
		t.Errorf("truck 0 after the round: %+v", tb.st().trucks[0])
	}
}

func TestTradeAnswersAndStaleOffers(t *testing.T) {
	// Ruling 37: "the proposer may withdraw it while it is unanswered. An
	// accepted trade is checked again against what both hold at that moment
	// (TRADE_STALE if either no longer can) ... Offers still open when
	// Phase 4 ends lapse."
	tb := newTable(t, 3, nil)
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(1, 4)
	tb.crates(2, 0)
	a := tb.do(1, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Crates: 4}, Get: &pb.Goods{Money: 3}})[0].GetTradeProposed().GetOfferId()
	b := tb.do(1, &pb.ProposeTrade{To: 0, Give: &pb.Goods{Crates: 2}, Get: &pb.Goods{Money: 1}})[0].GetTradeProposed().GetOfferId()
	c := tb.do(1, &pb.ProposeTrade{To: 0, Give: &pb.Goods{Money: 1}})[0].GetTradeProposed().GetOfferId()
	tb.do(2, &pb.AnswerTrade{OfferId: a, Accept: true})
	if tb.st().seats[2].crates != 4 || tb.st().seats[1].crates != 0 {
		t.Errorf("crates after the sale: %d, %d", tb.st().seats[2].crates, tb.st().seats[1].crates)
	}
	tb.refuse(0, &pb.AnswerTrade{OfferId: b, Accept: true}, ReasonTradeStale)
	tb.do(0, &pb.AnswerTrade{OfferId: b})
	tb.refuse(0, &pb.WithdrawTrade{OfferId: c}, ReasonNoSuchOffer)
	tb.do(1, &pb.WithdrawTrade{OfferId: c})
	d := tb.do(0, &pb.ProposeTrade{To: 1, Give: &pb.Goods{Money: 1}})[0].GetTradeProposed().GetOfferId()
	tb.runNone()
	if len(tb.st().trades) != 0 {
		t.Errorf("offer %d did not lapse: %v", d, tb.st().trades)
	}
	tb.refuse(1, &pb.AnswerTrade{OfferId: d, Accept: true}, ReasonWrongPhase)
}

func TestTradeLimits(t *testing.T) {
	// Ruling 38: "a Mobster may have at most 4 open offers; crates and
	// trucks may be traded only to a Mobster who has not yet run his
	// whiskey this round ...; a truck may be rented only while at home and
	// not already rented out; ... one side may be empty ..., not both."
	tb := newTable(t, 3, nil)
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(2, 2)
	tb.refuse(2, &pb.ProposeTrade{To: 1}, ReasonBadTrade)
	tb.refuse(2, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Money: 1}}, ReasonTargetSelf)
	tb.refuse(2, &pb.ProposeTrade{To: 7, Give: &pb.Goods{Money: 1}}, engine.ReasonBadSeat)
	tb.refuse(2, &pb.ProposeTrade{To: 1, Give: &pb.Goods{Money: -1}}, ReasonBadTrade)
	tb.refuse(2, &pb.ProposeTrade{To: 1, Give: &pb.Goods{Money: 100}}, ReasonBadTrade)
	tb.refuse(2, &pb.ProposeTrade{To: 1, Give: &pb.Goods{Trucks: []int32{1}}}, ReasonBadTrade)
	tb.refuse(2, &pb.ProposeTrade{To: 1, Give: &pb.Goods{Trucks: []int32{2, 2}}}, ReasonDuplicate)
	for range printed.House.OpenTradesPerSeat {
		tb.do(2, &pb.ProposeTrade{To: 1, Give: &pb.Goods{Money: 1}})
	}
	tb.refuse(2, &pb.ProposeTrade{To: 0, Give: &pb.Goods{Money: 1}}, ReasonTooManyOffers)
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 2, Crates: 2, Place: omalleys}}})
	tb.crates(1, 0)
	tb.refuse(1, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Crates: 1}}, ReasonBadTrade)
	tb.crates(1, 1)
	tb.refuse(1, &pb.ProposeTrade{To: 2, Give: &pb.Goods{Crates: 1}}, ReasonAlreadyRan)
	tb.refuse(1, &pb.ProposeTrade{To: 0, Get: &pb.Goods{Trucks: []int32{2}}}, ReasonBadTrade)
	// A truck lent out is not at home for a second rental.
	tb.do(1, &pb.ProposeTrade{To: 0, Give: &pb.Goods{Trucks: []int32{1}}})
	id := tb.st().lastTrade
	tb.do(0, &pb.AnswerTrade{OfferId: int32(id), Accept: true})
	tb.refuse(1, &pb.ProposeTrade{To: 0, Give: &pb.Goods{Trucks: []int32{1}}}, ReasonBadTrade)
}

// salesWant recomputes the sales at a speakeasy from the roll, the line
// and the tiers, as ruling 42 reads, for the buying order tests.
func salesWant(demand int, lines ...[]int) []int {
	var out []int
	for _, loads := range lines {
		for _, n := range loads {
			k := min(n, demand)
			demand -= k
			out = append(out, k)
		}
	}
	return out
}

func TestConsumptionAndBuyingOrder(t *testing.T) {
	// "Each open speakeasy rolls its consumption and buys up to that many
	// crates from the trucks at its dock". Ruling 40: the dice, each plus 1
	// per improvement, summed. Ruling 42: "first the trucks of the majority
	// holder, then those of Mobsters with presence there, then those of
	// Mobsters with no marker there; within a tier, line order".
	tb := newTable(t, 3, nil)
	tb.put(0, mothers, 2) // seat 0 holds the majority and owns it
	tb.put(1, mothers, 1) // seat 1 has presence; seat 2 none
	tb.st().place(mothers).improvements = 1
	tb.toPhase(runIt, 1, 4, 61)
	for i := range 3 {
		tb.crates(i, 4)
	}
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 2, Crates: 4, Place: mothers}}})
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 4, Place: mothers}}})
	evs := tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: mothers}}})
	roll := kinds(evs, "consumption_rolled")[0].GetConsumptionRolled().GetRolls()
	if len(roll) != 1 || roll[0].Place != mothers || len(roll[0].Dice) != 2 || roll[0].Consumption != roll[0].Dice[0]+roll[0].Dice[1]+2 {
		t.Fatalf("the roll: %v (only Mother's Groceries is open)", roll)
	}
	sold := kinds(evs, "whiskey_sold")[0].GetWhiskeySold()
	want := salesWant(int(roll[0].Consumption), []int{4}, []int{4}, []int{4})
	var got, trucks []int
	for _, sale := range sold.Sales {
		got, trucks = append(got, int(sale.Crates)), append(trucks, int(sale.Truck))
		if sale.Paid != sale.Crates*2 {
			t.Errorf("sale %v at 2G a crate", sale)
		}
	}
	if !slices.Equal(trucks, []int{0, 1, 2}) || !slices.Equal(got, want) {
		t.Errorf("sales %v of trucks %v, want %v", got, trucks, want)
	}
	// Ruling 44: the owner is paid the bonus on every crate bought, his own
	// included.
	if sold.GetOwner() != 0 || int(sold.GetOwnerBonus()) != sum32(got)*printed.House.Speakeasies[1].OwnerBonus {
		t.Errorf("owner %v paid %d", sold.Owner, sold.GetOwnerBonus())
	}
}

func sum32(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func TestOMalleysBuysEverything(t *testing.T) {
	// Ruling 9: "O'Malley's is always open, has no circles, no owner and no
	// consumption roll, and buys every crate of every truck lined up there".
	tb := newTable(t, 3, nil)
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(2, 4)
	tb.own(2, 17)
	tb.crates(2, 12)
	evs := tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 17, Crates: 8, Place: omalleys}, {Truck: 2, Crates: 4, Place: omalleys}}})
	evs = append(evs, tb.runNone()...)
	sold := kinds(evs, "whiskey_sold")[0].GetWhiskeySold()
	if sold.Place != omalleys || len(sold.Sales) != 2 || sold.Sales[0].Crates != 8 || sold.Sales[1].Crates != 4 ||
		int(sold.Sales[0].Paid) != 8*printed.House.OMalleysPrice || sold.Owner != nil {
		t.Errorf("at O'Malley's: %v", sold)
	}
}

func TestMajorityHoldersCall(t *testing.T) {
	// Ruling 43: "When demand runs out inside a tier whose trucks are run by
	// two or more Mobsters, the majority holder there (a Mobster) orders
	// that tier's trucks (CallTheOrder), and the game waits for him."
	tb := newTable(t, 3, nil)
	tb.put(0, mothers, 3) // seat 0 the majority holder, with no truck there
	tb.put(1, mothers, 1)
	tb.put(2, mothers, 1)
	tb.toPhase(runIt, 1, 4, 61)
	tb.own(1, 17)
	tb.own(2, 18)
	tb.crates(1, 8)
	tb.crates(2, 8)
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 18, Crates: 8, Place: mothers}}})
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 17, Crates: 8, Place: mothers}}})
	evs := tb.do(0, &pb.RunTheWhiskey{})
	roll := int(kinds(evs, "consumption_rolled")[0].GetConsumptionRolled().GetRolls()[0].GetConsumption())
	aw := kinds(evs, "order_awaited")
	if len(aw) != 1 || aw[0].GetOrderAwaited().GetSeat() != 0 || !slices.Equal(aw[0].GetOrderAwaited().GetTrucks(), []int32{18, 17}) {
		t.Fatalf("awaited %v", aw)
	}
	p := tb.g.State.Prompts()
	if len(p) != 1 || p[0].Seat != 0 || p[0].Reason != printed.PromptCallTheOrder || len(p[0].Legal) != 2 {
		t.Fatalf("prompts %v", p)
	}
	tb.refuse(1, &pb.CallTheOrder{Place: mothers, Trucks: []int32{17, 18}}, engine.ReasonNotYourTurn)
	tb.refuse(0, &pb.CallTheOrder{Place: mothers, Trucks: []int32{17}}, ReasonBadOrder)
	tb.refuse(0, &pb.CallTheOrder{Place: texas, Trucks: []int32{17, 18}}, ReasonBadOrder)
	evs = tb.do(0, &pb.CallTheOrder{Place: mothers, Trucks: []int32{17, 18}})
	sold := kinds(evs, "whiskey_sold")[0].GetWhiskeySold()
	if sold.Sales[0].Truck != 17 || int(sold.Sales[0].Crates) != min(8, roll) || int(sold.Sales[1].Crates) != max(0, min(8, roll-8)) {
		t.Errorf("sales after the call: %v (roll %d)", sold.Sales, roll)
	}
}

func TestTheMoneyEnd(t *testing.T) {
	// Ruling 45: "The money end is checked once a round, when Phase 5 ends:
	// if a Mobster has at least 100G then ... the game ends at once, before
	// Phase 6." Ruling 47: "The Mobster with the most money wins; a tie goes
	// to the higher Muscle card of the last round". "The end event reveals
	// every Mobster's unplayed Muscle cards."
	tb := newTable(t, 3, nil)
	tb.st().seats[0].money, tb.st().seats[1].money = 99+printed.Truck(small).Graft, 100+printed.Truck(small).Graft+printed.MuscleCostOf(4)
	tb.w.money[0], tb.w.money[1] = tb.st().seats[0].money, tb.st().seats[1].money
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(0, 1)
	tb.do(2, &pb.RunTheWhiskey{})
	tb.do(1, &pb.RunTheWhiskey{})
	evs := tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 1, Place: omalleys}}})
	end := kinds(evs, "game_ended")
	if len(end) != 1 || len(kinds(evs, "the_heat")) != 0 {
		t.Fatalf("events %v", evs)
	}
	g := end[0].GetGameEnded()
	// Seats 0 and 1 both have 100G: the tie goes to seat 1's higher card.
	if g.Reason != pb.EndReason_END_REASON_MONEY || g.Round != 1 || g.Winner != 1 || g.Standings[0].Money != 100 || g.Standings[1].Seat != 0 {
		t.Errorf("the end: %v", g)
	}
	if !slices.Equal(g.Standings[2].Unplayed, int32s(tb.st().seats[2].hand)) || len(g.Standings[2].Unplayed) != 11 {
		t.Errorf("unplayed: %v", g.Standings[2].Unplayed)
	}
	o := tb.g.State.Outcome()
	if o == nil || !slices.Equal(o.Winners, []engine.Seat{1}) || o.Scores[1] != 100 {
		t.Errorf("outcome %+v", o)
	}
	tb.refuse(0, &pb.ChooseMuscle{Card: 2}, engine.ReasonGameOver)
}

func TestTwelveRoundsAndPhaseSix(t *testing.T) {
	// "Twelve rounds" (RB); ruling 47: "The game ends after Phase 5 of round
	// 12"; ruling 46: Phase 6 discards the offer, puts the Truck card at the
	// bottom, discards the Muscle cards, and the next round begins.
	tb := newTable(t, 3, nil)
	hands := [3][]int{}
	for i := range 3 {
		hands[i] = slices.Clone(tb.st().seats[i].hand)
	}
	for round := range printed.Rounds {
		if round > 0 {
			h := tb.lastHeat()
			if len(h.Discarded) != 3 || h.TruckToBottom == nil || len(h.MuscleDiscarded) != 3 {
				t.Fatalf("the Heat of round %d: %v", round, h)
			}
		}
		tb.endRound(hands[0][round], hands[1][round], hands[2][round])
	}
	g := tb.st().result
	if g == nil || g.Reason != pb.EndReason_END_REASON_LAST_ROUND || g.Round != printed.Rounds {
		t.Fatalf("after 12 rounds: %v", g)
	}
}

func TestPlacesSellApart(t *testing.T) {
	// Ruling 41: "Each place sells on its own, smallest first (the order
	// changes no money); O'Malley's buys all it is offered."
	tb := newTable(t, 3, nil)
	tb.put(1, texas, 1)
	tb.put(2, mothers, 2)
	tb.toPhase(runIt, 1, 4, 61)
	tb.own(2, 12)
	tb.crates(2, 7)
	tb.crates(1, 4)
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 12, Crates: 6, Place: mothers}, {Truck: 2, Crates: 1, Place: omalleys}}})
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 4, Place: texas}}})
	var places []pb.DrinkingPlace
	for _, e := range kinds(tb.do(0, &pb.RunTheWhiskey{}), "whiskey_sold") {
		places = append(places, e.GetWhiskeySold().GetPlace())
	}
	if !slices.Equal(places, []pb.DrinkingPlace{omalleys, texas, mothers}) {
		t.Errorf("sold at %v", places)
	}
}

func TestEverySpeakeasySizePaysItsPrice(t *testing.T) {
	// "Bigger speakeasies ... pay more per crate." (reported (H); ruling 5)
	// In play, at 6 players, with every speakeasy open and one crate
	// lined up at each: each pays its seller its price and its owner his
	// bonus, smallest to largest 2G, 2G, 3G, 3G, 4G, each as much as the
	// one below it and more than those two sizes or more smaller.
	tb := newTable(t, 6, nil)
	places := []pb.DrinkingPlace{texas, mothers, barleycorns, mccoy, volstead}
	for i, p := range places {
		n, _ := printed.Speakeasy(p)
		tb.put(i, p, n.Minimum) // seat i opens and owns speakeasy i
	}
	tb.toPhase(runIt, 1, 4, 7, 10, 13, 16)
	for i := range places {
		tb.crates(i, 1)
	}
	tb.do(5, &pb.RunTheWhiskey{})
	var evs []*pb.Event
	for i := len(places) - 1; i >= 0; i-- {
		evs = tb.do(i, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: int32(i), Crates: 1, Place: places[i]}}})
	}
	paid := map[pb.DrinkingPlace]int{}
	for _, e := range kinds(evs, "whiskey_sold") {
		w := e.GetWhiskeySold()
		n, _ := printed.Speakeasy(w.GetPlace())
		if len(w.GetSales()) != 1 || w.GetSales()[0].GetCrates() != 1 || w.GetOwner() != int32(slices.Index(places, w.GetPlace())) ||
			int(w.GetOwnerBonus()) != n.OwnerBonus {
			t.Errorf("%s sold %v", printed.Place(w.GetPlace()).Name, w)
			continue
		}
		paid[w.GetPlace()] = int(w.GetSales()[0].GetPaid())
	}
	for i, p := range places {
		if want := []int{2, 2, 3, 3, 4}[i]; paid[p] != want {
			t.Errorf("%s paid %dG for a crate, want %dG", printed.Place(p).Name, paid[p], want)
		}
		for j, q := range places[:i] {
			if paid[p] < paid[q] || i-j >= 2 && paid[p] <= paid[q] {
				t.Errorf("%s paid %dG a crate, %s %dG", printed.Place(p).Name, paid[p], printed.Place(q).Name, paid[q])
			}
		}
	}
}
