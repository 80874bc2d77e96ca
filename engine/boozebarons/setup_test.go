package boozebarons

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Dealing Booze: 3, 5, 6, 8, 9 players "Place one Booze card of each type in
// a new pile until the number of cards in that pile is equal to or greater
// than the number of players"; 4, 7 players "until the number of cards in
// the pile is one less than the number of players. Shuffle all of the
// remaining Booze cards, and add one of these cards to the new pile."
func TestDealBoozeTable(t *testing.T) {
	want := map[int][]int{ // Mob sizes, largest first
		3: {1, 1, 1}, 4: {2, 1, 1}, 5: {2, 2, 1}, 6: {2, 2, 2}, 7: {3, 2, 2}, 8: {3, 3, 2}, 9: {3, 3, 3},
	}
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		bigger := map[pb.Mob]bool{}
		for i := range 300 {
			booze := DealBooze(players, engine.CommandRand([]byte(fmt.Sprint(i)), 1))
			sizes := map[pb.Mob]int{}
			for j, b := range booze {
				if !printed.ValidBooze(b) || slices.Contains(booze[:j], b) {
					t.Fatalf("%d players: deal %v", players, booze)
				}
				sizes[printed.MobOf(b)]++
			}
			got := []int{sizes[pb.Mob_MOB_BEER], sizes[pb.Mob_MOB_LIQUOR], sizes[pb.Mob_MOB_WINE]}
			for m, n := range sizes {
				if n == slices.Max(got) && n != slices.Min(got) {
					bigger[m] = true
				}
			}
			slices.Sort(got)
			slices.Reverse(got)
			if !slices.Equal(got, want[players]) {
				t.Fatalf("%d players: Mob sizes %v, want %v", players, got, want[players])
			}
		}
		if want[players][0] != want[players][2] && len(bigger) != 3 {
			t.Errorf("%d players: only %v ever get the bigger share", players, bigger)
		}
	}
}

// Setup 5: "Shuffle the Delivery deck and draw nine cards. Place each card
// below the location displayed on the Delivery card." Setup 6: each player's
// "deck of Movement cards" (54 = 9 x 6). Setup 7 / Setup Reference: "Give
// one player the Booze Baron" (random unless the option names the seat).
func TestSetup(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		barons := map[int]bool{}
		for i := range 60 {
			g, _, err := engine.Start(Rules{}, engine.Config{Players: players}, []byte(fmt.Sprint(i)))
			if err != nil {
				t.Fatal(err)
			}
			s := g.State.(*State)
			placed := 0
			for _, l := range printed.Locations {
				for _, id := range s.at[l] {
					if printed.Deck[id].Location != l {
						t.Fatalf("card %d placed at %v", id, l)
					}
					placed++
				}
			}
			if placed != printed.OpeningDeliveries || len(s.deck) != printed.DeckSize-printed.OpeningDeliveries {
				t.Fatalf("%d placed, %d in the deck", placed, len(s.deck))
			}
			for _, p := range s.seats {
				if n := len(slices.DeleteFunc(slices.Clone(p.hand[:]), func(b bool) bool { return !b })); n != 6 {
					t.Fatalf("%d Movement cards", n)
				}
			}
			if s.round != 1 || s.phase != pb.Phase_PHASE_MOVE {
				t.Fatalf("round %d phase %v", s.round, s.phase)
			}
			barons[s.baron] = true
		}
		if len(barons) != players {
			t.Errorf("%d players: the first Baron is only ever %v", players, barons)
		}
	}
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 5, Options: &pb.Options{FirstBaron: proto.Int32(4)}}, []byte("x"))
	if err != nil || g.State.(*State).baron != 4 {
		t.Fatalf("first baron option: %v", err)
	}
}

func TestSetupRefusals(t *testing.T) {
	for _, tc := range []struct {
		players int
		opts    proto.Message
		reason  string
	}{
		{2, nil, engine.ReasonBadPlayerCount},
		{10, nil, engine.ReasonBadPlayerCount},
		{4, &pb.Options{FirstBaron: proto.Int32(4)}, engine.ReasonBadOptions},
		{4, &pb.Options{DocksSide: 7}, engine.ReasonBadOptions},
		{4, &pb.Options{RefillRounding: 9}, engine.ReasonBadOptions},
		{4, &pb.Command{}, engine.ReasonBadOptions},
	} {
		_, _, err := engine.Start(Rules{}, engine.Config{Players: tc.players, Options: tc.opts}, nil)
		if re, ok := engine.AsRuleError(err); !ok || re.Reason != tc.reason || re.Kind != engine.Malformed {
			t.Errorf("%d players %v: %v", tc.players, tc.opts, err)
		}
	}
}

// The designed Delivery deck: 36 cards, 6 per Location, 4 distinct types per
// card with every Mob present, each type on exactly 2 cards per Location,
// no two cards alike.
func TestDeckDesign(t *testing.T) {
	perLoc := map[pb.Location]int{}
	perType := map[[2]int32]int{}
	seen := map[[4]pb.BoozeType]bool{}
	for _, f := range printed.Deck {
		perLoc[f.Location]++
		mobs := map[pb.Mob]bool{}
		for i, ty := range f.Types {
			if !printed.ValidBooze(ty) || slices.Contains(f.Types[:i], ty) {
				t.Fatalf("card %v", f)
			}
			mobs[printed.MobOf(ty)] = true
			perType[[2]int32{int32(f.Location), int32(ty)}]++
		}
		if len(mobs) != 3 || seen[f.Types] {
			t.Fatalf("card %v", f)
		}
		seen[f.Types] = true
	}
	for _, l := range printed.Locations {
		if perLoc[l] != 6 {
			t.Errorf("%v has %d cards", l, perLoc[l])
		}
		for _, ty := range printed.BoozeTypes {
			if n := perType[[2]int32{int32(l), int32(ty)}]; n != 2 {
				t.Errorf("%v shows %v on %d cards", l, ty, n)
			}
		}
	}
}
