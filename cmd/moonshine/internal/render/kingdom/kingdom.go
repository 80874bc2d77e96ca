// Package kingdom writes Moonshine Kingdom's messages as text for the
// CLI: its view, and its commands and events, which the server does not
// label yet (its labels are still to be written). It reads the game's
// printed data (the City Map, the Contract decks) from engine/moonshine.
package kingdom

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	"github.com/moonshine-games/moonshine/engine/moonshine"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

var enumName = render.EnumName

// compact returns a message as one line of protojson: a message no line
// describes.
func compact(m proto.Message) string {
	b, err := protojson.Marshal(m)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return string(b)
}

// district names a District as printed on the map: "Hell's Kitchen".
func district(d mk.District) string {
	if d < 1 || int(d) > moonshine.NumDistricts {
		return enumName(d)
	}
	return moonshine.Info(d).Name
}

// districtList names several Districts.
func districtList(ds []mk.District) string {
	if len(ds) == 0 {
		return "none"
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = district(d)
	}
	return strings.Join(out, ", ")
}

// contract describes a Contract card: "#3 Stock the Cellar (Gig: Hold 4
// Barrels.)".
func contract(id uint32) string {
	c, ok := moonshine.Card(int(id))
	if !ok {
		return fmt.Sprintf("#%d", id)
	}
	return fmt.Sprintf("#%d %s (%s: %s)", id, c.Name, enumName(c.Tier), c.Objective)
}

// contracts describes several Contract cards.
func contracts(ids []uint32) string {
	if len(ids) == 0 {
		return "none"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = contract(id)
	}
	return strings.Join(out, "; ")
}

// barrels describes barrel counts: "2 Gin, 1 Rum".
func barrels(bs []*mk.Barrels) string {
	if len(bs) == 0 {
		return "no barrels"
	}
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = fmt.Sprintf("%d %s", b.GetCount(), enumName(b.GetLiquor()))
	}
	return strings.Join(out, ", ")
}

// tiers names Contract decks or tiers: "Gig, Racket".
func tiers(ts []mk.Tier) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = enumName(t)
	}
	return strings.Join(out, ", ")
}

// dollars writes an amount of money: "$1,500".
func dollars[T uint32 | int32 | int](n T) string {
	s := strconv.FormatInt(int64(n), 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-$" + s
	}
	return "$" + s
}

// plural writes "1 Runner", "2 Runners" or "2 Bosses".
func plural(n uint32, what string) string {
	switch {
	case n == 1:
		return "1 " + what
	case strings.HasSuffix(what, "s"):
		return fmt.Sprintf("%d %ses", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// mobsters writes "2 Runners and 1 Boss".
func mobsters(runners, bosses uint32) string {
	switch {
	case bosses == 0:
		return plural(runners, "Runner")
	case runners == 0:
		return plural(bosses, "Boss")
	}
	return plural(runners, "Runner") + " and " + plural(bosses, "Boss")
}

// awaitingWords says what an awaited seat must decide.
var awaitingWords = map[mk.Awaiting]string{
	mk.Awaiting_AWAITING_BREW_DRAFT:    "draft Brew dice",
	mk.Awaiting_AWAITING_GREASE:        "stake Contracts and fund Operations (Grease the Wheels)",
	mk.Awaiting_AWAITING_PLAY:          "make a Play or Lay Low",
	mk.Awaiting_AWAITING_DISCARD:       "discard down to the Hand Limit",
	mk.Awaiting_AWAITING_TARGETS_CALL:  "make the Target's Call: which tied District the Police hit",
	mk.Awaiting_AWAITING_BRIBE_OR_FALL: "Pay the Bribe or Take the Fall",
	mk.Awaiting_AWAITING_STANDOFF:      "answer the Invaders: Ambush, Hold Fire or Fold",
	mk.Awaiting_AWAITING_PINNED:        "Assault, Advance, Fall Back or Storm",
	mk.Awaiting_AWAITING_SPOILS:        "destroy or Commandeer the Safehouse taken",
	mk.Awaiting_AWAITING_CONSENT:       "give or refuse permission for a rival's Push",
}

// Command describes a command in a line.
func Command(c *mk.Command) string {
	if s := kingdomCommand(c); s != "" {
		return s
	}
	return compact(c)
}

// kingdomCommand describes a command, or returns "".
func kingdomCommand(c *mk.Command) string {
	switch k := c.GetKind().(type) {
	case *mk.Command_BrewDraft:
		x := k.BrewDraft
		if x.GetDump() {
			return fmt.Sprintf("draft Red %d and White %d and dump the mash", x.GetRed(), x.GetWhite())
		}
		return fmt.Sprintf("draft Red %d and White %d and brew %s", x.GetRed(), x.GetWhite(), enumName(x.GetLiquor()))
	case *mk.Command_StakeContract:
		return "stake Contract " + contract(k.StakeContract.GetCard())
	case *mk.Command_Fund:
		return fmt.Sprintf("fund Operations with %s", plural(k.Fund.GetMarkers(), "marker"))
	case *mk.Command_Move:
		x := k.Move
		s := fmt.Sprintf("move %s from %s to %s%s", mobsters(x.GetRunners(), x.GetBosses()), district(x.GetFrom()), district(x.GetTo()), moveStyle(x))
		s += viaText(x.GetVia())
		if len(x.GetBarrels()) > 0 {
			s += " carrying " + barrels(x.GetBarrels())
		}
		if x.GetCommandeer() {
			s += ", commandeering the Safehouse there"
		}
		return s
	case *mk.Command_Push:
		return pushText(k.Push)
	case *mk.Command_Recruit:
		return fmt.Sprintf("recruit %s at %s", plural(k.Recruit.GetRunners(), "Runner"), district(k.Recruit.GetDistrict()))
	case *mk.Command_Hustle:
		return "hustle: draw from the " + tiers(k.Hustle.GetDecks()) + " decks"
	case *mk.Command_Secure:
		if from := k.Secure.GetRelocateFrom(); from != mk.District_DISTRICT_UNSPECIFIED {
			return fmt.Sprintf("secure %s, relocating the Safehouse from %s", district(k.Secure.GetDistrict()), district(from))
		}
		return fmt.Sprintf("secure a Safehouse in %s (%s)", district(k.Secure.GetDistrict()), dollars(moonshine.SecureCost))
	case *mk.Command_Smuggle:
		return fmt.Sprintf("smuggle Rum at %s with a crew of %d", district(k.Smuggle.GetDock()), k.Smuggle.GetCrew())
	case *mk.Command_Extort:
		return "extort " + enumName(k.Extort.GetBorough())
	case *mk.Command_Fix:
		return fmt.Sprintf("fix the price of %s at %s", enumName(k.Fix.GetLiquor()), dollars(k.Fix.GetPrice()))
	case *mk.Command_Unload:
		s := fmt.Sprintf("unload %s at %s", barrels(k.Unload.GetBarrels()), district(k.Unload.GetDistrict()))
		if k.Unload.HeatOwner != nil {
			s += fmt.Sprintf(", seat %d's marker to the Heat Track", k.Unload.GetHeatOwner())
		}
		return s
	case *mk.Command_Rise:
		return riseCommand(k.Rise)
	case *mk.Command_Bribe:
		d := k.Bribe.GetDistrict()
		return fmt.Sprintf("bribe %s at %s (%s)", brokerOf(d), district(d), dollars(moonshine.BribeCost))
	case *mk.Command_Rat:
		return "rat: drop a dime, a Police Raid now"
	case *mk.Command_LayLow:
		return "lay low for the rest of the Day"
	case *mk.Command_DiscardContracts:
		return "discard " + contracts(k.DiscardContracts.GetCards())
	case *mk.Command_TargetsCall:
		return "send the Police to " + district(k.TargetsCall.GetDistrict())
	case *mk.Command_BribeOrFall:
		if k.BribeOrFall.GetBribe() {
			return fmt.Sprintf("pay the %s Bribe", dollars(moonshine.RaidBribe))
		}
		return "take the Fall"
	}
	if s := mobCommand(c); s != "" {
		return s
	}
	if s := dealCommand(c); s != "" {
		return s
	}
	return fightCommand(c)
}

// riseCommand describes a Rise.
func riseCommand(x *mk.Rise) string {
	s := "rise: a new Boss in " + district(x.GetDistrict())
	switch {
	case x.GetRelocateFrom() != mk.District_DISTRICT_UNSPECIFIED:
		s += ", securing it with the Safehouse from " + district(x.GetRelocateFrom())
	case x.GetSecure():
		s += ", securing it"
	}
	return s
}

// brokerOf names the Power Broker of a High Society District.
func brokerOf(d mk.District) string {
	if d < 1 || int(d) > moonshine.NumDistricts || moonshine.Info(d).Broker == mk.Broker_BROKER_UNSPECIFIED {
		return "the Power Broker"
	}
	return enumName(moonshine.Info(d).Broker)
}

// Event describes an event body in a line.
func Event(e *mk.Event) string {
	for _, f := range []func(*mk.Event) string{dayEvent, streetEvent, contractEvent, raidEvent, fightEvent, mobEvent, dealEvent} {
		if s := f(e); s != "" {
			return s
		}
	}
	return compact(e)
}

// dayEvent describes the setup, the Shadows, the Reckoning and the end.
func dayEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_GameStarted:
		var seats []string
		for i, s := range k.GameStarted.GetSeats() {
			seats = append(seats, fmt.Sprintf("seat %d %s in %s (token %d)", i, enumName(s.GetPlaybook()), enumName(s.GetHome()), s.GetTurnToken()))
		}
		return fmt.Sprintf("game started: %d players; %s", k.GameStarted.GetPlayers(), strings.Join(seats, ", "))
	case *mk.Event_DayStarted:
		x := k.DayStarted
		return fmt.Sprintf("Day %d begins (%s Moon): Brew dice Red %v, White %v", x.GetDay(), enumName(x.GetMoon()), x.GetRed(), x.GetWhite())
	case *mk.Event_BrewDrafted:
		return brewLine(k.BrewDrafted)
	case *mk.Event_Blowback:
		x := k.Blowback
		s := fmt.Sprintf("Blowback: leftover Red %d, White %d", x.GetRed(), x.GetWhite())
		for _, c := range x.GetCasualties() {
			s += fmt.Sprintf("; seat %d loses %s in %s", c.GetSeat(), mobsters(c.GetRunners(), c.GetBosses()), district(c.GetDistrict()))
		}
		return s
	case *mk.Event_Funded:
		return fmt.Sprintf("seat %d funds Operations with %s", k.Funded.GetSeat(), plural(k.Funded.GetMarkers(), "marker"))
	case *mk.Event_OperationsStarted:
		return fmt.Sprintf("Operations begin; seat %d plays first", k.OperationsStarted.GetFirst())
	case *mk.Event_TurnPassed:
		return fmt.Sprintf("seat %d's Play", k.TurnPassed.GetSeat())
	case *mk.Event_LaidLow:
		x := k.LaidLow
		s := fmt.Sprintf("seat %d lays low and takes %s Moon Turn Token %d", x.GetSeat(), enumName(x.GetMoon()), x.GetTurnToken())
		for _, c := range x.GetStranded() {
			s += fmt.Sprintf("; %s left in its partner's %s go back to its supply", mobsters(c.GetRunners(), c.GetBosses()), district(c.GetDistrict()))
		}
		return s
	case *mk.Event_TitleChanged:
		x := k.TitleChanged
		holder := "back to the supply"
		if x.Holder != nil {
			holder = fmt.Sprintf("to seat %d", x.GetHolder())
		}
		return fmt.Sprintf("%s goes %s", titleName(x.GetTitle(), x.GetBorough(), x.GetLiquor()), holder)
	case *mk.Event_CommissionTaken:
		return fmt.Sprintf("seat %d takes a Commission card", k.CommissionTaken.GetSeat())
	case *mk.Event_GameEnded:
		x := k.GameEnded
		if x.Partner != nil {
			return fmt.Sprintf("game over: the Alliance of seats %d and %d wins, seat %d the Capo di Tutti Capi; Respect %v; bankrolls %v",
				x.GetWinner(), x.GetPartner(), x.GetWinner(), x.GetRespect(), x.GetBankroll())
		}
		return fmt.Sprintf("game over: seat %d wins; Respect %v; bankrolls %v", x.GetWinner(), x.GetRespect(), x.GetBankroll())
	}
	return ""
}

// brewLine describes a Brew draft and what it brewed.
func brewLine(x *mk.BrewDrafted) string {
	s := fmt.Sprintf("seat %d drafts Red %d and White %d", x.GetSeat(), x.GetRed(), x.GetWhite())
	if x.GetDump() {
		return s + " and dumps the mash"
	}
	s += " and brews " + enumName(x.GetLiquor())
	for _, p := range x.GetProductions() {
		s += fmt.Sprintf("; %s: %d %s for seat %d", district(p.GetDistrict()), p.GetCount(), enumName(p.GetLiquor()), p.GetSeat())
	}
	return s
}

// streetEvent describes the Plays of Operations.
func streetEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_InfluenceSpent:
		x := k.InfluenceSpent
		s := fmt.Sprintf("seat %d spends %s", x.GetSeat(), plural(uint32(len(x.GetOwners())), "Influence marker"))
		if x.HeatOwner != nil {
			s += fmt.Sprintf("; seat %d's marker goes on the Heat Track", x.GetHeatOwner())
		}
		return s
	case *mk.Event_Moved:
		x := k.Moved
		s := fmt.Sprintf("seat %d moves %s from %s to %s", x.GetSeat(), mobsters(x.GetRunners(), x.GetBosses()), district(x.GetFrom()), district(x.GetTo()))
		if x.GetSkiff() {
			s += " by Skiff"
		}
		s += viaText(x.GetVia())
		if len(x.GetBarrels()) > 0 {
			s += " carrying " + barrels(x.GetBarrels())
		}
		if x.SafehouseTakenFrom != nil {
			s += fmt.Sprintf("; seat %d's Safehouse is removed", x.GetSafehouseTakenFrom())
		}
		if x.GetCommandeered() {
			s += "; commandeered"
		}
		return s + hostileMove(x)
	case *mk.Event_Pushed:
		x := k.Pushed
		s := fmt.Sprintf("seat %d pushes %s from %s to %s", x.GetSeat(), barrels(x.GetBarrels()), district(x.GetFrom()), district(x.GetTo()))
		if len(x.GetBack()) > 0 {
			s += " and takes back " + barrels(x.GetBack())
		}
		if x.GetSeized() {
			s += ": seized by the Police"
		}
		return s
	case *mk.Event_Recruited:
		x := k.Recruited
		return fmt.Sprintf("seat %d recruits %s at %s for %s", x.GetSeat(), plural(x.GetRunners(), "Runner"), district(x.GetDistrict()), dollars(x.GetCost()))
	case *mk.Event_Secured:
		x := k.Secured
		s := fmt.Sprintf("seat %d secures a Safehouse in %s", x.GetSeat(), district(x.GetDistrict()))
		if x.GetRelocatedFrom() != mk.District_DISTRICT_UNSPECIFIED {
			s += " (relocated from " + district(x.GetRelocatedFrom()) + ")"
		}
		return s + " for " + dollars(x.GetCost())
	case *mk.Event_Smuggled:
		x := k.Smuggled
		return fmt.Sprintf("seat %d smuggles at %s with a crew of %d: rolls %v (%d+ succeeds), %d Rum, %s arrested",
			x.GetSeat(), district(x.GetDock()), x.GetCrew(), x.GetRolls(), x.GetTarget(), x.GetRum(), mobsters(x.GetArrestedRunners(), x.GetArrestedBosses()))
	case *mk.Event_Extorted:
		return fmt.Sprintf("seat %d extorts %s for %s", k.Extorted.GetSeat(), enumName(k.Extorted.GetBorough()), dollars(k.Extorted.GetAmount()))
	case *mk.Event_Fixed:
		return fmt.Sprintf("seat %d fixes the price of %s at %s", k.Fixed.GetSeat(), enumName(k.Fixed.GetLiquor()), dollars(k.Fixed.GetPrice()))
	case *mk.Event_Unloaded:
		x := k.Unloaded
		return fmt.Sprintf("seat %d unloads %s at %s for %s (%d kickbacks)", x.GetSeat(), barrels(x.GetBarrels()), district(x.GetDistrict()), dollars(x.GetCash()), x.GetKickbacks())
	case *mk.Event_Rose:
		x := k.Rose
		s := fmt.Sprintf("seat %d: a new Boss rises in %s with %s", x.GetSeat(), district(x.GetDistrict()), plural(x.GetRunners(), "Runner"))
		if x.GetSecured() {
			s += ", and secures it"
		}
		return s
	case *mk.Event_Bribed:
		return fmt.Sprintf("seat %d buys the Favor of %s", k.Bribed.GetSeat(), enumName(k.Bribed.GetBroker()))
	}
	return ""
}

// contractEvent describes draws, discards, stakes and Deadlines.
func contractEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_ContractsDrawn:
		x := k.ContractsDrawn
		what := "draws"
		if x.GetHustle() {
			what = "hustles, drawing"
		}
		return fmt.Sprintf("seat %d %s from the %s decks", x.GetSeat(), what, tiers(x.GetDecks()))
	case *mk.Event_ContractsReceived:
		return fmt.Sprintf("seat %d draws %s", k.ContractsReceived.GetSeat(), contracts(k.ContractsReceived.GetCards()))
	case *mk.Event_ContractsDiscarded:
		if cs := k.ContractsDiscarded.GetCards(); len(cs) > 0 {
			return fmt.Sprintf("seat %d discards %s face up", k.ContractsDiscarded.GetSeat(), contracts(cs))
		}
		return fmt.Sprintf("seat %d discards Contracts (%s)", k.ContractsDiscarded.GetSeat(), tiers(k.ContractsDiscarded.GetTiers()))
	case *mk.Event_ContractsDiscardedCards:
		return fmt.Sprintf("seat %d discards %s", k.ContractsDiscardedCards.GetSeat(), contracts(k.ContractsDiscardedCards.GetCards()))
	case *mk.Event_DeckReshuffled:
		return fmt.Sprintf("the %s discards are shuffled into a new deck", enumName(k.DeckReshuffled.GetDeck()))
	case *mk.Event_ContractStaked:
		x := k.ContractStaked
		return fmt.Sprintf("seat %d stakes %s with %s", x.GetSeat(), contract(x.GetCard()), plural(x.GetMarkers(), "marker"))
	case *mk.Event_ContractReckoned:
		x := k.ContractReckoned
		switch {
		case !x.GetDeadline():
			return fmt.Sprintf("a marker comes back from seat %d's %s", x.GetSeat(), contract(x.GetCard()))
		case x.GetCompleted():
			return fmt.Sprintf("seat %d completes %s: %s", x.GetSeat(), contract(x.GetCard()), dollars(x.GetTake()))
		}
		return fmt.Sprintf("seat %d botches %s", x.GetSeat(), contract(x.GetCard()))
	}
	return ""
}

// raidEvent describes Heat, Raids and the Sweep.
func raidEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_Ratted:
		return fmt.Sprintf("seat %d rats and takes the Rat Card", k.Ratted.GetSeat())
	case *mk.Event_RaidStarted:
		x := k.RaidStarted
		return fmt.Sprintf("Police Raid (%s) on seat %d; Precincts striking: %s", enumName(x.GetTrigger()), x.GetTarget(), districtList(x.GetPrecincts()))
	case *mk.Event_RaidStrike:
		x := k.RaidStrike
		switch {
		case len(x.GetTied()) > 0:
			return fmt.Sprintf("the %s Precinct's strike is tied between %s: the Target calls it", district(x.GetPrecinct()), districtList(x.GetTied()))
		case x.GetDistrict() == mk.District_DISTRICT_UNSPECIFIED:
			return fmt.Sprintf("the %s Precinct finds nothing to hit", district(x.GetPrecinct()))
		}
		return fmt.Sprintf("the %s Precinct hits %s", district(x.GetPrecinct()), district(x.GetDistrict()))
	case *mk.Event_RaidResolved:
		x := k.RaidResolved
		if x.GetBribed() {
			return fmt.Sprintf("the Bribe is paid at %s", district(x.GetDistrict()))
		}
		return fmt.Sprintf("the Fall at %s: %s seized, %s arrested", district(x.GetDistrict()), barrels(x.GetSeized()), mobsters(x.GetArrestedRunners(), x.GetArrestedBosses()))
	case *mk.Event_RaidEnded:
		s := "the Raid ends"
		if len(k.RaidEnded.GetRebuilt()) > 0 {
			s += "; Precincts rebuilt in " + districtList(k.RaidEnded.GetRebuilt())
		}
		if k.RaidEnded.GetRatCardReturned() {
			s += "; the Rat Card goes back"
		}
		return s
	case *mk.Event_Swept:
		var parts []string
		for _, a := range k.Swept.GetArrests() {
			parts = append(parts, fmt.Sprintf("seat %d loses %s in %s", a.GetSeat(), plural(a.GetRunners(), "Runner"), district(a.GetDistrict())))
		}
		return "the Sweep: " + strings.Join(parts, "; ")
	}
	return ""
}

// titleName names a Title: "the Deed of Queens", "the Gin Syndicate",
// "the Ward Boss card".
func titleName(t mk.Title, b mk.Borough, l mk.Liquor) string {
	switch t {
	case mk.Title_TITLE_DEED:
		return "the Deed of " + enumName(b)
	case mk.Title_TITLE_SYNDICATE:
		return "the " + enumName(l) + " Syndicate"
	case mk.Title_TITLE_WARD_BOSS:
		return "the Ward Boss card"
	}
	return enumName(t)
}
