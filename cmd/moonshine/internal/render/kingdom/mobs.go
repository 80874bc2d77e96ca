package kingdom

import (
	"fmt"
	"strings"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Issue III: the mobs' signature Plays.

// mobCommand describes a signature Play, or returns "".
func mobCommand(c *mk.Command) string {
	switch k := c.GetKind().(type) {
	case *mk.Command_Capo:
		return "capo: promote a Runner in " + district(k.Capo.GetDistrict()) + " to the second Boss (2 Influence)"
	case *mk.Command_Consigliere:
		return fmt.Sprintf("consigliere: take Heat marker %d off the Track (1 Influence)", k.Consigliere.GetIndex()+1)
	case *mk.Command_Torch:
		return "torch the rival Safehouse, sacrificing a Pinned Runner (2 Influence)"
	case *mk.Command_TakeLoan:
		return "take a Shylock's Mark ($1,500)"
	case *mk.Command_RepayLoan:
		return "repay a Shylock's Mark"
	case *mk.Command_GiveCash:
		return fmt.Sprintf("hand %s to seat %d", dollars(k.GiveCash.GetAmount()), k.GiveCash.GetTo())
	case *mk.Command_Lend:
		return fmt.Sprintf("lend %s to seat %d's Operations", plural(k.Lend.GetMarkers(), "Influence marker"), k.Lend.GetTo())
	case *mk.Command_Consent:
		if k.Consent.GetAccept() {
			return "give permission for the Push"
		}
		return "refuse permission for the Push"
	}
	return ""
}

// moveStyle names a Skiff or a Stealth move.
func moveStyle(x *mk.Move) string {
	switch {
	case x.GetSkiff():
		return " by Skiff"
	case x.GetStealth():
		return " by Stealth"
	}
	return ""
}

// edgeText describes Firepower, Courage and Plunder on an attack.
func edgeText(firepower bool, courage mk.Liquor, plunder bool, steal []mk.Liquor) string {
	var parts []string
	if firepower {
		parts = append(parts, "Firepower ($200, one more die)")
	}
	if courage != mk.Liquor_LIQUOR_UNSPECIFIED {
		parts = append(parts, "Courage (a "+enumName(courage)+" barrel for +1 Threat)")
	}
	if plunder {
		var names []string
		for _, l := range steal {
			names = append(names, enumName(l))
		}
		s := "Plunder"
		if len(names) > 0 {
			s += " (stealing " + strings.Join(names, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return " with " + strings.Join(parts, ", ")
}

// roundEdges completes a CombatRound line.
func roundEdges(x *mk.CombatRound) string {
	var parts []string
	if x.GetFirepowerCost() > 0 {
		parts = append(parts, "Firepower "+dollars(x.GetFirepowerCost()))
	}
	if x.GetCourage() != mk.Liquor_LIQUOR_UNSPECIFIED {
		parts = append(parts, "Courage on "+enumName(x.GetCourage()))
	}
	if x.GetPlunder() {
		s := "Plunder, no one killed by it"
		if len(x.GetPlundered()) > 0 {
			s += ", stealing " + barrels(x.GetPlundered())
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// mobEvent describes a signature Play's event, or returns "".
func mobEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_CapoPromoted:
		return fmt.Sprintf("seat %d promotes a Runner in %s to Capo", k.CapoPromoted.GetSeat(), district(k.CapoPromoted.GetDistrict()))
	case *mk.Event_HeatCooled:
		x := k.HeatCooled
		return fmt.Sprintf("seat %d's Consigliere takes seat %d's marker (number %d) off the Heat Track", x.GetSeat(), x.GetOwner(), x.GetIndex()+1)
	case *mk.Event_Torched:
		x := k.Torched
		return fmt.Sprintf("seat %d torches seat %d's Safehouse in %s; a Runner goes up with it", x.GetSeat(), x.GetOwner(), district(x.GetDistrict()))
	case *mk.Event_LoanTaken:
		return fmt.Sprintf("seat %d takes a Shylock's Mark for %s", k.LoanTaken.GetSeat(), dollars(k.LoanTaken.GetAmount()))
	case *mk.Event_LoanRepaid:
		return fmt.Sprintf("seat %d repays a Shylock's Mark for %s", k.LoanRepaid.GetSeat(), dollars(k.LoanRepaid.GetAmount()))
	case *mk.Event_CashGiven:
		x := k.CashGiven
		return fmt.Sprintf("seat %d hands %s to seat %d", x.GetFrom(), dollars(x.GetAmount()), x.GetTo())
	case *mk.Event_SitDown:
		r := k.SitDown.GetRanking()
		if len(r) != 4 {
			return "the Sit-Down"
		}
		return fmt.Sprintf("the Sit-Down: seats ranked %v; seat %d joins seat %d, seat %d joins seat %d", r, r[0], r[3], r[1], r[2])
	case *mk.Event_OccupierChanged:
		x := k.OccupierChanged
		return fmt.Sprintf("seat %d's mobsters in %s are the last Defenders: they hold it against the Invaders", x.GetOccupier(), district(x.GetDistrict()))
	case *mk.Event_InfluenceLent:
		x := k.InfluenceLent
		return fmt.Sprintf("seat %d lends %s to seat %d", x.GetFrom(), plural(x.GetMarkers(), "Influence marker"), x.GetTo())
	case *mk.Event_PushProposed:
		x := k.PushProposed
		return fmt.Sprintf("seat %d asks seat %d's permission to %s", x.GetSeat(), x.GetRival(), pushText(x.GetPush()))
	case *mk.Event_ConsentGiven:
		if k.ConsentGiven.GetAccept() {
			return fmt.Sprintf("seat %d gives permission", k.ConsentGiven.GetSeat())
		}
		return fmt.Sprintf("seat %d refuses permission", k.ConsentGiven.GetSeat())
	}
	return ""
}

// pushText describes a Push, a trade included.
func pushText(x *mk.Push) string {
	s := fmt.Sprintf("push %s from %s to %s", barrels(x.GetBarrels()), district(x.GetFrom()), district(x.GetTo()))
	if len(x.GetBack()) > 0 {
		s += " and take back " + barrels(x.GetBack())
	}
	return s
}

// viaText names the partner's Districts a Move passes through.
func viaText(via []mk.District) string {
	if len(via) == 0 {
		return ""
	}
	names := make([]string, len(via))
	for i, d := range via {
		names[i] = district(d)
	}
	return " through " + strings.Join(names, ", ")
}
