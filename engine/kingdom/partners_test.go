package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Partners' Districts: "Blood is Thicker: You cannot Ambush or Assault your
// partner's mobsters. You may safely Move through their Controlled
// Districts without triggering combat." and "The Golden Rule of Turf: You
// still cannot share a block. You may not end your Phase with mobsters in a
// District occupied by your partner." (ruling 78)

// guested returns an allied table (0 with 1, 2 with 3) where seat 0 (3
// Runners and a Boss from Harlem) stands in Hell's Kitchen, seat 1's (2
// Runners and a Safehouse), and it is seat 0's Play again.
func guested(t *testing.T) *state {
	t.Helper()
	s := oath(t)
	allied(s)
	put(s, 0, harlem, 3, 1, false)
	put(s, 1, hellsKit, 2, 0, true)
	run(t, s, 0, move(harlem, hellsKit, 3, 1))
	s.Current = 0
	return s
}

func legalKinds(s *state, seat int) (moves []*pb.Move, layLow bool) {
	for _, m := range s.Prompts()[0].Legal {
		c := m.(*pb.Command)
		if x := c.GetMove(); x != nil {
			moves = append(moves, x)
		}
		layLow = layLow || c.GetLayLow() != nil
	}
	return moves, layLow
}

func TestMoveIntoAPartnersDistrict(t *testing.T) {
	// "You may safely Move through their Controlled Districts without
	// triggering combat": the Move is legal, no Standoff, the partner keeps
	// Control and its Safehouse.
	s := oath(t)
	allied(s)
	put(s, 0, harlem, 3, 1, false)
	put(s, 1, hellsKit, 2, 0, true)
	refused(t, s, 0, cmd(&pb.Move{From: harlem, To: hellsKit, Runners: 3, Commandeer: true}), ReasonNothingToCommandeer)
	// A Move goes "to one Connected District": Move.via is no more.
	refused(t, s, 0, cmd(&pb.Move{From: harlem, To: village, Runners: 1, Via: []pb.District{hellsKit}}), ReasonBadVia)
	evs := run(t, s, 0, move(harlem, hellsKit, 3, 1))
	x := s.dist(hellsKit)
	if mv, _ := find(evs, (*pb.Event).GetMoved, func(m *pb.Moved) bool { return m == nil }); mv.Hostile || s.Fight != nil {
		t.Fatalf("a Move into the partner's District started a fight: %v", mv)
	}
	if s.controller(hellsKit) != 1 || !x.Mobs[1].Safehouse || x.Mobs[0] != (pieces{Runners: 3, Bosses: 1}) {
		t.Fatalf("Hell's Kitchen: controller %d, %+v", s.controller(hellsKit), x.Mobs)
	}
	// The guests Control nothing there: "Place a new Safehouse in your
	// District".
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Secure{District: hellsKit}), ReasonNotYourTurf)
	// The partner comes and goes in its own District as it likes.
	s.Current = 1
	run(t, s, 1, move(hellsKit, village, 2, 0))
	if s.controller(hellsKit) != 1 {
		t.Fatal("the partner lost its Safehouse District to its guests")
	}
}

func TestNoEndingThePhaseInAPartnersDistrict(t *testing.T) {
	// "You may not end your Phase with mobsters in a District occupied by
	// your partner." A seat ends its Phase when it Lays Low, by choice or
	// out of Influence.
	s := guested(t)
	refused(t, s, 0, cmd(&pb.LayLow{}), ReasonGoldenRule)
	moves, layLow := legalKinds(s, 0)
	var outs []pb.District
	for _, m := range moves {
		if m.From == hellsKit && m.Runners == 3 && m.Bosses == 1 {
			outs = append(outs, m.To)
		}
	}
	slices.Sort(outs)
	if layLow || !slices.Equal(outs, []pb.District{harlem, westSide, village, lic}) {
		t.Fatalf("prompt: Lay Low %v, ways out %v", layLow, outs)
	}
	// With its last Influence a Play ends the Phase: refused while the
	// guests stay, or while some stay behind.
	s.Seats[0].Stash += len(s.Seats[0].SlotOwners) - 1
	s.Seats[0].SlotOwners = []int{0}
	refused(t, s, 0, hustle(gig, gig), ReasonGoldenRule)
	refused(t, s, 0, move(hellsKit, westSide, 3, 0), ReasonGoldenRule)
	s.Seats[1].SlotOwners, s.Seats[1].Stash = s.Seats[1].SlotOwners[1:], s.Seats[1].Stash+1
	refused(t, s, 0, lendCmd(1, 1), ReasonGoldenRule)
	run(t, s, 0, move(hellsKit, westSide, 3, 1))
	if !s.Seats[0].LaidLow || s.mobstersAt(0, westSide) != 4 || s.mobstersAt(0, hellsKit) != 0 {
		t.Fatalf("laid low %v, West Side %d", s.Seats[0].LaidLow, s.mobstersAt(0, westSide))
	}
	// Nor may the last Influence take mobsters in.
	s = oath(t)
	allied(s)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 1, 0, false)
	s.Seats[0].Stash += len(s.Seats[0].SlotOwners) - 1
	s.Seats[0].SlotOwners = []int{0}
	refused(t, s, 0, move(harlem, hellsKit, 2, 0), ReasonGoldenRule)
}

func TestGuestsWithNoWayOutGoHome(t *testing.T) {
	// When the seat cannot take its guests out before its Phase ends (every
	// District around is hostile, or no Influence is left), it may Lay Low,
	// and they go back to its supply (ruling 78).
	s := guested(t)
	for _, d := range []pb.District{harlem, westSide, village, lic} {
		put(s, 2, d, 1, 0, false)
	}
	if _, layLow := legalKinds(s, 0); !layLow {
		t.Fatal("Lay Low not offered with no way out")
	}
	evs := run(t, s, 0, cmd(&pb.LayLow{}))
	ll, _ := find(evs, (*pb.Event).GetLaidLow, func(x *pb.LaidLow) bool { return x == nil })
	if len(ll.GetStranded()) != 1 || ll.Stranded[0].District != hellsKit || ll.Stranded[0].Runners != 3 || ll.Stranded[0].Bosses != 1 {
		t.Fatalf("laid low %v", ll)
	}
	if s.mobstersAt(0, hellsKit) != 0 || s.runnerSupply(0) != printed.RunnerSupply || s.bossSupply(0) != 1 || s.controller(hellsKit) != 1 {
		t.Fatalf("after: %+v", s.dist(hellsKit).Mobs)
	}
}

func TestAdvanceIntoAPartnersDistrict(t *testing.T) {
	// "Advance ... to any Safe Connected District": a partner's District is
	// Safe; with the last Influence the Advance would end the Phase there.
	for _, last := range []bool{false, true} {
		s := oath(t)
		allied(s)
		put(s, 0, harlem, 2, 0, false)
		put(s, 2, hellsKit, 1, 0, false)
		put(s, 1, village, 1, 0, false)
		run(t, s, 0, move(harlem, hellsKit, 2, 0))
		run(t, s, 2, holdFire)
		if last {
			s.Seats[0].Stash += len(s.Seats[0].SlotOwners) - 1
			s.Seats[0].SlotOwners = []int{0}
			refused(t, s, 0, cmd(&pb.Advance{To: village}), ReasonGoldenRule)
			continue
		}
		run(t, s, 0, cmd(&pb.Advance{To: village}))
		if s.mobstersAt(0, village) != 2 || s.controller(village) != 1 || s.Fight != nil {
			t.Fatalf("advance: %+v", s.dist(village).Mobs)
		}
	}
}

func TestAssaultWithTheLastInfluenceFromAPartnersDistrict(t *testing.T) {
	// A fight that began in a partner's District may end in a Fall Back to
	// it: with the last Influence the Assault is refused; the free Fall Back
	// keeps the Influence to leave.
	s := guested(t)
	put(s, 2, village, 1, 0, false)
	run(t, s, 0, move(hellsKit, village, 3, 1))
	run(t, s, 2, holdFire)
	s.Seats[0].Stash += len(s.Seats[0].SlotOwners) - 1
	s.Seats[0].SlotOwners = []int{0}
	refused(t, s, 0, cmd(&pb.Assault{}), ReasonGoldenRule)
	run(t, s, 0, cmd(&pb.FallBack{}))
	if s.mobstersAt(0, hellsKit) != 4 || s.Seats[0].LaidLow {
		t.Fatalf("after the Fall Back: %d in Hell's Kitchen, laid low %v", s.mobstersAt(0, hellsKit), s.Seats[0].LaidLow)
	}
}

func TestGuestsDefendAfterTheOccupier(t *testing.T) {
	// A rival invading a District the partners share meets the Occupier
	// first; when its last mobster flees, the partner's mobsters are the
	// last Defenders and the Invaders stay Pinned (ruling 78).
	s := oath(t)
	allied(s)
	put(s, 0, westSide, 1, 0, false)
	put(s, 1, hellsKit, 2, 0, true)
	put(s, 2, harlem, 3, 0, false)
	run(t, s, 0, move(westSide, hellsKit, 1, 0))
	s.Current = 2
	run(t, s, 2, move(harlem, hellsKit, 3, 0))
	if f := s.Fight; f == nil || f.Occupier != 1 || f.Stage != pb.Awaiting_AWAITING_STANDOFF {
		t.Fatalf("fight %+v", s.Fight)
	}
	// The Invaders' way back stays open while the partner fights on.
	refused(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, harlem), ReasonNotSafe)
	evs := run(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, village))
	if oc, ok := find(evs, (*pb.Event).GetOccupierChanged, func(x *pb.OccupierChanged) bool { return x == nil }); !ok || oc.Occupier != 0 {
		t.Fatalf("occupier changed %v", oc)
	}
	if f := s.Fight; f == nil || f.Occupier != 0 || f.Stage != pb.Awaiting_AWAITING_PINNED || s.controller(hellsKit) != 0 || !s.dist(hellsKit).Mobs[2].Pinned {
		t.Fatalf("fight %+v", s.Fight)
	}
	// "Blood is Thicker: You cannot Ambush or Assault your partner's
	// mobsters": seat 2 Assaults seat 0 (the guest), not a partner.
	rigged(t, s, 2, cmd(&pb.Assault{}), 6, 1)
	if f := s.Fight; f == nil || f.Stage != pb.Awaiting_AWAITING_SPOILS || s.controller(hellsKit) != 2 {
		t.Fatalf("after the Assault %+v", s.Fight)
	}
	run(t, s, 2, cmd(&pb.Spoils{}))
	if s.dist(hellsKit).Mobs[1].Safehouse || s.mobstersAt(1, village) != 2 {
		t.Fatalf("Hell's Kitchen %+v", s.dist(hellsKit).Mobs)
	}
}

func TestFoldIntoAPartnersDistrict(t *testing.T) {
	// A partner's District is Safe for a Fold, but a seat that has Laid Low
	// has ended its Phase: it could not take its guests out again.
	for _, laidLow := range []bool{false, true} {
		s := oath(t)
		allied(s)
		put(s, 0, harlem, 2, 0, false)
		put(s, 2, hellsKit, 1, 0, false)
		put(s, 3, village, 1, 0, false)
		s.Seats[2].LaidLow = laidLow
		run(t, s, 0, move(harlem, hellsKit, 2, 0))
		fold := standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, village)
		if laidLow {
			refused(t, s, 2, fold, ReasonGoldenRule)
			continue
		}
		run(t, s, 2, fold)
		if s.mobstersAt(2, village) != 1 || s.controller(village) != 3 {
			t.Fatalf("village %+v", s.dist(village).Mobs)
		}
	}
}

func TestAPartnersVisitIsNoAttack(t *testing.T) {
	// A no-attack term between partners survives a Move into the other's
	// District: it starts no fight.
	s := oath(t)
	allied(s)
	favored(s, 0)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 1, 0, true)
	run(t, s, 0, propose(1, noAttack))
	run(t, s, 1, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	if len(s.Deals) != 1 || !s.Seats[0].Favors[walker] {
		t.Fatalf("deals %v", s.Deals)
	}
	if v := s.View(engine.SpectatorViewer()).(*pb.View); v.Districts[hellsKit-1].GetController() != 1 || len(v.Districts[hellsKit-1].Forces) != 2 {
		t.Fatalf("view %v", v.Districts[hellsKit-1])
	}
}

func TestStealthFromAPartnersDistrict(t *testing.T) {
	// Stealth: "You must immediately spend another Influence to either:
	// Assault the district, or Advance". From a partner's District with 2
	// Influence that strike would be the last, with no free Fall Back to
	// keep it: refused; with 3 the Vipers go.
	for _, slots := range []int{2, 3} {
		s := guested(t)
		s.Seats[0].Playbook = pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS
		put(s, 2, village, 1, 0, false)
		s.Seats[0].Stash += len(s.Seats[0].SlotOwners) - slots
		s.Seats[0].SlotOwners = s.Seats[0].SlotOwners[:slots]
		stealth := cmd(&pb.Move{From: hellsKit, To: village, Runners: 3, Bosses: 1, Stealth: true})
		if slots == 2 {
			refused(t, s, 0, stealth, ReasonGoldenRule)
			continue
		}
		run(t, s, 0, stealth)
		if s.Fight == nil || !s.Fight.Stealth {
			t.Fatalf("fight %+v", s.Fight)
		}
	}
}
