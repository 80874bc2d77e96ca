package kingdom

import (
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestKingdomRendersDeals checks the Broker's Word lines of the view.
func TestKingdomRendersDeals(t *testing.T) {
	terms := []*mk.DealTerm{{Kind: mk.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: 500}, {Kind: mk.DealTermKind_DEAL_TERM_KIND_NO_ATTACK}}
	if got := dealLine(&mk.DealView{Deal: 2, From: 1, To: 3, Accepted: true, Paid: 200, Terms: terms}); !strings.Contains(got, "seat 1 $200 and 0 Influence") ||
		!strings.Contains(got, "seat 1 pays $500 to seat 3") || !strings.Contains(got, "seat 1 attacks no mobster of seat 3") {
		t.Errorf("view: %q", got)
	}
}

// TestPushExample: the Push template's example moves a barrel between two
// Connected Districts, never from a District to itself (which the rules
// refuse, SAME_DISTRICT), whether or not the caller Controls two
// Connected ones.
func TestPushExample(t *testing.T) {
	you := uint32(0)
	west, hells, sugar := mk.District_DISTRICT_WEST_SIDE, mk.District_DISTRICT_HELLS_KITCHEN, mk.District_DISTRICT_SUGAR_HILL
	gin := []*mk.Barrels{{Liquor: mk.Liquor_LIQUOR_GIN, Count: 2}}
	for name, tc := range map[string]struct {
		held     []*mk.DistrictView
		from, to mk.District
	}{
		"two Connected held":   {[]*mk.DistrictView{{District: west, Controller: &you, Barrels: gin}, {District: hells, Controller: &you}}, west, hells},
		"one held, no partner": {[]*mk.DistrictView{{District: sugar, Controller: &you}, {District: west, Controller: &you, Barrels: gin}}, west, 0},
	} {
		c := &mk.Command{Kind: &mk.Command_Push{Push: &mk.Push{From: sugar, To: sugar}}} // the first choice of each field
		Example(&mk.View{You: &you, Districts: tc.held}, "push", c)
		p := c.GetPush()
		if p.GetFrom() == p.GetTo() || !printed.Connected(p.GetFrom(), p.GetTo()) || p.GetFrom() != tc.from || (tc.to != 0 && p.GetTo() != tc.to) {
			t.Errorf("%s: push from %v to %v", name, p.GetFrom(), p.GetTo())
		}
		if len(p.GetBarrels()) != 1 || p.GetBarrels()[0].GetLiquor() != mk.Liquor_LIQUOR_GIN {
			t.Errorf("%s: barrels %v", name, p.GetBarrels())
		}
	}
}
