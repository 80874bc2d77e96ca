package printed

// The street math as printed: the Muscle Ratio, the success ladder, the
// dice and Threat tables, and the incomes and ceilings of the Title Plays.
// The rules resolve rolls with them (engine/kingdom's ratio.go and
// combat.go); Decide draws the dice and records them in events.

// Caps of the Muscle Ratio.
const (
	// BrewCap caps Brewing, Blowbacks, Smuggling dice and Raid arrests.
	BrewCap = 3
	// CombatCap caps Combat dice.
	CombatCap = 5
)

// MuscleRatio converts a count of mobsters into barrels brewed, dead,
// arrests or dice: 1-2 give 1, 3-4 give 2, 5-6 give 3, 7-8 give 4, 9+ give
// 5, never more than limit. No mobsters give nothing.
func MuscleRatio(mobsters, limit int) int {
	if mobsters <= 0 {
		return 0
	}
	return min((mobsters+1)/2, limit)
}

// SuccessOn returns the lowest face that succeeds on the success ladder
// for a level from 1: level 1 succeeds on 5-6, 2 on 4-6, 3 on 3-6, and 4 or
// more (the maximum) on 2-6. Smuggling's level is the Dock Network; Combat's
// is the Threat level.
func SuccessOn(level int) int {
	level = max(1, min(level, 4))
	return 6 - level
}

// SmuggleDice returns how many dice a crew rolls: "Crew Size 1-2
// Mobsters: 1, 3-4: 2, 5 (max): 3".
func SmuggleDice(crew int) int { return MuscleRatio(min(crew, 5), BrewCap) }

// MaxThreat is the highest Threat level ("Level 4 (Max)").
const MaxThreat = 4

// StormHits is how many hits break the Police lines ("You need 2+ Hits").
const StormHits = 2

// CombatDice returns how many dice a side of n mobsters rolls: "1-2
// mobsters 1 die, 3-4 2 dice, 5-6 3 dice, 7-8 4 dice, 9+ 5 dice".
func CombatDice(mobsters int) int { return MuscleRatio(mobsters, CombatCap) }

// Bonuses are what raises a side's Threat above the Base Level 1.
type Bonuses struct {
	// Boss: "If your Boss is in the fight" (+1).
	Boss bool
	// Safehouse: "Defenders holding a Secured District (Defending Assaults
	// only)" (+2).
	Safehouse bool
	// Ambush: "Occupiers firing the first shot when enemies enter" (+1).
	Ambush bool
	// Capo: the Sicilians' "+2 when both Bosses attack one District" (one
	// more than Boss).
	Capo bool
	// Courage: the Irish discarded a barrel "to gain +1 Threat for that
	// roll".
	Courage bool
}

// Threat returns the Threat level the bonuses give, capped at Level 4.
func Threat(b Bonuses) int {
	t := 1
	if b.Boss {
		t++
	}
	if b.Safehouse {
		t += 2
	}
	if b.Ambush {
		t++
	}
	if b.Boss && b.Capo {
		t++
	}
	if b.Courage {
		t++
	}
	return min(t, MaxThreat)
}

// KillOn returns the lowest roll that kills at a Threat level: Level 1
// kills on 5-6, 2 on 4-6, 3 on 3-6, 4 on 2-6.
func KillOn(threat int) int { return SuccessOn(threat) }

// Extort's income: $200 per District Controlled in the Borough; $800 or
// more is noisy.
const (
	ExtortPerDistrict = 200
	ExtortHeatAt      = 800
)

// ExtortIncome is what Extort takes in a Borough where districts are
// Controlled, and whether it makes Heat.
func ExtortIncome(districts int) (amount int, heat bool) {
	amount = ExtortPerDistrict * districts
	return amount, amount >= ExtortHeatAt
}

// GreedTaxBarrels is the barrels of one Unload from which it makes Heat:
// "Unloading 4+ barrels of any type in a single Play generates Heat."
const GreedTaxBarrels = 4

// GreedTax reports whether an Unload of n barrels generates Heat.
func GreedTax(n int, untouchable bool) bool { return n >= GreedTaxBarrels && !untouchable }

// A Fix sets a price from $200 in $100 steps: up to $200 plus $100 per
// matching Joint Controlled, at most $500.
const (
	FixFloor   = 200
	FixStep    = 100
	FixMaximum = 500
)

// FixCeiling is the highest price a Syndicate holder may set.
func FixCeiling(joints int) int { return min(FixFloor+FixStep*joints, FixMaximum) }
