package kingdom

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Standard Plays on the board: Move, Push, Recruit, Secure, Smuggle.

func (b *builder) move(seat int, x *pb.Move) *engine.RuleError {
	s := b.State()
	switch {
	case len(x.Via) > 0:
		return engine.Malform(ReasonBadVia, "a Move goes to one Connected District; your partner's Districts are entered Move by Move (ruling 78)")
	case x.Skiff || x.Stealth:
		if err := s.signatureMove(seat, x); err != nil {
			return err
		}
	default:
		if err := checkPair(x.From, x.To); err != nil {
			return err
		}
	}
	p := s.dist(x.From).Mobs[seat]
	n := int(x.Runners + x.Bosses)
	if n == 0 {
		return engine.Refuse(ReasonNothingToMove, "move at least one Mobster")
	}
	if int(x.Runners) > p.Runners || int(x.Bosses) > p.Bosses {
		return engine.Refuse(ReasonNotEnoughMobsters, "you have %d Runners and %d Bosses in %s", p.Runners, p.Bosses, printed.Info(x.From).Name)
	}
	carry, total, err := parseBarrels(x.Barrels)
	if err != nil {
		return err
	}
	if total > n {
		return engine.Refuse(ReasonTooManyBarrels, "each Mobster carries at most 1 barrel")
	}
	if !s.dist(x.From).enough(carry) {
		return engine.Refuse(ReasonNotEnoughBarrels, "those barrels are not in %s", printed.Info(x.From).Name)
	}
	// With its last Influence a Move ends the Phase; into a fight it may end
	// in a Fall Back to from.
	if err := s.checkLastPlay(seat, len(s.Seats[seat].SlotOwners)-1, func() []pb.District {
		if s.hostile(seat, x.To) {
			return s.guests(seat)
		}
		return s.guestsAfter(seat, x.From, x.To, n)
	}); err != nil {
		return err
	}
	ev := &pb.Moved{Seat: u32(seat), From: x.From, To: x.To, Runners: x.Runners, Bosses: x.Bosses, Barrels: barrelsList(carry),
		Skiff: x.Skiff, Stealth: x.Stealth}
	if s.hostile(seat, x.To) {
		return b.invade(seat, x, ev)
	}
	taken, err := s.walkIn(seat, x.To, x.Commandeer)
	if err != nil {
		return err
	}
	ev.SafehouseTakenFrom, ev.Commandeered = optSeat(taken), x.Commandeer
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(ev)
	b.finishPlay()
	return nil
}

// hostile reports whether d is Hostile turf for seat: "Any District guarded
// by Rival Mobsters or the Police." A partner is no rival (ruling 78).
func (s *state) hostile(seat int, d pb.District) bool {
	return s.dist(d).Precinct || s.rivalMobsters(seat, d)
}

// safe reports whether d is a Safe District for seat: "Any District you
// currently Control, plus any Defenseless District (meaning it contains no
// Rival Mobsters or Police). Unattended liquor and unguarded Rival
// Safehouses do not make a District hostile". It is the one definition
// that Fold, Advance (Stealth's way out among them) and their prompts read.
func (s *state) safe(seat int, d pb.District) bool {
	return s.controller(d) == seat || !s.hostile(seat, d)
}

// walkIn checks entering a Safe District: an unguarded rival Safehouse
// there is taken (returned), and commandeer places one of seat's own in its
// place, which needs a spare one. It returns the rival whose Safehouse goes.
func (s *state) walkIn(seat int, d pb.District, commandeer bool) (int, *engine.RuleError) {
	rival := s.rivalSafehouse(seat, d)
	if commandeer {
		if rival == none {
			return none, engine.Refuse(ReasonNothingToCommandeer, "no unguarded rival Safehouse in %s", printed.Info(d).Name)
		}
		if s.safehouseSupply(seat) == 0 {
			return none, engine.Refuse(ReasonNoSpareSafehouse, "you have no spare Safehouse")
		}
	}
	return rival, nil
}

func (b *builder) push(seat int, x *pb.Push) *engine.RuleError {
	s := b.State()
	if err := checkPair(x.From, x.To); err != nil {
		return err
	}
	moved, total, err := parseBarrels(x.Barrels)
	if err != nil {
		return err
	}
	back, backTotal, err := parseBarrels(x.Back)
	if err != nil {
		return err
	}
	if total+backTotal == 0 {
		return engine.Refuse(ReasonNothingToPush, "push at least one barrel")
	}
	if !s.dist(x.From).enough(moved) || !s.dist(x.To).enough(back) {
		return engine.Refuse(ReasonNotEnoughBarrels, "those barrels are not there")
	}
	cf, ct := s.controller(x.From), s.controller(x.To)
	rival := none
	switch {
	case cf == seat && (backTotal == 0 || ct == seat):
	case cf == seat:
		if ct == none {
			return engine.Refuse(ReasonBadTrade, "barrels come back only from a rival's District")
		}
		rival = ct
	case ct != seat:
		return engine.Refuse(ReasonNotYourTurf, "you Control neither %s nor %s", printed.Info(x.From).Name, printed.Info(x.To).Name)
	case cf != none:
		rival = cf
	}
	if b.Checking() {
		return nil
	}
	if rival != none {
		b.proposePush(seat, rival, &pb.Push{From: x.From, To: x.To, Barrels: barrelsList(moved), Back: barrelsList(back)})
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(&pb.Pushed{Seat: u32(seat), From: x.From, To: x.To, Barrels: barrelsList(moved), Back: barrelsList(back), Seized: b.State().dist(x.To).Precinct})
	b.finishPlay()
	return nil
}

// recruitCost is the price of a Runner: $300, or $200 for the Ward Boss.
func (s *state) recruitCost(seat int) int {
	if s.WardBoss == seat {
		return printed.WardBossRecruitCost
	}
	return printed.RecruitCost
}

func (b *builder) recruit(seat int, x *pb.Recruit) *engine.RuleError {
	s := b.State()
	if err := checkDistrict(x.District); err != nil {
		return err
	}
	if !s.dist(x.District).Mobs[seat].Safehouse {
		return engine.Refuse(ReasonNoSafehouse, "you Recruit only at your Safehouse")
	}
	n := int(x.Runners)
	if n < 1 || n > s.runnerSupply(seat) {
		return engine.Refuse(ReasonSupplyEmpty, "you can hire 1 to %d Runners", s.runnerSupply(seat))
	}
	cost := n * s.recruitCost(seat)
	if cost > s.Seats[seat].Cash {
		return engine.Refuse(ReasonNotEnoughCash, "%d Runners cost $%d", n, cost)
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(&pb.Recruited{Seat: u32(seat), District: x.District, Runners: x.Runners, Cost: u32(cost)})
	b.finishPlay()
	return nil
}

func (b *builder) secure(seat int, x *pb.Secure) *engine.RuleError {
	s := b.State()
	if err := checkDistrict(x.District); err != nil {
		return err
	}
	if s.mobstersAt(seat, x.District) == 0 {
		return engine.Refuse(ReasonNotEnoughMobsters, "Secure needs one of your Mobsters in %s", printed.Info(x.District).Name)
	}
	if s.controller(x.District) != seat {
		return engine.Refuse(ReasonNotYourTurf, "\"Place a new Safehouse in your District\": %s is your partner's", printed.Info(x.District).Name)
	}
	if err := s.checkSafehouseSource(seat, x.District, x.RelocateFrom); err != nil {
		return err
	}
	if s.Seats[seat].Cash < printed.SecureCost {
		return engine.Refuse(ReasonNotEnoughCash, "Secure costs $500")
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(&pb.Secured{Seat: u32(seat), District: x.District, RelocatedFrom: x.RelocateFrom, Cost: printed.SecureCost})
	b.finishPlay()
	return nil
}

// checkSafehouseSource checks that seat may place a Safehouse in d: a new
// one from the supply, or the one standing in from.
func (s *state) checkSafehouseSource(seat int, d, from pb.District) *engine.RuleError {
	if s.dist(d).Mobs[seat].Safehouse {
		return engine.Refuse(ReasonAlreadySecured, "%s already holds your Safehouse", printed.Info(d).Name)
	}
	if from != 0 {
		if err := checkDistrict(from); err != nil {
			return err
		}
		if !s.dist(from).Mobs[seat].Safehouse {
			return engine.Refuse(ReasonNotYourSafehouse, "no Safehouse of yours in %s", printed.Info(from).Name)
		}
		return nil
	}
	if s.safehouseSupply(seat) == 0 {
		return engine.Refuse(ReasonNoSpareSafehouse, "all 3 Safehouses are on the board; relocate one")
	}
	return nil
}

func (b *builder) smuggle(seat int, x *pb.Smuggle) *engine.RuleError {
	s := b.State()
	if err := checkDistrict(x.Dock); err != nil {
		return err
	}
	if printed.Info(x.Dock).Kind != dock {
		return engine.Refuse(ReasonNotADock, "%s is not a Dock", printed.Info(x.Dock).Name)
	}
	if s.controller(x.Dock) != seat {
		return engine.Refuse(ReasonNotYourTurf, "you do not Control %s", printed.Info(x.Dock).Name)
	}
	p := s.dist(x.Dock).Mobs[seat]
	crew := int(x.Crew)
	if crew < 1 || crew > min(5, p.mobsters()) {
		return engine.Refuse(ReasonBadCrew, "send 1 to %d Mobsters from the Dock", min(5, p.mobsters()))
	}
	docks := s.countControlled(seat, printed.OfKind(dock))
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	rolls := make([]int, printed.SmuggleDice(crew))
	for i := range rolls {
		rolls[i] = b.Rand().Die(6)
	}
	b.pub(smuggled(b.State(), seat, x.Dock, crew, docks, rolls))
	b.finishPlay()
	return nil
}

// smuggled resolves a run from its rolls: Rum for each success (while the
// supply lasts), an arrest for each failure, Runners of the crew first.
func smuggled(s *state, seat int, d pb.District, crew, docks int, rolls []int) *pb.Smuggled {
	r := ResolveSmuggle(docks, rolls)
	p := s.dist(d).Mobs[seat]
	crewRunners := min(crew, p.Runners)
	ar, ab := TakeCasualties(crewRunners, crew-crewRunners, r.Failures)
	ev := &pb.Smuggled{Seat: u32(seat), Dock: d, Crew: u32(crew), Target: u32(r.Target),
		Rum: u32(min(r.Successes, s.barrelSupply(rum))), ArrestedRunners: u32(ar), ArrestedBosses: u32(ab)}
	for _, f := range rolls {
		ev.Rolls = append(ev.Rolls, u32(f))
	}
	return ev
}
