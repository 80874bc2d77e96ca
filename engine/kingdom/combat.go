package kingdom

import "github.com/moonshine-games/moonshine/engine/kingdom/printed"

// Combat's resolution from recorded dice, by the printed dice and Threat
// tables (printed.CombatDice, printed.Threat, printed.KillOn). Everything
// here is pure: Decide draws the dice and writes them into a CombatRound
// event.

// Hits counts the rolls that kill at a Threat level.
func Hits(threat int, rolls []int) int {
	n := 0
	for _, r := range rolls {
		if r >= printed.KillOn(threat) {
			n++
		}
	}
	return n
}

// Force is a side's mobsters in a fight.
type Force struct{ Runners, Bosses int }

// Mobsters counts the force.
func (f Force) Mobsters() int { return f.Runners + f.Bosses }

// Lose returns the casualties of n hits, Runners first.
func (f Force) Lose(n int) Force {
	r, b := TakeCasualties(f.Runners, f.Bosses, n)
	return Force{r, b}
}

// Round is the result of one round of shooting.
type Round struct {
	InvaderThreat, OccupierThreat int
	InvaderHits, OccupierHits     int
	// InvaderLost and OccupierLost are each side's dead.
	InvaderLost, OccupierLost Force
}

// ResolveRound applies one round of fire. In an Ambush only the Occupier
// rolls (invRolls is empty); in an Assault both roll at once and both sides'
// hits land ("Both sides apply hits (Runners first)").
func ResolveRound(inv, occ Force, invThreat, occThreat int, invRolls, occRolls []int) Round {
	r := Round{InvaderThreat: invThreat, OccupierThreat: occThreat,
		InvaderHits: Hits(invThreat, invRolls), OccupierHits: Hits(occThreat, occRolls)}
	r.OccupierLost = occ.Lose(r.InvaderHits)
	r.InvaderLost = inv.Lose(r.OccupierHits)
	return r
}

// ResolveStorm reads a Storm's single roll: the Police roll no dice, "every
// failed die immediately kills 1 of your mobsters" (OccupierHits holds the
// failures), and 2+ hits destroy the Precinct.
func ResolveStorm(inv Force, threat int, rolls []int) (r Round, destroyed bool) {
	r = Round{InvaderThreat: threat, InvaderHits: Hits(threat, rolls)}
	r.OccupierHits = len(rolls) - r.InvaderHits
	r.InvaderLost = inv.Lose(r.OccupierHits)
	return r, r.InvaderHits >= printed.StormHits
}
