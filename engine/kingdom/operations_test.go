package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

func move(from, to pb.District, runners, bosses int, barrels ...*pb.Barrels) *pb.Command {
	return cmd(&pb.Move{From: from, To: to, Runners: u32(runners), Bosses: u32(bosses), Barrels: barrels})
}

func TestMoveSafe(t *testing.T) {
	// "Move any number of mobsters (carrying max 1 barrel each) to one
	// Connected District." Safe Districts: "Any District you currently
	// Control, plus any Defenseless District".
	s := cleared(t, 2)
	put(s, 0, westSide, 3, 1, false)
	s.dist(westSide).Barrels[rum] = 5
	refused(t, s, 0, move(westSide, westSide, 1, 0), ReasonSameDistrict)
	refused(t, s, 0, move(westSide, coney, 1, 0), ReasonNotConnected)
	refused(t, s, 0, move(westSide, hellsKit, 4, 0), ReasonNotEnoughMobsters)
	refused(t, s, 0, move(westSide, hellsKit, 0, 0), ReasonNothingToMove)
	refused(t, s, 0, move(westSide, hellsKit, 2, 0, bar(rum, 3)), ReasonTooManyBarrels)
	refused(t, s, 0, move(westSide, hellsKit, 2, 0, bar(gin, 1)), ReasonNotEnoughBarrels)
	// "(e.g., You can Move directly from West Side to Thorggs Neck in one Play)."
	run(t, s, 0, move(westSide, thorggsNeck, 2, 1, bar(rum, 3)))
	if s.controller(thorggsNeck) != 0 || s.dist(thorggsNeck).Barrels[rum] != 3 || s.mobstersAt(0, westSide) != 1 {
		t.Errorf("move failed: %+v", s.dist(thorggsNeck))
	}
	// Paying: "Remove the spent marker(s) from your Operations and return
	// them to your Stash."
	if len(s.Seats[0].SlotOwners) != 4 || s.Seats[0].Stash != 3 || s.Current != 1 {
		t.Errorf("payment: slots %v stash %d current %d", s.Seats[0].SlotOwners, s.Seats[0].Stash, s.Current)
	}
}

func TestMoveAbandonment(t *testing.T) {
	// "If your last mobster vacates a District and there is no Safehouse left
	// to anchor the block, you immediately lose Control. Any liquor left
	// behind just waits to be stolen."
	s := cleared(t, 2)
	put(s, 0, westSide, 1, 0, false)
	s.dist(westSide).Barrels[gin] = 2
	run(t, s, 0, move(westSide, hellsKit, 1, 0))
	if s.controller(westSide) != none || s.dist(westSide).Barrels[gin] != 2 {
		t.Error("control kept or barrels moved")
	}
	// ... and the next mob to walk in takes them.
	put(s, 1, village, 2, 0, false)
	run(t, s, 1, move(village, westSide, 1, 0))
	if s.controller(westSide) != 1 || s.held(1, gin) != 2 {
		t.Error("unattended liquor not claimed")
	}
}

func TestMoveCommandeer(t *testing.T) {
	// "Unattended liquor and unguarded Rival Safehouses do not make a
	// District hostile; you can freely walk in and instantly claim them
	// (Commandeering the Safehouse)."
	for _, commandeer := range []bool{false, true} {
		s := cleared(t, 2)
		put(s, 0, harlem, 3, 0, false)
		put(s, 1, hellsKit, 0, 0, true)
		c := move(harlem, hellsKit, 1, 0)
		c.GetMove().Commandeer = commandeer
		run(t, s, 0, c)
		x := s.dist(hellsKit)
		if x.Mobs[1].Safehouse || x.Mobs[0].Safehouse != commandeer || s.controller(hellsKit) != 0 {
			t.Errorf("commandeer=%v: %+v", commandeer, x.Mobs)
		}
	}
	s := cleared(t, 2)
	put(s, 0, harlem, 3, 0, false)
	c := move(harlem, hellsKit, 1, 0)
	c.GetMove().Commandeer = true
	refused(t, s, 0, c, ReasonNothingToCommandeer)
}

func push(from, to pb.District, barrels ...*pb.Barrels) *pb.Command {
	return cmd(&pb.Push{From: from, To: to, Barrels: barrels})
}

func TestPush(t *testing.T) {
	// "Redistribute any number of barrels between a District you Control and
	// one Connected District. ... Pushed into rival turf? Thanks for the
	// donation. It's their hooch now."
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 0, false)
	put(s, 1, hellsKit, 1, 0, false)
	s.dist(harlem).Barrels[gin] = 4
	run(t, s, 0, push(harlem, hellsKit, bar(gin, 3)))
	if s.held(1, gin) != 3 || s.held(0, gin) != 1 {
		t.Errorf("push: %d/%d", s.held(0, gin), s.held(1, gin))
	}
	// Taking a rival's barrels needs their permission (cooperation_test.go).
	s.Current = 0
	refused(t, s, 0, push(harlem, hellsKit, bar(gin, 2)), ReasonNotEnoughBarrels)
	refused(t, s, 0, push(harlem, hellsKit), ReasonNothingToPush)
	s.dist(westSide).Barrels[gin] = 1
	refused(t, s, 0, push(westSide, village, bar(gin, 1)), ReasonNotYourTurf)
	// Unattended barrels next door can be pulled in.
	s.dist(mottHaven).Barrels[rum] = 2
	run(t, s, 0, push(mottHaven, harlem, bar(rum, 2)))
	// "you can't sneak hooch past a station house": pushed into Police
	// Turf, barrels are seized.
	s.Current = 0
	run(t, s, 0, push(harlem, sugarHill, bar(rum, 2)))
	if s.dist(sugarHill).barrelCount() != 0 || s.barrelSupply(rum) != printed.BarrelSupply {
		t.Error("barrels not seized")
	}
}

func TestRecruit(t *testing.T) {
	// "Hire Runners at your Safehouse for $300 per Runner. Cost drops to
	// $200 per Runner if you are the Ward Boss."
	for _, ward := range []bool{false, true} {
		s := cleared(t, 2)
		put(s, 0, harlem, 1, 0, true)
		put(s, 0, village, 1, 0, false)
		if ward {
			s.WardBoss = 0
		}
		refused(t, s, 0, cmd(&pb.Recruit{District: village, Runners: 1}), ReasonNoSafehouse)
		refused(t, s, 0, cmd(&pb.Recruit{District: harlem, Runners: 6}), ReasonNotEnoughCash)
		run(t, s, 0, cmd(&pb.Recruit{District: harlem, Runners: 3}))
		want := 1000 - 900
		if ward {
			want = 1000 - 600
		}
		if s.Seats[0].Cash != want || s.dist(harlem).Mobs[0].Runners != 4 {
			t.Errorf("ward=%v cash %d", ward, s.Seats[0].Cash)
		}
	}
	// "You are strictly limited to 15 Runners."
	s := cleared(t, 2)
	put(s, 0, harlem, 14, 0, true)
	s.Seats[0].Cash = 5000
	refused(t, s, 0, cmd(&pb.Recruit{District: harlem, Runners: 2}), ReasonSupplyEmpty)
}

func TestSecure(t *testing.T) {
	// "Secure ($500) Establish a foothold. Place a new Safehouse in your
	// District, or relocate an existing one to your current District."
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 0, true)
	put(s, 0, village, 1, 0, false)
	put(s, 0, westSide, 0, 0, false)
	refused(t, s, 0, cmd(&pb.Secure{District: westSide}), ReasonNotEnoughMobsters)
	refused(t, s, 0, cmd(&pb.Secure{District: harlem}), ReasonAlreadySecured)
	run(t, s, 0, cmd(&pb.Secure{District: village, RelocateFrom: harlem}))
	if s.dist(harlem).Mobs[0].Safehouse || !s.dist(village).Mobs[0].Safehouse || s.Seats[0].Cash != 500 {
		t.Errorf("relocate failed")
	}
	s.Current = 0
	run(t, s, 0, cmd(&pb.Secure{District: harlem}))
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Secure{District: harlem}), ReasonAlreadySecured)
}

func TestSmugglingExampleThroughTheEngine(t *testing.T) {
	// "You control 3 Docks and Smuggle with a crew of 5. Roll 3 dice,
	// succeeding on 3+. A roll of 1, 3, and 5 gains 2 Rum at the Dock; the
	// failed die arrests 1 Mobster." The dice go through smuggled, the same
	// function Decide records them with.
	s := cleared(t, 2)
	put(s, 0, westSide, 4, 1, false)
	put(s, 0, redHook, 1, 0, false)
	put(s, 0, lic, 1, 0, false)
	ev := smuggled(s, 0, westSide, 5, s.countControlled(0, printed.OfKind(dock)), []int{1, 3, 5})
	if ev.Target != 3 || ev.Rum != 2 || ev.ArrestedRunners != 1 || ev.ArrestedBosses != 0 {
		t.Fatalf("got %v", ev)
	}
	if err := s.Apply(wrap(ev)); err != nil {
		t.Fatal(err)
	}
	if s.dist(westSide).Barrels[rum] != 2 || s.dist(westSide).Mobs[0].Runners != 3 {
		t.Error("apply did not place rum or arrest")
	}
	// Through Decide, the rolls are drawn and recorded.
	evs := run(t, s, 0, cmd(&pb.Smuggle{Dock: westSide, Crew: 3}))
	e, _ := find(evs, (*pb.Event).GetSmuggled, func(x *pb.Smuggled) bool { return x == nil })
	if len(e.Rolls) != 2 || e.Target != 3 {
		t.Errorf("recorded %v", e)
	}
}

func TestSmuggleRefusals(t *testing.T) {
	s := cleared(t, 2)
	put(s, 0, westSide, 6, 0, false)
	put(s, 0, harlem, 1, 0, false)
	refused(t, s, 0, cmd(&pb.Smuggle{Dock: harlem, Crew: 1}), ReasonNotADock)
	refused(t, s, 0, cmd(&pb.Smuggle{Dock: redHook, Crew: 1}), ReasonNotYourTurf)
	// "Send up to 5 Mobsters from the Dock"
	refused(t, s, 0, cmd(&pb.Smuggle{Dock: westSide, Crew: 6}), ReasonBadCrew)
	refused(t, s, 0, cmd(&pb.Smuggle{Dock: westSide, Crew: 0}), ReasonBadCrew)
}

func TestSmuggleArrestsRunnersFirst(t *testing.T) {
	// "For every die that fails to meet the Target Number, 1 Mobster is
	// arrested and removed from the board (Runners always take the fall first)."
	s := cleared(t, 2)
	put(s, 0, westSide, 1, 1, false)
	ev := smuggled(s, 0, westSide, 2, 1, []int{1})
	if ev.ArrestedRunners != 1 || ev.ArrestedBosses != 0 || ev.Rum != 0 {
		t.Errorf("got %v", ev)
	}
	put(s, 0, westSide, 0, 1, false)
	if ev := smuggled(s, 0, westSide, 1, 1, []int{4}); ev.ArrestedBosses != 1 {
		t.Errorf("lone Boss not arrested: %v", ev)
	}
}
