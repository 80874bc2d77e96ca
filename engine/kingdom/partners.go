package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"strings"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Partners' Districts (the Blood Oath, ruling 78): "Blood is Thicker: You
// cannot Ambush or Assault your partner's mobsters. You may safely Move
// through their Controlled Districts without triggering combat." and "The
// Golden Rule of Turf: You still cannot share a block. You may not end your
// Phase with mobsters in a District occupied by your partner."
//
// A partner is no rival: its District is Safe and entering it starts no
// fight. The partner keeps Control there (the District's Occupier names
// it) and the seat's mobsters are its guests until they leave. A seat ends
// its Phase when it Lays Low, by choice or out of Influence; what would end
// it with guests is refused while they can still leave, and guests that
// cannot (no Influence left, or nowhere to go) go back to the supply when
// the Phase ends.

// rivals reports whether b is a's rival: another seat, and not its partner.
func (s *state) rivals(a, b int) bool { return a != b && !s.partners(a, b) }

// rivalMobsters reports whether a rival of seat has Mobsters in d.
func (s *state) rivalMobsters(seat int, d pb.District) bool {
	for i, p := range s.dist(d).Mobs {
		if p.mobsters() > 0 && s.rivals(seat, i) {
			return true
		}
	}
	return false
}

// rivalSafehouse returns the rival of seat owning a Safehouse in d, or none.
func (s *state) rivalSafehouse(seat int, d pb.District) int {
	for i, p := range s.dist(d).Mobs {
		if p.Safehouse && s.rivals(seat, i) {
			return i
		}
	}
	return none
}

// partnerControls reports whether seat's partner Controls d: "a District
// occupied by your partner".
func (s *state) partnerControls(seat int, d pb.District) bool {
	p := s.Partner[seat]
	return p != none && s.controller(d) == p
}

// guestsAfter lists the Districts where seat has Mobsters its partner
// Controls, as they will be once n of its Mobsters went from from to to (n
// 0: as they are).
func (s *state) guestsAfter(seat int, from, to pb.District, n int) []pb.District {
	if s.Partner[seat] == none {
		return nil
	}
	var out []pb.District
	for _, d := range printed.AllDistricts() {
		m := s.mobstersAt(seat, d)
		switch d {
		case from:
			m -= n
		case to:
			m += n
		}
		if m > 0 && s.partnerControls(seat, d) {
			out = append(out, d)
		}
	}
	return out
}

// guests lists the Districts where seat's Mobsters are its partner's guests.
func (s *state) guests(seat int) []pb.District { return s.guestsAfter(seat, 0, 0, 0) }

// refuseGuests refuses what would end seat's Phase with guests left in
// these Districts.
func refuseGuests(guests []pb.District) *engine.RuleError {
	if len(guests) == 0 {
		return nil
	}
	names := make([]string, len(guests))
	for i, d := range guests {
		names[i] = printed.Info(d).Name
	}
	return engine.Refuse(ReasonGoldenRule, "you may not end your Phase with mobsters in a District occupied by your partner (%s): "+
		"this would leave you without Influence; move them out first", strings.Join(names, ", "))
}

// checkLastPlay refuses a Play that spends the last of seat's Influence
// (leaving left markers slotted: 0 ends the Phase) while guests would stay.
func (s *state) checkLastPlay(seat, left int, guests func() []pb.District) *engine.RuleError {
	if left > 0 || s.Partner[seat] == none {
		return nil
	}
	return refuseGuests(guests())
}

// checkFightEnd refuses a fight response that spends the Invader's last
// Influence while guests would stay: the fight may end in a Fall Back to its
// origin, so the origin counts when the partner holds it.
func (s *state) checkFightEnd(seat, cost int) *engine.RuleError {
	return s.checkLastPlay(seat, len(s.Seats[seat].SlotOwners)-cost, func() []pb.District {
		g := s.guests(seat)
		if o := s.Fight.Origin; s.partnerControls(seat, o) {
			g = append(g, o)
		}
		return g
	})
}

// ways lists the Moves that take seat's guests out of d: all of them, to a
// Connected Safe District that is not its partner's.
func (s *state) ways(seat int, d pb.District) []*pb.Move {
	p := s.dist(d).Mobs[seat]
	var out []*pb.Move
	for _, n := range printed.Neighbours(d) {
		if s.safe(seat, n) && !s.partnerControls(seat, n) {
			out = append(out, &pb.Move{From: d, To: n, Runners: u32(p.Runners), Bosses: u32(p.Bosses)})
		}
	}
	return out
}

// canLeave reports whether seat can still take its guests out before its
// Phase ends: one Influence for each District they stand in, and a way out
// of each.
func (s *state) canLeave(seat int, guests []pb.District) bool {
	if len(s.Seats[seat].SlotOwners) < len(guests) {
		return false
	}
	for _, d := range guests {
		if len(s.ways(seat, d)) == 0 {
			return false
		}
	}
	return true
}

// checkLayLow refuses Laying Low while the seat's guests can still leave.
func (s *state) checkLayLow(seat int) *engine.RuleError {
	if g := s.guests(seat); len(g) > 0 && s.canLeave(seat, g) {
		return refuseGuests(g)
	}
	return nil
}

// stranded lists the guests a seat Laying Low leaves behind: they cannot
// stay, and go back to its supply.
func (s *state) stranded(seat int) []*pb.Casualty {
	var out []*pb.Casualty
	for _, d := range s.guests(seat) {
		p := s.dist(d).Mobs[seat]
		out = append(out, &pb.Casualty{District: d, Seat: u32(seat), Runners: u32(p.Runners), Bosses: u32(p.Bosses)})
	}
	return out
}

// leaveCandidates lists the Moves that take the seat's guests out, for its
// prompt.
func (s *state) leaveCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for _, d := range s.guests(seat) {
		for _, m := range s.ways(seat, d) {
			out = append(out, cmd(m))
		}
	}
	return out
}

// receive notes, before seat's pieces arrive in d outside a fight, that the
// seat's partner holding d keeps Control: the District's Occupier.
func (s *state) receive(seat uint32, d pb.District) {
	if s.Fight != nil && s.Fight.District == d {
		return
	}
	x := s.dist(d)
	if h := x.holder(); s.partners(int(seat), h) {
		x.Occupier = h
	}
}

// settleOccupiers forgets the Occupier of every District outside the fight
// that one mob or none holds again.
func (s *state) settleOccupiers() {
	for i := range s.D {
		x := &s.D[i]
		if x.Occupier == none || (s.Fight != nil && s.Fight.District == pb.District(i+1)) {
			continue
		}
		n := 0
		for _, p := range x.Mobs {
			if p.any() {
				n++
			}
		}
		if n <= 1 {
			x.Occupier = none
		}
	}
}

// guestDefender returns the Occupier's partner when its Mobsters stand in
// the District of the fight (the next defender), or none.
func (s *state) guestDefender() int {
	f := s.Fight
	if f.Occupier == none {
		return none
	}
	if p := s.Partner[f.Occupier]; p != none && p != f.Invader && s.mobstersAt(p, f.District) > 0 {
		return p
	}
	return none
}

func (s *state) applyOccupierChanged(x *pb.OccupierChanged) {
	s.Fight.Occupier, s.Fight.Stage = int(x.Occupier), pb.Awaiting_AWAITING_PINNED
	s.dist(x.District).Occupier = int(x.Occupier)
}
