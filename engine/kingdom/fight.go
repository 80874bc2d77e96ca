package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Combat: the Standoff, Pinned mobsters, Assault, Advance, Fall Back,
// Storming a Precinct and the Spoils. A fight stays inside the Invader's
// Play: the Play ends (and its Heat is drawn) when the fight does.

// invade enters Hostile turf: the Invaders are Pinned; the Occupier answers
// first, the Police "won't fire, but instantly smash any carried liquor".
func (b *builder) invade(seat int, x *pb.Move, ev *pb.Moved) *engine.RuleError {
	to := b.State().dist(x.To)
	if x.Commandeer {
		return engine.Refuse(ReasonNothingToCommandeer, "%s is guarded: take it in a fight first", printed.Info(x.To).Name)
	}
	ev.Hostile = true
	if x.Stealth {
		ev.Occupier = optSeat(to.holder())
	} else if to.Precinct {
		ev.Seized = len(ev.Barrels) > 0
	} else {
		ev.Occupier = optSeat(to.holder())
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(ev)
	b.pinned()
	return nil
}

// pinned is reached whenever the Invaders stand Pinned: "If you have 0
// Influence remaining, you must Fall Back."
func (b *builder) pinned() {
	f := b.State().Fight
	if f != nil && f.Stage == pb.Awaiting_AWAITING_PINNED && len(b.State().Seats[f.Invader].SlotOwners) == 0 {
		b.withdraw(true)
	}
}

// force returns seat's mobsters in the fight's District.
func (s *state) force(seat int) Force {
	p := s.dist(s.Fight.District).Mobs[seat]
	return Force{p.Runners, p.Bosses}
}

func (b *builder) standoff(x *pb.Standoff) *engine.RuleError {
	s := b.State()
	f := s.Fight
	ev := &pb.StandoffChosen{Seat: u32(f.Occupier), District: f.District, Choice: x.Choice}
	if x.Choice != pb.StandoffChoice_STANDOFF_CHOICE_FOLD && (x.FleeTo != 0 || x.Commandeer) {
		return engine.Malform(ReasonBadStandoff, "flee_to and commandeer go with Fold only")
	}
	if x.Choice != pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH && (x.Firepower || x.Courage != 0 || x.Plunder || len(x.Steal) > 0) {
		return engine.Malform(ReasonBadStandoff, "Firepower, Courage and Plunder go with an Ambush")
	}
	switch x.Choice {
	case pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH:
		occ, inv := s.force(f.Occupier), s.force(f.Invader)
		dice, brave, err := s.attackEdge(f.Occupier, occ.Mobsters(), x.Firepower, x.Courage)
		if err != nil {
			return err
		}
		if err := s.checkPlunder(f.Occupier, x.Plunder, x.Steal, x.Courage); err != nil {
			return err
		}
		bon := bossBonus(occ, true)
		bon.Ambush, bon.Courage = true, brave
		threat := printed.Threat(bon)
		if b.Checking() {
			return nil
		}
		rolls := b.roll(dice)
		b.pub(ev)
		r := ResolveRound(inv, occ, 0, threat, nil, rolls)
		round := edgeRecord(roundEvent(b.State(), pb.CombatKind_COMBAT_KIND_AMBUSH, nil, rolls, r), x.Firepower, x.Courage)
		if x.Plunder {
			plunderRound(round, &r, true, x.Steal)
		}
		b.pub(round)
		b.afterRound()
	case pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE:
		if b.Checking() {
			return nil
		}
		b.pub(ev)
		b.pinned()
	case pb.StandoffChoice_STANDOFF_CHOICE_FOLD:
		if err := s.checkFlight(f.Occupier, x.FleeTo); err != nil {
			return err
		}
		taken, err := s.walkIn(f.Occupier, x.FleeTo, x.Commandeer)
		if err != nil {
			return err
		}
		occ := s.force(f.Occupier)
		ev.FledTo, ev.Runners, ev.Bosses = x.FleeTo, u32(occ.Runners), u32(occ.Bosses)
		ev.SafehouseTakenFrom, ev.Commandeered = optSeat(taken), x.Commandeer
		if b.Checking() {
			return nil
		}
		b.pub(ev)
		b.taken()
	default:
		return engine.Malform(ReasonBadStandoff, "choose Ambush, Hold Fire or Fold")
	}
	return nil
}

// checkFlight checks a Fold's destination: "one Connected Safe District"
// (ruling 52). A partner's District is Safe, but a seat that has Laid Low
// could not leave it before its Phase ends (it has ended); and while the
// Occupier's partner stays to fight, the Invaders' origin must stay theirs
// to Fall Back to (ruling 78).
func (s *state) checkFlight(seat int, to pb.District) *engine.RuleError {
	f := s.Fight
	if err := checkPair(f.District, to); err != nil {
		return err
	}
	switch {
	case !s.safe(seat, to):
		return engine.Refuse(ReasonNotSafe, "flee to a Connected Safe District: one you Control, or one with no rival Mobsters and no Police")
	case s.partnerControls(seat, to) && s.Seats[seat].LaidLow:
		return engine.Refuse(ReasonGoldenRule, "you have ended your Phase: you may not leave mobsters in a District occupied by your partner")
	case to == f.Origin && s.guestDefender() != none:
		return engine.Refuse(ReasonNotSafe, "your partner fights on: the Invaders may still Fall Back to %s", printed.Info(to).Name)
	}
	return nil
}

// roundEvent records a round with its dice.
func roundEvent(s *state, kind pb.CombatKind, invRolls, occRolls []int, r Round) *pb.CombatRound {
	f := s.Fight
	return &pb.CombatRound{District: f.District, Kind: kind, Invader: u32(f.Invader), Occupier: optSeat(f.Occupier),
		InvaderRolls: u32s(invRolls), OccupierRolls: u32s(occRolls),
		InvaderThreat: u32(r.InvaderThreat), OccupierThreat: u32(r.OccupierThreat),
		InvaderHits: u32(r.InvaderHits), OccupierHits: u32(r.OccupierHits),
		InvaderRunnersLost: u32(r.InvaderLost.Runners), InvaderBossesLost: u32(r.InvaderLost.Bosses),
		OccupierRunnersLost: u32(r.OccupierLost.Runners), OccupierBossesLost: u32(r.OccupierLost.Bosses)}
}

func u32s(v []int) []uint32 {
	var out []uint32
	for _, x := range v {
		out = append(out, u32(x))
	}
	return out
}

// afterRound ends the fight when a side is gone: "Combat ends when one side
// is eliminated"; otherwise the Invaders stay Pinned.
func (b *builder) afterRound() {
	f := b.State().Fight
	switch {
	case b.State().force(f.Invader).Mobsters() == 0:
		b.pub(&pb.FightEnded{District: f.District, Outcome: pb.FightOutcome_FIGHT_OUTCOME_HELD})
		b.finishPlay()
	case b.State().force(f.Occupier).Mobsters() == 0:
		b.taken()
	default:
		b.pinned()
	}
}

// taken hands the District to the Invader: "If the last Defender falls or
// flees, you immediately claim Control of the District." A rival Safehouse
// left there waits for the Spoils. When the Occupier's partner still has
// Mobsters there, they are the last Defenders: the fight goes on against
// them, the Invaders still Pinned (ruling 78).
func (b *builder) taken() {
	f := b.State().Fight
	if g := b.State().guestDefender(); g != none {
		b.pub(&pb.OccupierChanged{District: f.District, Occupier: u32(g)})
		b.pinned()
		return
	}
	ev := &pb.FightEnded{District: f.District, Outcome: pb.FightOutcome_FIGHT_OUTCOME_TAKEN,
		SafehouseOf: optSeat(b.State().rivalSafehouse(f.Invader, f.District))}
	b.pub(ev)
	if b.State().Fight == nil {
		b.finishPlay()
	}
}

// payFight checks and pays the 1 Influence of Assault, Advance or Storm.
func (b *builder) payFight(seat int) *engine.RuleError {
	if len(b.State().Seats[seat].SlotOwners) == 0 {
		return engine.Refuse(ReasonNotEnoughInfluence, "this costs 1 Influence; none slotted")
	}
	return nil
}

func (b *builder) assault(seat int, x *pb.Assault) *engine.RuleError {
	s := b.State()
	f := s.Fight
	if f.Occupier == none {
		return engine.Refuse(ReasonPoliceTurf, "the Police do not trade shots: Storm the Precinct")
	}
	if err := b.payFight(seat); err != nil {
		return err
	}
	if err := s.checkFightEnd(seat, 1); err != nil {
		return err
	}
	inv, occ := s.force(f.Invader), s.force(f.Occupier)
	dice, brave, err := s.attackEdge(seat, inv.Mobsters(), x.Firepower, x.Courage)
	if err != nil {
		return err
	}
	if err := s.checkPlunder(seat, x.Plunder, x.Steal, x.Courage); err != nil {
		return err
	}
	ib := bossBonus(inv, true)
	ib.Courage = brave
	ob := bossBonus(occ, false)
	ob.Safehouse = s.dist(f.District).Mobs[f.Occupier].Safehouse
	invThreat, occThreat := printed.Threat(ib), printed.Threat(ob)
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	invRolls := b.roll(dice)
	occRolls := b.roll(printed.CombatDice(occ.Mobsters()))
	r := ResolveRound(inv, occ, invThreat, occThreat, invRolls, occRolls)
	round := edgeRecord(roundEvent(b.State(), pb.CombatKind_COMBAT_KIND_ASSAULT, invRolls, occRolls, r), x.Firepower, x.Courage)
	if x.Plunder {
		plunderRound(round, &r, false, x.Steal)
	}
	b.pub(round)
	b.afterRound()
	return nil
}

func (b *builder) storm(seat int) *engine.RuleError {
	s := b.State()
	f := s.Fight
	if f.Occupier != none {
		return engine.Refuse(ReasonNotPoliceTurf, "there is no Precinct here to Storm")
	}
	if f.Stealth {
		return engine.Refuse(ReasonStealthStrike, "after Stealth you must Assault or Advance")
	}
	if err := b.payFight(seat); err != nil {
		return err
	}
	if err := s.checkFightEnd(seat, 1); err != nil {
		return err
	}
	inv := s.force(seat)
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	rolls := b.roll(printed.CombatDice(inv.Mobsters()))
	r, destroyed := ResolveStorm(inv, printed.Threat(bossBonus(inv, true)), rolls)
	b.pub(roundEvent(b.State(), pb.CombatKind_COMBAT_KIND_STORM, rolls, nil, r))
	switch {
	case destroyed:
		b.pub(&pb.FightEnded{District: f.District, Outcome: pb.FightOutcome_FIGHT_OUTCOME_STORMED})
	case b.State().force(seat).Mobsters() > 0:
		b.withdraw(true)
	default:
		b.pub(&pb.FightEnded{District: f.District, Outcome: pb.FightOutcome_FIGHT_OUTCOME_HELD})
		b.finishPlay()
	}
	return nil
}

// withdraw Falls Back to the origin: "Carried Liquor is left behind for
// the Defender."
func (b *builder) withdraw(forced bool) {
	f := b.State().Fight
	inv := b.State().force(f.Invader)
	b.pub(&pb.Withdrew{Seat: u32(f.Invader), From: f.District, To: f.Origin, Runners: u32(inv.Runners),
		Bosses: u32(inv.Bosses), Forced: forced})
	b.finishPlay()
}

func (b *builder) advance(seat int, x *pb.Advance) *engine.RuleError {
	s := b.State()
	f := s.Fight
	if err := checkPair(f.District, x.To); err != nil {
		return err
	}
	if !s.safe(seat, x.To) {
		return engine.Refuse(ReasonNotSafe, "you cannot Advance into hostile turf: Advance to a Safe District")
	}
	carry, total, err := parseBarrels(x.Barrels)
	if err != nil {
		return err
	}
	inv := s.force(seat)
	if total > inv.Mobsters()+sumBarrels(f.Plundered) {
		return engine.Refuse(ReasonTooManyBarrels, "each Mobster carries at most 1 barrel, besides the Plunder")
	}
	if !s.dist(f.District).enough(carry) {
		return engine.Refuse(ReasonNotEnoughBarrels, "those barrels are not in %s", printed.Info(f.District).Name)
	}
	taken, rerr := s.walkIn(seat, x.To, x.Commandeer)
	if rerr != nil {
		return rerr
	}
	if err := b.payFight(seat); err != nil {
		return err
	}
	if err := s.checkLastPlay(seat, len(s.Seats[seat].SlotOwners)-1, func() []pb.District {
		return s.guestsAfter(seat, f.District, x.To, inv.Mobsters())
	}); err != nil {
		return err
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(&pb.Withdrew{Seat: u32(seat), From: f.District, To: x.To, Runners: u32(inv.Runners), Bosses: u32(inv.Bosses),
		Barrels: barrelsList(carry), Advance: true, SafehouseTakenFrom: optSeat(taken), Commandeered: x.Commandeer})
	b.finishPlay()
	return nil
}

// spoils settles the Safehouse of a District just taken: destroyed, or
// Commandeered ("immediately Secure the district for free ... If you have
// no spare Safehouses, you must relocate an existing one").
func (b *builder) spoils(seat int, x *pb.Spoils) *engine.RuleError {
	s := b.State()
	d := s.Fight.District
	ev := &pb.SpoilsTaken{Seat: u32(seat), District: d, Destroyed: optSeat(s.rivalSafehouse(seat, d))}
	if x.Commandeer {
		if err := s.checkSafehouseSource(seat, d, x.RelocateFrom); err != nil {
			return err
		}
		ev.Commandeered, ev.RelocatedFrom = true, x.RelocateFrom
	} else if x.RelocateFrom != 0 {
		return engine.Malform(ReasonBadSpoils, "relocate_from goes with commandeer")
	}
	if b.Checking() {
		return nil
	}
	b.pub(ev)
	b.finishPlay()
	return nil
}

// bloodOnThePavement puts a marker on the Heat Track at the end of a Play
// in which the Attacker killed: "A multi-round Assault is still a single
// Play and generates Heat only once." The marker is the one a Heat-making
// Play sends (ruling 35): the Attacker's own when it spent one on the Play,
// else the lender's ("If the rival spends your marker on a Play that
// generates Heat, your marker goes to the Heat Track"). It comes from its
// owner's Stash, where spent markers went (ruling 55); when that is empty,
// from the owner's markers in the Attacker's slots, and with none there
// either, the Attacker's own marker is drawn the same way, else none
// (ruling 75).
func (b *builder) bloodOnThePavement() {
	s := b.State()
	seat := s.Current
	owner := seat
	if len(s.PlaySpent) > 0 && !slices.Contains(s.PlaySpent, seat) {
		owner = s.PlaySpent[0]
	}
	ev := &pb.HeatDrawn{Seat: u32(seat), Owner: u32(owner)}
	for _, o := range []int{owner, seat} {
		ev.Owner = u32(o)
		switch {
		case s.Seats[o].Stash > 0:
			b.pub(ev)
			return
		case slices.Contains(s.Seats[seat].SlotOwners, o):
			ev.FromSlots = true
			b.pub(ev)
			return
		}
	}
	ev.NoMarker = true
	b.pub(ev)
}
