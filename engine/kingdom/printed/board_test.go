package printed

import (
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestBoard: the printed data served to clients is the data the rules
// read, as the rulebook prints it: "The city's 25 Districts", "14 Gigs, 12
// Rackets and 10 Scores", four Playbooks and four Power Brokers.
func TestBoard(t *testing.T) {
	b := Board()
	if len(b.Districts) != NumDistricts || len(b.Boroughs) != 5 || len(b.Contracts) != len(Contracts) || len(b.Playbooks) != 4 || len(b.Brokers) != 4 {
		t.Fatalf("board sizes: %d districts, %d boroughs, %d contracts, %d playbooks, %d brokers",
			len(b.Districts), len(b.Boroughs), len(b.Contracts), len(b.Playbooks), len(b.Brokers))
	}
	for i, d := range b.Districts {
		info := Info(pb.District(i + 1))
		if d.District != info.ID || d.Name != info.Name || d.Kind != info.Kind || d.Coastal != info.Coastal || d.HousePour != info.HousePour {
			t.Errorf("district %d: %v", i+1, d)
		}
	}
	seen := map[[2]pb.District]bool{}
	for _, c := range b.Connections {
		if c.DistrictA >= c.DistrictB || seen[[2]pb.District{c.DistrictA, c.DistrictB}] || !Connected(c.DistrictA, c.DistrictB) {
			t.Errorf("connection %v", c)
		}
		seen[[2]pb.District{c.DistrictA, c.DistrictB}] = true
		want := map[Link]pb.LinkKind{Land: pb.LinkKind_LINK_KIND_LAND, Bridge: pb.LinkKind_LINK_KIND_BRIDGE, Water: pb.LinkKind_LINK_KIND_WATER}
		if c.Link != want[Connection(c.DistrictA, c.DistrictB)] {
			t.Errorf("connection %v: link %v", c, Connection(c.DistrictA, c.DistrictB))
		}
	}
	for _, a := range AllDistricts() {
		for _, n := range Neighbours(a) {
			if !seen[[2]pb.District{min(a, n), max(a, n)}] {
				t.Errorf("%v-%v is not listed", a, n)
			}
		}
	}
	cards := map[pb.Tier]uint32{pb.Tier_TIER_GIG: 14, pb.Tier_TIER_RACKET: 12, pb.Tier_TIER_SCORE: 10}
	for _, tc := range b.Tiers {
		if tc.Cards != cards[tc.Tier] || tc.Days != uint32(Tiers[tc.Tier].Days) {
			t.Errorf("tier %v", tc)
		}
	}
	tokens := uint32(0)
	for _, st := range b.StillTokens {
		tokens += st.Count
	}
	if tokens != NumDistricts || len(b.StillTokens) != 11 {
		t.Errorf("%d Still tokens in %d numbers", tokens, len(b.StillTokens))
	}
	for _, br := range b.Brokers {
		if BrokerDistrict(br.Broker) != br.District || Info(br.District).Broker != br.Broker || br.Favor == "" || br.FavorText == "" {
			t.Errorf("broker %v", br)
		}
	}
	for _, p := range b.Playbooks {
		if len(p.Plays) != 2 || (p.Bosses == 2) != (p.Playbook == pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE) {
			t.Errorf("playbook %v", p)
		}
	}
	if len(b.Titles) != 5+4+1 || b.Prices.GetBribe() != BribeCost || b.Limits.GetHandLimitGuinan() != 5 || b.Supply.GetRunners() != RunnerSupply {
		t.Errorf("titles %d, prices %v, limits %v, supply %v", len(b.Titles), b.Prices, b.Limits, b.Supply)
	}
	// "Level 1 (Base) 5-6, Level 2 4-6, Level 3 3-6, Level 4 (Max) 2-6";
	// "9+ mobsters 5 dice".
	if b.SuccessLadder[0].SuccessOn != 5 || b.SuccessLadder[3].SuccessOn != 2 || b.MuscleRatio[8].CombatDice != 5 || b.MuscleRatio[8].Brew != BrewCap {
		t.Errorf("ladder %v, muscle ratio %v", b.SuccessLadder, b.MuscleRatio)
	}
}

// TestStartPrices: "Set the starting street prices: Rum $500, Whisky $400,
// Gin $300, Moonshine $200."
func TestStartPrices(t *testing.T) {
	want := map[pb.Liquor]int{rum: 500, whisky: 400, gin: 300, moonshine: 200}
	for l, p := range want {
		if StartPrices[l] != p {
			t.Errorf("%v: $%d", l, StartPrices[l])
		}
	}
}
