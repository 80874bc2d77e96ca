package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

func TestRaidTarget(t *testing.T) {
	// "They target the mob with the most markers currently sitting on the
	// Heat Track." and "The Fresh Scent Rule (Tiebreaker): ... the tied mob
	// whose marker is furthest to the right on the track".
	for _, c := range []struct {
		heat []int
		want int
	}{
		{[]int{0, 1, 1, 2, 0}, 0}, // 0 and 1 tied at 2: 0's marker is furthest right
		{[]int{0, 1, 1, 0}, 0},
		{[]int{1, 0, 0, 1}, 1},
		{[]int{2}, 2},
		{[]int{0, 0, 0, 1, 1}, 0},
	} {
		if got := printed.RaidTarget(c.heat); got != c.want {
			t.Errorf("%v: target %d, want %d", c.heat, got, c.want)
		}
	}
}

// heated returns a game whose Heat Track holds 4 markers, seat 0 to play.
func heated(t *testing.T, owners ...int) *state {
	s := cleared(t, 2)
	for _, o := range owners {
		s.Heat = append(s.Heat, o)
		if p := &s.Seats[o]; p.Stash > 0 {
			p.Stash--
		} else {
			p.SlotOwners = p.SlotOwners[1:]
		}
	}
	return s
}

func TestNaturalRaid(t *testing.T) {
	// "When the 5th marker hits the Heat Track ... the sirens wail."
	// "For each Precinct on the board, the Police raid exactly one adjacent
	// District within the same Borough that is Controlled by the Target."
	// "The Big Bust: The Police target the adjacent District containing the
	// highest total number of units (Mobsters + Liquor Barrels combined)."
	s := heated(t, 0, 1, 0, 1)
	// Seat 0's Manhattan turf next to the Sugar Hill Precinct: Harlem (3
	// units) beats West Side (2); Hell's Kitchen is not adjacent.
	put(s, 0, harlem, 2, 0, false)
	s.dist(harlem).Barrels[gin] = 1
	put(s, 0, westSide, 2, 0, false)
	put(s, 0, hellsKit, 4, 0, false)
	for _, d := range []pb.District{huntsPoint, thorggsNeck, mottHaven, fordham} {
		put(s, 0, d, 1, 0, false) // Bronx, for the Extort that makes the Heat
	}
	s.Deeds[bronx] = 0
	s.Rat = 1
	run(t, s, 0, cmd(&pb.Extort{Borough: bronx}))
	r := s.Raid
	if r == nil || r.Target != 0 || r.Trigger != pb.RaidTrigger_RAID_TRIGGER_BOILING_POINT {
		t.Fatalf("raid %+v", r)
	}
	// Morris Park's Precinct also strikes: Bronx neighbours all hold 1 unit,
	// so the Sugar Hill strike comes first (Ledger order) and hits Harlem.
	if r.Hit != harlem {
		t.Fatalf("hit %v tied %v", r.Hit, r.Tied)
	}
	// "The Target must make a brutal choice": only the Target may act.
	refused(t, s, 1, cmd(&pb.BribeOrFall{}), engine.ReasonNotYourTurn)
	refused(t, s, 0, cmd(&pb.LayLow{}), ReasonWrongStep)
	// "Take the Fall: ... Return all Liquor in the District to the supply,
	// then suffer arrests based on The Muscle Ratio (capped at 3; Runners
	// take the cuffs first)."
	run(t, s, 0, cmd(&pb.BribeOrFall{}))
	if s.dist(harlem).barrelCount() != 0 || s.dist(harlem).Mobs[0].Runners != 1 {
		t.Errorf("fall: %+v", s.dist(harlem))
	}
	// "The Target's Call: If multiple valid Districts are tied for the most
	// units, the Target chooses which of those operations takes the hit."
	if len(s.Raid.Tied) != 3 {
		t.Fatalf("tied %v", s.Raid.Tied)
	}
	refused(t, s, 0, cmd(&pb.TargetsCall{District: harlem}), ReasonNotTied)
	run(t, s, 0, cmd(&pb.TargetsCall{District: huntsPoint}))
	// "Pay the Bribe: Hand $1,000 to the bank."
	cash := s.Seats[0].Cash
	run(t, s, 0, cmd(&pb.BribeOrFall{Bribe: true}))
	if s.Seats[0].Cash != cash-1000 || s.dist(huntsPoint).Mobs[0].Runners != 1 {
		t.Error("bribe")
	}
	// "Then, return all Influence markers on the Heat Track to their
	// owners' Stashes and resume the paused turn." and "If the Raid was
	// triggered naturally by the 5th marker ... immediately return the Rat
	// Card to the supply."
	if s.Raid != nil || len(s.Heat) != 0 || s.Rat != none || s.Current != 1 {
		t.Errorf("after raid: raid %v heat %v rat %d current %d", s.Raid, s.Heat, s.Rat, s.Current)
	}
	if s.Seats[0].Stash != 3 || s.Seats[1].Stash != 2 {
		t.Errorf("markers not returned: %d %d", s.Seats[0].Stash, s.Seats[1].Stash)
	}
}

func TestBribeNeedsCash(t *testing.T) {
	s := heated(t, 0, 0, 0, 0)
	put(s, 0, harlem, 2, 0, false)
	s.Deeds[manhattan] = 0
	run(t, s, 0, cmd(&pb.Extort{Borough: manhattan}))
	if s.Raid != nil {
		t.Fatalf("$200 Extort made Heat")
	}
	s.Current, s.Seats[0].Cash = 0, 999
	run(t, s, 0, cmd(&pb.Rat{}))
	// "Rat ... you immediately take the Rat Card"
	if s.Rat != 0 || s.Raid == nil || s.Raid.Hit != harlem {
		t.Fatalf("rat raid %+v", s.Raid)
	}
	refused(t, s, 0, cmd(&pb.BribeOrFall{Bribe: true}), ReasonNotEnoughCash)
	run(t, s, 0, cmd(&pb.BribeOrFall{}))
	// A Rat's Raid keeps the Rat Card with the rat.
	if s.Rat != 0 || s.Raid != nil {
		t.Errorf("rat %d raid %v", s.Rat, s.Raid)
	}
}

func TestRatNeedsHeat(t *testing.T) {
	// "As long as there is at least 1 marker on the Heat Track, trigger an
	// immediate Police Raid."
	s := cleared(t, 2)
	refused(t, s, 0, cmd(&pb.Rat{}), ReasonNoHeat)
	// "take the Rat Card from the supply (or snatch it from the rival
	// currently holding it)"
	s = heated(t, 1)
	s.Rat = 1
	run(t, s, 0, cmd(&pb.Rat{}))
	if s.Rat != 0 || s.Raid != nil || len(s.Heat) != 0 || s.Current != 1 {
		t.Errorf("rat with nothing to hit: rat %d raid %v", s.Rat, s.Raid)
	}
}

func TestFederalRebuilding(t *testing.T) {
	// "Any destroyed Precincts currently in the supply are returned to the
	// board in their home Borough. Place each returning Precinct in the first
	// Unoccupied District reading top-to-bottom on the Town Planning Ledger"
	s := heated(t, 1)
	s.dist(sugarHill).Precinct = false
	s.PrecinctSupply = []pb.Borough{manhattan}
	put(s, 0, sugarHill, 1, 0, false) // occupied: skipped
	run(t, s, 0, cmd(&pb.Rat{}))
	if !s.dist(harlem).Precinct || len(s.PrecinctSupply) != 0 {
		t.Errorf("precinct not rebuilt in Harlem: %v", s.precincts())
	}
}
