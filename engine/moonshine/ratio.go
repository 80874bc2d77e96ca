package moonshine

// The Muscle Ratio and the success ladder: the game's street math.

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

// SmuggleResult is the outcome of a Smuggling run from its dice.
type SmuggleResult struct {
	Target    int
	Successes int
	Failures  int
}

// SmuggleDice returns how many dice a crew rolls: "Crew Size 1-2
// Mobsters: 1, 3-4: 2, 5 (max): 3".
func SmuggleDice(crew int) int { return MuscleRatio(min(crew, 5), BrewCap) }

// ResolveSmuggle reads a Smuggling run's dice against the Dock Network.
// It is pure: Decide draws the rolls and records them in the event.
func ResolveSmuggle(docks int, rolls []int) SmuggleResult {
	r := SmuggleResult{Target: SuccessOn(docks)}
	for _, f := range rolls {
		if f >= r.Target {
			r.Successes++
		} else {
			r.Failures++
		}
	}
	return r
}

// TakeCasualties removes n pieces, Runners first, and returns how many
// Runners and Bosses go.
func TakeCasualties(runners, bosses, n int) (r, b int) {
	r = min(n, runners)
	b = min(n-r, bosses)
	return r, b
}

// ExtortIncome is $200 per District Controlled in the Borough; $800 or
// more is noisy.
func ExtortIncome(districts int) (amount int, heat bool) {
	amount = 200 * districts
	return amount, amount >= 800
}

// GreedTax reports whether an Unload of n barrels generates Heat.
func GreedTax(n int, untouchable bool) bool { return n >= 4 && !untouchable }

// FixCeiling is the highest price a Syndicate holder may set: $200 plus
// $100 per matching Joint Controlled, at most $500.
func FixCeiling(joints int) int { return min(200+100*joints, 500) }
