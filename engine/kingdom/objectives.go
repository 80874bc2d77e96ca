package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Contract objectives judged against the board: the printed objectives are
// data (printed.Contracts, each with its Goal); the Reckoning asks meets.

// meets reports whether seat meets goal g on the board now.
func (s *state) meets(seat int, g printed.Goal) bool {
	switch g.Kind {
	case printed.GoalControl:
		return s.countControlled(seat, g.Counts) >= g.N
	case printed.GoalBoroughs:
		seen := map[pb.Borough]bool{}
		for _, d := range s.controlled(seat) {
			seen[printed.Info(d).Borough] = true
		}
		return len(seen) >= g.N
	case printed.GoalBarrels:
		return s.held(seat, g.Liquor) >= g.N
	case printed.GoalEachLiquor:
		for _, l := range printed.Liquors {
			if s.held(seat, l) < g.N {
				return false
			}
		}
		return true
	case printed.GoalCash:
		return s.Seats[seat].Cash >= g.N
	case printed.GoalNoHeat:
		return s.heatMarkers(seat) == 0
	case printed.GoalSafehouses:
		_, _, h := s.onBoard(seat)
		return h >= g.N
	case printed.GoalRunners:
		r, _, _ := s.onBoard(seat)
		return r >= g.N
	case printed.GoalDeeds:
		return countHolder(s.Deeds[:], seat) >= g.N
	case printed.GoalSyndicates:
		return countHolder(s.Syndicates[:], seat) >= g.N
	case printed.GoalWardAndDeed:
		return s.WardBoss == seat && countHolder(s.Deeds[:], seat) >= 1
	}
	return false
}

// met reports whether seat meets the objective of card c now.
func (s *state) met(c printed.Contract, seat int) bool { return s.meets(seat, c.Goal) }

func countHolder(h []int, seat int) int {
	n := 0
	for _, x := range h {
		if x == seat {
			n++
		}
	}
	return n
}
