package printed

import (
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// fightEvent labels the events of a fight.
func fightEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_StandoffChosen:
		x := k.StandoffChosen
		if x.GetChoice() != pb.StandoffChoice_STANDOFF_CHOICE_FOLD {
			return fmt.Sprintf("%s %s at %s", does(v, x.GetSeat(), "chooses"), standoffName(x.GetChoice()), district(x.GetDistrict()))
		}
		s := fmt.Sprintf("%s at %s: %s flee to %s", does(v, x.GetSeat(), "folds"), district(x.GetDistrict()), Mobsters(x.GetRunners(), x.GetBosses()),
			district(x.GetFledTo()))
		if x.SafehouseTakenFrom != nil {
			s += fmt.Sprintf("; %s Safehouse is removed", whose(v, x.GetSafehouseTakenFrom()))
		}
		if x.GetCommandeered() {
			s += "; commandeered"
		}
		return s
	case *pb.Event_CombatRound:
		return roundLabel(v, k.CombatRound)
	case *pb.Event_FightEnded:
		x := k.FightEnded
		return fmt.Sprintf("the fight at %s ends: %s", district(x.GetDistrict()), outcomeName(x.GetOutcome()))
	case *pb.Event_Withdrew:
		x := k.Withdrew
		verb := "falls back"
		if x.GetAdvance() {
			verb = "advances"
		}
		s := fmt.Sprintf("%s from %s to %s with %s", does(v, x.GetSeat(), verb), district(x.GetFrom()), district(x.GetTo()), Mobsters(x.GetRunners(), x.GetBosses()))
		if len(x.GetBarrels()) > 0 {
			s += " carrying " + BarrelsLabel(x.GetBarrels())
		}
		if x.SafehouseTakenFrom != nil {
			s += fmt.Sprintf("; %s Safehouse is removed", whose(v, x.GetSafehouseTakenFrom()))
		}
		if x.GetCommandeered() {
			s += "; commandeered"
		}
		if x.GetForced() {
			s += " (forced)"
		}
		return s
	case *pb.Event_SpoilsTaken:
		x := k.SpoilsTaken
		s := fmt.Sprintf("%s the spoils of %s", does(v, x.GetSeat(), "takes"), district(x.GetDistrict()))
		if x.Destroyed != nil {
			s += fmt.Sprintf("; %s Safehouse is destroyed", whose(v, x.GetDestroyed()))
		}
		if x.GetCommandeered() {
			s += "; commandeered"
		}
		return s
	case *pb.Event_Torched:
		x := k.Torched
		return fmt.Sprintf("%s %s Safehouse in %s; a Runner goes up with it", does(v, x.GetSeat(), "torches"), whose(v, x.GetOwner()), district(x.GetDistrict()))
	case *pb.Event_HeatDrawn:
		x := k.HeatDrawn
		if x.GetNoMarker() {
			return fmt.Sprintf("blood on the pavement, but %s no marker free for the Heat Track", does(v, x.GetSeat(), "has"))
		}
		return fmt.Sprintf("blood on the pavement: %s marker goes on the Heat Track", whose(v, x.GetOwner()))
	case *pb.Event_OccupierChanged:
		x := k.OccupierChanged
		return fmt.Sprintf("%s mobsters in %s are the last Defenders: they hold it against the Invaders", whose(v, x.GetOccupier()), district(x.GetDistrict()))
	}
	return ""
}

// roundLabel labels one round of shooting with its dice.
func roundLabel(v engine.Viewer, x *pb.CombatRound) string {
	s := fmt.Sprintf("%s at %s:", combatName(x.GetKind()), district(x.GetDistrict()))
	if len(x.GetInvaderRolls()) > 0 {
		s += fmt.Sprintf(" %s %s at Threat %d, %s", does(v, x.GetInvader(), "rolls"), Numbers(x.GetInvaderRolls()), x.GetInvaderThreat(), Plural(x.GetInvaderHits(), "hit"))
	}
	if x.Occupier != nil {
		if len(x.GetInvaderRolls()) > 0 {
			s += ";"
		}
		s += fmt.Sprintf(" %s %s at Threat %d, %s", does(v, x.GetOccupier(), "rolls"), Numbers(x.GetOccupierRolls()), x.GetOccupierThreat(), Plural(x.GetOccupierHits(), "hit"))
	}
	s += fmt.Sprintf("; %s %s", does(v, x.GetInvader(), "loses"), Mobsters(x.GetInvaderRunnersLost(), x.GetInvaderBossesLost()))
	if x.Occupier != nil {
		s += fmt.Sprintf(", %s %s", does(v, x.GetOccupier(), "loses"), Mobsters(x.GetOccupierRunnersLost(), x.GetOccupierBossesLost()))
	}
	var edges []string
	if x.GetFirepowerCost() > 0 {
		edges = append(edges, "Firepower "+Dollars(x.GetFirepowerCost()))
	}
	if x.GetCourage() != pb.Liquor_LIQUOR_UNSPECIFIED {
		edges = append(edges, "Courage on "+LiquorName(x.GetCourage()))
	}
	if x.GetPlunder() {
		p := "Plunder, no one killed by it"
		if len(x.GetPlundered()) > 0 {
			p += ", stealing " + BarrelsLabel(x.GetPlundered())
		}
		edges = append(edges, p)
	}
	if len(edges) > 0 {
		s += " (" + strings.Join(edges, "; ") + ")"
	}
	return s
}

// combatName names a round's kind: "ambush", "assault", "storm".
func combatName(k pb.CombatKind) string {
	switch k {
	case pb.CombatKind_COMBAT_KIND_AMBUSH:
		return "ambush"
	case pb.CombatKind_COMBAT_KIND_ASSAULT:
		return "assault"
	case pb.CombatKind_COMBAT_KIND_STORM:
		return "storm"
	}
	return fmt.Sprintf("round of kind %d", k)
}

// outcomeName names how a fight ended: "held", "taken", "stormed".
func outcomeName(o pb.FightOutcome) string {
	switch o {
	case pb.FightOutcome_FIGHT_OUTCOME_HELD:
		return "held"
	case pb.FightOutcome_FIGHT_OUTCOME_TAKEN:
		return "taken"
	case pb.FightOutcome_FIGHT_OUTCOME_STORMED:
		return "stormed: the Precinct is destroyed"
	}
	return fmt.Sprintf("outcome %d", o)
}

// sideEvent labels Shylock's Marks, cash and markers handed, the Push's
// permission and the Sit-Down.
func sideEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_LoanTaken:
		return fmt.Sprintf("%s a Shylock's Mark for %s", does(v, k.LoanTaken.GetSeat(), "takes"), Dollars(k.LoanTaken.GetAmount()))
	case *pb.Event_LoanRepaid:
		return fmt.Sprintf("%s a Shylock's Mark for %s", does(v, k.LoanRepaid.GetSeat(), "repays"), Dollars(k.LoanRepaid.GetAmount()))
	case *pb.Event_CashGiven:
		x := k.CashGiven
		return fmt.Sprintf("%s %s to %s", does(v, x.GetFrom(), "hands"), Dollars(x.GetAmount()), who(v, x.GetTo()))
	case *pb.Event_InfluenceLent:
		x := k.InfluenceLent
		return fmt.Sprintf("%s %s to %s", does(v, x.GetFrom(), "lends"), Plural(x.GetMarkers(), "Influence marker"), who(v, x.GetTo()))
	case *pb.Event_PushProposed:
		x := k.PushProposed
		return fmt.Sprintf("%s %s permission to %s", does(v, x.GetSeat(), "asks"), whose(v, x.GetRival()), pushText(x.GetPush()))
	case *pb.Event_ConsentGiven:
		if k.ConsentGiven.GetAccept() {
			return does(v, k.ConsentGiven.GetSeat(), "gives") + " permission for the Push"
		}
		return does(v, k.ConsentGiven.GetSeat(), "refuses") + " permission for the Push"
	case *pb.Event_SitDown:
		r := k.SitDown.GetRanking()
		if len(r) != 4 {
			return "the Sit-Down"
		}
		ranked := make([]string, 4)
		for i, s := range r {
			ranked[i] = who(v, s)
		}
		return fmt.Sprintf("the Sit-Down: ranked %s; %s and %s join forces, and %s and %s", strings.Join(ranked, ", "),
			ranked[0], ranked[3], ranked[1], ranked[2])
	}
	return ""
}

// dealEvent labels a Broker's Word event.
func dealEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_DealProposed:
		x := k.DealProposed
		from, to := who(v, x.GetFrom()), who(v, x.GetTo())
		return fmt.Sprintf("%s deal %d to %s, staking %s's Favor, %s: %s", does(v, x.GetFrom(), "proposes"), x.GetDeal(), to,
			brokerName(x.GetBroker()), deadlineText(x.GetDeadline(), x.GetDeadlineDay()), termsText(x.GetTerms(), from, to))
	case *pb.Event_DealAnswered:
		x := k.DealAnswered
		switch {
		case x.GetLapsed():
			return fmt.Sprintf("deal %d lapses unanswered", x.GetDeal())
		case x.GetWithdrawn():
			return fmt.Sprintf("deal %d is withdrawn by its proposer", x.GetDeal())
		case x.GetAccept():
			return fmt.Sprintf("deal %d is accepted", x.GetDeal())
		}
		return fmt.Sprintf("deal %d is declined", x.GetDeal())
	case *pb.Event_TermConfirmed:
		x := k.TermConfirmed
		if x.GetBroken() {
			return fmt.Sprintf("%s term %d of deal %d broken", does(v, x.GetSeat(), "declares"), x.GetTerm(), x.GetDeal())
		}
		return fmt.Sprintf("%s term %d of deal %d kept", does(v, x.GetSeat(), "confirms"), x.GetTerm(), x.GetDeal())
	case *pb.Event_DealHonoured:
		return fmt.Sprintf("deal %d is honoured; the Favor returns to its owner", k.DealHonoured.GetDeal())
	case *pb.Event_DealVoided:
		return fmt.Sprintf("deal %d is void: the seat asked broke term %d; the Favor returns unharmed", k.DealVoided.GetDeal(), k.DealVoided.GetTerm())
	case *pb.Event_DealBroken:
		x := k.DealBroken
		lost := "no marker (none was left to lose)"
		switch x.GetMarkerFrom() {
		case pb.MarkerSource_MARKER_SOURCE_STASH:
			lost = "a marker from " + its(v, x.GetSeat()) + " Stash"
		case pb.MarkerSource_MARKER_SOURCE_SLOTS:
			lost = fmt.Sprintf("a marker from %s Operations slots", whose(v, x.GetHolder()))
		case pb.MarkerSource_MARKER_SOURCE_HEAT_TRACK:
			lost = "a marker from the Heat Track"
		case pb.MarkerSource_MARKER_SOURCE_CONTRACT:
			lost = fmt.Sprintf("a marker from %s staked Contract %s", its(v, x.GetSeat()), ContractLabel(x.GetHolder()))
		}
		return fmt.Sprintf("deal %d is broken (term %d): %s %s's Favor and %s %s", x.GetDeal(), x.GetTerm(),
			does(v, x.GetSeat(), "discards"), brokerName(x.GetBroker()), agree(v, x.GetSeat(), "loses"), lost)
	}
	return ""
}
