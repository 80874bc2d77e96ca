package kingdom

import (
	"slices"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// "Safe Districts: Any District you currently Control, plus any Defenseless
// District (meaning it contains no Rival Mobsters or Police). Unattended
// liquor and unguarded Rival Safehouses do not make a District hostile; you
// can freely walk in and instantly claim them (Commandeering the
// Safehouse)." One definition (state.safe) serves Fold, Advance and
// Stealth's way out.

func TestSafeDistricts(t *testing.T) {
	s := cleared(t, 3)
	put(s, 0, harlem, 1, 0, false)
	s.dist(westSide).Barrels[rum] = 2
	put(s, 1, village, 0, 0, true)
	put(s, 1, fivePoints, 1, 0, false)
	put(s, 2, hellsKit, 0, 0, true)
	put(s, 2, hellsKit, 0, 1, true)
	for _, c := range []struct {
		d    pb.District
		safe bool
		why  string
	}{
		{harlem, true, "a District you Control"},
		{westSide, true, "unattended liquor"},
		{village, true, "an unguarded rival Safehouse"},
		{williamsbg, false, "Police"},
		{sugarHill, false, "Police"},
		{fivePoints, false, "a rival Runner"},
		{hellsKit, false, "a rival Boss"},
		{redHook, true, "nobody"},
	} {
		if got := s.safe(0, c.d); got != c.safe {
			t.Errorf("%v (%s): safe %v", c.d, c.why, got)
		}
	}
}

func TestFoldIntoADefenselessDistrict(t *testing.T) {
	// "Fold (Cost: 0): You surrender the District. You may immediately move
	// your mobsters to one Connected Safe District." Hell's Kitchen's
	// neighbours: Greenwich Village holds only seat 2's Safehouse, West Side
	// only barrels, Long Island City seat 2's Runner.
	s := invaded(t)
	put(s, 2, village, 0, 0, true)
	s.dist(westSide).Barrels[rum] = 2
	put(s, 2, lic, 1, 0, false)
	p := s.Prompts()[0]
	var folds []pb.District
	commandeer := false
	for _, m := range p.Legal {
		if x := m.(*pb.Command).GetStandoff(); x.GetChoice() == pb.StandoffChoice_STANDOFF_CHOICE_FOLD {
			folds = append(folds, x.FleeTo)
			commandeer = commandeer || (x.Commandeer && x.FleeTo == village)
		}
	}
	slices.Sort(folds)
	if !slices.Equal(slices.Compact(folds), []pb.District{harlem, westSide, village}) || !commandeer {
		t.Fatalf("Folds offered to %v (Commandeer in the Village %v)", folds, commandeer)
	}
	refused(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, lic), ReasonNotSafe)
	refused(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: westSide, Commandeer: true}), ReasonNothingToCommandeer)
	refused(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE, Commandeer: true}), ReasonBadStandoff)
	// "you can freely walk in and instantly claim them (Commandeering the
	// Safehouse)": the rival Safehouse goes, the fleeing mob's takes its
	// place.
	evs := run(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: village, Commandeer: true}))
	x, _ := find(evs, (*pb.Event).GetStandoffChosen, func(x *pb.StandoffChosen) bool { return x == nil })
	if x.GetSafehouseTakenFrom() != 2 || !x.Commandeered || s.dist(village).Mobs[2].Safehouse || !s.dist(village).Mobs[1].Safehouse ||
		s.mobstersAt(1, village) != 2 || s.controller(village) != 1 {
		t.Fatalf("fold %v: %+v", x, s.dist(village).Mobs)
	}
}

func TestFoldTakesAnUnguardedSafehouse(t *testing.T) {
	// Without Commandeer the unguarded rival Safehouse is still taken, as by
	// a Move (ruling 22).
	s := invaded(t)
	put(s, 2, village, 0, 0, true)
	run(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, village))
	if s.dist(village).Mobs[2].Safehouse || s.dist(village).Mobs[1].Safehouse || s.controller(village) != 1 {
		t.Fatalf("village %+v", s.dist(village).Mobs)
	}
}

func TestAdvanceToADefenselessDistrict(t *testing.T) {
	// "Advance ... to any Safe Connected District": the template lists a
	// District holding only an unguarded rival Safehouse or liquor.
	s := invaded(t)
	put(s, 2, village, 0, 0, true)
	s.dist(westSide).Barrels[rum] = 2
	put(s, 2, lic, 1, 0, false)
	run(t, s, 1, holdFire)
	tpl := s.advanceTemplate(0)
	if len(tpl) != 1 || !slices.Equal(tpl[0].Params[0].Choices, []string{harlem.String(), westSide.String(), village.String()}) {
		t.Fatalf("advance template %+v", tpl)
	}
	refused(t, s, 0, cmd(&pb.Advance{To: lic}), ReasonNotSafe)
	run(t, s, 0, cmd(&pb.Advance{To: village, Commandeer: true}))
	if !s.dist(village).Mobs[0].Safehouse || s.dist(village).Mobs[2].Safehouse {
		t.Fatalf("village %+v", s.dist(village).Mobs)
	}
}

func TestFoldTakingASafehouseBreaksATruce(t *testing.T) {
	// A Fold that walks into the other party's unguarded Safehouse takes it,
	// as a Move does: it breaks a no-attack term (ruling 85).
	s := invaded(t)
	put(s, 2, village, 0, 0, true)
	favored(s, 1)
	run(t, s, 1, propose(2, noAttack))
	run(t, s, 2, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	run(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, village))
	if len(s.Deals) != 0 || s.Seats[1].Favors[walker] {
		t.Fatalf("deals %v favor %v", s.Deals, s.Seats[1].Favors[walker])
	}
}
