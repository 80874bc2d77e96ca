package bootleggers

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Men of Action cards (rulings 26, 48-58).

// keep gives seat a kept card by hand, out of the deck.
func (tb *game) keep(seat, id int) {
	s := tb.st()
	s.menDeck = slices.DeleteFunc(s.menDeck, func(x int) bool { return x == id })
	s.seats[seat].kept = append(s.seats[seat].kept, id)
}

func seatColour(i int32) *pb.Colour { return &pb.Colour{Who: &pb.Colour_Seat{Seat: i}} }

func TestPlayingKeptCards(t *testing.T) {
	// Ruling 26: "played only by its holder, on his own turn in the phase it
	// names (Phase 2 or Phase 4), before the command that ends that turn;
	// any number in a turn ... Kept cards carry over from round to round".
	tb := newTable(t, 3, nil)
	tb.keep(2, hitID)
	tb.keep(2, hitID+1)
	tb.keep(2, bigID)
	tb.keep(1, shutID)
	tb.put(1, texas, 2)
	tb.toPhase(sendIn, 1, 4, 61)
	hitTexas := &pb.PlayCard_Hit{Hit: &pb.Hit{Place: texas, Victims: []*pb.Colour{seatColour(1)}}}
	tb.refuse(1, &pb.PlayCard{CardId: int32(shutID), Effect: &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: 2}}}, engine.ReasonNotYourTurn)
	tb.refuse(2, &pb.PlayCard{CardId: int32(bigID), Effect: &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: texas}}}, ReasonWrongPhase)
	tb.refuse(2, &pb.PlayCard{CardId: int32(hitID), Effect: &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: texas}}}, ReasonBadEffect)
	tb.refuse(2, &pb.PlayCard{CardId: int32(hitID + 2), Effect: hitTexas}, ReasonCardNotKept)
	tb.refuse(2, &pb.PlayCard{CardId: 99, Effect: hitTexas}, ReasonCardNotKept)
	tb.do(2, &pb.PlayCard{CardId: int32(hitID), Effect: hitTexas})
	tb.do(2, &pb.PlayCard{CardId: int32(hitID + 1), Effect: hitTexas})
	if tb.st().place(texas).markers[1] != 0 || tb.st().seats[1].supply != 19 || !slices.Equal(tb.st().seats[2].kept, []int{bigID}) {
		t.Errorf("after two Hits: %v, supply %d", tb.st().place(texas).markers, tb.st().seats[1].supply)
	}
	if !slices.Contains(tb.st().menDiscard, hitID) {
		t.Error("a played card is not discarded")
	}
	tb.sendNone()
	tb.endRound()
	if !slices.Equal(tb.st().seats[2].kept, []int{bigID}) || !slices.Equal(tb.st().seats[1].kept, []int{shutID}) {
		t.Error("kept cards do not carry over")
	}
}

func TestInfluenceCards(t *testing.T) {
	// Ruling 49: Single Influence, Double Influence and Hired Guns move 1, 2
	// and 3 markers from the supply to the Back Room.
	tb := newTable(t, 3, nil, singleID, doubleID, gunsID)
	tb.bid(1, 4, 61)
	for _, c := range []struct{ seat, slot, markers int }{{2, 0, 1}, {1, 1, 2}, {0, 2, 3}} {
		evs := tb.do(c.seat, &pb.TakeMenOfAction{Slot: int32(c.slot)})
		if got := evs[0].GetCardTaken().GetMarkers(); int(got) != c.markers || tb.st().seats[c.seat].backRoom != 1+c.markers {
			t.Errorf("seat %d gained %d markers", c.seat, got)
		}
	}
}

func TestStillUpgradeAndImprovement(t *testing.T) {
	// Ruling 50: "Still Upgrade adds one die to a still of the taker's ...
	// up to 4 dice ... With every still full the card is wasted." Ruling 52:
	// "Speakeasy Improvement ... on a speakeasy in play named in the
	// command, below its cap"; ruling 8: O'Malley's takes none.
	tb := newTable(t, 3, nil, upgradeID, upgradeID+1, improveID, improveID+1)
	tb.st().seats[2].stills[0].dice, tb.w.dice[2] = 4, 4
	tb.st().seats[1].stills[0].dice, tb.w.dice[1] = 3, 3
	tb.st().place(texas).improvements = printed.House.ImprovementsPerSpeakeasy
	tb.bid(1, 4, 61)
	tb.refuse(2, &pb.TakeMenOfAction{Slot: 0, Still: ptr(int32(0))}, ReasonBadTarget)
	evs := tb.do(2, &pb.TakeMenOfAction{Slot: 0})
	if !evs[0].GetCardTaken().GetWasted() {
		t.Errorf("a full still's upgrade: %v", evs[0])
	}
	tb.do(1, &pb.TakeMenOfAction{Slot: 1, Still: ptr(int32(0))})
	if tb.st().seats[1].stills[0].dice != 4 {
		t.Error("the upgrade did not add a die")
	}
	tb.refuse(0, &pb.TakeMenOfAction{Slot: 2, Place: texas}, ReasonNoRoom)
	tb.refuse(0, &pb.TakeMenOfAction{Slot: 2, Place: omalleys}, ReasonBadPlace)
	tb.refuse(0, &pb.TakeMenOfAction{Slot: 2}, ReasonBadPlace)
	tb.do(0, &pb.TakeMenOfAction{Slot: 2, Place: mccoy})
	if tb.st().place(mccoy).improvements != 1 || tb.st().seats[0].money != 10-printed.Truck(small).Graft-spec(improvement).Cost {
		t.Errorf("McCoy's improvements %d", tb.st().place(mccoy).improvements)
	}
}

func TestHit(t *testing.T) {
	// Ruling 53: "one speakeasy and one or two markers there of other
	// colours (two of one colour, or one each of two; neutral markers too);
	// they go back to their owners' supply ... A Hit may close a speakeasy. A
	// Mobster cannot hit his own markers."
	tb := newTable(t, 3, nil)
	tb.keep(2, hitID)
	tb.put(0, mothers, 1)
	tb.put(1, mothers, 1)
	tb.put(2, mothers, 1)
	tb.toPhase(sendIn, 1, 4, 61)
	for _, c := range []struct {
		hit    *pb.Hit
		reason string
	}{
		{&pb.Hit{Place: mothers, Victims: []*pb.Colour{seatColour(2)}}, ReasonTargetSelf},
		{&pb.Hit{Place: mothers, Victims: []*pb.Colour{seatColour(0), seatColour(0)}}, ReasonBadTarget},
		{&pb.Hit{Place: mothers}, ReasonBadTarget},
		{&pb.Hit{Place: mothers, Victims: []*pb.Colour{seatColour(0), seatColour(1), seatColour(1)}}, ReasonBadTarget},
		{&pb.Hit{Place: mothers, Victims: []*pb.Colour{seatColour(5)}}, ReasonBadTarget},
		{&pb.Hit{Place: mothers, Victims: []*pb.Colour{{Who: &pb.Colour_Neutral{Neutral: true}}}}, ReasonBadTarget},
		{&pb.Hit{Place: omalleys, Victims: []*pb.Colour{seatColour(0)}}, ReasonBadPlace},
	} {
		tb.refuse(2, &pb.PlayCard{CardId: int32(hitID), Effect: &pb.PlayCard_Hit{Hit: c.hit}}, c.reason)
	}
	if !tb.st().open(mothers) {
		t.Fatal("Mother's Groceries is closed before the Hit")
	}
	tb.do(2, &pb.PlayCard{CardId: int32(hitID), Effect: &pb.PlayCard_Hit{Hit: &pb.Hit{Place: mothers, Victims: []*pb.Colour{seatColour(0), seatColour(1)}}}})
	if s := tb.st(); s.open(mothers) || s.seats[0].supply != 19 || s.seats[1].supply != 19 {
		t.Errorf("after the Hit: open %v, supplies %d %d", s.open(mothers), s.seats[0].supply, s.seats[1].supply)
	}
}

func TestShutdown(t *testing.T) {
	// Ruling 54: "names a rival's still ...; it produces nothing in this
	// round's Phase 3. A still is shut down at most once a round."
	tb := newTable(t, 3, nil)
	tb.keep(2, shutID)
	tb.keep(2, shutID+1)
	tb.toPhase(sendIn, 1, 4, 61)
	tb.refuse(2, &pb.PlayCard{CardId: int32(shutID), Effect: &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: 2}}}, ReasonTargetSelf)
	tb.refuse(2, &pb.PlayCard{CardId: int32(shutID), Effect: &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: 1, Still: 1}}}, ReasonBadTarget)
	tb.refuse(2, &pb.PlayCard{CardId: int32(shutID), Effect: &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: 4}}}, engine.ReasonBadSeat)
	tb.do(2, &pb.PlayCard{CardId: int32(shutID), Effect: &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: 1}}})
	tb.refuse(2, &pb.PlayCard{CardId: int32(shutID + 1), Effect: &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: 1}}}, ReasonAlreadyShutDown)
	var fired *pb.StillFired
	for tb.st().phase == sendIn {
		for _, e := range tb.do(tb.st().current(), &pb.SendInTheBoys{}) {
			if f := e.GetStillFired(); f != nil && f.Seat == 1 {
				fired = f
			}
		}
	}
	if fired == nil || !fired.Stills[0].ShutDown || len(fired.Stills[0].Dice) != 0 || fired.Crates != 0 || tb.st().seats[1].stills[0].shutDown {
		t.Errorf("seat 1's production: %v", fired)
	}
}

func TestPayOffTheCopper(t *testing.T) {
	// Ruling 55: "while he has the Copper: the Copper leaves him and nobody
	// has him until Phase 6, so no die of his is seized and he may play it
	// cool." Ruling 34: the Copper takes the highest die among those that
	// produce.
	tb := newTable(t, 3, &pb.Options{PlayItCool: true})
	tb.keep(2, payOffID)
	tb.keep(1, payOffID+1)
	tb.st().copper = 2
	tb.toPhase(sendIn, 1, 4, 61)
	tb.do(2, &pb.PlayCard{CardId: int32(payOffID), Effect: &pb.PlayCard_PayOffTheCopper{PayOffTheCopper: &pb.PayOffTheCopper{}}})
	if tb.st().copper != noSeat {
		t.Fatal("the Copper stayed")
	}
	tb.do(2, &pb.SendInTheBoys{})
	tb.refuse(1, &pb.PlayCard{CardId: int32(payOffID + 1), Effect: &pb.PlayCard_PayOffTheCopper{PayOffTheCopper: &pb.PayOffTheCopper{}}}, ReasonNoCopper)
	tb.sendNone()
	f := tb.do(2, &pb.FireUpTheStill{PlayItCool: true})[0].GetStillFired()
	if f.CopperSeized != 0 || f.Crates != 3 {
		t.Errorf("after paying him off: %v", f)
	}
}

func TestHijackAndHaltAnOrder(t *testing.T) {
	// Ruling 56: Hijack "names a truck a rival runs that is lined up this
	// round (so only trucks of Mobsters earlier in the Muscle order ...).
	// The hijacker runs it for the rest of the round: it keeps its place in
	// line, its tier is now the hijacker's, and its crates are sold for
	// him". Ruling 57: Halt an Order: "it leaves its line and sells nothing
	// this round (its crates go back to the supply at the end of Phase 5)."
	tb := newTable(t, 3, nil)
	tb.keep(0, hijackID)
	tb.keep(0, haltID)
	tb.keep(1, hijackID+1)
	tb.toPhase(runIt, 1, 4, 61)
	tb.crates(2, 4)
	tb.crates(1, 3)
	tb.refuse(1, &pb.PlayCard{CardId: int32(hijackID + 1), Effect: &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: 2}}}, engine.ReasonNotYourTurn)
	tb.do(2, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 2, Crates: 4, Place: omalleys}}})
	tb.refuse(1, &pb.PlayCard{CardId: int32(hijackID + 1), Effect: &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: 0}}}, ReasonNotLinedUp)
	tb.refuse(1, &pb.PlayCard{CardId: int32(hijackID + 1), Effect: &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: 30}}}, ReasonBadTruck)
	evs := tb.do(1, &pb.PlayCard{CardId: int32(hijackID + 1), Effect: &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: 2}}})
	if p := evs[0].GetCardPlayed(); p.GetFrom() != 2 || tb.st().runnerOf(2) != 1 {
		t.Errorf("the Hijack: %v", p)
	}
	tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 3, Place: omalleys}}})
	tb.refuse(0, &pb.PlayCard{CardId: int32(haltID), Effect: &pb.PlayCard_HaltAnOrder{HaltAnOrder: &pb.HaltAnOrder{Truck: 0}}}, ReasonNotLinedUp)
	tb.do(0, &pb.PlayCard{CardId: int32(haltID), Effect: &pb.PlayCard_HaltAnOrder{HaltAnOrder: &pb.HaltAnOrder{Truck: 1}}})
	if t1 := tb.st().trucks[1]; !t1.halted || slices.Contains(tb.st().place(omalleys).line, 1) {
		t.Errorf("the halted truck: %+v", t1)
	}
	tb.refuse(0, &pb.PlayCard{CardId: int32(hijackID), Effect: &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: 1}}}, ReasonNotLinedUp)
	evs = tb.do(0, &pb.RunTheWhiskey{})
	sold := kinds(evs, "whiskey_sold")[0].GetWhiskeySold()
	if len(sold.Sales) != 1 || sold.Sales[0].Truck != 2 || sold.Sales[0].Seller != 1 || sold.Sales[0].Crates != 4 {
		t.Errorf("at O'Malley's: %v", sold)
	}
	lost := kinds(evs, "selling_ended")[0].GetSellingEnded().GetCratesReturned()
	if !slices.ContainsFunc(lost, func(c *pb.SeatCount) bool { return c.Seat == 1 && c.Count >= 3 }) {
		t.Errorf("the halted crates: %v", lost)
	}
}

func TestBigNight(t *testing.T) {
	// Ruling 58: "names an open speakeasy in play: it rolls one more
	// consumption die this round (improvements count on it too). At most one
	// Big Night per speakeasy a round."
	tb := newTable(t, 3, nil)
	tb.keep(2, bigID)
	tb.keep(2, bigID+1)
	tb.put(1, texas, 1)
	tb.st().place(texas).improvements = 1
	tb.toPhase(runIt, 1, 4, 61)
	tb.refuse(2, &pb.PlayCard{CardId: int32(bigID), Effect: &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: mothers}}}, ReasonPlaceClosed)
	tb.refuse(2, &pb.PlayCard{CardId: int32(bigID), Effect: &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: omalleys}}}, ReasonBadPlace)
	tb.do(2, &pb.PlayCard{CardId: int32(bigID), Effect: &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: texas}}})
	tb.refuse(2, &pb.PlayCard{CardId: int32(bigID + 1), Effect: &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: texas}}}, ReasonAlreadyBigNight)
	evs := tb.runNone()
	r := kinds(evs, "consumption_rolled")[0].GetConsumptionRolled().GetRolls()[0]
	if r.Place != texas || len(r.Dice) != 2 || r.Consumption != r.Dice[0]+r.Dice[1]+2 {
		t.Errorf("Texas Lil's Big Night: %v", r)
	}
	if tb.st().place(texas).bigNight {
		t.Error("the Big Night lasts beyond its round")
	}
}
