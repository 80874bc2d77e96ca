package bootleggers

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phases 4 and 5 at a casino (Boardwalk).

// casinoTable is a 3-player Boardwalk game in which seat 2 redeveloped
// Barleycorn's in round 1; it stands in Phase 4 of round 2 with seat 1's
// Back Room holding 3 crates and seat 0's 4.
func casinoTable(t *testing.T) *game {
	t.Helper()
	tb := newTable(t, 3, &pb.Options{Boardwalk: true})
	tb.toPhase(sendIn, 1, 4, 61)
	tb.st().seats[2].money, tb.w.money[2] = 40, 40
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.endRound()
	tb.toPhase(runIt, 2, 5, 62)
	tb.ownersRunNothing()
	s := tb.st()
	tb.w.crates += 4 - s.seats[0].crates + 3 - s.seats[1].crates
	s.seats[0].crates, s.seats[1].crates = 4, 3
	return tb
}

func TestTrucksLineUpAndSellAtACasino(t *testing.T) {
	// "Trucks line up in single file in Muscle card order at Casinos or
	// Speakeasies." "Casino owners roll consumption." "Casinos will only
	// buy Crates up to the maximum number of the consumption roll." "$3G
	// per Crate paid to the sellers from the bank. $3G per Crate paid to
	// the owner from the bank." and the gambling profit "for the difference
	// between the consumption roll and the number of Crates sold" (rulings
	// 77, 82).
	tb := casinoTable(t)
	// Seat 2, first in Muscle order, owns the casino and ran nothing.
	if tb.st().current() != 1 || !tb.st().seats[2].done {
		t.Fatalf("seat %d runs first; seat 2 done: %v", tb.st().current(), tb.st().seats[2].done)
	}
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: barleycorns}}})
	evs := tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: barleycorns}}})
	var roll *pb.Consumption
	var sold *pb.WhiskeySold
	for _, e := range evs {
		for _, r := range e.GetConsumptionRolled().GetRolls() {
			if r.GetPlace() == barleycorns {
				roll = r
			}
		}
		if w := e.GetWhiskeySold(); w.GetPlace() == barleycorns {
			sold = w
		}
	}
	if roll == nil || sold == nil {
		t.Fatalf("no roll (%v) or sale (%v) at the casino", roll, sold)
	}
	if len(roll.GetDice()) != printed.CasinoDice(barleycorns) {
		t.Errorf("the casino rolled %d dice, want %d", len(roll.GetDice()), printed.CasinoDice(barleycorns))
	}
	want := SellAtCasino(3, int(roll.GetConsumption()), []int{3, 4})
	if len(sold.GetSales()) != 2 || sold.GetSales()[0].GetTruck() != 1 || sold.GetSales()[1].GetTruck() != 0 {
		t.Fatalf("sales %v: want seat 1's truck first (Muscle order)", sold.GetSales())
	}
	for i, sale := range sold.GetSales() {
		if int(sale.GetCrates()) != want.Bought[i] || int(sale.GetPaid()) != 3*want.Bought[i] {
			t.Errorf("sale %d: %v, want %d crates at 3G", i, sale, want.Bought[i])
		}
	}
	if sold.GetOwner() != 2 || int(sold.GetOwnerBonus()) != want.Owner || int(sold.GetGamblingProfit()) != want.Gambling {
		t.Errorf("the owner got %v, want %+v", sold, want)
	}
}

func TestCasinoSaleInPlayMatchesThePrintedExample(t *testing.T) {
	// "For example, 2 Trucks with a total of 7 Crates are lined up at a
	// Casino. The Casino owner rolls 10 for consumption. Sellers receive
	// $21G for the whiskey. Casino owner receives $21G for the whiskey plus
	// $3G gambling profits (10 rolled - 7 Crates bought)." The state's own
	// sale at the casino, with the roll set to 10.
	tb := casinoTable(t)
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: barleycorns}}})
	s := tb.st().clone()
	s.trucks[0].crates, s.trucks[0].place = 4, barleycorns
	s.place(barleycorns).line = append(s.place(barleycorns).line, 0)
	s.place(barleycorns).roll = &consumption{total: 10}
	got := s.casinoSales(barleycorns)
	sellers := 0
	for _, sale := range got.GetSales() {
		sellers += int(sale.GetPaid())
	}
	if sellers != 21 || got.GetOwnerBonus() != 21 || got.GetGamblingProfit() != 3 || got.GetOwner() != 2 {
		t.Errorf("sellers %dG, owner %dG + %dG gambling: want 21, 21 + 3", sellers, got.GetOwnerBonus(), got.GetGamblingProfit())
	}
}

func TestAnEmptyCasinoStillGambles(t *testing.T) {
	// Ruling 82: a casino rolls every round and is always open; with no
	// truck in line "the consumption roll is greater than the Crates
	// available to be sold", so its owner takes the whole roll as gambling
	// profit.
	tb := casinoTable(t)
	var sold *pb.WhiskeySold
	var roll int32
	for tb.st().phase == runIt {
		for _, e := range tb.do(tb.st().current(), &pb.RunTheWhiskey{}) {
			if w := e.GetWhiskeySold(); w.GetPlace() == barleycorns {
				sold = w
			}
			for _, r := range e.GetConsumptionRolled().GetRolls() {
				if r.GetPlace() == barleycorns {
					roll = r.GetConsumption()
				}
			}
		}
	}
	if sold == nil || sold.GetGamblingProfit() != roll || roll == 0 || len(sold.GetSales()) != 0 {
		t.Errorf("an empty casino rolled %d and sold %v", roll, sold)
	}
}
