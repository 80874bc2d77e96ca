package bootleggers

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 2, Send in the Boys, and Phase 3, Fire up the Still.

func TestSendInTheBoys(t *testing.T) {
	// "In Muscle order, each player moves markers from his Back Room into
	// speakeasy circles. Markers not placed stay in the Back Room." Ruling
	// 28: one command, any number of markers into free circles, none at
	// O'Malley's.
	tb := newTable(t, 3, nil)
	tb.toPhase(sendIn, 1, 4, 61)
	s := tb.st()
	s.seats[2].supply, s.seats[2].backRoom = 15, 5
	tb.w.money[2] = s.seats[2].money
	tb.refuse(1, &pb.SendInTheBoys{}, "NOT_YOUR_TURN")
	tb.refuse(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: omalleys, Markers: 1}}}, ReasonBadPlace)
	tb.refuse(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: volstead, Markers: 1}}}, ReasonBadPlace)
	tb.refuse(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 4}}}, ReasonNoRoom)
	tb.refuse(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 0}}}, ReasonBadPlacement)
	tb.refuse(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 1}, {Place: texas, Markers: 1}}}, ReasonDuplicate)
	tb.refuse(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 3}, {Place: mothers, Markers: 3}}}, ReasonNotEnoughMarkers)
	tb.do(2, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 2}, {Place: mccoy, Markers: 2}}})
	if p := tb.st().seats[2]; p.backRoom != 1 || tb.st().place(texas).markers[2] != 2 || !tb.st().open(texas) {
		t.Errorf("seat 2: %+v", p)
	}
	tb.do(1, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 1}}})
	tb.refuse(0, &pb.SendInTheBoys{Placements: []*pb.Placement{{Place: texas, Markers: 1}}}, ReasonNoRoom)
	tb.do(0, &pb.SendInTheBoys{})
	// Ruling 29: "A marker on the board stays there."
	tb.endRound()
	if tb.st().place(texas).markers[2] != 2 || tb.st().place(mccoy).markers[2] != 2 {
		t.Error("markers left the board")
	}
}

func TestPassedOver(t *testing.T) {
	// Ruling 28: "A Mobster with nothing he could do (an empty Back Room, no
	// Phase 2 card, no Ring up the Boys to use) is passed over".
	tb := newTable(t, 3, nil)
	tb.st().seats[1].supply, tb.st().seats[1].backRoom = 20, 0
	tb.bid(1, 4, 61)
	tb.passSelection()
	tb.do(2, &pb.SendInTheBoys{})
	if tb.st().current() != 0 {
		t.Fatalf("seat 1 was not passed over: turn of seat %d", tb.st().current())
	}
	last := tb.log[len(tb.log)-1].Event.Public.(*pb.Event).GetBoysSent()
	if last.GetSeat() != 1 || !last.GetPassedOver() {
		t.Errorf("the last event: %v", last)
	}
}

func TestRingUpTheBoys(t *testing.T) {
	// "Ring up the Boys – A Mobster may move one Influence marker per Round
	// from a Speakeasy to his Back Room during Phase 2: Send in the Boys if
	// it does not result in the Speakeasy closing. Placement of Influence in
	// Speakeasies is unchanged." (ruling 67)
	off := newTable(t, 3, nil)
	off.put(2, mothers, 2)
	off.toPhase(sendIn, 1, 4, 61)
	off.refuse(2, &pb.SendInTheBoys{RingUpFrom: mothers}, ReasonRingUpNotAllowed)

	tb := newTable(t, 3, &pb.Options{RingUpTheBoys: true})
	tb.put(2, mothers, 2) // open at its minimum of 2
	tb.put(2, mccoy, 2)   // closed: 4 needed
	tb.toPhase(sendIn, 1, 4, 61)
	tb.refuse(2, &pb.SendInTheBoys{RingUpFrom: mothers}, ReasonWouldClose)
	tb.refuse(2, &pb.SendInTheBoys{RingUpFrom: texas}, ReasonRingUpNotAllowed)
	// From a closed one it may, and the marker may be placed again at once.
	tb.do(2, &pb.SendInTheBoys{RingUpFrom: mccoy, Placements: []*pb.Placement{{Place: texas, Markers: 2}}})
	if s := tb.st(); s.place(mccoy).markers[2] != 1 || s.place(texas).markers[2] != 2 || s.seats[2].backRoom != 0 || !s.seats[2].rangUp {
		t.Errorf("after ringing up: %+v", s.seats[2])
	}
	tb.sendNone()
	tb.endRound()
	if tb.st().seats[2].rangUp {
		t.Error("Ring up the Boys is once a round, and a new round began")
	}
}

func TestProductionIsRolledForEveryone(t *testing.T) {
	// "Roll every die on your Family Still and Remote Stills; the pips are
	// crates produced." Ruling 30: rolled by the engine for every Mobster at
	// once, in Muscle order, when Phase 2 ends. Ruling 31: the crates go to
	// the Back Room.
	tb := newTable(t, 3, nil)
	tb.toPhase(sendIn, 1, 4, 61)
	var fired []*pb.StillFired
	for tb.st().phase == sendIn {
		for _, e := range tb.do(tb.st().current(), &pb.SendInTheBoys{}) {
			if f := e.GetStillFired(); f != nil {
				fired = append(fired, f)
			}
		}
	}
	if len(fired) != 3 || fired[0].Seat != 2 || fired[1].Seat != 1 || fired[2].Seat != 0 || tb.st().phase != runIt {
		t.Fatalf("fired %v, phase %v", fired, tb.st().phase)
	}
	for _, f := range fired {
		d := f.Stills[0].Dice
		if len(d) != 1 || d[0] < 1 || d[0] > 6 || f.Crates != d[0] || tb.st().seats[f.Seat].crates != int(d[0]) {
			t.Errorf("seat %d rolled %v for %d crates", f.Seat, d, f.Crates)
		}
	}
}

func TestCratesLastOneRound(t *testing.T) {
	// Ruling 31: "Crates cannot normally be kept for the next round";
	// crates not loaded go back to the supply at the end of Phase 5.
	tb := newTable(t, 3, nil)
	tb.toPhase(runIt, 1, 4, 61)
	evs := tb.runNone()
	ended := kinds(evs, "selling_ended")[0].GetSellingEnded()
	if len(ended.CratesReturned) != 3 {
		t.Errorf("returned %v", ended)
	}
	for i := range 3 {
		if tb.st().seats[i].crates != 0 {
			t.Errorf("seat %d keeps %d crates", i, tb.st().seats[i].crates)
		}
	}
}

func TestPlayItCool(t *testing.T) {
	// "Play it Cool - For any given Round, a Mobster can "play it cool" and
	// declare he does not wish to roll for production. All dice that he
	// would have rolled result in a 3. Cannot be done if you have the
	// Copper." (ruling 66; ruling 30: the Mobster with no choice is rolled
	// for and passed over)
	tb := newTable(t, 3, &pb.Options{PlayItCool: true})
	tb.st().seats[2].stills[0].dice = 3
	tb.st().copper = 1
	tb.w.dice[2] = 3
	tb.toPhase(fireUp, 1, 4, 61)
	if tb.st().step != pb.Step_STEP_TURNS || tb.st().current() != 2 {
		t.Fatalf("Phase 3 step %v, turn of %d", tb.st().step, tb.st().current())
	}
	tb.refuse(0, &pb.FireUpTheStill{}, "NOT_YOUR_TURN")
	evs := tb.do(2, &pb.FireUpTheStill{PlayItCool: true})
	f := evs[0].GetStillFired()
	if !f.PlayItCool || !slices.Equal(f.Stills[0].Dice, []int32{3, 3, 3}) || f.Crates != 9 {
		t.Errorf("cool: %v", f)
	}
	// Seat 1 has the Copper: rolled for, passed over, seat 0's turn.
	if len(evs) < 2 || evs[1].GetStillFired().GetSeat() != 1 || evs[1].GetStillFired().GetPlayItCool() || tb.st().current() != 0 {
		t.Errorf("the Copper's seat: %v", evs)
	}
	tb.do(0, &pb.FireUpTheStill{})
	if tb.st().phase != runIt {
		t.Errorf("phase %v", tb.st().phase)
	}
}

func TestRampStillProduction(t *testing.T) {
	// "Ramp Still Production – Dice are no longer rolled to determine
	// production for the first 3 turns. The first die in the Family Still
	// (received during setup) produces 4 Crates of whiskey. All additional
	// dice received when upgrading Stills produce 3 Crates of whiskey."
	// Ruling 65: a Remote Still's dice count 3; Play it Cool is not asked.
	tb := newTable(t, 3, &pb.Options{RampStillProduction: true, PlayItCool: true})
	s := tb.st()
	s.seats[2].stills = []still{{dice: 2}, {dice: 1}}
	s.remoteStillsLeft--
	tb.w.dice[2] = 3
	for round := 1; round <= printed.RampRounds; round++ {
		tb.toPhase(runIt, round, 3+round, 60+round)
		var f *pb.StillFired
		for _, r := range tb.log[len(tb.log)-6:] {
			if x := r.Event.Public.(*pb.Event).GetStillFired(); x != nil && x.Seat == 2 {
				f = x
			}
		}
		if !f.GetRamp() || !slices.Equal(f.Stills[0].Dice, []int32{4, 3}) || !slices.Equal(f.Stills[1].Dice, []int32{3}) || f.Crates != 10 {
			t.Errorf("round %d: %v", round, f)
		}
		tb.endRound()
	}
	// Round 4: rolled again, and Play it Cool asks.
	tb.toPhase(fireUp, 19, 22, 25)
	if tb.st().step != pb.Step_STEP_TURNS {
		t.Error("Play it Cool is not asked in round 4")
	}
}

func TestTheCopper(t *testing.T) {
	// Ruling 32: "In Phase 6 of rounds 3 to 11 the Copper goes to the
	// Mobster who produced the most crates that round (ties: the higher
	// Muscle card ...). In Phase 3 of the next round the Mobster who has him
	// rolls as usual and loses his highest die". "he does not appear until
	// Round 4" (EXP).
	tb := newTable(t, 3, nil)
	tb.st().seats[0].stills[0].dice = 4
	tb.w.dice[0] = 4
	for round := 1; round <= 2; round++ {
		tb.endRound(round, 3+round, 60+round)
		if tb.st().copper != noSeat {
			t.Fatalf("the Copper appears after round %d", round)
		}
	}
	tb.endRound(3, 6, 63)
	heat := tb.lastHeat()
	if heat.Copper == nil || heat.GetCopper() != int32(tb.mostProduced()) || tb.st().copper != int(heat.GetCopper()) {
		t.Fatalf("after round 3: %v", heat)
	}
	copper := tb.st().copper
	tb.toPhase(runIt, 19, 22, 25)
	for _, r := range tb.log[len(tb.log)-6:] {
		f := r.Event.Public.(*pb.Event).GetStillFired()
		if f == nil || int(f.Seat) != copper {
			continue
		}
		all := slices.Clone(f.Stills[0].Dice)
		if f.CopperSeized != slices.Max(all) || f.Crates != sum(all)-f.CopperSeized {
			t.Errorf("the Copper's seat: %v", f)
		}
	}
	// The 2-player variant: "The largest Speakeasy, "The Volstead," and the
	// Copper are not used."
	two := newTable(t, 2, nil)
	for _, cards := range [][]int{{1, 4}, {2, 5}, {3, 6}, {19, 22}} {
		two.endRound(cards...)
	}
	if two.st().copper != noSeat {
		t.Error("the Copper in a 2-player game")
	}
}

func (tb *game) lastHeat() *pb.TheHeat {
	for i := len(tb.log) - 1; i >= 0; i-- {
		if h := tb.log[i].Event.Public.(*pb.Event).GetTheHeat(); h != nil {
			return h
		}
	}
	return nil
}

// mostProduced returns the seat that produced the most in the round the
// last Heat closed, by the log, ties to the higher Muscle card.
func (tb *game) mostProduced() int {
	end := len(tb.log) - 1
	for tb.log[end].Event.Public.(*pb.Event).GetTheHeat() == nil {
		end--
	}
	best, most, card := noSeat, 0, 0
	cards := map[int32]int32{}
	for i := end; i >= 0 && tb.log[i].Event.Public.(*pb.Event).GetRoundStarted() == nil; i-- {
		e := tb.log[i].Event.Public.(*pb.Event)
		for _, c := range e.GetMuscleRevealed().GetOrder() {
			cards[c.GetSeat()] = c.GetMuscle()
		}
	}
	for i := end; i >= 0 && tb.log[i].Event.Public.(*pb.Event).GetRoundStarted() == nil; i-- {
		if f := tb.log[i].Event.Public.(*pb.Event).GetStillFired(); f != nil {
			if n := int(f.Crates); n > most || n == most && int(cards[f.Seat]) > card {
				best, most, card = int(f.Seat), n, int(cards[f.Seat])
			}
		}
	}
	return best
}

func sum(xs []int32) int32 {
	n := int32(0)
	for _, x := range xs {
		n += x
	}
	return n
}

func TestRemoteStills(t *testing.T) {
	// Ruling 33: "A Remote Still is built by a Remote Still card ... with 1
	// die, takes up to 4 dice like a Family Still, and produces into the
	// same Back Room in the same Phase 3." Ruling 51: wasted when none left.
	tb := newTable(t, 3, nil, remoteID, upgradeID, upgradeID+1, upgradeID+2)
	tb.st().seats[2].money, tb.w.money[2] = 20, 20
	tb.bid(1, 4, 61)
	tb.do(2, &pb.TakeMenOfAction{Slot: 0})
	if p := tb.st().seats[2]; len(p.stills) != 2 || p.stills[1].dice != 1 || tb.st().remoteStillsLeft != printed.RemoteStills-1 {
		t.Fatalf("after a Remote Still: %+v", p)
	}
	tb.do(1, &pb.PassSelection{})
	tb.do(0, &pb.PassSelection{})
	tb.endRound()
	tb.st().seats[2].money, tb.w.money[2] = 10, 10
	tb.bid(2, 5, 62)
	tb.do(2, &pb.TakeMenOfAction{Slot: 0, Still: ptr(int32(1))})
	tb.passSelection()
	tb.sendNone()
	f := tb.log[len(tb.log)-4].Event.Public.(*pb.Event).GetStillFired()
	if f == nil || f.Seat != 2 || len(f.Stills) != 2 || len(f.Stills[1].Dice) != 2 {
		t.Errorf("the Remote Still's production: %v", f)
	}
}
