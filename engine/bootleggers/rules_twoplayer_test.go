package bootleggers

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// "Bootleggers: Where are da boys?", the variant for 2 Mobsters, sentence
// by sentence (rulings 59-64).

func TestTwoPlayerPreparation(t *testing.T) {
	// "After dealing Muscle cards to the two Mobsters, set aside the highest
	// quarter of the remaining cards (the blue cards). Shuffle together the
	// remaining Muscle cards and deal three additional hands of Muscle
	// cards." "Place Influence markers of a neutral, non-player color in the
	// shaded circles of Speakeasies as follows: Mother's – 1, Barleycorn's –
	// 2, The Real McCoy – 3." "The largest Speakeasy, "The Volstead," and the
	// Copper are not used."
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 2}, []byte("two"))
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	if len(s.setAside) != 12 || slices.ContainsFunc(s.setAside, func(c int) bool { return printed.MuscleBand(c) != 3 }) {
		t.Errorf("set aside: %v", s.setAside)
	}
	if len(s.nonPlayers) != 3 {
		t.Fatalf("%d Non-Player hands", len(s.nonPlayers))
	}
	var np []int
	for _, h := range s.nonPlayers {
		if len(h.cards) != 12 {
			t.Errorf("a Non-Player hand of %d", len(h.cards))
		}
		np = append(np, h.cards...)
	}
	slices.Sort(np)
	for _, c := range np {
		if printed.MuscleBand(c) == 3 || slices.Contains(s.seats[0].hand, c) || slices.Contains(s.seats[1].hand, c) {
			t.Errorf("card %d in a Non-Player hand", c)
		}
	}
	for p, n := range map[pb.DrinkingPlace]int{texas: 0, mothers: 1, barleycorns: 2, mccoy: 3} {
		if got := s.place(p).markers[neutralColour]; got != n {
			t.Errorf("%s: %d neutral markers", printed.Place(p).Name, got)
		}
	}
	if s.place(volstead).inPlay || printed.CopperInPlay(s.opts) {
		t.Error("The Volstead or the Copper in play")
	}
	// Ruling 59: the Non-Player hands' order is hidden; their counts public.
	v := g.State.View(seatView(0)).(*pb.View)
	if len(v.NonPlayerHands) != 3 || v.NonPlayerHands[0].CardsLeft != 12 || v.Auditor != nil {
		t.Errorf("seat 0 sees %v", v.NonPlayerHands)
	}
}

// twoPlayer deals the fixed 2-player game: Non-Player hands 7-18, 25-36
// and 43-54 (top first); the offer Single Influence (beneath hand 0), Hit
// (hand 1), Double Influence (hand 2), Still Upgrade, Hijack.
func twoPlayer(t *testing.T, opts *pb.Options) *game {
	return newTable(t, 2, opts, singleID, hitID, doubleID, upgradeID, hijackID)
}

func TestTwoPlayerPhaseOne(t *testing.T) {
	// "turn over 5 Men of Action cards ... one Men of Action card beneath
	// each of the three Non-Player Muscle hands, plus two additional cards".
	// "After the Mobsters reveal their Muscle cards, turn over the top card
	// of the three Non-Player Muscle hands." "Select Men of Action/Truck
	// cards in Muscle card order as usual, including the 3 revealed
	// Non-Player Muscle cards." "Mobsters can select from any available card
	// (including Men of Action cards beneath to Non-Player Muscle hands)."
	tb := twoPlayer(t, nil)
	s := tb.st()
	if len(s.offer.slots) != 5 || s.offer.slots[0].hand != 0 || s.offer.slots[2].hand != 2 || s.offer.slots[3].hand != noHand {
		t.Fatalf("the offer: %v", s.offer.slots)
	}
	evs := tb.bid(55, 4)
	order := kinds(evs, "muscle_revealed")[0].GetMuscleRevealed().GetOrder()
	var got []int32
	for _, c := range order {
		got = append(got, c.GetMuscle())
	}
	if !slices.Equal(got, []int32{55, 43, 25, 7, 4}) || order[1].GetNonPlayerHand() != 2 {
		t.Fatalf("the order: %v", order)
	}
	// Seat 0 takes the Hit beneath hand 1. Then, for the Non-Player hands:
	// "If the Men of Action card is a Single or Double Influence - exchange
	// the Men of Action card for a Single or Double Influence of a neutral,
	// non-player color and place it ... Beginning with Texas Lil's, fill all
	// of the shaded circles in order of smallest to largest Speakeasy". "If
	// the Men of Action card has already been taken – do nothing." (ruling
	// 60-61)
	evs = tb.do(0, &pb.TakeMenOfAction{Slot: 1})
	acts := kinds(evs, "non_player_acted")
	if len(acts) != 3 {
		t.Fatalf("Non-Player turns: %v", acts)
	}
	h2, h1, h0 := acts[0].GetNonPlayerActed(), acts[1].GetNonPlayerActed(), acts[2].GetNonPlayerActed()
	want2 := []*pb.Placement{{Place: texas, Markers: 1}, {Place: mothers, Markers: 1}}
	if h2.Hand != 2 || h2.Action != pb.NonPlayerAction_NON_PLAYER_ACTION_NEUTRAL_INFLUENCE || !equalPlacements(h2.Placements, want2) {
		t.Errorf("hand 2 (Double Influence): %v", h2)
	}
	if h1.Hand != 1 || h1.Action != pb.NonPlayerAction_NON_PLAYER_ACTION_NONE || h1.CardId != nil {
		t.Errorf("hand 1 (its card taken): %v", h1)
	}
	if h0.Hand != 0 || !equalPlacements(h0.Placements, []*pb.Placement{{Place: barleycorns, Markers: 1}}) {
		t.Errorf("hand 0 (Single Influence): %v", h0)
	}
	// "Any other Men of Action card – discard." The last Mobster sees cards
	// beneath no hand left, and the exchanged ones gone.
	if s := tb.st(); s.current() != 1 || s.offer.slots[0].card != noCard || s.offer.slots[2].card != noCard || s.offer.slots[3].card != upgradeID {
		t.Errorf("the selection goes on with %v", s.offer.slots)
	}
}

func equalPlacements(a, b []*pb.Placement) bool {
	return slices.EqualFunc(a, b, func(x, y *pb.Placement) bool { return x.Place == y.Place && x.Markers == y.Markers })
}

func TestNonPlayerDiscards(t *testing.T) {
	// "Any other Men of Action card – discard." (ruling 60: Hired Guns too)
	tb := newTable(t, 2, nil, gunsID, hitID, upgradeID)
	tb.bid(1, 4)
	acts := kinds(tb.do(1, &pb.PassSelection{}), "non_player_acted")
	for _, a := range acts {
		if a.GetNonPlayerActed().Action != pb.NonPlayerAction_NON_PLAYER_ACTION_DISCARD || len(a.GetNonPlayerActed().Placements) != 0 {
			t.Errorf("%v", a)
		}
	}
	if !slices.Contains(tb.st().menDiscard, gunsID) {
		t.Error("Hired Guns was not discarded")
	}
}

func TestNeutralPlacementOrder(t *testing.T) {
	// Ruling 61: "If all of the shaded circles are filled, begin again in
	// Texas Lil's fill the remaining available circles."
	s := newTable(t, 2, nil).st()
	got := s.neutralPlacements(6)
	want := []*pb.Placement{{Place: texas, Markers: 1}, {Place: mothers, Markers: 1}, {Place: barleycorns, Markers: 1},
		{Place: mccoy, Markers: 1}, {Place: texas, Markers: 2}}
	if !equalPlacements(got, want) {
		t.Errorf("six neutral markers go to %v", got)
	}
}

func TestTwoPlayerConsumptionAndNeutralOwners(t *testing.T) {
	// "Roll consumption at the open Speakeasies. Discard the lowest value
	// die for all speakeasies except Texas Lil's." "Determine ownership and
	// payouts as usual, including the neutral non-player influence markers,
	// then make the payouts to the Mobsters." (rulings 13, 62, 63)
	tb := twoPlayer(t, nil)
	tb.put(0, texas, 1)
	tb.put(1, barleycorns, 1) // 2 neutral + 1: open, the neutral colour owns it
	tb.put(0, mothers, 1)     // 1 neutral + 1: open; seat 0 wins the tie and owns it
	tb.toPhase(runIt, 55, 4)
	tb.crates(0, 4)
	tb.crates(1, 4)
	tb.do(0, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: mothers}}})
	evs := tb.do(1, &pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 1, Crates: 4, Place: barleycorns}}})
	for _, r := range kinds(evs, "consumption_rolled")[0].GetConsumptionRolled().GetRolls() {
		kept := slices.Clone(r.Dice)
		if r.Place == texas {
			if len(kept) != 1 || r.Dropped != 0 {
				t.Errorf("Texas Lil's: %v", r)
			}
		} else {
			lo := slices.Index(kept, slices.Min(kept))
			if r.Dropped != kept[lo] {
				t.Errorf("%v: dropped %d", r.Place, r.Dropped)
			}
			kept = slices.Delete(kept, lo, lo+1)
		}
		if r.Consumption != sum(kept) {
			t.Errorf("%v: consumption %d of kept dice %v", r.Place, r.Consumption, kept)
		}
	}
	for _, e := range kinds(evs, "whiskey_sold") {
		w := e.GetWhiskeySold()
		switch w.Place {
		case barleycorns:
			if w.Owner != nil || w.OwnerBonus != 0 {
				t.Errorf("the neutral colour was paid: %v", w)
			}
		case mothers:
			if w.GetOwner() != 0 {
				t.Errorf("Mother's owner: %v", w)
			}
		}
	}
}

func TestTwoPlayerEnd(t *testing.T) {
	// "The game ends after the "What's the Password" Phase of either the
	// 12th Round or the first round in which one Mobster has accumulated at
	// least $80G, whichever occurs first. ... Ties are broken in favor of
	// the Mobster with the higher Muscle card visible this Round." (ruling
	// 64: the Mobsters' own cards, never a Non-Player card)
	tb := twoPlayer(t, nil)
	tb.st().seats[0].money = 80 + printed.Truck(small).Graft + printed.MuscleCostOf(1)
	tb.st().seats[1].money = 80 + printed.Truck(small).Graft + printed.MuscleCostOf(4)
	tb.w.money[0], tb.w.money[1] = tb.st().seats[0].money, tb.st().seats[1].money
	tb.toPhase(runIt, 1, 4)
	evs := tb.runNone()
	g := kinds(evs, "game_ended")[0].GetGameEnded()
	if g.Reason != pb.EndReason_END_REASON_MONEY || g.Round != 1 || g.Winner != 1 || g.Standings[0].Muscle != 4 {
		t.Errorf("the end: %v", g)
	}
}

func TestTwoPlayerHitOnNeutralMarkers(t *testing.T) {
	// Ruling 62: "A Hit may send them back to the neutral supply".
	tb := twoPlayer(t, nil)
	tb.keep(0, hitID+3)
	tb.toPhase(sendIn, 55, 4)
	supply := tb.st().neutralSupply
	tb.do(0, &pb.PlayCard{CardId: int32(hitID + 3), Effect: &pb.PlayCard_Hit{Hit: &pb.Hit{Place: mccoy,
		Victims: []*pb.Colour{{Who: &pb.Colour_Neutral{Neutral: true}}, {Who: &pb.Colour_Neutral{Neutral: true}}}}}})
	if tb.st().neutralSupply != supply+2 || tb.st().place(mccoy).markers[neutralColour] != 1 {
		t.Errorf("after the Hit: supply %d, McCoy %v", tb.st().neutralSupply, tb.st().place(mccoy).markers)
	}
}
