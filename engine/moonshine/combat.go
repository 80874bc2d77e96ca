package moonshine

// Combat's street math: dice by mobster count, Threat levels and what they
// kill, and the resolution of a round from recorded dice. Everything here
// is pure: Decide draws the dice and writes them into a CombatRound event.

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

// Hits counts the rolls that kill at a Threat level.
func Hits(threat int, rolls []int) int {
	n := 0
	for _, r := range rolls {
		if r >= KillOn(threat) {
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
	return r, r.InvaderHits >= StormHits
}
