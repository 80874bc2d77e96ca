package bootleggers

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Playing the kept Casino cards of the Boardwalk (rulings 87-99). Each test
// quotes the card it plays.

// cardsOptions are a Boardwalk table with both optional-rule cards.
func cardsOptions() *pb.Options {
	return &pb.Options{Boardwalk: true, NewCityOrdinance: true, StateGamingCommission: true}
}

// keepCasino gives seat the Casino card of kind k, taken by hand from
// wherever it is (the deck, the discards, the offer): cards are conserved.
func (tb *game) keepCasino(seat int, k pb.CasinoCardKind) int32 {
	tb.t.Helper()
	s := tb.st()
	id := slices.Index(printed.CasinoDeck(s.opts), k)
	if id < 0 {
		tb.t.Fatalf("no %v in this table's Casino deck", k)
	}
	drop := func(x int) bool { return x == id }
	s.casinoDeck = slices.DeleteFunc(s.casinoDeck, drop)
	s.casinoDiscard = slices.DeleteFunc(s.casinoDiscard, drop)
	if i := slices.Index(s.offer.casino, id); i >= 0 {
		s.offer.casino[i] = noCard
	}
	s.seats[seat].keptCasino = append(s.seats[seat].keptCasino, id)
	return int32(id)
}

// money sets seat's money by hand, and the watcher's with it.
func (tb *game) money(seat, n int) { tb.st().seats[seat].money, tb.w.money[seat] = n, n }

// twoCasinos is a 4-player Boardwalk game (both optional-rule cards in the
// deck) in which seat 3 redeveloped Mother's and seat 2 Barleycorn's in
// round 1; it stands in Phase 4 of round 2, the casino owners' turns over
// (they ran nothing), seat 1 on turn with 3 crates and seat 0 after him
// with 4.
func twoCasinos(t *testing.T) *game {
	t.Helper()
	return twoCasinosAt(t, printed.HouseRulesVersion)
}

// twoCasinosAt is twoCasinos played under house rules version (version 2
// passes the casino owners over in Phase 4, ruling 86).
func twoCasinosAt(t *testing.T, version int) *game {
	t.Helper()
	o, err := NormaliseOptions(4, cardsOptions())
	if err != nil {
		t.Fatal(err)
	}
	tb := newTableVersion(t, 4, o, version, fixedDeal(4, o))
	tb.toPhase(sendIn, 1, 4, 61, 64)
	tb.money(3, 40)
	tb.money(2, 40)
	tb.do(3, &pb.SendInTheBoys{Redevelop: mothers})
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.endRound()
	tb.toPhase(runIt, 2, 5, 62, 65)
	tb.ownersRunNothing()
	tb.crates(0, 4)
	tb.crates(1, 3)
	if s := tb.st(); s.current() != 1 {
		t.Fatalf("seat %d on turn in Phase 4, want seat 1", s.current())
	}
	return tb
}

// casinoCard is a PlayCasinoCard command.
func casinoCard(id int32, set func(*pb.PlayCasinoCard)) *pb.PlayCasinoCard {
	c := &pb.PlayCasinoCard{CardId: id}
	set(c)
	return c
}

// offeredTo reports whether some prompt of seat lists a PlayCasinoCard of
// card id, and whether that prompt must be acted on.
func offeredTo(s *State, seat int, id int32) (offered, mustAct bool) {
	for _, p := range s.Prompts() {
		for _, c := range p.Legal {
			if x := c.(*pb.Command).GetPlayCasinoCard(); x != nil && x.GetCardId() == id && int(p.Seat) == seat {
				offered, mustAct = true, mustAct || p.MustAct
			}
		}
	}
	return offered, mustAct
}

func TestCrazedFanAndNewCityOrdinance(t *testing.T) {
	// Crazed Fan: "Destroy Casino Improvement marker in a Casino." New City
	// Ordinance: "Player pays additional $5G to open a new Casino. New
	// Casino is not opened if player can no longer afford opening cost."
	// Both in Phase 2, by their holder on any seat's turn (rulings 87-89).
	tb := newTable(t, 4, cardsOptions())
	tb.toPhase(sendIn, 1, 4, 61, 64)
	ordinanceID := tb.keepCasino(0, ordinance)
	fan := tb.keepCasino(1, crazedFan)
	tb.money(3, 40)
	tb.money(2, basePrice(barleycorns)+2)
	nco := func(seat int32) *pb.PlayCasinoCard {
		return casinoCard(ordinanceID, func(c *pb.PlayCasinoCard) {
			c.Effect = &pb.PlayCasinoCard_NewCityOrdinance{NewCityOrdinance: &pb.NewCityOrdinance{Seat: seat}}
		})
	}
	fanOn := func(p pb.DrinkingPlace) *pb.PlayCasinoCard {
		return casinoCard(fan, func(c *pb.PlayCasinoCard) {
			c.Effect = &pb.PlayCasinoCard_CrazedFan{CrazedFan: &pb.CrazedFan{Place: p}}
		})
	}
	// Offered to seat 0 while seat 3 is on turn, never waited for.
	if offered, must := offeredTo(tb.st(), 0, ordinanceID); !offered || must {
		t.Fatalf("New City Ordinance offered to seat 0: %v (must act %v)", offered, must)
	}
	tb.refuse(0, nco(0), ReasonTargetSelf)
	tb.refuse(1, fanOn(mothers), ReasonBadTarget) // no casino yet
	tb.do(3, &pb.SendInTheBoys{Redevelop: mothers})
	tb.refuse(0, nco(3), ReasonBadTarget) // his turn is over
	tb.refuse(1, fanOn(mothers), ReasonBadTarget)
	tb.st().place(mothers).acts = 1

	// Seat 2, on turn, could open Barleycorn's for its base price with 2G
	// to spare; the ordinance adds 5G: "New Casino is not opened".
	evs := tb.do(0, nco(2))
	if p := evs[0].GetCasinoCardPlayed(); p.GetSeat() != 0 || p.GetKind() != ordinance || !tb.st().seats[2].ordinance {
		t.Fatalf("the ordinance played as %v", p)
	}
	if !slices.Contains(tb.st().casinoDiscard, int(ordinanceID)) || len(tb.st().seats[0].keptCasino) != 0 {
		t.Error("a played Casino card is not discarded")
	}
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: barleycorns}, ReasonCannotAfford)
	base := basePrice(barleycorns)
	tb.money(2, base+16)
	evs = tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	if r := evs[0].GetCasinoRedeveloped(); r.GetOrdinanceFee() != printed.NewCityOrdinanceFee || r.GetTotal() != int32(base+printed.NewCityOrdinanceFee) {
		t.Fatalf("redeveloped under the ordinance as %v", r)
	}
	if tb.st().seats[2].money != 11 {
		t.Errorf("seat 2 has %dG after paying %dG of %dG", tb.st().seats[2].money, base+printed.NewCityOrdinanceFee, base+16)
	}

	// The fan destroys an act at anyone's casino, out of turn.
	tb.refuse(1, fanOn(texas), ReasonBadTarget)
	tb.refuse(1, fanOn(barleycorns), ReasonBadTarget)
	tb.do(1, fanOn(mothers))
	if tb.st().place(mothers).acts != 0 {
		t.Error("Crazed Fan left the Entertainment Act")
	}
	tb.endRound()
	if tb.st().seats[2].ordinance {
		t.Error("the ordinance outlasts its round")
	}
}

func TestPoliceRaidAndPssst(t *testing.T) {
	// Police Raid: "Play on a Casino. That Casino is closed for one round
	// only. No crates are sold to the closed Casino." "Pssst. Hey bud.
	// Over Here.": "Play on a truck lined up at a Speakeasy or Casino. Move
	// the truck to a Casino." Both in Phase 4, out of turn (rulings 90-91).
	tb := twoCasinos(t)
	tb.put(1, texas, 1)
	raid := tb.keepCasino(0, policeRaid)
	move := tb.keepCasino(0, pssst)
	raidOn := func(p pb.DrinkingPlace) *pb.PlayCasinoCard {
		return casinoCard(raid, func(c *pb.PlayCasinoCard) {
			c.Effect = &pb.PlayCasinoCard_PoliceRaid{PoliceRaid: &pb.PoliceRaid{Place: p}}
		})
	}
	moveTo := func(id int32, p pb.DrinkingPlace) *pb.PlayCasinoCard {
		return casinoCard(move, func(c *pb.PlayCasinoCard) { c.Effect = &pb.PlayCasinoCard_Pssst{Pssst: &pb.Pssst{Truck: id, To: p}} })
	}
	if offered, must := offeredTo(tb.st(), 0, raid); !offered || must {
		t.Fatalf("Police Raid offered to seat 0 off his turn: %v (must act %v)", offered, must)
	}
	tb.refuse(0, raidOn(texas), ReasonBadTarget)
	tb.refuse(0, moveTo(1, mothers), ReasonNotLinedUp)
	tb.refuse(0, &pb.PlayCasinoCard{CardId: raid, Effect: &pb.PlayCasinoCard_Pssst{Pssst: &pb.Pssst{Truck: 1, To: mothers}}}, ReasonBadEffect)
	tb.do(0, raidOn(barleycorns))
	if tb.st().open(barleycorns) || !tb.view(seatView(1)).GetPlaces()[barleycorns-1].GetCasinoCards().GetPoliceRaid() {
		t.Fatal("the raided casino is open, or its view does not say it was raided")
	}
	tb.refuse(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: barleycorns}}}, ReasonPlaceClosed)
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: texas}}})
	tb.refuse(0, moveTo(1, barleycorns), ReasonPlaceClosed)
	tb.refuse(0, moveTo(1, texas), ReasonBadTarget)
	evs := tb.do(0, moveTo(1, mothers))
	if p := evs[0].GetCasinoCardPlayed(); p.GetFrom() != texas {
		t.Fatalf("Pssst recorded as %v", p)
	}
	if s := tb.st(); s.trucks[1].place != mothers || !slices.Equal(s.place(mothers).line, []int{1}) || len(s.place(texas).line) != 0 {
		t.Fatalf("truck 1 at %v; Mother's line %v", s.trucks[1].place, s.place(mothers).line)
	}
	evs = tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: mothers}}})
	for _, e := range evs {
		for _, r := range e.GetConsumptionRolled().GetRolls() {
			if r.GetPlace() == barleycorns {
				t.Error("the raided casino rolled consumption")
			}
		}
		w := e.GetWhiskeySold()
		switch w.GetPlace() {
		case barleycorns:
			if len(w.GetSales()) != 0 || w.GetOwnerBonus()+w.GetGamblingProfit() != 0 {
				t.Errorf("the raided casino sold %v", w)
			}
		case mothers:
			if len(w.GetSales()) != 2 || w.GetSales()[0].GetTruck() != 1 {
				t.Errorf("Mother's sold %v, want the moved truck first in line", w)
			}
		}
	}
	if tb.st().round != 3 || !tb.st().open(barleycorns) {
		t.Error("the raid outlasts its round")
	}
}

// sellingCase is one Selling Phase at Barleycorn's (3G a crate), with
// seat 1's truck 1 (3 crates) before seat 0's truck 0 (4 crates) in line
// unless oneTruck, the roll set to 10 while the window waits.
type sellingCase struct {
	name string
	// cards are the Casino cards seat 0 keeps; oneTruck sends truck 0 to
	// O'Malley's instead; at is where the trucks line up (Barleycorn's
	// when unspecified).
	cards    []pb.CasinoCardKind
	oneTruck bool
	at       pb.DrinkingPlace
	// plays are what the seats play, card ids filled in from cards.
	plays []func(ids map[pb.CasinoCardKind]int32) (int, proto.Message)
	// want: crates bought and Inside Job paid per truck, in line order;
	// the owner's payouts.
	bought, insideJob              []int32
	owner, windfall, gambling      int32
	withheld, forced, commissioned bool
	// version is the house rules version played (0: the current one).
	version int
}

// play plays seat 0's Casino card of kind k with the effect set.
func play(k pb.CasinoCardKind, set func(*pb.PlayCasinoCard)) func(map[pb.CasinoCardKind]int32) (int, proto.Message) {
	return func(ids map[pb.CasinoCardKind]int32) (int, proto.Message) { return 0, casinoCard(ids[k], set) }
}

func placeEffect(k pb.CasinoCardKind, p pb.DrinkingPlace) func(map[pb.CasinoCardKind]int32) (int, proto.Message) {
	return play(k, placeTarget(k, p))
}

func truckEffect(k pb.CasinoCardKind, id int32) func(map[pb.CasinoCardKind]int32) (int, proto.Message) {
	return play(k, truckTarget(k, id))
}

func by(seat int, m proto.Message) func(map[pb.CasinoCardKind]int32) (int, proto.Message) {
	return func(map[pb.CasinoCardKind]int32) (int, proto.Message) { return seat, m }
}

func TestSellingPhaseCards(t *testing.T) {
	fireChiefAt := func(p pb.DrinkingPlace) func(map[pb.CasinoCardKind]int32) (int, proto.Message) {
		return play(fireChief, func(c *pb.PlayCasinoCard) {
			c.Effect = &pb.PlayCasinoCard_FireChief{FireChief: &pb.FireChief{Place: p}}
		})
	}
	pockets := play(politicalPockets, func(c *pb.PlayCasinoCard) {
		c.Effect = &pb.PlayCasinoCard_PoliticalPockets{PoliticalPockets: &pb.PoliticalPockets{Place: barleycorns, Seat: 0}}
	})
	for _, c := range []sellingCase{{
		// "For example, 2 Trucks with a total of 7 Crates are lined up at a
		// Casino. The Casino owner rolls 10 for consumption. Sellers
		// receive $21G for the whiskey. Casino owner receives $21G for the
		// whiskey plus $3G gambling profits" (seat 0 passes).
		name: "the printed example", cards: []pb.CasinoCardKind{applePie},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){by(0, &pb.PassCasinoCards{})},
		bought: []int32{3, 4}, insideJob: []int32{0, 0}, owner: 21, gambling: 3,
	}, {
		// Fire Chief: "Crates from last truck in line do not get bought."
		name: "Fire Chief", cards: []pb.CasinoCardKind{fireChief},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){fireChiefAt(barleycorns)},
		bought: []int32{3, 0}, insideJob: []int32{0, 0}, owner: 9, gambling: 7,
	}, {
		// Fire Chief on a line of one truck: that truck is the last in line.
		name: "Fire Chief on a line of one truck", cards: []pb.CasinoCardKind{fireChief}, oneTruck: true,
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){fireChiefAt(barleycorns)},
		bought: []int32{0}, insideJob: []int32{0}, owner: 0, gambling: 10,
	}, {
		// "Send the Fire Chief to inspect a Speakeasy or Casino": at Texas
		// Lil's, truck 0 is last in line and not bought.
		name: "Fire Chief at a speakeasy", cards: []pb.CasinoCardKind{fireChief}, at: texas,
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){fireChiefAt(texas)},
		bought: []int32{3, 0},
	}, {
		// Political Pockets: "Casino only buys crates from one player this
		// turn."
		name: "Political Pockets", cards: []pb.CasinoCardKind{politicalPockets},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){pockets},
		bought: []int32{0, 4}, insideJob: []int32{0, 0}, owner: 12, gambling: 6,
	}, {
		// Gambling Windfall: "Casino owner paid additional $1G per crate
		// from bank this turn."
		name: "Gambling Windfall", cards: []pb.CasinoCardKind{windfall},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){placeEffect(windfall, barleycorns)},
		bought: []int32{3, 4}, insideJob: []int32{0, 0}, owner: 21, windfall: 7, gambling: 3,
	}, {
		// Apple Pie!: "Crates in one truck at a Casino are doubled."
		name: "Apple Pie!", cards: []pb.CasinoCardKind{applePie},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){truckEffect(applePie, 1)},
		bought: []int32{6, 4}, insideJob: []int32{0, 0}, owner: 30,
	}, {
		// Inside Job: "All crates in one truck at a Casino receive Casino
		// owner's payout for that truck in addition to sellers payout." The
		// seller of truck 0 receives the owner's payout for its 4 crates
		// besides his own; nothing says the owner loses his, and both come
		// from the bank: the owner is paid for all 7 crates (ruling 97).
		name: "Inside Job", cards: []pb.CasinoCardKind{insideJob},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){truckEffect(insideJob, 0)},
		bought: []int32{3, 4}, insideJob: []int32{0, 12}, owner: 21, gambling: 3,
	}, {
		// Rules version 2 read the card as moving the owner's payout for
		// the truck to its seller: a game created under it is still played
		// so (ruling 97 as version 2 read it).
		name: "Inside Job under rules version 2", cards: []pb.CasinoCardKind{insideJob}, version: 2,
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){truckEffect(insideJob, 0)},
		bought: []int32{3, 4}, insideJob: []int32{0, 12}, owner: 9, gambling: 3,
	}, {
		// Break the Bank: "Casino owner receives no payout from gambling or
		// crates sold at this casino this turn."
		name: "Break the Bank", cards: []pb.CasinoCardKind{breakTheBank},
		plays:  []func(map[pb.CasinoCardKind]int32) (int, proto.Message){placeEffect(breakTheBank, barleycorns)},
		bought: []int32{3, 4}, insideJob: []int32{0, 0}, withheld: true,
	}, {
		// Break the Bank with Inside Job: the owner receives nothing; the
		// truck's crates still receive the owner's payout (ruling 98).
		name: "Break the Bank with Inside Job", cards: []pb.CasinoCardKind{breakTheBank, insideJob},
		plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			placeEffect(breakTheBank, barleycorns), truckEffect(insideJob, 0)},
		bought: []int32{3, 4}, insideJob: []int32{0, 12}, withheld: true,
	}, {
		// Gambling Windfall with Inside Job: the truck's seller also
		// receives the owner's payout for its crates, windfall included;
		// the owner keeps his, windfall included (ruling 97).
		name: "Gambling Windfall with Inside Job", cards: []pb.CasinoCardKind{windfall, insideJob},
		plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			truckEffect(insideJob, 0), placeEffect(windfall, barleycorns)},
		bought: []int32{3, 4}, insideJob: []int32{0, 16}, owner: 21, windfall: 7, gambling: 3,
	}, {
		// The same under rules version 2: the owner is paid for the other
		// truck's 3 crates only.
		name: "Gambling Windfall with Inside Job under rules version 2", cards: []pb.CasinoCardKind{windfall, insideJob},
		version: 2, plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			truckEffect(insideJob, 0), placeEffect(windfall, barleycorns)},
		bought: []int32{3, 4}, insideJob: []int32{0, 16}, owner: 9, windfall: 3, gambling: 3,
	}, {
		// Apple Pie! with the Fire Chief: the doubled truck is the last in
		// line and is not bought.
		name: "Apple Pie! with the Fire Chief", cards: []pb.CasinoCardKind{applePie, fireChief},
		plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			truckEffect(applePie, 0), fireChiefAt(barleycorns)},
		bought: []int32{3, 0}, insideJob: []int32{0, 0}, owner: 9, gambling: 7,
	}, {
		// State Gaming Commission: "Casino owner must pay you $5G or Casino
		// owner receives no payout from this casino this turn. Money is
		// paid to bank." The owner pays.
		name: "State Gaming Commission paid", cards: []pb.CasinoCardKind{commission},
		plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			placeEffect(commission, barleycorns), by(2, &pb.AnswerCommission{Place: barleycorns, Pay: true})},
		bought: []int32{3, 4}, insideJob: []int32{0, 0}, owner: 21, gambling: 3, commissioned: true,
	}, {
		name: "State Gaming Commission refused", cards: []pb.CasinoCardKind{commission},
		plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			placeEffect(commission, barleycorns), by(2, &pb.AnswerCommission{Place: barleycorns})},
		bought: []int32{3, 4}, insideJob: []int32{0, 0}, withheld: true, commissioned: true,
	}, {
		// An owner short of $5G cannot pay: the game answers for him.
		name: "State Gaming Commission unaffordable", cards: []pb.CasinoCardKind{commission},
		plays: []func(map[pb.CasinoCardKind]int32) (int, proto.Message){
			func(ids map[pb.CasinoCardKind]int32) (int, proto.Message) {
				return 0, casinoCard(ids[commission], placeTarget(commission, barleycorns))
			}},
		bought: []int32{3, 4}, insideJob: []int32{0, 0}, withheld: true, forced: true, commissioned: true,
	}} {
		t.Run(c.name, func(t *testing.T) { sellingCaseRun(t, c) })
	}
}

// sellingCaseRun plays one sellingCase and checks the sale.
func sellingCaseRun(t *testing.T, c sellingCase) {
	version := c.version
	if version == 0 {
		version = printed.HouseRulesVersion
	}
	tb := twoCasinosAt(t, version)
	at := c.at
	if at == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		at = barleycorns
	}
	if at == texas {
		tb.put(1, texas, 1)
	}
	ids := map[pb.CasinoCardKind]int32{}
	for _, k := range c.cards {
		ids[k] = tb.keepCasino(0, k)
	}
	if c.forced {
		tb.money(2, printed.StateGamingCommissionFee-1)
	}
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: at}}})
	second := at
	if c.oneTruck {
		second = omalleys
	}
	evs := tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: second}}})
	// "Can be played anytime during Selling Phase": the window opens after
	// the roll and waits for seat 0 alone (ruling 92).
	if a := kinds(evs, "casino_cards_awaited"); len(a) != 1 || !slices.Equal(a[0].GetCasinoCardsAwaited().GetSeats(), []int32{0}) {
		t.Fatalf("the window opened as %v", a)
	}
	s := tb.st()
	if s.step != pb.Step_STEP_CASINO_CARDS || s.place(at).roll == nil || s.salesBegun() {
		t.Fatalf("step %v, roll %v, sales begun %v", s.step, s.place(at).roll, s.salesBegun())
	}
	ps := s.Prompts()
	if len(ps) != 1 || ps[0].Seat != 0 || !ps[0].MustAct || ps[0].Reason != printed.PromptCasinoCards {
		t.Fatalf("the window's prompts are %v", ps)
	}
	s.place(at).roll.total = 10
	var all []*pb.Event
	for _, p := range c.plays {
		seat, m := p(ids)
		if !promptedToAct(tb.st(), seat, Cmd(m)) {
			t.Fatalf("no prompt of seat %d that must be acted on lists %v", seat, m)
		}
		all = append(all, tb.do(seat, m)...)
	}
	checkSale(t, tb, c, at, all)
}

// promptedToAct reports whether a prompt of seat that must be acted on
// lists cmd.
func promptedToAct(s *State, seat int, cmd *pb.Command) bool {
	for _, p := range s.Prompts() {
		if int(p.Seat) == seat && p.MustAct && slices.ContainsFunc(p.Legal, func(c proto.Message) bool { return proto.Equal(c, cmd) }) {
			return true
		}
	}
	return false
}

// checkSale checks the sale at p and the commission's answer.
func checkSale(t *testing.T, tb *game, c sellingCase, p pb.DrinkingPlace, evs []*pb.Event) {
	t.Helper()
	var sold *pb.WhiskeySold
	for _, e := range evs {
		if w := e.GetWhiskeySold(); w.GetPlace() == p {
			sold = w
		}
	}
	if sold == nil {
		t.Fatalf("no sale at %v after the plays", p)
	}
	var bought, ij []int32
	for _, sale := range sold.GetSales() {
		bought, ij = append(bought, sale.GetCrates()), append(ij, sale.GetInsideJob())
		if p == barleycorns && sale.GetPaid() != 3*sale.GetCrates() {
			t.Errorf("truck %d paid %d for %d crates", sale.GetTruck(), sale.GetPaid(), sale.GetCrates())
		}
	}
	if !slices.Equal(bought, c.bought) || p == barleycorns && !slices.Equal(ij, c.insideJob) {
		t.Errorf("bought %v with Inside Job %v, want %v and %v", bought, ij, c.bought, c.insideJob)
	}
	if p == barleycorns && (sold.GetOwnerBonus() != c.owner || sold.GetGamblingWindfall() != c.windfall ||
		sold.GetGamblingProfit() != c.gambling || sold.GetOwnerWithheld() != c.withheld) {
		t.Errorf("the owner got %d + %d windfall + %d gambling (withheld %v), want %d + %d + %d (%v)", sold.GetOwnerBonus(),
			sold.GetGamblingWindfall(), sold.GetGamblingProfit(), sold.GetOwnerWithheld(), c.owner, c.windfall, c.gambling, c.withheld)
	}
	answers := kinds(evs, "commission_answered")
	if c.commissioned != (len(answers) == 1) || c.commissioned && answers[0].GetCommissionAnswered().GetForced() != c.forced {
		t.Errorf("commission answers %v", answers)
	}
	if tb.st().phase == password || tb.st().step == pb.Step_STEP_CASINO_CARDS {
		t.Error("the game still waits after the window")
	}
}

func TestPoliceRaidOnACasinoApplePieTargets(t *testing.T) {
	// Police Raid: "No crates are sold to the closed Casino." Apple Pie!:
	// "Crates in one truck at a Casino are doubled." The raid comes in
	// Phase 4, the pie in the Selling Phase: a truck at the raided casino
	// cannot be doubled (PLACE_CLOSED), one at another casino can, and the
	// raided casino sells nothing.
	tb := twoCasinos(t)
	raid := tb.keepCasino(0, policeRaid)
	pie := tb.keepCasino(1, applePie)
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: barleycorns}}})
	tb.do(0, casinoCard(raid, placeTarget(policeRaid, barleycorns)))
	evs := tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: mothers}}})
	if a := kinds(evs, "casino_cards_awaited"); len(a) != 1 || !slices.Equal(a[0].GetCasinoCardsAwaited().GetSeats(), []int32{1}) {
		t.Fatalf("the window opened as %v", a)
	}
	tb.refuse(1, casinoCard(pie, truckTarget(applePie, 1)), ReasonPlaceClosed)
	evs = tb.do(1, casinoCard(pie, truckTarget(applePie, 0)))
	if p := evs[0].GetCasinoCardPlayed(); p.GetCratesAdded() != 4 {
		t.Fatalf("Apple Pie! recorded as %v", p)
	}
	for _, e := range evs {
		switch w := e.GetWhiskeySold(); w.GetPlace() {
		case barleycorns:
			if len(w.GetSales()) != 1 || w.GetSales()[0].GetCrates() != 0 || w.GetOwnerBonus()+w.GetGamblingProfit() != 0 {
				t.Errorf("the raided casino sold %v", w)
			}
		case mothers:
			if len(w.GetSales()) != 1 || w.GetSales()[0].GetCrates() == 0 {
				t.Errorf("Mother's sold %v from the doubled truck", w)
			}
		}
	}
}

func TestTheSellingWindow(t *testing.T) {
	// Ruling 92: the window waits only for Mobsters who keep a card of the
	// Selling Phase they can play now; a pass is for the whole phase; the
	// window's commands belong to it; every refusal changes nothing.
	tb := twoCasinos(t)
	pie := tb.keepCasino(0, applePie)
	job := tb.keepCasino(1, insideJob)
	chief := tb.keepCasino(3, fireChief)
	tb.refuse(0, casinoCard(pie, truckTarget(applePie, 1)), ReasonWrongPhase)
	tb.refuse(0, &pb.PassCasinoCards{}, ReasonWrongPhase)
	tb.refuse(2, &pb.AnswerCommission{Place: barleycorns, Pay: true}, ReasonWrongPhase)
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: barleycorns}}})
	evs := tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: omalleys}}})
	if a := kinds(evs, "casino_cards_awaited"); len(a) != 1 || !slices.Equal(a[0].GetCasinoCardsAwaited().GetSeats(), []int32{0, 1, 3}) {
		t.Fatalf("the window opened as %v, want seats 0, 1 and 3", a)
	}
	tb.refuse(0, casinoCard(pie, truckTarget(applePie, 0)), ReasonBadTarget) // at O'Malley's
	tb.refuse(0, casinoCard(job, truckTarget(insideJob, 1)), ReasonCardNotKept)
	tb.refuse(0, casinoCard(pie, truckTarget(insideJob, 1)), ReasonBadEffect)
	tb.refuse(0, &pb.PlayCasinoCard{CardId: 99, Effect: &pb.PlayCasinoCard_ApplePie{ApplePie: &pb.ApplePie{Truck: 1}}}, ReasonCardNotKept)
	tb.refuse(2, &pb.PassCasinoCards{}, ReasonCardNotKept)
	tb.refuse(2, &pb.AnswerCommission{Place: barleycorns}, ReasonNoCommission)
	tb.do(1, &pb.PassCasinoCards{})
	tb.refuse(1, &pb.PassCasinoCards{}, ReasonCardsPassed)
	tb.refuse(1, casinoCard(job, truckTarget(insideJob, 1)), ReasonCardsPassed)
	if v := tb.view(seatView(0)); !v.GetSeats()[1].GetCasinoCardsPassed() {
		t.Error("the view does not show seat 1's pass")
	}
	for _, p := range tb.st().Prompts() {
		if p.Seat == 1 || !p.MustAct {
			t.Errorf("prompt %v after seat 1 passed", p)
		}
	}
	// Seat 0 doubles truck 1; seat 3's Fire Chief still waits.
	tb.do(0, casinoCard(pie, truckTarget(applePie, 1)))
	if s := tb.st(); s.trucks[1].crates != 6 || !tb.view(engine.SpectatorViewer()).GetTrucks()[1].GetApplePie() || s.step != pb.Step_STEP_CASINO_CARDS {
		t.Fatalf("truck 1 carries %d crates; step %v", s.trucks[1].crates, s.step)
	}
	evs = tb.do(3, casinoCard(chief, func(c *pb.PlayCasinoCard) {
		c.Effect = &pb.PlayCasinoCard_FireChief{FireChief: &pb.FireChief{Place: barleycorns}}
	}))
	if len(kinds(evs, "whiskey_sold")) == 0 || tb.st().round != 3 {
		t.Error("the sales did not follow the last play")
	}
	if kept := tb.st().seats[1].keptCasino; !slices.Equal(kept, []int{int(job)}) {
		t.Errorf("seat 1 keeps %v: an unplayed card is saved for later use", kept)
	}
}

func TestOMalleysCutIsEachOwnersOwn(t *testing.T) {
	// Printed: "Casino owners may optionally destroy a maximum of 3 of their
	// influence markers to decrease O'Malley's consumption." and "No more
	// than 3 Influence markers may be destroyed per Round." The first
	// sentence speaks of each owner's own markers ("their"); the second
	// names no total for all owners together, and "per Round" fits a limit
	// per owner as well. So each casino owner may destroy up to 3 a round,
	// and one owner's cuts never take the option from another (ruling 81,
	// rules version 3). Version 2 counted 3 a round for all owners
	// together; a game created under it is still played so.
	for _, c := range []struct {
		version int
		// cuts is what seat 3 may destroy after seat 2's 3; bought what
		// O'Malley's then buys of a large truck's 8 crates.
		cuts, bought int
	}{{printed.HouseRulesVersion, 3, 2}, {2, 0, 5}} {
		t.Run(fmt.Sprintf("rules version %d", c.version), func(t *testing.T) {
			tb := twoCasinosAt(t, c.version)
			for _, seat := range []int{2, 3} {
				s := tb.st()
				s.seats[seat].supply, s.seats[seat].backRoom = s.seats[seat].supply-4, s.seats[seat].backRoom+4
			}
			for range 3 {
				tb.do(2, &pb.CutOMalleys{})
			}
			tb.refuse(2, &pb.CutOMalleys{}, ReasonCutsUsed)
			for range c.cuts {
				tb.do(3, &pb.CutOMalleys{})
			}
			tb.refuse(3, &pb.CutOMalleys{}, ReasonCutsUsed)
			if s := tb.st(); s.omalleysCuts != 3+c.cuts || s.seats[2].cuts != 3 || s.seats[3].cuts != c.cuts {
				t.Fatalf("cuts: %d this round, seat 2 %d, seat 3 %d", s.omalleysCuts, s.seats[2].cuts, s.seats[3].cuts)
			}
			tb.own(0, 17)
			tb.crates(0, 8)
			tb.do(1, &pb.RunTheWhiskey{})
			var sale *pb.Sale
			for _, e := range tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 17, Crates: 8, Place: omalleys}}}) {
				if w := e.GetWhiskeySold(); w.GetPlace() == omalleys {
					sale = w.GetSales()[0]
				}
			}
			if sale == nil || int(sale.GetCrates()) != c.bought {
				t.Errorf("O'Malley's bought %v of 8 crates after %d cuts, want %d", sale, 3+c.cuts, c.bought)
			}
		})
	}
}
