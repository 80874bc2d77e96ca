package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// "The Law: Fighting the Blue Wall", and Raids and Federal Rebuilding after
// combat.

// atThePrecinct returns a game where seat 0 has moved the given crew from
// Harlem (carrying up to 2 gin) into Sugar Hill, Police Turf.
func atThePrecinct(t *testing.T, runners, bosses int, heat ...int) *state {
	s := heated(t, heat...)
	put(s, 0, harlem, runners, bosses, false)
	n := min(2, runners+bosses)
	s.dist(harlem).Barrels[gin] = n
	run(t, s, 0, move(harlem, sugarHill, runners, bosses, bar(gin, n)))
	return s
}

func TestPoliceTurf(t *testing.T) {
	// "You may freely Move into a Police District. However, you can't sneak
	// hooch past a station house. Any Liquor carried into Police Turf is
	// instantly seized and returned to the supply. Your mobsters are
	// immediately Pinned." "They don't take turns, collect liquor, or
	// Ambush".
	s := atThePrecinct(t, 3, 0)
	x := s.dist(sugarHill)
	if x.barrelCount() != 0 || s.barrelSupply(gin) != printed.BarrelSupply || !x.Mobs[0].Pinned {
		t.Fatalf("sugar hill: %+v", x)
	}
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_PINNED {
		t.Fatalf("awaits %d %v (the Police never answer)", who, aw)
	}
	// "Police Districts count as empty for Titles": Police Turf is nobody's,
	// even with a mob Pinned there.
	if s.controller(sugarHill) != none {
		t.Fatal("the Pinned mob controls Police Turf")
	}
	refused(t, s, 0, cmd(&pb.Assault{}), ReasonPoliceTurf)
	want := []pb.FightResponse{pb.FightResponse_FIGHT_RESPONSE_STORM, pb.FightResponse_FIGHT_RESPONSE_FALL_BACK, pb.FightResponse_FIGHT_RESPONSE_ADVANCE}
	if got := responses(s); !slices.Equal(got, want) || s.View(engine.SpectatorViewer()).(*pb.View).GetFight().Occupier != nil {
		t.Fatalf("responses on Police Turf %v", got)
	}
	// "From here, you must spend Influence to either Advance (walk through
	// to a safe connected District), Fall Back, or Storm the Precinct."
	run(t, s, 0, cmd(&pb.Advance{To: westSide}))
	if s.mobstersAt(0, westSide) != 3 || s.Fight != nil || !s.dist(sugarHill).Precinct {
		t.Fatal("advance through Police Turf")
	}
}

func TestStormSuccess(t *testing.T) {
	// "The Charge: Roll your Attack Dice (calculated via The Muscle Ratio)
	// and apply your current Threat Level." "The Toll: ... they do not roll
	// defense dice. Instead, every failed die immediately kills 1 of your
	// mobsters in the crossfire (Runners take the bullet first)." "Success
	// (2+ Hits): The Precinct is destroyed (return to supply). You claim
	// Control of the District and may immediately Commandeer it (Secure a
	// Safehouse for free)."
	s := atThePrecinct(t, 4, 1)
	slots := len(s.Seats[0].SlotOwners)
	evs := rigged(t, s, 0, cmd(&pb.Storm{}), 4, 5, 1)
	r := rounds(evs)[0]
	if r.InvaderThreat != 2 || r.InvaderHits != 2 || r.OccupierHits != 1 || r.InvaderRunnersLost != 1 || len(r.OccupierRolls) != 0 {
		t.Fatalf("storm: %v", r)
	}
	x := s.dist(sugarHill)
	if x.Precinct || !slices.Equal(s.PrecinctSupply, []pb.Borough{manhattan}) || s.controller(sugarHill) != 0 ||
		len(s.Seats[0].SlotOwners) != slots-1 {
		t.Fatalf("after the storm: %+v", x)
	}
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_SPOILS {
		t.Fatalf("awaits %d %v", who, aw)
	}
	want := []pb.FightResponse{pb.FightResponse_FIGHT_RESPONSE_DESTROY, pb.FightResponse_FIGHT_RESPONSE_COMMANDEER}
	if got := responses(s); !slices.Equal(got, want) {
		t.Fatalf("spoils responses %v", got)
	}
	run(t, s, 0, cmd(&pb.Spoils{Commandeer: true}))
	// "Blood on the Pavement: ... If the Attacker ... inflicts 1 or more
	// kills": the Police have no mobsters to kill, and a Precinct destroyed
	// is no kill, so even a successful Storm draws no Heat (ruling 56).
	if !x.Mobs[0].Safehouse || len(s.Heat) != 0 || s.Current != 1 {
		t.Fatalf("spoils: %+v heat %v", x.Mobs[0], s.Heat)
	}
}

func TestStormFailure(t *testing.T) {
	// "Failure (0-1 Hits): The assault is broken. Your surviving mobsters are
	// repelled and must immediately Fall Back to the District they entered
	// from." "There is no multi-round combat; you get one shot."
	s := atThePrecinct(t, 3, 0)
	evs := rigged(t, s, 0, cmd(&pb.Storm{}), 5, 2)
	w, ok := find(evs, (*pb.Event).GetWithdrew, func(x *pb.Withdrew) bool { return x == nil })
	if !ok || !w.Forced || w.To != harlem || s.mobstersAt(0, harlem) != 2 || !s.dist(sugarHill).Precinct || s.Fight != nil {
		t.Fatalf("repelled: %v", w)
	}
	// "The Police are firing from fortified cover; they do not roll defense
	// dice." A failed Storm with a hit killed only stormers: no kill, no
	// Heat ("If the Attacker ... inflicts 1 or more kills").
	if _, drawn := find(evs, (*pb.Event).GetHeatDrawn, func(x *pb.HeatDrawn) bool { return x == nil }); drawn || len(s.Heat) != 0 {
		t.Fatalf("a failed Storm drew Heat: %v", s.Heat)
	}
	// Nobody left to fall back: the blue wall holds.
	s = atThePrecinct(t, 1, 0)
	rigged(t, s, 0, cmd(&pb.Storm{}), 4)
	if s.Fight != nil || s.mobstersAt(0, harlem)+s.mobstersAt(0, sugarHill) != 0 || len(s.Heat) != 0 {
		t.Fatal("a lone storm")
	}
}

func TestRaidAfterCombat(t *testing.T) {
	// "If the Attacker in a combat Play ... inflicts 1 or more kills, they
	// must add 1 marker to the Heat track at the conclusion of the Play."
	// The 5th marker sets off the Raid, which strikes the Districts the
	// Target just took: "the Police raid exactly one adjacent District within
	// the same Borough that is Controlled by the Target."
	s := cleared(t, 2)
	for _, o := range []int{1, 0, 1, 0} {
		s.Heat = append(s.Heat, o)
		s.Seats[o].Stash--
	}
	put(s, 0, hellsKit, 3, 0, false)
	put(s, 1, harlem, 1, 0, false)
	run(t, s, 0, move(hellsKit, harlem, 3, 0))
	run(t, s, 1, holdFire)
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1, 1)
	if s.Raid == nil || s.Raid.Target != 0 || s.Raid.Hit != harlem {
		t.Fatalf("raid %+v heat %v", s.Raid, s.Heat)
	}
}

func TestRebuildingAfterStorm(t *testing.T) {
	// "Immediately after every Police Raid, the city rebuilds its shattered
	// precincts. ... Place each returning Precinct in the first Unoccupied
	// District reading top-to-bottom on the Town Planning Ledger".
	s := atThePrecinct(t, 4, 1, 1)
	rigged(t, s, 0, cmd(&pb.Storm{}), 6, 6, 6)
	run(t, s, 0, cmd(&pb.Spoils{}))
	run(t, s, 1, cmd(&pb.Rat{}))
	if !s.dist(harlem).Precinct || s.dist(sugarHill).Precinct || len(s.PrecinctSupply) != 0 {
		t.Fatalf("rebuilt at %v", s.precincts())
	}
}

func TestPoliceFallBackIsFree(t *testing.T) {
	// "Fall Back (Cost: 0 Influence) (Invader Only) Cut and run." — on
	// Police Turf too (ruling 54); the seized liquor stays seized.
	s := atThePrecinct(t, 2, 0)
	slots := len(s.Seats[0].SlotOwners)
	run(t, s, 0, cmd(&pb.FallBack{}))
	if s.mobstersAt(0, harlem) != 2 || len(s.Seats[0].SlotOwners) != slots || s.Fight != nil || s.barrelSupply(gin) != printed.BarrelSupply {
		t.Fatal("fall back from Police Turf")
	}
}
