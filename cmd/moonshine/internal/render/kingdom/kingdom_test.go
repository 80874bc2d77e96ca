package kingdom

import (
	"strings"
	"testing"

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
