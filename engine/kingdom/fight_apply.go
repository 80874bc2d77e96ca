package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Folding the fight events. Like the rest of Apply, these never judge.

// enterFight opens a fight: the Invaders stepped onto Hostile turf and are
// Pinned; a rival Occupier keeps Control (Contested Ground) and answers
// first, the Police never do.
func (s *state) enterFight(x *pb.Moved) {
	to := s.dist(x.To)
	to.Mobs[x.Seat].Pinned = true
	f := &fight{District: x.To, Origin: x.From, Invader: int(x.Seat), Occupier: none, Stage: pb.Awaiting_AWAITING_PINNED}
	if x.Occupier != nil {
		f.Occupier, f.Stage = int(*x.Occupier), pb.Awaiting_AWAITING_STANDOFF
		to.Occupier = f.Occupier
	}
	if x.Stealth {
		f.Stage, f.Stealth = pb.Awaiting_AWAITING_PINNED, true
	}
	s.Fight = f
}

func (s *state) applyStandoff(x *pb.StandoffChosen) {
	if x.Choice != pb.StandoffChoice_STANDOFF_CHOICE_FOLD {
		s.Fight.Stage = pb.Awaiting_AWAITING_PINNED
		return
	}
	s.receive(x.Seat, x.FledTo)
	from, to := s.dist(x.District), s.dist(x.FledTo)
	from.Mobs[x.Seat].Runners -= int(x.Runners)
	from.Mobs[x.Seat].Bosses -= int(x.Bosses)
	to.Mobs[x.Seat].Runners += int(x.Runners)
	to.Mobs[x.Seat].Bosses += int(x.Bosses)
	s.takeSafehouse(x.Seat, x.FledTo, x.SafehouseTakenFrom, x.Commandeered)
}

func (s *state) applyRound(x *pb.CombatRound) {
	d := s.dist(x.District)
	inv := &d.Mobs[x.Invader]
	inv.Runners -= int(x.InvaderRunnersLost)
	inv.Bosses -= int(x.InvaderBossesLost)
	if x.Occupier != nil {
		occ := &d.Mobs[*x.Occupier]
		occ.Runners -= int(x.OccupierRunnersLost)
		occ.Bosses -= int(x.OccupierBossesLost)
	}
	// Blood on the Pavement: the Attacker's kills in an Assault. An Ambush
	// is self-defence, Plunder kills nobody, and a Storm's hits kill nobody
	// either: the Police "do not roll defense dice" and have no mobsters to
	// lose (ruling 56).
	if x.Kind == pb.CombatKind_COMBAT_KIND_ASSAULT && x.InvaderHits > 0 && !x.Plunder {
		s.Bloodshed = true
	}
	if x.Kind == pb.CombatKind_COMBAT_KIND_ASSAULT {
		for _, b := range x.Plundered {
			s.Fight.Plundered[b.Liquor] += int(b.Count)
		}
	}
	first := int(x.Invader)
	if x.Kind == pb.CombatKind_COMBAT_KIND_AMBUSH {
		first = int(*x.Occupier)
	}
	s.Seats[first].Cash -= int(x.FirepowerCost)
	if x.Courage != pb.Liquor_LIQUOR_UNSPECIFIED {
		d.Barrels[x.Courage]--
	}
	s.Fight.Stealth = false
}

func (s *state) applyFightEnded(x *pb.FightEnded) {
	d := s.dist(x.District)
	f := s.Fight
	d.Mobs[f.Invader].Pinned = false
	switch x.Outcome {
	case pb.FightOutcome_FIGHT_OUTCOME_HELD:
		s.endFight()
	case pb.FightOutcome_FIGHT_OUTCOME_TAKEN:
		if x.SafehouseOf == nil {
			s.endFight()
			return
		}
		d.Occupier, f.Stage = f.Invader, pb.Awaiting_AWAITING_SPOILS
	case pb.FightOutcome_FIGHT_OUTCOME_STORMED:
		d.Precinct = false
		s.PrecinctSupply = append(s.PrecinctSupply, printed.Info(x.District).Borough)
		f.Stage = pb.Awaiting_AWAITING_SPOILS
	default:
		panic("unknown fight outcome")
	}
}

// endFight closes the fight: nobody is Pinned and the District has one
// holder again, or two partners: the one whose Safehouse stands there keeps
// Control ("Safehouses ... lock down Turf even when empty"), else the last
// defender.
func (s *state) endFight() {
	d := s.dist(s.Fight.District)
	d.Occupier = none
	if h := s.Fight.Occupier; h != none && d.Mobs[h].any() && s.Partner[h] != none && d.Mobs[s.Partner[h]].any() {
		d.Occupier = h
		if p := s.Partner[h]; d.Mobs[p].Safehouse {
			d.Occupier = p
		}
	}
	for i := range d.Mobs {
		d.Mobs[i].Pinned = false
	}
	s.Fight = nil
}

func (s *state) applyWithdrew(x *pb.Withdrew) {
	s.shift(x.Seat, x.From, x.To, x.Runners, x.Bosses, x.Barrels, false)
	s.takeSafehouse(x.Seat, x.To, x.SafehouseTakenFrom, x.Commandeered)
	s.endFight()
}

func (s *state) applySpoils(x *pb.SpoilsTaken) {
	d := s.dist(x.District)
	if x.Destroyed != nil {
		d.Mobs[*x.Destroyed].Safehouse = false
	}
	if x.RelocatedFrom != 0 {
		s.dist(x.RelocatedFrom).Mobs[x.Seat].Safehouse = false
	}
	if x.Commandeered {
		d.Mobs[x.Seat].Safehouse = true
	}
	s.endFight()
}
