package search_test

import (
	"math"
	"testing"

	"github.com/moonshine-games/moonshine/engine/search"
)

// Lead is a softmax: equal scores share alike, a lead of one scale is worth
// e to one, the shares sum to 1, and an index out of range has none.
func TestLead(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	scores := []float64{10, 18, 10}
	if got := search.Lead(scores, 1, 8) / search.Lead(scores, 0, 8); !near(got, math.E) {
		t.Errorf("a lead of one scale is worth %v to one, want e", got)
	}
	if a, c := search.Lead(scores, 0, 8), search.Lead(scores, 2, 8); a != c {
		t.Errorf("equal scores share %v and %v", a, c)
	}
	sum := 0.0
	for i := range scores {
		sum += search.Lead(scores, i, 8)
	}
	if !near(sum, 1) || search.Lead(scores, -1, 8) != 0 || search.Lead(nil, 0, 8) != 0 {
		t.Errorf("the shares sum to %v; out of range: %v", sum, search.Lead(scores, -1, 8))
	}
}

// A finished game is worth mostly the share of the win, a little the lead.
func TestFinal(t *testing.T) {
	if got := search.Share([]int{1, 3}, 3); got != 0.5 {
		t.Errorf("a tie of two: %v", got)
	}
	if got := search.Share([]int{1}, 3); got != 0 {
		t.Errorf("a loss: %v", got)
	}
	if got := search.Final(1, 0.5); got != 1-search.MarginWeight/2 {
		t.Errorf("a win with half the lead: %v", got)
	}
}
