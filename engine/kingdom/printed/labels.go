package printed

import (
	"fmt"
	"strconv"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Labels names Moonshine Kingdom's commands, templates and events for
// people, as one viewer reads them: its own seat is "you", the others
// "seat 2". A label says what the command does, where and for whom, in the
// words of the rulebook and of the CLI before it ("move 2 Runners from Red
// Hook to Bay Ridge"). It is made from the message and the printed data of
// this package alone, which holds no state: it tells the viewer nothing
// the message does not, so the label of a body the viewer may see leaks
// nothing.
type Labels struct{}

var _ engine.Labels = Labels{}

// Command labels a command, in the imperative of the seat that sends it:
// "draft Red 3 and White 4 and brew Gin at every Still numbered 7, for the
// mob that Controls it".
func (Labels) Command(v engine.Viewer, cmd proto.Message) string {
	c, _ := cmd.(*pb.Command)
	for _, f := range []func(engine.Viewer, *pb.Command) string{dayCommand, playCommand, fightCommand, sideCommand, dealCommand} {
		if s := f(v, c); s != "" {
			return s
		}
	}
	return "not a Moonshine Kingdom command"
}

// Template labels a family of commands offered: its description.
func (Labels) Template(_ engine.Viewer, t engine.Template) string { return t.Description }

// dayCommand labels the commands of the Shadows, the discard and the Raid.
func dayCommand(v engine.Viewer, c *pb.Command) string {
	switch k := c.GetKind().(type) {
	case *pb.Command_BrewDraft:
		x := k.BrewDraft
		dice := fmt.Sprintf("draft Red %d and White %d", x.GetRed(), x.GetWhite())
		if x.GetDump() {
			return dice + " and dump the mash: no Still fires"
		}
		return fmt.Sprintf("%s and brew %s at every Still numbered %d, for the mob that Controls it", dice,
			LiquorName(x.GetLiquor()), x.GetRed()+x.GetWhite())
	case *pb.Command_StakeContract:
		return "stake Contract " + ContractLabel(k.StakeContract.GetCard())
	case *pb.Command_Fund:
		return "fund Operations with " + Plural(k.Fund.GetMarkers(), "marker")
	case *pb.Command_DiscardContracts:
		return "discard " + ContractsLabel(k.DiscardContracts.GetCards()) + " face up"
	case *pb.Command_TargetsCall:
		return "send the Police to " + district(k.TargetsCall.GetDistrict())
	case *pb.Command_BribeOrFall:
		if k.BribeOrFall.GetBribe() {
			return fmt.Sprintf("pay the %s Bribe", Dollars(RaidBribe))
		}
		return "take the Fall: the liquor there is seized and the mobsters arrested"
	case *pb.Command_LayLow:
		return "lay low for the rest of the Day"
	case *pb.Command_Resign:
		return "resign: break up the mob and leave the game"
	}
	return ""
}

// playCommand labels the Plays of Operations.
func playCommand(v engine.Viewer, c *pb.Command) string {
	switch k := c.GetKind().(type) {
	case *pb.Command_Move:
		return moveCommand(k.Move)
	case *pb.Command_Push:
		return pushText(k.Push)
	case *pb.Command_Recruit:
		return fmt.Sprintf("recruit %s at %s", Plural(k.Recruit.GetRunners(), "Runner"), district(k.Recruit.GetDistrict()))
	case *pb.Command_Hustle:
		return "hustle: draw from the " + tiers(k.Hustle.GetDecks()) + " decks"
	case *pb.Command_Secure:
		if from := k.Secure.GetRelocateFrom(); from != pb.District_DISTRICT_UNSPECIFIED {
			return fmt.Sprintf("secure %s with the Safehouse from %s (%s)", district(k.Secure.GetDistrict()), district(from), Dollars(SecureCost))
		}
		return fmt.Sprintf("secure a Safehouse in %s (%s)", district(k.Secure.GetDistrict()), Dollars(SecureCost))
	case *pb.Command_Smuggle:
		return fmt.Sprintf("smuggle Rum at %s with a crew of %d", district(k.Smuggle.GetDock()), k.Smuggle.GetCrew())
	case *pb.Command_Extort:
		return "extort " + boroughName(k.Extort.GetBorough())
	case *pb.Command_Fix:
		return fmt.Sprintf("fix the price of %s at %s", LiquorName(k.Fix.GetLiquor()), Dollars(k.Fix.GetPrice()))
	case *pb.Command_Unload:
		s := fmt.Sprintf("unload %s at %s", BarrelsLabel(k.Unload.GetBarrels()), district(k.Unload.GetDistrict()))
		if k.Unload.HeatOwner != nil {
			s += fmt.Sprintf(", %s marker to the Heat Track", v.Possessive(engine.Seat(k.Unload.GetHeatOwner())))
		}
		return s
	case *pb.Command_Rise:
		return riseCommand(k.Rise)
	case *pb.Command_Bribe:
		d := k.Bribe.GetDistrict()
		return fmt.Sprintf("bribe %s at %s for the Favor (%s)", brokerAt(d), district(d), Dollars(BribeCost))
	case *pb.Command_Rat:
		return "rat: drop a dime, a Police Raid now"
	case *pb.Command_Capo:
		return "capo: promote a Runner in " + district(k.Capo.GetDistrict()) + " to the second Boss (2 Influence)"
	case *pb.Command_Consigliere:
		return fmt.Sprintf("consigliere: take Heat marker %d off the Track (1 Influence)", k.Consigliere.GetIndex()+1)
	}
	return ""
}

// moveCommand labels a Move.
func moveCommand(x *pb.Move) string {
	s := fmt.Sprintf("move %s from %s to %s", Mobsters(x.GetRunners(), x.GetBosses()), district(x.GetFrom()), district(x.GetTo()))
	switch {
	case x.GetSkiff():
		s += " by Skiff"
	case x.GetStealth():
		s += " by Stealth"
	}
	if len(x.GetVia()) > 0 {
		s += " through " + districtList(x.GetVia())
	}
	if len(x.GetBarrels()) > 0 {
		s += " carrying " + BarrelsLabel(x.GetBarrels())
	}
	if x.GetCommandeer() {
		s += ", commandeering the Safehouse there"
	}
	return s
}

// riseCommand labels a Rise.
func riseCommand(x *pb.Rise) string {
	s := "rise: a new Boss and up to 2 Runners in " + district(x.GetDistrict())
	switch {
	case x.GetRelocateFrom() != pb.District_DISTRICT_UNSPECIFIED:
		s += ", securing it with the Safehouse from " + district(x.GetRelocateFrom())
	case x.GetSecure():
		s += ", securing it"
	}
	return s
}

// pushText labels a Push, a trade included.
func pushText(x *pb.Push) string {
	s := fmt.Sprintf("push %s from %s to %s", BarrelsLabel(x.GetBarrels()), district(x.GetFrom()), district(x.GetTo()))
	if len(x.GetBack()) > 0 {
		s += " and take back " + BarrelsLabel(x.GetBack())
	}
	return s
}

// fightCommand labels a fight response.
func fightCommand(_ engine.Viewer, c *pb.Command) string {
	switch k := c.GetKind().(type) {
	case *pb.Command_Standoff:
		x := k.Standoff
		if x.GetChoice() == pb.StandoffChoice_STANDOFF_CHOICE_FOLD {
			s := "fold and flee to " + district(x.GetFleeTo())
			if x.GetCommandeer() {
				s += ", commandeering the Safehouse there"
			}
			return s
		}
		return strings.ToLower(standoffName(x.GetChoice())) + edgeText(x.GetFirepower(), x.GetCourage(), x.GetPlunder(), x.GetSteal())
	case *pb.Command_Assault:
		x := k.Assault
		return "assault (1 Influence)" + edgeText(x.GetFirepower(), x.GetCourage(), x.GetPlunder(), x.GetSteal())
	case *pb.Command_Advance:
		x := k.Advance
		s := "advance to " + district(x.GetTo()) + " (1 Influence)"
		if len(x.GetBarrels()) > 0 {
			s += " carrying " + BarrelsLabel(x.GetBarrels())
		}
		if x.GetCommandeer() {
			s += ", commandeering the Safehouse there"
		}
		return s
	case *pb.Command_FallBack:
		return "fall back, leaving any carried liquor behind"
	case *pb.Command_Storm:
		return "storm the Precinct (1 Influence)"
	case *pb.Command_Torch:
		return "torch the rival Safehouse, sacrificing a Pinned Runner (2 Influence)"
	case *pb.Command_Spoils:
		x := k.Spoils
		switch {
		case x.GetRelocateFrom() != pb.District_DISTRICT_UNSPECIFIED:
			return "commandeer, relocating the Safehouse from " + district(x.GetRelocateFrom())
		case x.GetCommandeer():
			return "commandeer: secure the District for free"
		}
		return "leave no Safehouse of yours (a rival's is destroyed)"
	}
	return ""
}

// edgeText labels Firepower, Courage and Plunder on an attack.
func edgeText(firepower bool, courage pb.Liquor, plunder bool, steal []pb.Liquor) string {
	var parts []string
	if firepower {
		parts = append(parts, fmt.Sprintf("Firepower (%s, one more die)", Dollars(FirepowerCost)))
	}
	if courage != pb.Liquor_LIQUOR_UNSPECIFIED {
		parts = append(parts, "Courage (a "+LiquorName(courage)+" barrel for +1 Threat)")
	}
	if plunder {
		s := "Plunder"
		if len(steal) > 0 {
			names := make([]string, len(steal))
			for i, l := range steal {
				names[i] = LiquorName(l)
			}
			s += " (stealing " + strings.Join(names, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return " with " + strings.Join(parts, ", ")
}

// sideCommand labels the side commands: Shylock's Marks, cash, lending
// and the Push's permission.
func sideCommand(v engine.Viewer, c *pb.Command) string {
	switch k := c.GetKind().(type) {
	case *pb.Command_TakeLoan:
		return fmt.Sprintf("take a Shylock's Mark (%s)", Dollars(LoanAmount))
	case *pb.Command_RepayLoan:
		return "repay a Shylock's Mark"
	case *pb.Command_GiveCash:
		return fmt.Sprintf("hand %s to %s", Dollars(k.GiveCash.GetAmount()), v.Name(engine.Seat(k.GiveCash.GetTo())))
	case *pb.Command_Lend:
		return fmt.Sprintf("lend %s to %s Operations", Plural(k.Lend.GetMarkers(), "Influence marker"), v.Possessive(engine.Seat(k.Lend.GetTo())))
	case *pb.Command_Consent:
		if k.Consent.GetAccept() {
			return "give permission for the Push"
		}
		return "refuse permission for the Push"
	}
	return ""
}

// dealCommand labels a Broker's Word command.
func dealCommand(v engine.Viewer, c *pb.Command) string {
	switch k := c.GetKind().(type) {
	case *pb.Command_ProposeDeal:
		x := k.ProposeDeal
		to := v.Name(engine.Seat(x.GetTo()))
		return fmt.Sprintf("propose a deal to %s, staking %s's Favor, %s: %s", to, brokerName(x.GetBroker()),
			deadlineText(x.GetDeadline(), x.GetDeadlineDay()), termsText(x.GetTerms(), "the proposer", to))
	case *pb.Command_AnswerDeal:
		if k.AnswerDeal.GetAccept() {
			return fmt.Sprintf("accept deal %d", k.AnswerDeal.GetDeal())
		}
		return fmt.Sprintf("decline (or, as its proposer, withdraw) deal %d", k.AnswerDeal.GetDeal())
	case *pb.Command_ConfirmTerm:
		if k.ConfirmTerm.GetBroken() {
			return fmt.Sprintf("declare term %d of deal %d broken", k.ConfirmTerm.GetTerm(), k.ConfirmTerm.GetDeal())
		}
		return fmt.Sprintf("confirm term %d of deal %d kept", k.ConfirmTerm.GetTerm(), k.ConfirmTerm.GetDeal())
	}
	return ""
}

// termText labels a deal term; by and other name the proposer and the
// seat asked, and the term's obligor decides who is bound to whom.
func termText(t *pb.DealTerm, from, to string) string {
	by, other := from, to
	if t.GetObligor() == pb.DealParty_DEAL_PARTY_ASKED {
		by, other = to, from
	}
	switch t.GetKind() {
	case pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH:
		return fmt.Sprintf("%s pays %s to %s", by, Dollars(t.GetAmount()), other)
	case pb.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS:
		return fmt.Sprintf("%s lends %d Influence to %s", by, t.GetAmount(), other)
	case pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK:
		return fmt.Sprintf("%s attacks no mobster of %s", by, other)
	case pb.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE:
		return fmt.Sprintf("%s lets %s pass unharmed through %s", by, other, districtList(t.GetDistricts()))
	case pb.DealTermKind_DEAL_TERM_KIND_NO_RAT:
		return by + " makes no Rat Play"
	case pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
		return fmt.Sprintf("%s: %q", by, t.GetText())
	}
	return "an unknown term"
}

func termsText(ts []*pb.DealTerm, from, to string) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = fmt.Sprintf("(%d) %s", i, termText(t, from, to))
	}
	return strings.Join(out, "; ")
}

// deadlineText labels a deal's deadline (day 0: today).
func deadlineText(kind pb.DealDeadline, day uint32) string {
	switch {
	case kind == pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET:
		return "until met"
	case day == 0:
		return "by the end of today"
	}
	return fmt.Sprintf("by the end of Day %d", day)
}

// district names a District as printed on the map: "Hell's Kitchen".
func district(d pb.District) string {
	if !ValidDistrict(d) {
		return fmt.Sprintf("District %d", d)
	}
	return Info(d).Name
}

// districtList names several Districts, or "none".
func districtList(ds []pb.District) string {
	if len(ds) == 0 {
		return "none"
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = district(d)
	}
	return strings.Join(out, ", ")
}

// boroughName names a Borough as a sentence does: "Queens", "the Bronx".
func boroughName(b pb.Borough) string {
	if b < manhattan || b > statenIsland {
		return fmt.Sprintf("Borough %d", b)
	}
	if n, ok := strings.CutPrefix(BoroughOf(b).Name, "The "); ok {
		return "the " + n
	}
	return BoroughOf(b).Name
}

// brokerName names a Power Broker: "Texas Guinan".
func brokerName(b pb.Broker) string {
	if n := BrokerOf(b).Name; n != "" {
		return n
	}
	return fmt.Sprintf("Broker %d", b)
}

// brokerAt names the Power Broker of a High Society District.
func brokerAt(d pb.District) string {
	if !ValidDistrict(d) || Info(d).Broker == pb.Broker_BROKER_UNSPECIFIED {
		return "the Power Broker"
	}
	return brokerName(Info(d).Broker)
}

// ContractLabel names a Contract card: "#3 Stock the Cellar (Gig: Hold 4
// Barrels.)".
func ContractLabel(id uint32) string {
	c, ok := Card(int(id))
	if !ok {
		return fmt.Sprintf("#%d", id)
	}
	return fmt.Sprintf("#%d %s (%s: %s)", id, c.Name, TierName(c.Tier), c.Objective)
}

// ContractsLabel names several Contract cards, or "none".
func ContractsLabel(ids []uint32) string {
	if len(ids) == 0 {
		return "none"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = ContractLabel(id)
	}
	return strings.Join(out, "; ")
}

// BarrelsLabel names barrel counts: "2 Gin, 1 Rum".
func BarrelsLabel(bs []*pb.Barrels) string {
	if len(bs) == 0 {
		return "no barrels"
	}
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = fmt.Sprintf("%d %s", b.GetCount(), LiquorName(b.GetLiquor()))
	}
	return strings.Join(out, ", ")
}

// tiers names Contract decks: "Gig, Racket".
func tiers(ts []pb.Tier) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = TierName(t)
	}
	return strings.Join(out, ", ")
}

// Dollars writes an amount of money: "$1,500".
func Dollars[T uint32 | int32 | int](n T) string {
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

// Numbers writes numbers as a list, "5, 6, 3" ("none" for none), never as
// Go writes a slice.
func Numbers[N ~int32 | ~uint32](ns []N) string {
	if len(ns) == 0 {
		return "none"
	}
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = fmt.Sprint(n)
	}
	return strings.Join(out, ", ")
}

// Plural writes "1 Runner", "2 Runners" or "2 Bosses".
func Plural(n uint32, what string) string {
	switch {
	case n == 1:
		return "1 " + what
	case strings.HasSuffix(what, "s"):
		return fmt.Sprintf("%d %ses", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Mobsters writes "2 Runners and 1 Boss".
func Mobsters(runners, bosses uint32) string {
	switch {
	case bosses == 0:
		return Plural(runners, "Runner")
	case runners == 0:
		return Plural(bosses, "Boss")
	}
	return Plural(runners, "Runner") + " and " + Plural(bosses, "Boss")
}

// standoffName names a Standoff choice: "Hold Fire".
func standoffName(c pb.StandoffChoice) string {
	switch c {
	case pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH:
		return "Ambush"
	case pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE:
		return "Hold Fire"
	case pb.StandoffChoice_STANDOFF_CHOICE_FOLD:
		return "Fold"
	}
	return fmt.Sprintf("choice %d", c)
}
