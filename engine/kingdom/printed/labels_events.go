package printed

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Event labels an event body as v reads it: "seat 2 moves 3 Runners from
// Harlem to Hell's Kitchen", "you draw #3 Stock the Cellar (...)".
func (Labels) Event(v engine.Viewer, body proto.Message) string {
	e, _ := body.(*pb.Event)
	for _, f := range []func(engine.Viewer, *pb.Event) string{dayEvent, streetEvent, contractEvent, raidEvent, fightEvent, sideEvent, dealEvent} {
		if s := f(v, e); s != "" {
			return s
		}
	}
	return "not a Moonshine Kingdom event"
}

// who names seat as v reads it: "you", "seat 2".
func who(v engine.Viewer, seat uint32) string { return v.Name(engine.Seat(seat)) }

// whose is who's possessive: "your", "seat 2's".
func whose(v engine.Viewer, seat uint32) string { return v.Possessive(engine.Seat(seat)) }

// does puts seat as v reads it before a verb given in the third person,
// agreeing with it: "seat 2 moves", "you move".
func does(v engine.Viewer, seat uint32, verb string) string {
	return who(v, seat) + " " + agree(v, seat, verb)
}

// agree returns a verb given in the third person ("moves", "lays low",
// "is") as it agrees with seat as v reads it: "move", "lay low", "are" for
// v's own seat.
func agree(v engine.Viewer, seat uint32, verb string) string {
	if !v.IsSeat(engine.Seat(seat)) {
		return verb
	}
	first, rest, spaced := strings.Cut(verb, " ")
	first, comma := strings.CutSuffix(first, ",")
	switch {
	case first == "is":
		first = "are"
	case first == "has":
		first = "have"
	case first == "goes":
		first = "go"
	case strings.HasSuffix(first, "ches"), strings.HasSuffix(first, "shes"), strings.HasSuffix(first, "xes"), strings.HasSuffix(first, "sses"):
		first = strings.TrimSuffix(first, "es")
	default:
		first = strings.TrimSuffix(first, "s")
	}
	if comma {
		first += ","
	}
	if spaced {
		first += " " + rest
	}
	return first
}

// its is the possessive pronoun of seat as v reads it: "your", "its".
func its(v engine.Viewer, seat uint32) string {
	if v.IsSeat(engine.Seat(seat)) {
		return "your"
	}
	return "its"
}

// dayEvent labels the setup, the Shadows, the Reckoning and the end.
func dayEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_GameStarted:
		return startLabel(v, k.GameStarted)
	case *pb.Event_DayStarted:
		x := k.DayStarted
		return fmt.Sprintf("Day %d begins (%s): Brew dice Red %s; White %s", x.GetDay(), MoonName(x.GetMoon()), Numbers(x.GetRed()), Numbers(x.GetWhite()))
	case *pb.Event_BrewDrafted:
		return brewLabel(v, k.BrewDrafted)
	case *pb.Event_Blowback:
		x := k.Blowback
		s := fmt.Sprintf("Blowback: leftover Red %d, White %d", x.GetRed(), x.GetWhite())
		for _, c := range x.GetCasualties() {
			s += fmt.Sprintf("; %s %s in %s", does(v, c.GetSeat(), "loses"), Mobsters(c.GetRunners(), c.GetBosses()), district(c.GetDistrict()))
		}
		return s
	case *pb.Event_Funded:
		return fmt.Sprintf("%s Operations with %s", does(v, k.Funded.GetSeat(), "funds"), Plural(k.Funded.GetMarkers(), "marker"))
	case *pb.Event_OperationsStarted:
		return fmt.Sprintf("Operations begin; %s first", does(v, k.OperationsStarted.GetFirst(), "plays"))
	case *pb.Event_TurnPassed:
		return whose(v, k.TurnPassed.GetSeat()) + " Play"
	case *pb.Event_LaidLow:
		x := k.LaidLow
		s := fmt.Sprintf("%s and %s %s Turn Token %d", does(v, x.GetSeat(), "lays low"), agree(v, x.GetSeat(), "takes"), MoonName(x.GetMoon()), x.GetTurnToken())
		for _, c := range x.GetStranded() {
			s += fmt.Sprintf("; %s left in %s partner's %s go back to the supply", Mobsters(c.GetRunners(), c.GetBosses()), its(v, x.GetSeat()), district(c.GetDistrict()))
		}
		return s
	case *pb.Event_Resigned:
		return does(v, k.Resigned.GetSeat(), "resigns") + "; the mob's pieces leave the board"
	case *pb.Event_TitleChanged:
		x := k.TitleChanged
		holder := "back to the supply"
		if x.Holder != nil {
			holder = "to " + who(v, x.GetHolder())
		}
		return fmt.Sprintf("%s goes %s", titleName(x.GetTitle(), x.GetBorough(), x.GetLiquor()), holder)
	case *pb.Event_CommissionTaken:
		return does(v, k.CommissionTaken.GetSeat(), "takes") + " a Commission card"
	case *pb.Event_GameEnded:
		return endLabel(v, k.GameEnded)
	}
	return ""
}

// startLabel labels the table dealt at setup.
func startLabel(v engine.Viewer, x *pb.GameStarted) string {
	seats := make([]string, len(x.GetSeats()))
	for i, s := range x.GetSeats() {
		seats[i] = fmt.Sprintf("%s: %s in %s (Turn Token %d)", who(v, uint32(i)), PlaybookOf(s.GetPlaybook()).Name, boroughName(s.GetHome()), s.GetTurnToken())
	}
	s := fmt.Sprintf("game started: %d players", x.GetPlayers())
	if x.GetOptions().GetBloodOath() {
		s += ", the Blood Oath"
	}
	return s + "; " + strings.Join(seats, ", ")
}

// brewLabel labels a Brew draft and what each Still brewed, for whom.
func brewLabel(v engine.Viewer, x *pb.BrewDrafted) string {
	s := fmt.Sprintf("%s Red %d and White %d", does(v, x.GetSeat(), "drafts"), x.GetRed(), x.GetWhite())
	if x.GetDump() {
		return s + " and " + agree(v, x.GetSeat(), "dumps") + " the mash"
	}
	s += " and " + agree(v, x.GetSeat(), "brews") + " " + LiquorName(x.GetLiquor())
	if len(x.GetProductions()) == 0 {
		return s + ": no Still brews"
	}
	for _, p := range x.GetProductions() {
		s += fmt.Sprintf("; %d %s in %s for %s", p.GetCount(), LiquorName(p.GetLiquor()), district(p.GetDistrict()), who(v, p.GetSeat()))
	}
	return s
}

// endLabel labels the end of the game.
func endLabel(v engine.Viewer, x *pb.GameEnded) string {
	if x.Partner != nil {
		return fmt.Sprintf("game over: the Alliance of %s and %s wins, %s the Capo di Tutti Capi; %s",
			who(v, x.GetWinner()), who(v, x.GetPartner()), who(v, x.GetWinner()), standings(x))
	}
	return fmt.Sprintf("game over: %s; %s", does(v, x.GetWinner(), "wins"), standings(x))
}

// standings writes the seats' final Respect and bankrolls, by seat:
// "by seat, Respect 13, 19, 16 and bankrolls $1,200, $800, $0".
func standings(x *pb.GameEnded) string {
	cash := make([]string, len(x.GetBankroll()))
	for i, b := range x.GetBankroll() {
		cash[i] = Dollars(b)
	}
	return fmt.Sprintf("by seat, Respect %s and bankrolls %s", Numbers(x.GetRespect()), strings.Join(cash, ", "))
}

// titleName names a Title: "the Deed of Queens", "the Gin Syndicate",
// "the Ward Boss card".
func titleName(t pb.Title, b pb.Borough, l pb.Liquor) string {
	switch t {
	case pb.Title_TITLE_DEED:
		return "the Deed of " + boroughName(b)
	case pb.Title_TITLE_SYNDICATE:
		return "the " + LiquorName(l) + " Syndicate"
	case pb.Title_TITLE_WARD_BOSS:
		return "the Ward Boss card"
	}
	return fmt.Sprintf("Title %d", t)
}

// streetEvent labels the Plays of Operations.
func streetEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_InfluenceSpent:
		x := k.InfluenceSpent
		s := fmt.Sprintf("%s %s", does(v, x.GetSeat(), "spends"), Plural(uint32(len(x.GetOwners())), "Influence marker"))
		if x.HeatOwner != nil {
			s += fmt.Sprintf("; %s marker goes on the Heat Track", whose(v, x.GetHeatOwner()))
		}
		return s
	case *pb.Event_Moved:
		return movedLabel(v, k.Moved)
	case *pb.Event_Pushed:
		x := k.Pushed
		s := fmt.Sprintf("%s %s from %s to %s", does(v, x.GetSeat(), "pushes"), BarrelsLabel(x.GetBarrels()), district(x.GetFrom()), district(x.GetTo()))
		if len(x.GetBack()) > 0 {
			s += " and " + agree(v, x.GetSeat(), "takes") + " back " + BarrelsLabel(x.GetBack())
		}
		if x.GetSeized() {
			s += ": seized by the Police"
		}
		return s
	case *pb.Event_Recruited:
		x := k.Recruited
		return fmt.Sprintf("%s %s at %s for %s", does(v, x.GetSeat(), "recruits"), Plural(x.GetRunners(), "Runner"), district(x.GetDistrict()), Dollars(x.GetCost()))
	case *pb.Event_Secured:
		x := k.Secured
		s := fmt.Sprintf("%s a Safehouse in %s", does(v, x.GetSeat(), "secures"), district(x.GetDistrict()))
		if x.GetRelocatedFrom() != pb.District_DISTRICT_UNSPECIFIED {
			s += " (relocated from " + district(x.GetRelocatedFrom()) + ")"
		}
		return s + " for " + Dollars(x.GetCost())
	case *pb.Event_Smuggled:
		x := k.Smuggled
		return fmt.Sprintf("%s at %s with a crew of %d: rolls %s (%d+ succeeds), %d Rum, %s arrested", does(v, x.GetSeat(), "smuggles"),
			district(x.GetDock()), x.GetCrew(), Numbers(x.GetRolls()), x.GetTarget(), x.GetRum(), Mobsters(x.GetArrestedRunners(), x.GetArrestedBosses()))
	case *pb.Event_Extorted:
		return fmt.Sprintf("%s %s for %s", does(v, k.Extorted.GetSeat(), "extorts"), boroughName(k.Extorted.GetBorough()), Dollars(k.Extorted.GetAmount()))
	case *pb.Event_Fixed:
		return fmt.Sprintf("%s the price of %s at %s", does(v, k.Fixed.GetSeat(), "fixes"), LiquorName(k.Fixed.GetLiquor()), Dollars(k.Fixed.GetPrice()))
	case *pb.Event_Unloaded:
		x := k.Unloaded
		return fmt.Sprintf("%s %s at %s for %s (%d kickbacks)", does(v, x.GetSeat(), "unloads"), BarrelsLabel(x.GetBarrels()), district(x.GetDistrict()),
			Dollars(x.GetCash()), x.GetKickbacks())
	case *pb.Event_Rose:
		x := k.Rose
		s := fmt.Sprintf("%s: a new Boss rises in %s with %s", who(v, x.GetSeat()), district(x.GetDistrict()), Plural(x.GetRunners(), "Runner"))
		if x.GetSecured() {
			s += ", and secures it"
		}
		return s
	case *pb.Event_Bribed:
		return fmt.Sprintf("%s the Favor of %s", does(v, k.Bribed.GetSeat(), "buys"), brokerName(k.Bribed.GetBroker()))
	case *pb.Event_CapoPromoted:
		return fmt.Sprintf("%s a Runner in %s to Capo", does(v, k.CapoPromoted.GetSeat(), "promotes"), district(k.CapoPromoted.GetDistrict()))
	case *pb.Event_HeatCooled:
		x := k.HeatCooled
		return fmt.Sprintf("%s Consigliere takes %s marker (number %d) off the Heat Track", whose(v, x.GetSeat()), whose(v, x.GetOwner()), x.GetIndex()+1)
	}
	return ""
}

// movedLabel labels a Move, and the fight it starts on Hostile turf.
func movedLabel(v engine.Viewer, x *pb.Moved) string {
	s := fmt.Sprintf("%s %s from %s to %s", does(v, x.GetSeat(), "moves"), Mobsters(x.GetRunners(), x.GetBosses()), district(x.GetFrom()), district(x.GetTo()))
	if x.GetSkiff() {
		s += " by Skiff"
	}
	if len(x.GetVia()) > 0 {
		s += " through " + districtList(x.GetVia())
	}
	if len(x.GetBarrels()) > 0 {
		s += " carrying " + BarrelsLabel(x.GetBarrels())
	}
	if x.SafehouseTakenFrom != nil {
		s += fmt.Sprintf("; %s Safehouse is removed", whose(v, x.GetSafehouseTakenFrom()))
	}
	if x.GetCommandeered() {
		s += "; commandeered"
	}
	switch {
	case !x.GetHostile():
		return s
	case x.Occupier == nil && x.GetSeized():
		return s + "; Police Turf: the liquor is seized, the mobsters Pinned"
	case x.Occupier == nil:
		return s + "; Police Turf: the mobsters are Pinned"
	case x.GetStealth():
		return s + fmt.Sprintf("; slipped into %s turf by Stealth: Pinned, no Standoff", whose(v, x.GetOccupier()))
	}
	return s + fmt.Sprintf("; rival turf: Pinned, %s Standoff", whose(v, x.GetOccupier()))
}

// contractEvent labels draws, discards, stakes and Deadlines.
func contractEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_ContractsDrawn:
		x := k.ContractsDrawn
		verb := "draws"
		if x.GetHustle() {
			verb = "hustles, drawing"
		}
		return fmt.Sprintf("%s from the %s decks", does(v, x.GetSeat(), verb), tiers(x.GetDecks()))
	case *pb.Event_ContractsReceived:
		return fmt.Sprintf("%s %s", does(v, k.ContractsReceived.GetSeat(), "draws"), ContractsLabel(k.ContractsReceived.GetCards()))
	case *pb.Event_ContractsDiscarded:
		x := k.ContractsDiscarded
		if cs := x.GetCards(); len(cs) > 0 {
			return fmt.Sprintf("%s %s face up", does(v, x.GetSeat(), "discards"), ContractsLabel(cs))
		}
		return fmt.Sprintf("%s Contracts (%s)", does(v, x.GetSeat(), "discards"), tiers(x.GetTiers()))
	case *pb.Event_ContractsDiscardedCards:
		return fmt.Sprintf("%s %s", does(v, k.ContractsDiscardedCards.GetSeat(), "discards"), ContractsLabel(k.ContractsDiscardedCards.GetCards()))
	case *pb.Event_DeckReshuffled:
		return fmt.Sprintf("the %s discards are shuffled into a new deck", TierName(k.DeckReshuffled.GetDeck()))
	case *pb.Event_ContractStaked:
		x := k.ContractStaked
		return fmt.Sprintf("%s %s with %s", does(v, x.GetSeat(), "stakes"), ContractLabel(x.GetCard()), Plural(x.GetMarkers(), "marker"))
	case *pb.Event_ContractReckoned:
		x := k.ContractReckoned
		switch {
		case !x.GetDeadline():
			return fmt.Sprintf("a marker comes back from %s %s", whose(v, x.GetSeat()), ContractLabel(x.GetCard()))
		case x.GetCompleted():
			return fmt.Sprintf("%s %s: %s", does(v, x.GetSeat(), "completes"), ContractLabel(x.GetCard()), Dollars(x.GetTake()))
		}
		return fmt.Sprintf("%s %s", does(v, x.GetSeat(), "botches"), ContractLabel(x.GetCard()))
	}
	return ""
}

// raidEvent labels Heat, Raids and the Sweep.
func raidEvent(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_Ratted:
		return does(v, k.Ratted.GetSeat(), "rats") + " and " + agree(v, k.Ratted.GetSeat(), "takes") + " the Rat Card"
	case *pb.Event_RaidStarted:
		x := k.RaidStarted
		trigger := "Boiling Point"
		if x.GetTrigger() == pb.RaidTrigger_RAID_TRIGGER_RAT {
			trigger = "Rat"
		}
		return fmt.Sprintf("Police Raid (%s) on %s; Precincts striking: %s", trigger, who(v, x.GetTarget()), districtList(x.GetPrecincts()))
	case *pb.Event_RaidStrike:
		x := k.RaidStrike
		switch {
		case len(x.GetTied()) > 0:
			return fmt.Sprintf("the %s Precinct's strike is tied between %s: the Target calls it", district(x.GetPrecinct()), districtList(x.GetTied()))
		case x.GetDistrict() == pb.District_DISTRICT_UNSPECIFIED:
			return fmt.Sprintf("the %s Precinct finds nothing to hit", district(x.GetPrecinct()))
		}
		return fmt.Sprintf("the %s Precinct hits %s", district(x.GetPrecinct()), district(x.GetDistrict()))
	case *pb.Event_RaidResolved:
		x := k.RaidResolved
		if x.GetBribed() {
			return fmt.Sprintf("the %s Bribe is paid at %s", Dollars(RaidBribe), district(x.GetDistrict()))
		}
		return fmt.Sprintf("the Fall at %s: %s seized, %s arrested", district(x.GetDistrict()), BarrelsLabel(x.GetSeized()),
			Mobsters(x.GetArrestedRunners(), x.GetArrestedBosses()))
	case *pb.Event_RaidEnded:
		s := "the Raid ends"
		if len(k.RaidEnded.GetRebuilt()) > 0 {
			s += "; Precincts rebuilt in " + districtList(k.RaidEnded.GetRebuilt())
		}
		if k.RaidEnded.GetRatCardReturned() {
			s += "; the Rat Card goes back"
		}
		return s
	case *pb.Event_Swept:
		parts := make([]string, len(k.Swept.GetArrests()))
		for i, a := range k.Swept.GetArrests() {
			parts[i] = fmt.Sprintf("%s %s in %s", does(v, a.GetSeat(), "loses"), Plural(a.GetRunners(), "Runner"), district(a.GetDistrict()))
		}
		return "the Sweep: " + strings.Join(parts, "; ")
	}
	return ""
}
