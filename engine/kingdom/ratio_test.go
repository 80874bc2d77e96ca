package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"
)

func TestMuscleRatio(t *testing.T) {
	// "1-2 mobsters 1 die, 3-4 mobsters 2 dice, 5-6 mobsters 3 dice, 7-8
	// mobsters 4 dice, 9+ mobsters 5 dice" and "For Brewing, Blowbacks, and
	// Raid arrests, it caps at 3."
	for _, c := range []struct{ n, brew, combat int }{
		{0, 0, 0}, {1, 1, 1}, {2, 1, 1}, {3, 2, 2}, {4, 2, 2}, {5, 3, 3}, {6, 3, 3},
		{7, 3, 4}, {8, 3, 4}, {9, 3, 5}, {12, 3, 5},
	} {
		if got := printed.MuscleRatio(c.n, printed.BrewCap); got != c.brew {
			t.Errorf("brew(%d) = %d, want %d", c.n, got, c.brew)
		}
		if got := printed.MuscleRatio(c.n, printed.CombatCap); got != c.combat {
			t.Errorf("combat(%d) = %d, want %d", c.n, got, c.combat)
		}
	}
}

func TestSmuggleTables(t *testing.T) {
	// "Crew Size 1-2 Mobsters 1, 3-4 Mobsters 2, 5 Mobsters (max) 3" and
	// "1 Dock 5-6, 2 Docks 4-6, 3 Docks 3-6, 4+ Docks (max) 2-6".
	for crew, want := range map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3} {
		if printed.SmuggleDice(crew) != want {
			t.Errorf("crew %d: %d dice", crew, printed.SmuggleDice(crew))
		}
	}
	for docks, want := range map[int]int{1: 5, 2: 4, 3: 3, 4: 2, 5: 2} {
		if printed.SuccessOn(docks) != want {
			t.Errorf("%d docks: %d+", docks, printed.SuccessOn(docks))
		}
	}
}

func TestSmugglingExampleAsPrinted(t *testing.T) {
	// "You control 3 Docks and Smuggle with a crew of 5. Roll 3 dice,
	// succeeding on 3+. A roll of 1, 3, and 5 gains 2 Rum at the Dock; the
	// failed die arrests 1 Mobster."
	if printed.SmuggleDice(5) != 3 {
		t.Fatal("crew of 5 does not roll 3 dice")
	}
	r := ResolveSmuggle(3, []int{1, 3, 5})
	if r.Target != 3 || r.Successes != 2 || r.Failures != 1 {
		t.Errorf("got %+v", r)
	}
}

func TestExtortHeatAt800(t *testing.T) {
	// "Once per Day, earn $200 per District you Control in that Borough.
	// Earning $800+ (controlling 4 or more Districts) is noisy and generates Heat."
	for n, want := range map[int]bool{1: false, 3: false, 4: true, 6: true} {
		amt, heat := printed.ExtortIncome(n)
		if amt != 200*n || heat != want {
			t.Errorf("%d districts: $%d heat %v", n, amt, heat)
		}
	}
}

func TestGreedTaxAtFourBarrels(t *testing.T) {
	// "Unloading 4+ barrels of any type in a single Play generates Heat ...
	// Max safe delivery is 3, unless you hold Stephanie St. Clair's Favor."
	if printed.GreedTax(3, false) || !printed.GreedTax(4, false) || printed.GreedTax(4, true) {
		t.Error("greed tax threshold wrong")
	}
}

func TestFixExample(t *testing.T) {
	// "If you hold the Gin Syndicate and Control 3 Gin Joints, you may Fix
	// the price of Gin anywhere from $200 to $500."
	if printed.FixCeiling(3) != 500 || printed.FixCeiling(2) != 400 || printed.FixCeiling(5) != 500 {
		t.Error("fix ceiling wrong")
	}
}

func TestCasualtiesRunnersFirst(t *testing.T) {
	// "Runners take the shrapnel first; an unprotected Boss goes home in a pine box."
	for _, c := range []struct{ r, b, n, wr, wb int }{
		{3, 1, 2, 2, 0}, {1, 1, 2, 1, 1}, {0, 1, 1, 0, 1}, {2, 0, 3, 2, 0},
	} {
		r, b := TakeCasualties(c.r, c.b, c.n)
		if r != c.wr || b != c.wb {
			t.Errorf("%+v: got %d,%d", c, r, b)
		}
	}
}
