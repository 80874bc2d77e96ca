package bootleggers

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// table returns a started state whose round order is the given seats,
// first to act first, each with a revealed Muscle card (none: before the
// reveal).
func table(t *testing.T, players int, o *pb.Options, order ...int) *State {
	t.Helper()
	s := startState(players, mustOptions(t, players, o), printed.HouseRulesVersion)
	for i, seat := range order {
		s.seats[seat].muscle = 72 - i
		s.order = append(s.order, contender{seat: seat, hand: noHand, muscle: 72 - i, value: 72 - i})
	}
	return s
}

// put sets the markers at p: one count per seat, then the neutral colour.
func put(s *State, p pb.DrinkingPlace, counts ...int) {
	st := s.place(p)
	st.markers = [colourCount]int{}
	for i, n := range counts {
		c := i
		if i == len(counts)-1 && len(counts) == colourCount {
			c = int(neutralColour)
		}
		st.markers[c] = n
	}
}

func TestOpen(t *testing.T) {
	// "A speakeasy is open only while it holds at least its minimum number
	// of influence markers; closed ones buy nothing." The shaded circles are
	// the minimum (ruling 6), counted over every colour, neutral markers
	// included (ruling 7). O'Malley's is always open (ruling 9); a place not
	// in play never is.
	s := table(t, 3, nil, 0, 1, 2)
	if !s.open(omalleys) || s.open(texas) || s.open(volstead) {
		t.Fatal("empty board: O'Malley's alone should be open")
	}
	put(s, mothers, 1, 1) // minimum 2, any colours
	put(s, barleycorns, 2)
	if !s.open(mothers) || s.open(barleycorns) {
		t.Errorf("Mother's with 2 of 2 open = %v, Barleycorn's with 2 of 3 open = %v", s.open(mothers), s.open(barleycorns))
	}
	if s.freeCircles(mothers) != 3 || s.freeCircles(omalleys) != 0 {
		t.Errorf("free circles %d and %d", s.freeCircles(mothers), s.freeCircles(omalleys))
	}
	// 2 players: the neutral pre-placement counts, one short of opening.
	two := table(t, 2, nil, 1, 0)
	put(two, mccoy, 0, 0, 0, 0, 0, 0, 3)
	if two.open(mccoy) {
		t.Error("The Real McCoy opened with 3 neutral markers of 4")
	}
	put(two, mccoy, 1, 0, 0, 0, 0, 0, 3)
	if !two.open(mccoy) {
		t.Error("The Real McCoy closed with 4 markers")
	}
}

func TestMajorityOwnerTier(t *testing.T) {
	// Ruling 11: the majority holder has the most markers, ties to the
	// higher Muscle card; ruling 12: it owns the speakeasy with at least as
	// many markers as all other colours combined (strictly more with
	// OWNER_THRESHOLD_STRICT_MAJORITY); ruling 42: its tier, then presence,
	// then none.
	for _, tc := range []struct {
		name      string
		players   int
		threshold pb.OwnerThreshold
		order     []int
		markers   []int
		majority  int // -1: none
		owner     int // -1: none
		tiers     []pb.BuyingTier
	}{
		{"most markers and more than the rest", 3, 0, []int{2, 1, 0}, []int{3, 1, 1}, 0, 0,
			[]pb.BuyingTier{majority, presence, presence}},
		{"most markers but fewer than the rest", 3, 0, []int{2, 1, 0}, []int{2, 1, 2}, 2, -1,
			[]pb.BuyingTier{presence, presence, majority}},
		{"a tie goes to the higher Muscle card", 3, 0, []int{1, 0, 2}, []int{2, 2, 0}, 1, 1,
			[]pb.BuyingTier{presence, majority, noMarker}},
		{"strictly more needed", 3, strict, []int{1, 0, 2}, []int{2, 2, 0}, 1, -1,
			[]pb.BuyingTier{presence, majority, noMarker}},
		{"as many as the rest combined", 4, 0, []int{0, 1, 2, 3}, []int{1, 3, 1, 1}, 1, 1,
			[]pb.BuyingTier{presence, majority, presence, presence}},
		{"a tie before the reveal is undecided", 3, 0, nil, []int{2, 2, 0}, -1, -1,
			[]pb.BuyingTier{presence, presence, noMarker}},
		{"no tie, no reveal needed", 3, 0, nil, []int{1, 2, 0}, 1, 1,
			[]pb.BuyingTier{presence, majority, noMarker}},
		{"nobody there", 3, 0, []int{0, 1, 2}, []int{0, 0, 0}, -1, -1,
			[]pb.BuyingTier{noMarker, noMarker, noMarker}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, tc.players, &pb.Options{OwnerThreshold: tc.threshold}, tc.order...)
			put(s, mccoy, tc.markers...)
			checkColour(t, "majority", tc.majority)(s.majority(mccoy))
			checkColour(t, "owner", tc.owner)(s.owner(mccoy))
			for seat, want := range tc.tiers {
				if got := s.tier(seat, mccoy); got != want {
					t.Errorf("seat %d: tier %v, want %v", seat, got, want)
				}
			}
		})
	}
}

func TestNeutralMarkers(t *testing.T) {
	// 2 players: "Determine ownership and payouts as usual, including the
	// neutral non-player influence markers". The neutral colour loses every
	// tie to a Mobster (ruling 11) and owns like anyone else (ruling 13).
	s := table(t, 2, nil, 0, 1)
	put(s, mccoy, 1, 0, 0, 0, 0, 0, 3)
	checkColour(t, "majority", int(neutralColour))(s.majority(mccoy))
	checkColour(t, "owner", int(neutralColour))(s.owner(mccoy))
	if s.tier(0, mccoy) != presence {
		t.Errorf("seat 0 beside a neutral majority: %v", s.tier(0, mccoy))
	}
	put(s, mccoy, 3, 0, 0, 0, 0, 0, 3)
	checkColour(t, "majority", 0)(s.majority(mccoy))
	checkColour(t, "owner", 0)(s.owner(mccoy))
	if s.tier(0, omalleys) != pb.BuyingTier_BUYING_TIER_UNSPECIFIED {
		t.Error("O'Malley's has no buying tiers")
	}
}

func TestNeutralPlacements(t *testing.T) {
	// "Beginning with Texas Lil's, fill all of the shaded circles in order
	// of smallest to largest Speakeasy. ... If all of the shaded circles are
	// filled, begin again in Texas Lil's fill the remaining available
	// circles." After the printed pre-placement (Mother's 1, Barleycorn's 2,
	// The Real McCoy 3) the shaded circles lack one marker each.
	s := table(t, 2, nil, 0, 1)
	for _, p := range printed.Places {
		s.place(p.Place).markers[neutralColour] = p.Neutral
	}
	got := s.neutralPlacements(2) // a Double Influence
	want := []*pb.Placement{{Place: texas, Markers: 1}, {Place: mothers, Markers: 1}}
	checkPlacements(t, got, want)
	// Seat 0 fills Barleycorn's shaded circle: the next neutral marker skips
	// it, and once every shaded circle is full the second pass starts again
	// at Texas Lil's.
	s.place(texas).markers[neutralColour]++
	s.place(mothers).markers[neutralColour]++
	s.place(barleycorns).markers[0] = 1
	checkPlacements(t, s.neutralPlacements(3), []*pb.Placement{{Place: mccoy, Markers: 1}, {Place: texas, Markers: 2}})
	// Every circle full, or the neutral supply spent: nothing is placed.
	s.neutralSupply = 0
	if got := s.neutralPlacements(2); len(got) != 0 {
		t.Errorf("placed %v from an empty supply", got)
	}
	s.neutralSupply = printed.House.NeutralMarkers
	for _, n := range printed.House.Speakeasies {
		if n.Place != volstead {
			put(s, n.Place, 0, n.Circles)
		}
	}
	if got := s.neutralPlacements(1); len(got) != 0 {
		t.Errorf("placed %v on a full board", got)
	}
}

const (
	majority = pb.BuyingTier_BUYING_TIER_MAJORITY
	presence = pb.BuyingTier_BUYING_TIER_PRESENCE
	noMarker = pb.BuyingTier_BUYING_TIER_NO_MARKER
	strict   = pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY
)

func checkColour(t *testing.T, what string, want int) func(colour, bool) {
	t.Helper()
	return func(c colour, ok bool) {
		t.Helper()
		switch {
		case want < 0 && ok:
			t.Errorf("%s: %d, want none", what, c)
		case want >= 0 && (!ok || int(c) != want):
			t.Errorf("%s: %d (%v), want %d", what, c, ok, want)
		}
	}
}

func checkPlacements(t *testing.T, got, want []*pb.Placement) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("placed %v, want %v", got, want)
	}
	for i := range got {
		if got[i].Place != want[i].Place || got[i].Markers != want[i].Markers {
			t.Errorf("placement %d: %v, want %v", i, got[i], want[i])
		}
	}
}

func TestTiesGoToTheCardNotTheOrder(t *testing.T) {
	// Muscling In: seat 0 acts first (card 30 and 10 markers in the Back
	// Room) but seat 1 revealed the higher card (35): "The revealed Muscle
	// card also breaks ties during that round, higher card wins" (ruling 4).
	s := table(t, 3, &pb.Options{MusclingIn: true})
	s.seats[0].muscle, s.seats[1].muscle, s.seats[2].muscle = 30, 35, 5
	s.order = []contender{
		{seat: 0, hand: noHand, muscle: 30, value: 40},
		{seat: 1, hand: noHand, muscle: 35, value: 35},
		{seat: 2, hand: noHand, muscle: 5, value: 5},
	}
	put(s, barleycorns, 2, 2, 0)
	checkColour(t, "majority", 1)(s.majority(barleycorns))
	checkColour(t, "owner", 1)(s.owner(barleycorns))
}
