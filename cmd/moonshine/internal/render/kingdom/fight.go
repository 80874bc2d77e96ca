package kingdom

import (
	"fmt"
	"strings"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Combat and the Police: commands, events and the fight in a view.

// fightCommand describes a fight response, or returns "".
func fightCommand(c *mk.Command) string {
	switch k := c.GetKind().(type) {
	case *mk.Command_Standoff:
		x := k.Standoff
		if x.GetChoice() == mk.StandoffChoice_STANDOFF_CHOICE_FOLD {
			if x.GetCommandeer() {
				return "fold and flee to " + district(x.GetFleeTo()) + ", commandeering the Safehouse there"
			}
			return "fold and flee to " + district(x.GetFleeTo())
		}
		return strings.ToLower(enumName(x.GetChoice())) + edgeText(x.GetFirepower(), x.GetCourage(), x.GetPlunder(), x.GetSteal())
	case *mk.Command_Assault:
		x := k.Assault
		return "assault (1 Influence)" + edgeText(x.GetFirepower(), x.GetCourage(), x.GetPlunder(), x.GetSteal())
	case *mk.Command_Advance:
		x := k.Advance
		s := "advance to " + district(x.GetTo())
		if len(x.GetBarrels()) > 0 {
			s += " carrying " + barrels(x.GetBarrels())
		}
		if x.GetCommandeer() {
			s += ", commandeering the Safehouse there"
		}
		return s
	case *mk.Command_FallBack:
		return "fall back"
	case *mk.Command_Storm:
		return "storm the Precinct (1 Influence)"
	case *mk.Command_Spoils:
		return spoilsCommand(k.Spoils)
	}
	return ""
}

func spoilsCommand(x *mk.Spoils) string {
	switch {
	case x.GetRelocateFrom() != mk.District_DISTRICT_UNSPECIFIED:
		return "commandeer, relocating the Safehouse from " + district(x.GetRelocateFrom())
	case x.GetCommandeer():
		return "commandeer: secure the District for free"
	}
	return "leave no Safehouse of yours (a rival's is destroyed)"
}

// fightEvent describes a fight event, or returns "".
func fightEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_StandoffChosen:
		x := k.StandoffChosen
		if x.GetChoice() == mk.StandoffChoice_STANDOFF_CHOICE_FOLD {
			s := fmt.Sprintf("seat %d folds at %s: %s flee to %s", x.GetSeat(), district(x.GetDistrict()), mobsters(x.GetRunners(), x.GetBosses()), district(x.GetFledTo()))
			if x.SafehouseTakenFrom != nil {
				s += fmt.Sprintf("; seat %d's Safehouse is removed", x.GetSafehouseTakenFrom())
			}
			if x.GetCommandeered() {
				s += "; commandeered"
			}
			return s
		}
		return fmt.Sprintf("seat %d chooses %s at %s", x.GetSeat(), enumName(x.GetChoice()), district(x.GetDistrict()))
	case *mk.Event_CombatRound:
		return roundLine(k.CombatRound)
	case *mk.Event_FightEnded:
		x := k.FightEnded
		return fmt.Sprintf("the fight at %s ends: %s", district(x.GetDistrict()), strings.ToLower(enumName(x.GetOutcome())))
	case *mk.Event_Withdrew:
		x := k.Withdrew
		verb := "falls back"
		if x.GetAdvance() {
			verb = "advances"
		}
		s := fmt.Sprintf("seat %d %s from %s to %s with %s", x.GetSeat(), verb, district(x.GetFrom()), district(x.GetTo()), mobsters(x.GetRunners(), x.GetBosses()))
		if len(x.GetBarrels()) > 0 {
			s += " carrying " + barrels(x.GetBarrels())
		}
		if x.GetForced() {
			s += " (forced)"
		}
		return s
	case *mk.Event_SpoilsTaken:
		x := k.SpoilsTaken
		s := fmt.Sprintf("seat %d takes the spoils of %s", x.GetSeat(), district(x.GetDistrict()))
		if x.Destroyed != nil {
			s += fmt.Sprintf("; seat %d's Safehouse is removed", x.GetDestroyed())
		}
		if x.GetCommandeered() {
			s += "; commandeered"
		}
		return s
	case *mk.Event_HeatDrawn:
		if k.HeatDrawn.GetNoMarker() {
			return fmt.Sprintf("blood on the pavement, but seat %d has no marker free for the Heat Track", k.HeatDrawn.GetSeat())
		}
		return fmt.Sprintf("blood on the pavement: seat %d's marker goes on the Heat Track", k.HeatDrawn.GetOwner())
	}
	return ""
}

// roundLine describes one round of shooting with its dice.
func roundLine(x *mk.CombatRound) string {
	s := fmt.Sprintf("%s at %s:", strings.ToLower(enumName(x.GetKind())), district(x.GetDistrict()))
	if len(x.GetInvaderRolls()) > 0 {
		s += fmt.Sprintf(" seat %d rolls %v at Threat %d, %s", x.GetInvader(), x.GetInvaderRolls(), x.GetInvaderThreat(), plural(x.GetInvaderHits(), "hit"))
	}
	if x.Occupier != nil {
		s += fmt.Sprintf(" seat %d rolls %v at Threat %d, %s", x.GetOccupier(), x.GetOccupierRolls(), x.GetOccupierThreat(), plural(x.GetOccupierHits(), "hit"))
	}
	return s + fmt.Sprintf("; seat %d loses %s", x.GetInvader(), mobsters(x.GetInvaderRunnersLost(), x.GetInvaderBossesLost())) +
		occupierLoss(x) + roundEdges(x)
}

func occupierLoss(x *mk.CombatRound) string {
	if x.Occupier == nil {
		return ""
	}
	return fmt.Sprintf(", seat %d loses %s", x.GetOccupier(), mobsters(x.GetOccupierRunnersLost(), x.GetOccupierBossesLost()))
}

// hostileMove completes a Moved line for a move onto Hostile turf.
func hostileMove(x *mk.Moved) string {
	switch {
	case !x.GetHostile():
		return ""
	case x.Occupier == nil && x.GetSeized():
		return "; Police Turf: the liquor is seized, the mobsters Pinned"
	case x.Occupier == nil:
		return "; Police Turf: the mobsters are Pinned"
	}
	if x.GetStealth() {
		return fmt.Sprintf("; slipped into seat %d's turf by Stealth: Pinned, no Standoff", x.GetOccupier())
	}
	return fmt.Sprintf("; rival turf: Pinned, seat %d's Standoff", x.GetOccupier())
}

// fightLine describes the fight in progress in a view.
func fightLine(f *mk.FightView) string {
	who := "the Police"
	if f.Occupier != nil {
		who = fmt.Sprintf("seat %d", f.GetOccupier())
	}
	var rs []string
	for _, r := range f.GetResponses() {
		rs = append(rs, strings.ToLower(enumName(r)))
	}
	return fmt.Sprintf("fight at %s: seat %d (from %s) against %s; seat %d decides: %s", district(f.GetDistrict()), f.GetInvader(),
		district(f.GetOrigin()), who, f.GetDecider(), strings.Join(rs, ", "))
}
