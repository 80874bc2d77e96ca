package strategy

import (
	"strconv"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine/moonshine"
)

// TestGoalsReadTheCards checks the policy's reading of every printed
// Contract: each card has a goal, and a goal counting past 1 asks for the
// card's number.
func TestGoalsReadTheCards(t *testing.T) {
	for _, c := range moonshine.Contracts {
		g, ok := goals[c.ID]
		if !ok {
			t.Errorf("card %d %q has no goal", c.ID, c.Name)
			continue
		}
		want := strconv.Itoa(g.n)
		if g.kind == goalCash {
			want = "$" + strconv.Itoa(g.n/1000) + "," + strconv.Itoa(g.n%1000/100) + "00"
		}
		if g.n > 1 && !strings.Contains(c.Objective, want) {
			t.Errorf("card %d %q: %q does not ask for %s", c.ID, c.Name, c.Objective, want)
		}
	}
	if len(goals) != len(moonshine.Contracts) {
		t.Errorf("%d goals for %d cards", len(goals), len(moonshine.Contracts))
	}
}
