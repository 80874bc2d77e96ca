package bootleggers

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 2 of the Boardwalk: redeveloping a speakeasy into a casino.

func TestRedevelopASpeakeasy(t *testing.T) {
	// "A Mobster may optionally choose to redevelop a Speakeasy into a
	// Casino for the base price identified on the Casino plus $3G per
	// Influence marker paid to their owners. The Influence markers are
	// returned to their owner's Back Room." "The new Casino owner moves his
	// Influence from the Speakeasy being redeveloped to his Back Room."
	// "Speakeasy Improvements are discarded." "marks the ownership with an
	// Influence marker from his supply (not his Back Room)". "The new
	// Casino owner may optionally place Influence according to the
	// Bootleggers rules." "The new Casino owner finishes his action by
	// discarding his Truck, dice, and any Remote Stills." (rulings 73, 74)
	tb := newTable(t, 3, &pb.Options{Boardwalk: true, PlayItCool: true})
	tb.put(0, barleycorns, 2)
	tb.put(1, barleycorns, 1)
	tb.put(2, barleycorns, 1)
	tb.st().place(barleycorns).improvements = 1
	tb.toPhase(sendIn, 1, 4, 61)
	s := tb.st()
	base := basePrice(barleycorns)
	s.seats[2].money, tb.w.money[2] = 60, 60
	s.seats[2].stills = append(s.seats[2].stills, still{dice: 2})
	s.remoteStillsLeft--
	tb.w.dice[2] += 2
	money0, money1, back0, back1 := s.seats[0].money, s.seats[1].money, s.seats[0].backRoom, s.seats[1].backRoom
	supply2 := s.seats[2].supply

	tb.refuse(2, &pb.SendInTheBoys{Redevelop: texas}, ReasonNoCasino)
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: volstead}, ReasonBadPlace)
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: barleycorns, Placements: []*pb.Placement{{Place: barleycorns, Markers: 1}}}, ReasonNoRoom)
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: barleycorns, Placements: []*pb.Placement{{Place: texas, Markers: 3}}}, ReasonNotEnoughMarkers)
	s.seats[2].money, tb.w.money[2] = base+8, base+8
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: barleycorns}, ReasonCannotAfford)
	s.seats[2].money, tb.w.money[2] = 60, 60

	evs := tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns, Placements: []*pb.Placement{{Place: texas, Markers: 2}}})
	if len(evs) < 3 || evs[0].GetCasinoRedeveloped() == nil || evs[1].GetBoysSent() == nil || evs[2].GetCasinoOwnerDiscarded() == nil {
		t.Fatalf("events %v: want the redevelopment, the placements, then the discards", evs)
	}
	s = tb.st()
	// The base price (ruling 73) + 3 markers of others at 3G; nothing for
	// his own.
	if s.seats[2].money != 60-base-9 || s.seats[0].money != money0+6 || s.seats[1].money != money1+3 {
		t.Errorf("money: %d, %d, %d", s.seats[0].money, s.seats[1].money, s.seats[2].money)
	}
	if s.seats[0].backRoom != back0+2 || s.seats[1].backRoom != back1+1 || s.seats[2].backRoom != 0 {
		t.Errorf("Back Rooms: %d, %d, %d", s.seats[0].backRoom, s.seats[1].backRoom, s.seats[2].backRoom)
	}
	bc := s.place(barleycorns)
	if bc.kind != casino || bc.casinoOwner != 2 || bc.improvements != 0 || bc.total() != 0 || s.seats[2].supply != supply2-1 {
		t.Errorf("Barleycorn's: %+v, owner's supply %d", *bc, s.seats[2].supply)
	}
	if s.place(texas).markers[2] != 2 {
		t.Errorf("the new owner placed %d markers at Texas Lil's, want 2", s.place(texas).markers[2])
	}
	if len(s.ownedTrucks(2)) != 0 || len(s.seats[2].stills) != 0 || s.remoteStillsLeft != printed.RemoteStills {
		t.Errorf("the owner keeps trucks %v, stills %v; %d Remote Stills left", s.ownedTrucks(2), s.seats[2].stills, s.remoteStillsLeft)
	}
	if o, ok := s.owner(barleycorns); !ok || o != 2 {
		t.Errorf("Barleycorn's casino is owned by %v %v", o, ok)
	}
	pv := tb.view(seatView(0)).GetPlaces()[barleycorns-1]
	if pv.GetKind() != pb.PlaceKind_PLACE_KIND_CASINO || pv.GetOwner().GetSeat() != 2 || len(pv.GetMarkers()) != 0 {
		t.Errorf("the view shows %v", pv)
	}

	// "Casino owners have no actions this phase." (Phase 3): with Play it
	// Cool the game never waits for the casino owner.
	tb.sendNone()
	for tb.st().phase == fireUp {
		if tb.st().current() == 2 {
			t.Fatal("Phase 3 waits for the casino owner")
		}
		tb.do(tb.st().current(), &pb.FireUpTheStill{})
	}

	// A casino is not redeveloped again.
	tb.endRound()
	tb.toPhase(sendIn, 2, 5, 62)
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: barleycorns}, ReasonNoCasino)
}

func TestRedevelopmentNeedsTheExpansionAndASupplyMarker(t *testing.T) {
	// Without the Boardwalk there are no casinos; the ownership marker
	// comes "from his supply (not his Back Room)"; "The 4th Casino is only
	// used in 6 player games." "The Speakeasy need not be open to be
	// redeveloped."
	tb := newTable(t, 3, nil)
	tb.toPhase(sendIn, 1, 4, 61)
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: mothers}, ReasonNotBoardwalk)

	tb = newTable(t, 3, &pb.Options{Boardwalk: true})
	tb.toPhase(sendIn, 1, 4, 61)
	s := tb.st()
	s.seats[2].money, tb.w.money[2] = 50, 50
	n := s.seats[2].supply
	s.seats[2].supply, s.seats[2].backRoom = 0, s.seats[2].backRoom+n
	tb.refuse(2, &pb.SendInTheBoys{Redevelop: mothers}, ReasonNotEnoughMarkers)
	s.seats[2].supply, s.seats[2].backRoom = 1, s.seats[2].backRoom-1
	if s.open(mothers) {
		t.Fatal("Mother's is open")
	}
	tb.do(2, &pb.SendInTheBoys{Redevelop: mothers})
	if base := basePrice(mothers); tb.st().seats[2].money != 50-base {
		t.Errorf("an empty Mother's cost %d, want its base price %d", 50-tb.st().seats[2].money, base)
	}

	six := newTable(t, 6, &pb.Options{Boardwalk: true})
	six.st().seats[0].money = 50
	if _, err := six.st().checkRedevelop(0, volstead); err != nil {
		t.Errorf("The Volstead with 6 players: %v", err)
	}
}

func TestThrowTheBumsOut(t *testing.T) {
	// "adapt the optional rule that you can "throw out" the existing other
	// Mobster Influence markers in your new Casino at a fixed cost of
	// $5G/each. The money is paid to the Mobsters ejected, not the bank."
	// (ruling 80)
	tb := newTable(t, 3, &pb.Options{Boardwalk: true, ThrowTheBumsOut: true})
	tb.put(0, mothers, 2)
	tb.toPhase(sendIn, 1, 4, 61)
	s := tb.st()
	s.seats[2].money, tb.w.money[2] = 50, 50
	before := s.seats[0].money
	tb.do(2, &pb.SendInTheBoys{Redevelop: mothers})
	if got := tb.st().seats[0].money - before; got != 10 || tb.st().seats[2].money != 50-basePrice(mothers)-10 {
		t.Errorf("seat 0 got %dG for 2 markers; seat 2 has %dG", got, tb.st().seats[2].money)
	}
}

func TestCasinoOwnersPayGraft(t *testing.T) {
	// "Casino owners must pay graft of $1G per die plus $2G booking fee for
	// each Entertainment Act in their Casinos." (ruling 76): Barleycorn's
	// rolls its speakeasy's dice (ruling 77); with 1 Entertainment Act its
	// owner owes 1G a die + 2G, and no truck graft, his trucks being
	// discarded.
	tb := newTable(t, 3, &pb.Options{Boardwalk: true})
	tb.toPhase(sendIn, 1, 4, 61)
	s := tb.st()
	s.seats[2].money, tb.w.money[2] = 40, 40
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.st().place(barleycorns).acts = 1
	tb.endRound()
	before := tb.st().seats[2].money
	evs := tb.bid(2, 5, 62)
	var pay *pb.Payment
	for _, e := range kinds(evs, "muscle_paid") {
		pay = e.GetMusclePaid().GetPayments()[2]
	}
	if pay == nil {
		t.Fatal("no payments")
	}
	cost, graft := printed.MuscleCostOf(62), printed.CasinoDice(barleycorns)+2
	if int(pay.GetCasinoGraft()) != graft || pay.GetGraft() != 0 || int(pay.GetPaid()) != cost+graft || tb.st().seats[2].money != before-cost-graft {
		t.Errorf("the casino owner's payment: %v; money %d from %d", pay, tb.st().seats[2].money, before)
	}
	// Without a casino nothing is due for one (the base game unchanged).
	if p0 := kinds(evs, "muscle_paid")[0].GetMusclePaid().GetPayments()[0]; p0.GetCasinoGraft() != 0 {
		t.Errorf("seat 0 owes casino graft %d", p0.GetCasinoGraft())
	}
}

// basePrice is casino p's base price (ruling 73).
func basePrice(p pb.DrinkingPlace) int {
	c, _ := printed.Casino(p)
	return c.BasePrice
}
