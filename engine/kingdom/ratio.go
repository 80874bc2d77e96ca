package kingdom

import "github.com/moonshine-games/moonshine/engine/kingdom/printed"

// The street math's resolution from recorded dice, by the printed Muscle
// Ratio and success ladder (printed.MuscleRatio, printed.SuccessOn).

// SmuggleResult is the outcome of a Smuggling run from its dice.
type SmuggleResult struct {
	Target    int
	Successes int
	Failures  int
}

// ResolveSmuggle reads a Smuggling run's dice against the Dock Network.
// It is pure: Decide draws the rolls and records them in the event.
func ResolveSmuggle(docks int, rolls []int) SmuggleResult {
	r := SmuggleResult{Target: printed.SuccessOn(docks)}
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
