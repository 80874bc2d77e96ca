package printed

import (
	"slices"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

func TestCityTableOrder(t *testing.T) {
	// "A soot-stained blueprint of 1920s New York City, carved into 25 Districts."
	if len(Districts()) != 25 {
		t.Fatalf("%d districts", len(Districts()))
	}
	seen := map[int]bool{}
	for i, d := range Districts() {
		if int(d.ID) != i+1 {
			t.Errorf("row %d holds %v", i, d.ID)
		}
		if d.Name == "" || d.Borough == 0 || d.Kind == 0 {
			t.Errorf("%v is incomplete", d.ID)
		}
		if seen[d.Ledger] || d.Ledger < 1 || d.Ledger > 25 {
			t.Errorf("%s: ledger line %d repeated or out of range", d.Name, d.Ledger)
		}
		seen[d.Ledger] = true
	}
	// "25 Districts across 5 Boroughs"
	per := map[pb.Borough]int{}
	for _, d := range Districts() {
		per[d.Borough]++
	}
	if len(per) != 5 {
		t.Errorf("boroughs: %v", per)
	}
}

func TestCitySpeakeasies(t *testing.T) {
	// "The city's 12 Speakeasies are divided into 4 types: 3 Gin Joints, 3
	// Whisky Bars, 3 Moonshine Dens, and 3 Rum Clubs. Each Joint has a House Pour"
	count := map[pb.Liquor]int{}
	joints := 0
	for _, d := range Districts() {
		if d.IsSpeakeasy() {
			joints++
			count[d.HousePour]++
		} else if d.HousePour != 0 {
			t.Errorf("%s has a House Pour but no Speakeasy", d.Name)
		}
	}
	if joints != 12 {
		t.Errorf("%d Speakeasies", joints)
	}
	for _, l := range Liquors {
		if count[l] != 3 {
			t.Errorf("%v: %d joints", l, count[l])
		}
	}
}

func TestCityHighSociety(t *testing.T) {
	// "All High Society Districts also contain a Speakeasy." and the four
	// Brokers with their Districts.
	want := map[pb.District]pb.Broker{
		pb.District_DISTRICT_MORRIS_PARK:   pb.Broker_BROKER_JIMMY_WALKER,
		pb.District_DISTRICT_WILLIAMSBURG:  pb.Broker_BROKER_ARNOLD_ROTHSTEIN,
		pb.District_DISTRICT_SUGAR_HILL:    pb.Broker_BROKER_STEPHANIE_ST_CLAIR,
		pb.District_DISTRICT_RICHMOND_HILL: pb.Broker_BROKER_TEXAS_GUINAN,
	}
	got := map[pb.District]pb.Broker{}
	for _, d := range Districts() {
		if d.Kind == highSociety {
			got[d.ID] = d.Broker
			if !d.IsSpeakeasy() || d.HousePour == 0 {
				t.Errorf("%s has no Speakeasy", d.Name)
			}
		} else if d.Broker != 0 {
			t.Errorf("%s has a Broker but is not High Society", d.Name)
		}
	}
	if len(got) != 4 {
		t.Fatalf("High Society: %v", got)
	}
	for d, b := range want {
		if got[d] != b || BrokerDistrict(b) != d {
			t.Errorf("%v: broker %v, want %v", d, got[d], b)
		}
	}
	// "Place 1 Precinct in every Borough's High Society District": one each
	// in the four Boroughs other than Staten Island.
	for _, b := range Boroughs() {
		hs := HighSociety(b.ID)
		if (hs == 0) != (b.ID == statenIsland) {
			t.Errorf("%s: High Society %v", b.Name, hs)
		}
	}
}

func TestCityGhettosAndStapleton(t *testing.T) {
	// "the 5th Precinct in Stapleton (Staten Island's Ghetto)"
	st := Info(pb.District_DISTRICT_STAPLETON)
	if st.Kind != ghetto || st.Borough != statenIsland {
		t.Errorf("Stapleton: %+v", st)
	}
	if !slices.Contains(HomePrecincts(), pb.District_DISTRICT_STAPLETON) || len(HomePrecincts()) != 5 {
		t.Errorf("precincts %v", HomePrecincts())
	}
}

func TestCityDocks(t *testing.T) {
	// "All Dock Districts connect to each other across the water as if they
	// were adjacent. (e.g., You can Move directly from West Side to Thorggs
	// Neck in one Play)."
	var docks []pb.District
	for _, d := range Districts() {
		if d.Kind == dock {
			docks = append(docks, d.ID)
			if !d.Coastal {
				t.Errorf("dock %s is not coastal", d.Name)
			}
		}
	}
	if !slices.Contains(docks, pb.District_DISTRICT_WEST_SIDE) || !slices.Contains(docks, pb.District_DISTRICT_THORGGS_NECK) {
		t.Errorf("docks %v", docks)
	}
	for _, a := range docks {
		for _, b := range docks {
			if a != b && !Connected(a, b) {
				t.Errorf("%v and %v not connected", a, b)
			}
		}
	}
	if Connection(pb.District_DISTRICT_WEST_SIDE, pb.District_DISTRICT_THORGGS_NECK) != Water {
		t.Error("West Side to Thorggs Neck is not over water")
	}
}

func TestCityWilliamsburg(t *testing.T) {
	// "Williamsburg connects to Red Hook, Brownsville, Corona, and Astoria by
	// land, and to Five Points by Bridge."
	w := pb.District_DISTRICT_WILLIAMSBURG
	want := map[pb.District]Link{
		pb.District_DISTRICT_RED_HOOK:    Land,
		pb.District_DISTRICT_BROWNSVILLE: Land,
		pb.District_DISTRICT_CORONA:      Land,
		pb.District_DISTRICT_ASTORIA:     Land,
		pb.District_DISTRICT_FIVE_POINTS: Bridge,
	}
	n := Neighbours(w)
	if len(n) != len(want) {
		t.Errorf("Williamsburg neighbours %v", n)
	}
	for d, l := range want {
		if Connection(w, d) != l {
			t.Errorf("Williamsburg-%v: %v, want %v", d, Connection(w, d), l)
		}
	}
}

func TestCityAdjacencySymmetricAndConnected(t *testing.T) {
	for _, a := range AllDistricts() {
		if Connected(a, a) {
			t.Errorf("%v connects to itself", a)
		}
		for _, b := range AllDistricts() {
			if Connection(a, b) != Connection(b, a) {
				t.Errorf("%v-%v asymmetric", a, b)
			}
		}
	}
	seen := map[pb.District]bool{pb.District_DISTRICT_SUGAR_HILL: true}
	queue := []pb.District{pb.District_DISTRICT_SUGAR_HILL}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		for _, n := range Neighbours(d) {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	if len(seen) != NumDistricts {
		t.Errorf("graph reaches %d of 25 districts", len(seen))
	}
	for _, e := range Edges() {
		if e.Link == Water {
			t.Errorf("water edge listed: %v", e)
		}
		if Info(e.A).Borough != Info(e.B).Borough && e.Link == Land {
			// Only Brooklyn and Queens share a land border.
			pair := []pb.Borough{Info(e.A).Borough, Info(e.B).Borough}
			if !slices.Contains(pair, brooklyn) || !slices.Contains(pair, queens) {
				t.Errorf("land border across a river: %v", e)
			}
		}
	}
}

func TestCityDeeds(t *testing.T) {
	// "Deploy your starting forces to the three Districts listed on your
	// Deed: ... your Ghetto ... your Dock, ... your Speakeasy." and "Boroughs
	// are worth 3 Respect, except Staten Island at 2."
	for _, b := range Boroughs() {
		if b.ID == statenIsland {
			if b.Respect != 2 || b.Ghetto != 0 {
				t.Errorf("Staten Island deed %+v", b)
			}
			continue
		}
		if b.Respect != 3 {
			t.Errorf("%s worth %d", b.Name, b.Respect)
		}
		for _, c := range []struct {
			d    pb.District
			kind pb.DistrictKind
		}{{b.Ghetto, ghetto}, {b.Dock, dock}, {b.Speakeasy, speakeasy}} {
			i := Info(c.d)
			if i.Borough != b.ID || i.Kind != c.kind {
				t.Errorf("%s deed lists %s (%v in %v)", b.Name, i.Name, i.Kind, i.Borough)
			}
			// Starting forces never stand on Police Turf.
			if slices.Contains(HomePrecincts(), c.d) {
				t.Errorf("%s deed lists a Precinct District", b.Name)
			}
		}
	}
}

func TestCityStillTokensAndLedger(t *testing.T) {
	// "Still Tokens (25): Hidden basement boilers numbered 2-12."
	n := 0
	for i, c := range StillTokens {
		if c < 1 {
			t.Errorf("no Still numbered %d", i+2)
		}
		n += c
	}
	if n != 25 {
		t.Errorf("%d Still tokens", n)
	}
	// The Ledger lists every District of a Borough once, its High Society
	// District (the Precinct's home) first.
	total := 0
	for _, b := range Boroughs() {
		order := LedgerOrder(b.ID)
		total += len(order)
		want := HighSociety(b.ID)
		if b.ID == statenIsland {
			want = pb.District_DISTRICT_STAPLETON
		}
		if order[0] != want {
			t.Errorf("%s ledger starts with %v", b.Name, order[0])
		}
	}
	if total != 25 {
		t.Errorf("ledger lists %d", total)
	}
}

func TestCityCoastal(t *testing.T) {
	coastal := 0
	for _, d := range Districts() {
		if d.Coastal {
			coastal++
		}
	}
	if coastal < 6 || coastal == 25 {
		t.Errorf("%d coastal districts", coastal)
	}
}

func TestCityDesignRulings(t *testing.T) {
	// Ruling 3: no Borough has two Joints of one House Pour.
	pours := map[pb.Borough]map[pb.Liquor]int{}
	for _, d := range Districts() {
		if d.IsSpeakeasy() {
			if pours[d.Borough] == nil {
				pours[d.Borough] = map[pb.Liquor]int{}
			}
			pours[d.Borough][d.HousePour]++
			if pours[d.Borough][d.HousePour] > 1 {
				t.Errorf("%s has two %v Joints", BoroughOf(d.Borough).Name, d.HousePour)
			}
		}
	}
	// Ruling 2: Staten Island is reached only over water.
	for _, d := range LedgerOrder(statenIsland) {
		for _, n := range Neighbours(d) {
			if Info(n).Borough != statenIsland && Connection(d, n) != Water {
				t.Errorf("%s reaches %s by %v", Info(d).Name, Info(n).Name, Connection(d, n))
			}
		}
	}
}
