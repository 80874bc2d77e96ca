package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Influence at the drinking places: open or closed, the majority holder,
// the owner, each seat's buying tier, and where the 2-player variant's
// neutral markers go. These read the state; they change nothing.

// total returns the markers of every colour at the place.
func (p *placeState) total() int {
	n := 0
	for _, m := range p.markers {
		n += m
	}
	return n
}

// open reports whether drinking place p buys this round: O'Malley's always
// (ruling 9); a speakeasy in play while it holds at least its minimum of
// markers, of any colour (rulings 6-7); a casino unless a Police Raid
// closed it this round (rulings 82, 90).
func (s *State) open(p pb.DrinkingPlace) bool {
	st := s.place(p)
	if !st.inPlay {
		return false
	}
	switch st.kind {
	case pb.PlaceKind_PLACE_KIND_OMALLEYS:
		return true
	case speakeasy:
		n, _ := s.house.Speakeasy(p)
		return st.total() >= n.Minimum
	case casino:
		// "That Casino is closed for one round only." (ruling 90)
		return !st.cards.raided
	default:
		return false
	}
}

// freeCircles returns the empty circles of speakeasy p.
func (s *State) freeCircles(p pb.DrinkingPlace) int {
	n, ok := s.house.Speakeasy(p)
	if !ok || s.place(p).kind != speakeasy {
		return 0
	}
	return n.Circles - s.place(p).total()
}

// beats reports whether colour a wins a tie against colour b this round: a
// seat beats the neutral colour, and between seats the higher revealed
// Muscle card wins (rulings 4, 11). known is false when two seats tie
// before the round's reveal.
func (s *State) beats(a, b colour) (win, known bool) {
	switch {
	case a == neutralColour:
		return false, true
	case b == neutralColour:
		return true, true
	}
	ma, mb := s.seats[a].muscle, s.seats[b].muscle
	if ma == 0 || mb == 0 {
		return false, false
	}
	return ma > mb, true
}

// majority returns the colour holding the majority at p: the most markers,
// ties broken by beats (ruling 11). ok is false with no marker there, or
// while two seats tie before the reveal.
func (s *State) majority(p pb.DrinkingPlace) (c colour, ok bool) {
	st := s.place(p)
	most := 0
	for _, m := range st.markers {
		most = max(most, m)
	}
	if most == 0 {
		return 0, false
	}
	var tied []colour
	for i, m := range st.markers {
		if m == most {
			tied = append(tied, colour(i))
		}
	}
	best := tied[0]
	for _, c := range tied[1:] {
		win, known := s.beats(c, best)
		if !known {
			return 0, false
		}
		if win {
			best = c
		}
	}
	return best, true
}

// owner returns the colour that owns drinking place p: a casino's marked
// owner (Boardwalk); a speakeasy's majority holder, if
// that colour has at least as many markers as all other colours combined
// (strictly more with OWNER_THRESHOLD_STRICT_MAJORITY) (ruling 12). ok is
// false when nobody owns it; a neutral owner is returned as neutralColour
// (it is paid nothing, ruling 13).
func (s *State) owner(p pb.DrinkingPlace) (c colour, ok bool) {
	if st := s.place(p); st.kind == casino {
		return colour(st.casinoOwner), true
	}
	if s.place(p).kind != speakeasy {
		return 0, false
	}
	m, ok := s.majority(p)
	if !ok {
		return 0, false
	}
	own := s.place(p).markers[m]
	others := s.place(p).total() - own
	if s.opts.GetOwnerThreshold() == pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY {
		return m, own > others
	}
	return m, own >= others
}

// tier returns seat's buying tier at drinking place p (ruling 42):
// majority, presence (at least one marker), or none; unspecified at
// O'Malley's, which buys every crate.
func (s *State) tier(seat int, p pb.DrinkingPlace) pb.BuyingTier {
	if s.place(p).kind == pb.PlaceKind_PLACE_KIND_OMALLEYS {
		return pb.BuyingTier_BUYING_TIER_UNSPECIFIED
	}
	if m, ok := s.majority(p); ok && m == colour(seat) {
		return pb.BuyingTier_BUYING_TIER_MAJORITY
	}
	if s.place(p).markers[seat] > 0 {
		return pb.BuyingTier_BUYING_TIER_PRESENCE
	}
	return pb.BuyingTier_BUYING_TIER_NO_MARKER
}

// neutralPlacements returns where n neutral markers go, in the printed
// order (ruling 61): "Beginning with Texas Lil's, fill all of the shaded
// circles in order of smallest to largest Speakeasy", then "If all of the
// shaded circles are filled, begin again in Texas Lil's fill the remaining
// available circles". Markers with no circle left, or beyond the neutral
// supply, are not placed. It changes nothing.
func (s *State) neutralPlacements(n int) []*pb.Placement {
	n = min(n, s.neutralSupply)
	var out []*pb.Placement
	added := map[pb.DrinkingPlace]int{}
	for range n {
		p, ok := s.nextNeutralCircle(added)
		if !ok {
			break
		}
		added[p]++
		if k := len(out); k > 0 && out[k-1].Place == p {
			out[k-1].Markers++
		} else {
			out = append(out, &pb.Placement{Place: p, Markers: 1})
		}
	}
	return out
}

// nextNeutralCircle returns the speakeasy of the next neutral marker, given
// the markers already added: the first with an empty shaded circle, else
// the first with any empty circle.
func (s *State) nextNeutralCircle(added map[pb.DrinkingPlace]int) (pb.DrinkingPlace, bool) {
	for _, shadedPass := range []bool{true, false} {
		for _, p := range printed.NeutralOrder() {
			n, _ := s.house.Speakeasy(p)
			if !s.place(p).inPlay || s.place(p).kind != speakeasy {
				continue
			}
			have := s.place(p).total() + added[p]
			limit := n.Circles
			if shadedPass {
				limit = n.Minimum
			}
			if have < limit {
				return p, true
			}
		}
	}
	return pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED, false
}
