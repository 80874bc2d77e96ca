package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// giveDistricts puts one Runner of seat in the first n non-Police Districts
// matching keep.
func giveDistricts(keep func(printed.DistrictInfo) bool) func(*state, int, int) {
	return func(s *state, seat, n int) {
		for _, d := range printed.Districts() {
			if n > 0 && keep(d) && !s.dist(d.ID).Precinct {
				put(s, seat, d.ID, 1, 0, false)
				n--
			}
		}
	}
}

func giveBarrels(l pb.Liquor) func(*state, int, int) {
	return func(s *state, seat, n int) {
		put(s, seat, harlem, 1, 0, false)
		if l == 0 {
			l = gin
		}
		s.dist(harlem).Barrels[l] = n
	}
}

func giveEach(k int) func(*state, int, int) {
	return func(s *state, seat, n int) {
		put(s, seat, harlem, 1, 0, false)
		for _, l := range printed.Liquors[:n] {
			s.dist(harlem).Barrels[l] = k
		}
	}
}

func giveCash(s *state, seat, n int) { s.Seats[seat].Cash = 100 * n }

func giveSafehouses(s *state, seat, n int) {
	for _, d := range []pb.District{harlem, westSide, village}[:n] {
		put(s, seat, d, 0, 0, true)
	}
}

func giveRunners(s *state, seat, n int) { put(s, seat, harlem, n, 0, false) }

func giveBoroughs(s *state, seat, n int) {
	for _, d := range []pb.District{harlem, redHook, corona, fordham, tottenville}[:n] {
		put(s, seat, d, 1, 0, false)
	}
}

func giveDeeds(s *state, seat, n int) {
	for b := range n {
		s.Deeds[b+1] = seat
	}
}

func giveSyndicates(s *state, seat, n int) {
	for l := range n {
		s.Syndicates[l+1] = seat
	}
}

func giveWardAndDeed(s *state, seat, n int) {
	if n >= 1 {
		s.WardBoss = seat
	}
	if n >= 2 {
		s.Deeds[bronx] = seat
	}
}

func TestContractDecks(t *testing.T) {
	// "Gigs (1 Day / 1 Respect) ... Rackets (2 Days / 3 Respect) ... Scores
	// (3 Days / 5 Respect)" and "Gig: $500 Racket: $1,500 Score: $3,000".
	want := map[pb.Tier]printed.TierInfo{gig: {Days: 1, Respect: 1, Take: 500}, racket: {Days: 2, Respect: 3, Take: 1500}, score: {Days: 3, Respect: 5, Take: 3000}}
	for tier, w := range want {
		if printed.Tiers[tier] != w {
			t.Errorf("%v: %+v", tier, printed.Tiers[tier])
		}
		// Enough for 4 players each holding a hand of 5 and staking more.
		if n := len(printed.DeckOf(tier)); n < 10 {
			t.Errorf("%v deck has %d cards", tier, n)
		}
	}
	for i, c := range printed.Contracts {
		if c.ID != i+1 || c.Name == "" || c.Objective == "" || c.Goal.Kind == 0 {
			t.Errorf("card %d incomplete", i+1)
		}
	}
}

func TestContractObjectives(t *testing.T) {
	// Each objective is checked on the board: one short of it misses, the
	// exact amount meets it, and a rival with nothing misses.
	give := map[int]struct {
		need int
		f    func(*state, int, int)
	}{
		1: {2, giveDistricts(printed.OfKind(dock))}, 2: {5, giveDistricts(printed.AnyDistrict)}, 3: {4, giveBarrels(0)},
		4: {2, giveBarrels(gin)}, 5: {2, giveBarrels(whisky)}, 6: {2, giveBarrels(moonshine)}, 7: {1, giveBarrels(rum)},
		8: {15, giveCash}, 10: {2, giveDistricts(printed.IsJoint)}, 11: {2, giveSafehouses}, 12: {9, giveRunners},
		13: {2, giveDistricts(printed.OfKind(ghetto))}, 14: {2, giveBoroughs},
		15: {3, giveDistricts(printed.OfKind(dock))}, 16: {4, giveDistricts(printed.IsJoint)}, 17: {8, giveBarrels(0)},
		18: {3, giveBarrels(rum)}, 19: {4, giveEach(1)}, 20: {1, giveDeeds}, 21: {1, giveSyndicates},
		22: {3, giveDistricts(printed.OfKind(ghetto))}, 23: {30, giveCash}, 24: {3, giveSafehouses},
		25: {8, giveDistricts(printed.AnyDistrict)}, 26: {5, giveDistricts(printed.IsCoastal)},
		27: {4, giveDistricts(printed.OfKind(dock))}, 28: {2, giveDeeds}, 29: {2, giveSyndicates}, 30: {2, giveWardAndDeed},
		31: {12, giveBarrels(0)}, 32: {60, giveCash}, 33: {4, giveBoroughs}, 34: {11, giveDistricts(printed.AnyDistrict)},
		35: {6, giveDistricts(printed.IsJoint)}, 36: {4, giveEach(2)},
	}
	for _, c := range printed.Contracts {
		t.Run(c.Name, func(t *testing.T) {
			if c.ID == 9 {
				// "Clean Hands": no markers on the Heat Track.
				s := cleared(t, 2)
				s.Heat = []int{1}
				if !s.met(c, 0) || s.met(c, 1) {
					t.Error("Clean Hands misjudged")
				}
				return
			}
			g, ok := give[c.ID]
			if !ok {
				t.Fatalf("no test for card %d", c.ID)
			}
			short, exact := cleared(t, 2), cleared(t, 2)
			g.f(short, 0, g.need-1)
			g.f(exact, 0, g.need)
			if short.met(c, 0) || !exact.met(c, 0) || exact.met(c, 1) {
				t.Errorf("%q: short %v exact %v rival %v", c.Objective, short.met(c, 0), exact.met(c, 0), exact.met(c, 1))
			}
		})
	}
}
