package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Police Raids: the Target, the Precision Strikes, the Ultimatum and
// Federal Rebuilding.

// precincts lists the Districts holding a Precinct in Town Planning Ledger
// order.
func (s *state) precincts() []pb.District {
	var out []pb.District
	for _, d := range printed.AllDistricts() {
		if s.dist(d).Precinct {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b pb.District) int { return printed.Info(a).Ledger - printed.Info(b).Ledger })
	return out
}

func (b *builder) startRaid(trigger pb.RaidTrigger) {
	b.pub(&pb.RaidStarted{Target: u32(printed.RaidTarget(b.State().Heat)), Trigger: trigger, Precincts: b.State().precincts()})
	b.crackdown()
}

// strikeCandidates are the Districts a Precinct may hit: Connected to it,
// in its Borough, Controlled by the Target and not hit yet this Raid; only
// those with the most units (Mobsters + Barrels) remain (the Big Bust).
func (s *state) strikeCandidates(p pb.District) []pb.District {
	r := s.Raid
	var out []pb.District
	most := -1
	for _, d := range printed.Neighbours(p) {
		if printed.Info(d).Borough != printed.Info(p).Borough || s.controller(d) != r.Target || slices.Contains(r.Struck, d) {
			continue
		}
		x := s.dist(d)
		units := x.Mobs[r.Target].mobsters() + x.barrelCount()
		switch {
		case units > most:
			most, out = units, []pb.District{d}
		case units == most:
			out = append(out, d)
		}
	}
	return out
}

// runRaid strikes Precinct after Precinct until the Target must decide or
// the Raid ends; it reports whether the Raid has ended.
func (b *builder) runRaid() bool {
	for {
		r := b.State().Raid
		if r.Hit != 0 || len(r.Tied) > 0 {
			return false
		}
		if len(r.Precincts) == 0 {
			b.endRaid()
			return true
		}
		p := r.Precincts[0]
		switch c := b.State().strikeCandidates(p); len(c) {
		case 0:
			b.pub(&pb.RaidStrike{Precinct: p})
		case 1:
			b.pub(&pb.RaidStrike{Precinct: p, District: c[0]})
		default:
			b.pub(&pb.RaidStrike{Precinct: p, Tied: c})
		}
	}
}

func (b *builder) targetsCall(seat int, x *pb.TargetsCall) *engine.RuleError {
	r := b.State().Raid
	if !slices.Contains(r.Tied, x.District) {
		return engine.Refuse(ReasonNotTied, "choose one of the tied Districts")
	}
	if b.Checking() {
		return nil
	}
	b.pub(&pb.RaidStrike{Precinct: r.Precincts[0], District: x.District})
	return nil
}

func (b *builder) bribeOrFall(seat int, x *pb.BribeOrFall) *engine.RuleError {
	s := b.State()
	d := s.Raid.Hit
	ev := &pb.RaidResolved{District: d, Bribed: x.Bribe}
	if x.Bribe {
		if s.Seats[seat].Cash < printed.RaidBribe {
			return engine.Refuse(ReasonNotEnoughCash, "the Bribe is $1,000")
		}
	} else {
		ev.Seized = barrelsList(s.dist(d).Barrels)
		p := s.dist(d).Mobs[seat]
		r, bo := TakeCasualties(p.Runners, p.Bosses, printed.MuscleRatio(p.mobsters(), printed.BrewCap))
		ev.ArrestedRunners, ev.ArrestedBosses = u32(r), u32(bo)
	}
	if b.Checking() {
		return nil
	}
	b.pub(ev)
	if b.runRaid() {
		b.endPlay()
	}
	return nil
}

// endRaid rebuilds destroyed Precincts in the first Unoccupied District of
// their home Borough on the Town Planning Ledger, returns the Heat markers
// to their owners and, after a natural Raid, the Rat Card to the supply.
func (b *builder) endRaid() {
	s := b.State()
	ev := &pb.RaidEnded{RatCardReturned: s.Raid.Trigger == pb.RaidTrigger_RAID_TRIGGER_BOILING_POINT && s.Rat != none}
	taken := map[pb.District]bool{}
	for _, home := range s.PrecinctSupply {
		for _, d := range printed.LedgerOrder(home) {
			if s.dist(d).unoccupied() && !taken[d] {
				taken[d] = true
				ev.Rebuilt = append(ev.Rebuilt, d)
				break
			}
		}
	}
	b.pub(ev)
}
