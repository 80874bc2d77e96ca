package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The Mob Signature Plays: "Every crew has tricks up its sleeve ... Each mob
// has two unique plays." Capo and Consigliere (Sicilian Syndicate), Courage
// (Hell's Kitchen Irish), Stealth and Firepower (East Side Vipers), Skiff and
// Torch (Harlem Knights). Courage and Firepower ride on the Ambush and the
// Assault; Skiff and Stealth on the Move; Torch is a Pinned response.

// Reason codes of the signature Plays.
const (
	ReasonNotYourPlaybook = "NOT_YOUR_PLAYBOOK"
	ReasonNoSpareBoss     = "NO_SPARE_BOSS"
	ReasonNoRunner        = "NO_RUNNER_HERE"
	ReasonNoSuchMarker    = "NO_SUCH_HEAT_MARKER"
	ReasonNotCoastal      = "NOT_COASTAL"
	ReasonTooManyMobsters = "TOO_MANY_MOBSTERS"
	ReasonNotRival        = "NOT_A_RIVAL_DISTRICT"
	ReasonStealthStrike   = "STEALTH_MUST_ASSAULT_OR_ADVANCE"
	ReasonMaxDice         = "FIREPOWER_AT_MAX_DICE"
	ReasonNoRivalHouse    = "NO_RIVAL_SAFEHOUSE"
	ReasonDefenceOnly     = "NOT_ON_DEFENCE"
)

func (s *state) playbook(seat int, want pb.Playbook) *engine.RuleError {
	if s.Seats[seat].Playbook != want {
		return engine.Refuse(ReasonNotYourPlaybook, "that is a %v Play", want)
	}
	return nil
}

// capo: "Promote a Runner from any District to Capo (switch Runner for the
// spare Boss piece). ... You may only have 1 Capo (2 Bosses total)."
func (b *builder) capo(seat int, x *pb.Capo) *engine.RuleError {
	s := b.State()
	if err := s.playbook(seat, pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE); err != nil {
		return err
	}
	if err := checkDistrict(x.District); err != nil {
		return err
	}
	if s.bossSupply(seat) == 0 {
		return engine.Refuse(ReasonNoSpareBoss, "both Boss pieces are on the board")
	}
	if s.dist(x.District).Mobs[seat].Runners == 0 {
		return engine.Refuse(ReasonNoRunner, "you have no Runner in %s", printed.Info(x.District).Name)
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 2, false)
	b.pub(&pb.CapoPromoted{Seat: u32(seat), District: x.District})
	b.finishPlay()
	return nil
}

// consigliere: "Remove 1 Influence marker of your choice from the Heat Track
// and return it to its owner's Stash (move other markers down to fill gaps
// if required)."
func (b *builder) consigliere(seat int, x *pb.Consigliere) *engine.RuleError {
	s := b.State()
	if err := s.playbook(seat, pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE); err != nil {
		return err
	}
	if int(x.Index) >= len(s.Heat) {
		return engine.Refuse(ReasonNoSuchMarker, "the Heat Track holds %d markers", len(s.Heat))
	}
	owner := s.Heat[x.Index]
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(&pb.HeatCooled{Seat: u32(seat), Index: x.Index, Owner: u32(owner)})
	b.finishPlay()
	return nil
}

// signatureMove checks what Skiff and Stealth add to a Move.
//
// Skiff: "Move up to 5 mobsters (with or without liquor) from a Coastal
// District you control to any other Coastal District. This movement does
// not require Docks. If you enter a Rival District, standard Ambush rules
// apply."
//
// Stealth: "Move up to 5 mobsters (no liquor) into a connected rival
// district without triggering a Standoff ... You must immediately spend
// another Influence to either: Assault the district, or Advance to a
// connected safe district."
func (s *state) signatureMove(seat int, x *pb.Move) *engine.RuleError {
	if x.Skiff && x.Stealth {
		return engine.Malform("SKIFF_AND_STEALTH", "a Move is a Skiff or Stealth, not both")
	}
	if x.Runners+x.Bosses > printed.SignatureMobsters {
		return engine.Refuse(ReasonTooManyMobsters, "move up to %d mobsters", printed.SignatureMobsters)
	}
	if x.Skiff {
		if err := s.playbook(seat, pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS); err != nil {
			return err
		}
		if err := checkDistrict(x.From, x.To); err != nil {
			return err
		}
		switch {
		case x.From == x.To:
			return engine.Refuse(ReasonSameDistrict, "from and to are the same District")
		case !printed.Info(x.From).Coastal || !printed.Info(x.To).Coastal:
			return engine.Refuse(ReasonNotCoastal, "a Skiff sails from a Coastal District to another")
		case s.controller(x.From) != seat:
			return engine.Refuse(ReasonNotYourTurf, "a Skiff leaves a Coastal District you Control")
		}
		return nil
	}
	if err := s.playbook(seat, pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS); err != nil {
		return err
	}
	if err := checkPair(x.From, x.To); err != nil {
		return err
	}
	switch {
	case len(x.Barrels) > 0:
		return engine.Refuse(ReasonTooManyBarrels, "Stealth carries no liquor")
	case x.Commandeer:
		return engine.Refuse(ReasonNothingToCommandeer, "Stealth enters a guarded District")
	case s.dist(x.To).Precinct || !s.rivalMobsters(seat, x.To):
		return engine.Refuse(ReasonNotRival, "Stealth slips into a rival's District")
	case len(s.Seats[seat].SlotOwners) < 2:
		return engine.Refuse(ReasonNotEnoughInfluence, "Stealth needs 1 Influence and 1 more to strike at once")
	}
	// The strike would spend the last Influence, and Stealth forbids the
	// free Fall Back that keeps it (ruling 78).
	return s.checkLastPlay(seat, len(s.Seats[seat].SlotOwners)-2, func() []pb.District { return s.guests(seat) })
}

// attackEdge reads Courage and Firepower for the side firing first: the
// Occupier in an Ambush, the Invader in an Assault. It returns the dice to
// roll, the Courage bonus and the record for the CombatRound.
//
// Courage: "Before you roll dice for an Ambush or for an Assault that you
// initiated, you may discard 1 of your Liquor barrels located in that
// District to gain +1 Threat for that roll."
//
// Firepower: "Pay a flat $200 when you Assault or Ambush to roll exactly one
// additional attack die (up to a maximum of 5)."
func (s *state) attackEdge(seat, mobsters int, firepower bool, courage pb.Liquor) (dice int, brave bool, err *engine.RuleError) {
	dice = printed.CombatDice(mobsters)
	if courage != pb.Liquor_LIQUOR_UNSPECIFIED {
		if err := s.playbook(seat, pb.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH); err != nil {
			return 0, false, err
		}
		if !printed.ValidLiquor(courage) || s.dist(s.Fight.District).Barrels[courage] == 0 {
			return 0, false, engine.Refuse(ReasonNotEnoughBarrels, "no %v barrel lies in the District", courage)
		}
		brave = true
	}
	if firepower {
		if err := s.playbook(seat, pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS); err != nil {
			return 0, false, err
		}
		if dice >= printed.CombatCap {
			return 0, false, engine.Refuse(ReasonMaxDice, "you already roll %d dice", printed.CombatCap)
		}
		if s.Seats[seat].Cash < printed.FirepowerCost {
			return 0, false, engine.Refuse(ReasonNotEnoughCash, "Firepower costs $200")
		}
		dice++
	}
	return dice, brave, nil
}

// edgeRecord writes Courage and Firepower into the round.
func edgeRecord(ev *pb.CombatRound, firepower bool, courage pb.Liquor) *pb.CombatRound {
	if firepower {
		ev.FirepowerCost = printed.FirepowerCost
	}
	ev.Courage = courage
	return ev
}

// checkPlunder checks a Plunder's wish list against the barrels in the
// District (less the one Courage discards first).
//
// Plunder: "Initiate a special attack. For each successful hit, instead of
// eliminating a mobster, steal 1 Liquor barrel of your choice from the
// target District. ... You may also choose to Plunder when you Ambush
// (Cost: 0). Plunder does not create Heat."
func (s *state) checkPlunder(seat int, plunder bool, steal []pb.Liquor, courage pb.Liquor) *engine.RuleError {
	if !plunder {
		if len(steal) > 0 {
			return engine.Malform("STEAL_WITHOUT_PLUNDER", "steal goes with plunder")
		}
		return nil
	}
	if err := s.playbook(seat, pb.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH); err != nil {
		return err
	}
	var want [5]int
	for _, l := range steal {
		if !printed.ValidLiquor(l) {
			return engine.Malform("NO_SUCH_LIQUOR", "no liquor %v", l)
		}
		want[l]++
	}
	if printed.ValidLiquor(courage) {
		want[courage]++
	}
	if !s.dist(s.Fight.District).enough(want) {
		return engine.Refuse(ReasonNotEnoughBarrels, "those barrels are not in %s", printed.Info(s.Fight.District).Name)
	}
	return nil
}

// plunderRound turns the hits of the side firing first into stolen
// barrels: the first entries of steal, one per hit; nobody dies of them.
func plunderRound(ev *pb.CombatRound, r *Round, ambush bool, steal []pb.Liquor) {
	hits := r.InvaderHits
	if ambush {
		hits = r.OccupierHits
		r.InvaderLost = Force{}
		ev.InvaderRunnersLost, ev.InvaderBossesLost = 0, 0
	} else {
		r.OccupierLost = Force{}
		ev.OccupierRunnersLost, ev.OccupierBossesLost = 0, 0
	}
	var took [5]int
	for _, l := range steal[:min(hits, len(steal))] {
		took[l]++
	}
	ev.Plunder, ev.Plundered = true, barrelsList(took)
}

// bossBonus reads a side's Bosses in the fight: "If your Boss is in the
// fight" (+1), and the Capo's "+2 when both Bosses attack one District"
// (ruling 63: only on the roll that side fires first).
func bossBonus(f Force, attacking bool) printed.Bonuses {
	return printed.Bonuses{Boss: f.Bosses > 0, Capo: attacking && f.Bosses >= 2}
}

// torch: "you must have at least one Runner Pinned in the target District.
// Sacrifice one of those Pinned Runners ... He is removed from the game. The
// rival's Safehouse is immediately destroyed (return it to their supply).
// Any rival mobsters and liquor in the District are unharmed and retain
// Control. This Play generates Heat."
func (b *builder) torch(seat int) *engine.RuleError {
	s := b.State()
	f := s.Fight
	if err := s.playbook(seat, pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS); err != nil {
		return err
	}
	owner := s.rivalSafehouse(seat, f.District)
	if f.Occupier == none || owner == none {
		return engine.Refuse(ReasonNoRivalHouse, "no rival Safehouse stands in %s", printed.Info(f.District).Name)
	}
	if s.force(seat).Runners == 0 {
		return engine.Refuse(ReasonNoRunner, "Torch sacrifices a Pinned Runner")
	}
	if have := len(s.Seats[seat].SlotOwners); have < 2 {
		return engine.Refuse(ReasonNotEnoughInfluence, "Torch costs 2 Influence; %d slotted", have)
	}
	if err := s.checkFightEnd(seat, 2); err != nil {
		return err
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 2, false)
	b.pub(&pb.Torched{Seat: u32(seat), District: f.District, Owner: u32(owner)})
	if b.State().force(seat).Mobsters() == 0 {
		b.pub(&pb.FightEnded{District: f.District, Outcome: pb.FightOutcome_FIGHT_OUTCOME_HELD})
		b.finishPlay()
		return nil
	}
	b.pinned()
	return nil
}

func (s *state) applyCapo(x *pb.CapoPromoted) {
	p := &s.dist(x.District).Mobs[x.Seat]
	p.Runners--
	p.Bosses++
}

func (s *state) applyCooled(x *pb.HeatCooled) {
	s.Heat = slices.Delete(s.Heat, int(x.Index), int(x.Index)+1)
	s.Seats[x.Owner].Stash++
}

// applyTorched removes the Runner from the game, burns the Safehouse and
// marks the Play for Heat at its end (ruling 65).
func (s *state) applyTorched(x *pb.Torched) {
	d := s.dist(x.District)
	d.Mobs[x.Seat].Runners--
	d.Mobs[x.Owner].Safehouse = false
	s.Seats[x.Seat].Burned++
	s.Bloodshed = true
}

// signatureCandidates lists the Capo and Consigliere Plays.
func (s *state) signatureCandidates(seat int) []*pb.Command {
	if s.Seats[seat].Playbook != pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE {
		return nil
	}
	var out []*pb.Command
	for i := range s.Heat {
		out = append(out, cmd(&pb.Consigliere{Index: u32(i)}))
	}
	for _, d := range printed.AllDistricts() {
		if s.dist(d).Mobs[seat].Runners > 0 {
			out = append(out, cmd(&pb.Capo{District: d}))
		}
	}
	return out
}

func sumBarrels(b [5]int) int { return b[1] + b[2] + b[3] + b[4] }

// edge is what a signature Play adds to an attack.
type edge struct {
	firepower bool
	courage   pb.Liquor
	plunder   bool
	steal     []pb.Liquor
}

// edgeCandidates lists the Courage, Plunder and Firepower variants of an
// attack (a Plunder listed wants every barrel there, dearest first).
func (s *state) edgeCandidates(seat int, make func(edge) *pb.Command) []*pb.Command {
	var out []*pb.Command
	switch s.Seats[seat].Playbook {
	case pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS:
		out = append(out, make(edge{firepower: true}))
	case pb.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH:
		var steal []pb.Liquor
		x := s.dist(s.Fight.District)
		for i := len(printed.Liquors) - 1; i >= 0; i-- {
			for range x.Barrels[printed.Liquors[i]] {
				steal = append(steal, printed.Liquors[i])
			}
		}
		out = append(out, make(edge{plunder: true, steal: steal}))
		for _, l := range printed.Liquors {
			out = append(out, make(edge{courage: l}))
		}
	}
	return out
}
