package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The Blood Oath: 4-Player Team Variant. A free-for-all until the Federal
// Crackdown Tracker reaches space 10; then the Sit-Down forms two permanent
// alliances, partners never fight, and an Alliance wins with a Commission
// and 35 combined Respect.

// Reason codes of the Blood Oath.
const (
	// ReasonGoldenRule refuses what would end a seat's Phase with its
	// mobsters in its partner's District (ruling 78).
	ReasonGoldenRule = "PARTNER_TURF"
	// ReasonBadVia refuses Move.via: a Move goes to one Connected District.
	ReasonBadVia = "BAD_VIA"
)

func (s *state) bloodOath() bool { return s.Opts.GetBloodOath() }

// allianceRespect is the combined Respect an Alliance needs: the printed 35
// unless the table option lowers it.
func (s *state) allianceRespect() int {
	if n := int(s.Opts.GetAllianceRespectToWin()); n > 0 {
		return n
	}
	return printed.AllianceRespect
}

func (s *state) sitDownAt() int {
	if n := int(s.Opts.GetSitDownAt()); n > 0 {
		return n
	}
	return printed.SitDownSpace
}

// partners reports whether a and b are partners (the Sit-Down happened).
func (s *state) partners(a, b int) bool {
	return a != none && b != none && a != b && s.Partner[a] == b
}

// crackdown advances the Tracker with every Raid ("Every time a Police
// Raid triggers ... advance the crackdown token one space") and holds the
// Sit-Down when it reaches its space.
func (b *builder) crackdown() {
	s := b.State()
	if !s.bloodOath() || s.Partner[0] != none || s.Crackdown < s.sitDownAt() {
		return
	}
	b.pub(&pb.SitDown{Ranking: u32s(s.ranking())})
}

// ranking orders the seats for the Sit-Down: "Tally everyone's current
// Respect (scoring held Titles and completed Contracts). Tiebreaker: Total
// Cash on hand." The Rat Card and unpaid Marks are scored at the game's end,
// not here; a tie that survives goes to the earlier seat in the Day's Turn
// Order (ruling 77).
func (s *state) ranking() []int {
	out := slices.Clone(s.DayOrder)
	slices.SortStableFunc(out, func(a, c int) int {
		if d := s.standing(c) - s.standing(a); d != 0 {
			return d
		}
		return s.Seats[c].Cash - s.Seats[a].Cash
	})
	return out
}

func (s *state) applySitDown(x *pb.SitDown) {
	r := x.Ranking
	// "The player in 1st Place joins forces with the player in 4th Place.
	// The player in 2nd Place pairs with the player in 3rd Place."
	s.Partner[r[0]], s.Partner[r[3]] = int(r[3]), int(r[0])
	s.Partner[r[1]], s.Partner[r[2]] = int(r[2]), int(r[1])
}

// allianceWin ends a Blood Oath game after the Sit-Down: "an Alliance must
// collectively possess at least 1 Commission Card (earned by either
// partner) and reach a Combined Total of 35 Respect." Both Alliances there:
// "The Alliance with the highest Combined Respect wins the war" (then the
// combined bankroll, then Turn Order); within it "the player who
// contributed the most Respect" is the Capo di Tutti Capi (then bankroll,
// then Turn Order).
func (b *builder) allianceWin() bool {
	s := b.State()
	var cands []int // one seat of each qualifying Alliance, in Turn Order
	for _, seat := range s.DayOrder {
		p := s.Partner[seat]
		if slices.Contains(cands, p) {
			continue
		}
		if (s.Seats[seat].Commission || s.Seats[p].Commission) && s.respect(seat)+s.respect(p) >= s.allianceRespect() {
			cands = append(cands, seat)
		}
	}
	if len(cands) == 0 {
		return false
	}
	team := slices.MaxFunc(cands, func(a, c int) int {
		pa, pc := s.Partner[a], s.Partner[c]
		if d := s.respect(a) + s.respect(pa) - s.respect(c) - s.respect(pc); d != 0 {
			return d
		}
		return s.bankroll(a) + s.bankroll(pa) - s.bankroll(c) - s.bankroll(pc)
	})
	capo, partner := team, s.Partner[team]
	if slices.Index(s.DayOrder, partner) < slices.Index(s.DayOrder, capo) {
		capo, partner = partner, capo
	}
	if d := s.respect(partner) - s.respect(capo); d > 0 || (d == 0 && s.bankroll(partner) > s.bankroll(capo)) {
		capo, partner = partner, capo
	}
	b.pub(s.ended(capo, optSeat(partner)))
	return true
}

// ended records the end with every seat's Respect and bankroll.
func (s *state) ended(win int, partner *uint32) *pb.GameEnded {
	ev := &pb.GameEnded{Winner: u32(win), Partner: partner}
	for seat := range s.Seats {
		ev.Respect = append(ev.Respect, int32(s.respect(seat)))
		ev.Bankroll = append(ev.Bankroll, u32(s.bankroll(seat)))
	}
	return ev
}
