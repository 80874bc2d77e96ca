package bootleggers

import (
	"reflect"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

func mustOptions(t *testing.T, players int, o *pb.Options) *pb.Options {
	t.Helper()
	n, err := NormaliseOptions(players, o)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestNormaliseOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		opts    *pb.Options
		reason  string
		variant pb.Variant
	}{
		{"two players default to the variant", 2, nil, "", pb.Variant_VARIANT_WHERE_ARE_DA_BOYS},
		{"four players default to the standard game", 4, &pb.Options{}, "", pb.Variant_VARIANT_STANDARD},
		{"one player", 1, nil, engine.ReasonBadPlayerCount, 0},
		{"seven players", 7, nil, engine.ReasonBadPlayerCount, 0},
		{"standard game for two", 2, &pb.Options{Variant: pb.Variant_VARIANT_STANDARD}, engine.ReasonBadOptions, 0},
		{"variant for three", 3, &pb.Options{Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS}, engine.ReasonBadOptions, 0},
		{"unknown variant", 3, &pb.Options{Variant: 9}, engine.ReasonBadOptions, 0},
		{"a little help for three", 3, &pb.Options{NeedALittleHelp: true}, "", pb.Variant_VARIANT_STANDARD},
		{"a little help for four", 4, &pb.Options{NeedALittleHelp: true}, engine.ReasonBadOptions, 0},
		{"a little help for two", 2, &pb.Options{NeedALittleHelp: true}, engine.ReasonBadOptions, 0},
		{"unknown owner threshold", 5, &pb.Options{OwnerThreshold: 7}, engine.ReasonBadOptions, 0},
		{"every other option with the variant", 2, &pb.Options{RampStillProduction: true, PlayItCool: true,
			RingUpTheBoys: true, MusclingIn: true}, "", pb.Variant_VARIANT_WHERE_ARE_DA_BOYS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.opts
			n, err := NormaliseOptions(tc.players, in)
			if tc.reason != "" {
				re, ok := engine.AsRuleError(err)
				if !ok || re.Reason != tc.reason || re.Kind != engine.Malformed {
					t.Fatalf("got %v, want %s", err, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n.Variant != tc.variant || n.OwnerThreshold != pb.OwnerThreshold_OWNER_THRESHOLD_AT_LEAST_HALF {
				t.Errorf("normalised to %v", n)
			}
			if in != nil && in.Variant != pb.Variant_VARIANT_UNSPECIFIED && in.Variant != n.Variant {
				t.Errorf("the caller's options were changed")
			}
		})
	}
}

func TestStartState(t *testing.T) {
	// "Each player: 10G; one small truck carrying 4 crates; a Family Still
	// with 1 die on it; 1 influence marker in the Back Room ...; the other
	// 19 markers stay in the player's supply."
	s := startState(4, mustOptions(t, 4, nil), printed.HouseRulesVersion)
	for i, p := range s.seats {
		if p.money != 10 || p.backRoom != 1 || p.supply != 19 || len(p.stills) != 1 || p.stills[0].dice != 1 {
			t.Errorf("seat %d starts with %+v", i, p)
		}
		if got := s.ownedTrucks(i); len(got) != 1 || printed.TruckSizeOf(got[0]) != small {
			t.Errorf("seat %d owns trucks %v", i, got)
		}
		if s.graft(i) != printed.Truck(small).Graft {
			t.Errorf("seat %d owes %d graft", i, s.graft(i))
		}
	}
	for id := 4; id < printed.TruckFigures; id++ {
		if s.trucks[id].owner != noSeat {
			t.Errorf("truck %d is owned at setup", id)
		}
	}
	if s.place(volstead).inPlay || !s.place(mccoy).inPlay || s.neutralSupply != 0 || s.copper != noSeat {
		t.Errorf("4-player table: %+v", s.places)
	}
	if s.remoteStillsLeft != printed.RemoteStills || s.offer.truck != noTruck {
		t.Errorf("remote stills %d, truck on offer %d", s.remoteStillsLeft, s.offer.truck)
	}
	two := startState(2, mustOptions(t, 2, nil), printed.HouseRulesVersion)
	if two.neutralSupply != printed.House.NeutralMarkers || two.place(volstead).inPlay {
		t.Errorf("2-player table: neutral %d, Volstead %v", two.neutralSupply, two.place(volstead).inPlay)
	}
}

// busyState returns a state with something in every slice and pointer.
func busyState(t *testing.T) *State {
	s := startState(3, mustOptions(t, 3, nil), printed.HouseRulesVersion)
	s.order = []contender{{seat: 1, hand: noHand, muscle: 60, value: 60}, {seat: 0, hand: noHand, muscle: 20, value: 20}}
	s.seats[0].hand = []int{3, 40}
	s.seats[0].kept = []int{50}
	s.seats[1].stills = append(s.seats[1].stills, still{dice: 1})
	s.place(texas).line = []int{0}
	s.place(texas).roll = &consumption{dice: []int{4}, total: 4}
	s.menDeck, s.menDiscard, s.truckDeck = []int{1, 2}, []int{3}, []int{6, 7}
	s.offer.slots = []offerSlot{{card: 4, hand: noHand}}
	s.nonPlayers = []nonPlayerHand{{cards: []int{9, 10}}}
	s.setAside = []int{70}
	s.trades = []trade{{id: 1, from: 0, to: 1, give: goods{trucks: []int{0}}, get: goods{trucks: []int{1}}}}
	s.call = &orderCall{seat: 1, place: mccoy, trucks: []int{0, 2}}
	s.muscleDiscards = []int{11}
	return s
}

func TestCloneIsDeep(t *testing.T) {
	s := busyState(t)
	want := busyState(t)
	c := s.clone()
	if !reflect.DeepEqual(c, s) {
		t.Fatal("the clone differs from the original")
	}
	c.order[0].value = 1
	c.seats[0].hand[0], c.seats[0].kept[0], c.seats[1].stills[1].dice = 0, 0, 4
	c.place(texas).line[0], c.place(texas).roll.dice[0], c.place(texas).roll.total = 9, 9, 9
	c.menDeck[0], c.menDiscard[0], c.truckDeck[0] = 0, 0, 0
	c.offer.slots[0].card = noCard
	c.nonPlayers[0].cards[0], c.setAside[0] = 0, 0
	c.trades[0].give.trucks[0], c.trades[0].get.trucks[0] = 5, 5
	c.call.trucks[0], c.muscleDiscards[0] = 5, 0
	if !reflect.DeepEqual(s, want) {
		t.Error("changing the clone changed the original")
	}
}

func TestSortOrder(t *testing.T) {
	// "The player who played the highest card goes first"; Muscling In:
	// "Unplaced Influence markers add to your Muscle card. Ties are broken
	// by the values of unmodified Muscle cards (highest wins tie)."
	cs := []contender{
		{seat: 0, hand: noHand, muscle: 30, value: 33},
		{seat: 1, hand: noHand, muscle: 31, value: 33},
		{seat: 2, hand: noHand, muscle: 70, value: 70},
		{seat: noSeat, hand: 0, muscle: 5, value: 5},
	}
	sortOrder(cs)
	got := []int{cs[0].muscle, cs[1].muscle, cs[2].muscle, cs[3].muscle}
	if !reflect.DeepEqual(got, []int{70, 31, 30, 5}) {
		t.Errorf("order %v", got)
	}
}
