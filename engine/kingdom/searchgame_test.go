package kingdom

import (
	"fmt"
	"math"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The search's value of a position cut short is each seat's chance of
// the win (searchvalue.go), read from the board as the next Reckoning
// would count it: "During the Reckoning Phase, to claim a Title, you must
// hold the most Districts or Joints of that type (minimum 2)", and "The
// war for New York ends the moment a player secures a Commission Card ...
// AND amasses 20 or more Total Respect".
func TestValueReadsTheRace(t *testing.T) {
	var brooklynOpen []pb.District
	for _, d := range printed.AllDistricts() {
		if info := printed.Info(d); info.Borough == brooklyn && info.Kind != highSociety {
			brooklynOpen = append(brooklynOpen, d)
		}
	}
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) {
			// One District of Brooklyn is no Title; two are its Deed at
			// the Reckoning, which the value counts before it.
			one, two := cleared(t, players), cleared(t, players)
			for s := range players {
				put(one, s, printed.AllDistricts()[s], 1, 0, true)
				put(two, s, printed.AllDistricts()[s], 1, 0, true)
			}
			put(one, 0, brooklynOpen[0], 2, 0, false)
			put(two, 0, brooklynOpen[0], 1, 0, false)
			put(two, 0, brooklynOpen[1], 1, 0, false)
			if v1, v2 := (SearchGame{}).Value(one, 0), (SearchGame{}).Value(two, 0); v2 <= v1 {
				t.Errorf("seat 0 with the Brooklyn majority on the board: %.4f, without it %.4f", v2, v1)
			}
			// A Commission and 20 Respect (two Scores, two Rackets, a Gig
			// and the Brooklyn Deed on the board) wins at the Reckoning.
			complete(two, 0, 27, 28, 15, 16, 1)
			two.Seats[0].Commission = true
			sum := 0.0
			for s := range players {
				sum += SearchGame{}.Value(two, engine.Seat(s))
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("the seats' chances sum to %.6f", sum)
			}
			if v := (SearchGame{}).Value(two, 0); v < 0.8 {
				t.Errorf("seat 0, to win at the Reckoning, is valued %.4f", v)
			}
		})
	}
}
