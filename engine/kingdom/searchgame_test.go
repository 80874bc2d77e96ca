package kingdom

import (
	"fmt"
	"testing"
)

// The search's value of a position: "The war for New York ends the moment
// a player secures a Commission Card (by completing a Gig, Racket, and
// Score) AND amasses 20 or more Total Respect". A seat gains by its own
// Respect, not by taking as much or a little more from the leader: a
// value that is the seat's share of the race (zero-sum) rates holding the
// leader back above advancing, and tables of searching bots that each
// hold back the others play long games. Each case compares, for seat 0,
// the position after it takes a Title from the Supply (advance) with the
// one after the leader, seat 1, loses a Title to it (block).
func TestValueRatesAdvancingAboveBlocking(t *testing.T) {
	// leader gives seat 1 a Commission, 16 Respect of Contracts (two
	// Scores, a Racket, three Gigs) and the Manhattan Deed: 19 Respect.
	leader := func(s *state) {
		complete(s, 1, 27, 28, 15, 1, 2, 3)
		s.Seats[1].Commission = true
		s.Deeds[manhattan] = 1
	}
	// inTheRace gives seat 0 a Commission and 14 Respect (a Score, a
	// Racket, a Gig, the Ward Boss card and the Queens Deed).
	inTheRace := func(s *state) {
		complete(s, 0, 29, 16, 4)
		s.Seats[0].Commission = true
		s.WardBoss = 0
		s.Deeds[queens] = 0
	}
	for _, c := range []struct {
		name    string
		setup   func(*state) // seat 0's standing besides the leader's
		advance func(*state) // seat 0 gains
		block   func(*state) // seat 1 loses
	}{{
		// Seat 0 far behind (a Score and the Ward Boss card, 8 Respect, no
		// Commission): the Staten Island Deed (2) against the leader's
		// Manhattan Deed (3).
		name: "far behind",
		setup: func(s *state) {
			complete(s, 0, 29)
			s.WardBoss = 0
		},
		advance: func(s *state) { s.Deeds[statenIsland] = 0 },
		block:   func(s *state) { s.Deeds[manhattan] = none },
	}, {
		// Seat 0 in the race (a Commission and 14 Respect): the Brooklyn
		// Deed against the leader's Manhattan Deed, 3 Respect each. A share
		// alone is indifferent between them at 2 players.
		name:    "in the race",
		setup:   inTheRace,
		advance: func(s *state) { s.Deeds[brooklyn] = 0 },
		block:   func(s *state) { s.Deeds[manhattan] = none },
	}} {
		for _, players := range []int{2, 4} {
			t.Run(fmt.Sprintf("%s, %d players", c.name, players), func(t *testing.T) {
				base := cleared(t, players)
				leader(base)
				c.setup(base)
				adv, blk := base.clone(), base.clone()
				c.advance(adv)
				c.block(blk)
				if adv.respect(0)-base.respect(0) > base.respect(1)-blk.respect(1) {
					t.Fatalf("the case is no test: advancing gains %d Respect, blocking takes %d", adv.respect(0)-base.respect(0), base.respect(1)-blk.respect(1))
				}
				va, vb, v0 := SearchGame{}.Value(adv, 0), SearchGame{}.Value(blk, 0), SearchGame{}.Value(base, 0)
				// margin keeps a near tie from passing.
				const margin = 0.005
				if va < vb+margin || va < v0+margin {
					t.Fatalf("seat 0's value: advancing %.4f, blocking %.4f, as it was %.4f; want advancing above both", va, vb, v0)
				}
			})
		}
	}
}
