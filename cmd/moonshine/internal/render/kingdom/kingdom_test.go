package kingdom

import (
	"strings"
	"testing"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestKingdomRendersDeals checks the Broker's Word lines.
func TestKingdomRendersDeals(t *testing.T) {
	terms := []*mk.DealTerm{{Kind: mk.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: 500}, {Kind: mk.DealTermKind_DEAL_TERM_KIND_NO_ATTACK}}
	if got := dealEvent(&mk.Event{Kind: &mk.Event_DealProposed{DealProposed: &mk.DealProposed{Deal: 2, From: 1, To: 3,
		Broker: mk.Broker_BROKER_JIMMY_WALKER, DeadlineDay: 4, Terms: terms}}}); !strings.Contains(got, "seat 1 pays $500 to seat 3") ||
		!strings.Contains(got, "seat 1 attacks no mobster of seat 3") {
		t.Errorf("proposed: %q", got)
	}
	if got := dealEvent(&mk.Event{Kind: &mk.Event_DealBroken{DealBroken: &mk.DealBroken{Deal: 2, Seat: 1,
		MarkerFrom: mk.MarkerSource_MARKER_SOURCE_SLOTS, Holder: 2}}}); !strings.Contains(got, "from seat 2's Operations slots") {
		t.Errorf("broken: %q", got)
	}
	if got := dealLine(&mk.DealView{Deal: 2, From: 1, To: 3, Accepted: true, Paid: 200, Terms: terms}); !strings.Contains(got, "seat 1 $200 and 0 Influence") {
		t.Errorf("view: %q", got)
	}
}
