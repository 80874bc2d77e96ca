package strategy_test

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestHeuristicGamesEnd plays seeded 4-player games with the heuristic at
// every seat, standard and Blood Oath with the printed targets (20
// Respect; the Alliance's 35, the Sit-Down at the Crackdown's space 10),
// and checks that every one ends by a win within a bound of Days, and
// that the median game is short: the heuristic races to "a Commission
// Card ... AND 20 or more Total Respect" and breaks the stalls of a city
// carved up (where the strategy's games can run for hundreds of Days).
func TestHeuristicGamesEnd(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	const maxDays, medianDays = 100, 15
	for _, opts := range []*pb.Options{{}, {BloodOath: true}} {
		var days []int
		for n := range games {
			r := playWith(t, strategy.ChooseToWin, 4, opts, uint64(700+n), 8000)
			if !r.over || r.days > maxDays {
				t.Errorf("blood oath %v, seed %d: over %v after %d Days (%d commands)", opts.GetBloodOath(), 700+n, r.over, r.days, r.commands)
			}
			days = append(days, r.days)
		}
		slices.Sort(days)
		t.Logf("blood oath %v: Days %v", opts.GetBloodOath(), days)
		if m := days[len(days)/2]; m > medianDays {
			t.Errorf("blood oath %v: the median game lasts %d Days, over %d", opts.GetBloodOath(), m, medianDays)
		}
	}
}
