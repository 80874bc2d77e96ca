package boozebarons

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// scoreState is a bare state for scoring: players with the given Booze cards,
// full hands, nothing else.
func scoreState(booze ...pb.BoozeType) *State {
	s := newState()
	s.players, s.mobs = len(booze), mobsOf(booze)
	s.seats = make([]seatState, len(booze))
	for i, b := range booze {
		s.seats[i].booze = b
		for _, l := range printed.Locations {
			s.seats[i].hand[l] = true
		}
	}
	return s
}

// give adds n (meaningless) face-down cards to seat i.
func (s *State) give(i, n int) {
	for range n {
		s.seats[i].faceDown = append(s.seats[i].faceDown, 0)
	}
}

// take records that seat i exposed seat j, taking its card for l.
func (s *State) take(i, j int, l pb.Location) {
	s.seats[j].hand[l] = false
	s.exposures++
	s.seats[j].exposed, s.seats[j].exposedAt = true, s.exposures
	s.seats[i].collected = append(s.seats[i].collected, collectedCard{from: j, loc: l})
}

// End Game Scoring: "+1 Coin for each Delivery card acquired; +1 Coin for
// each Snitch token acquired; +2 Coins for each Movement card (both your
// cards and any cards acquired from opposing Bootleggers); -2 Coins for each
// Movement card acquired from another player in your Mob". "Exposing a
// player and taking their Movement card gives you two more coins and takes
// those two coins from them."
func TestCoins(t *testing.T) {
	s := scoreState(porter, blonde, rye)
	s.give(0, 3)
	s.seats[0].snitches = 1
	s.take(0, 2, casino) // opposing: +2 to seat 0, -2 to seat 2
	s.take(0, 1, docks)  // own Mob: not +2, and -2
	for i, want := range []int32{3 + 1 + 2*7 - 2, 2 * 5, 2 * 5} {
		if got := s.coins(i).Coins; got != want {
			t.Errorf("seat %d: %d coins, want %d", i, got, want)
		}
	}
}

// "In four and five player games, the Coins of any player who does not have
// a teammate are doubled at the end of the game. In seven and eight player
// games, Mobs of three players only count the Coins of two players when
// determining their score: their highest-scoring player and their
// lowest-scoring player."
func TestMobScores(t *testing.T) {
	for _, tc := range []struct {
		name  string
		booze []pb.BoozeType
		cards []int
		want  map[pb.Mob]int32
	}{
		{"4 players: loners doubled", []pb.BoozeType{porter, blonde, rye, merlot}, []int{1, 2, 3, 4},
			map[pb.Mob]int32{pb.Mob_MOB_BEER: 13 + 14, pb.Mob_MOB_LIQUOR: 2 * 15, pb.Mob_MOB_WINE: 2 * 16}},
		{"5 players: the loner doubled", []pb.BoozeType{porter, blonde, rye, tequila, merlot}, []int{0, 0, 0, 0, 1},
			map[pb.Mob]int32{pb.Mob_MOB_BEER: 24, pb.Mob_MOB_LIQUOR: 24, pb.Mob_MOB_WINE: 26}},
		{"3 players: no doubling", []pb.BoozeType{porter, rye, merlot}, []int{0, 1, 2},
			map[pb.Mob]int32{pb.Mob_MOB_BEER: 12, pb.Mob_MOB_LIQUOR: 13, pb.Mob_MOB_WINE: 14}},
		{"7 players: highest and lowest of three", []pb.BoozeType{porter, blonde, lager, rye, tequila, merlot, brandy}, []int{1, 5, 3, 0, 0, 0, 0},
			map[pb.Mob]int32{pb.Mob_MOB_BEER: 13 + 17, pb.Mob_MOB_LIQUOR: 24, pb.Mob_MOB_WINE: 24}},
		{"8 players: both Mobs of three", []pb.BoozeType{porter, blonde, lager, rye, tequila, bourbon, merlot, brandy}, []int{1, 5, 3, 2, 2, 2, 0, 0},
			map[pb.Mob]int32{pb.Mob_MOB_BEER: 13 + 17, pb.Mob_MOB_LIQUOR: 28, pb.Mob_MOB_WINE: 24}},
		{"9 players: all count", []pb.BoozeType{porter, blonde, lager, rye, tequila, bourbon, merlot, brandy, champagne}, []int{1, 5, 3, 0, 0, 0, 0, 0, 0},
			map[pb.Mob]int32{pb.Mob_MOB_BEER: 45, pb.Mob_MOB_LIQUOR: 36, pb.Mob_MOB_WINE: 36}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scoreState(tc.booze...)
			for i, n := range tc.cards {
				s.give(i, n)
			}
			g := finalScores(s)
			for _, m := range g.Mobs {
				if m.Score != tc.want[m.Mob] {
					t.Errorf("%v: %d, want %d", m.Mob, m.Score, tc.want[m.Mob])
				}
			}
		})
	}
}

// "If there is a tie, the Mob that Exposed the most opposing Bootleggers
// wins. If a tie persists, the last Mob who had an Unexposed Bootlegger wins."
func TestTieBreakers(t *testing.T) {
	// Beer exposes Wine; Liquor exposes Beer's other... scores kept equal by hand.
	s := scoreState(porter, rye, merlot)
	s.take(0, 2, casino) // beer +2, wine -2
	s.take(1, 0, docks)  // liquor +2, beer -2
	s.give(2, 4)         // wine 10+4 = 14; beer 12+2-2 = 12 ... equalise
	s.give(0, 2)
	g := finalScores(s)
	for _, m := range g.Mobs {
		if m.Score != 14 {
			t.Fatalf("setup: %v scores %d", m.Mob, m.Score)
		}
	}
	// Beer and Liquor each exposed one; Wine none. Liquor is still
	// Unexposed, Beer was exposed last of the others: Liquor wins.
	if !slices.Equal(g.Winners, []pb.Mob{pb.Mob_MOB_LIQUOR}) {
		t.Fatalf("winners %v (%v)", g.Winners, g.Mobs)
	}
	s.take(2, 1, curtain) // wine now exposed one too; +2 to wine, -2 to liquor
	s.seats[2].faceDown = s.seats[2].faceDown[:2]
	s.give(1, 2)
	g = finalScores(s)
	// All 14, one expose each; Liquor exposed last, Wine before, Beer before that.
	if !slices.Equal(g.Winners, []pb.Mob{pb.Mob_MOB_LIQUOR}) {
		t.Fatalf("winners %v (%v)", g.Winners, g.Mobs)
	}
	s.seats[0].faceDown = append(s.seats[0].faceDown, 0)
	if g = finalScores(s); !slices.Equal(g.Winners, []pb.Mob{pb.Mob_MOB_BEER}) {
		t.Fatalf("most coins: winners %v (%v)", g.Winners, g.Mobs)
	}
}
