package printed

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Labels names Bootleggers' commands, templates and events for people, as
// one viewer reads them ("you" for its own seat). A label is made from the
// message and the game's data alone (data.go), never from the state: it
// tells the viewer nothing the message does not. The labels of events live
// in labels_events.go.
type Labels struct{}

var _ engine.Labels = Labels{}

// Command labels a command: "run truck 0 (4 crates) to O'Malley's".
func (Labels) Command(v engine.Viewer, cmd proto.Message) string {
	c, _ := cmd.(*pb.Command)
	if s := casinoCommandLabel(v, c); s != "" {
		return s
	}
	switch k := c.GetKind().(type) {
	case *pb.Command_ChooseMuscle:
		return fmt.Sprintf("seal Muscle card %d", k.ChooseMuscle.GetCard())
	case *pb.Command_TakeMenOfAction:
		return takeLabel(k.TakeMenOfAction)
	case *pb.Command_TakeCasinoCard:
		s := fmt.Sprintf("take the Casino card in space %d", k.TakeCasinoCard.GetSlot())
		if p := k.TakeCasinoCard.GetPlace(); p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			s += " for " + placeName(p)
		}
		return s
	case *pb.Command_CutOmalleys:
		from := "your Back Room"
		if p := k.CutOmalleys.GetPlace(); p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			from = placeName(p)
		}
		return "destroy a marker from " + from + " to cut O'Malley's consumption"
	case *pb.Command_BuyTruck:
		return "buy the Truck card"
	case *pb.Command_Resign:
		return "resign: the game plays on without you"
	case *pb.Command_PassSelection:
		return "take nothing this round"
	case *pb.Command_PlayCard:
		return "play " + cardName(k.PlayCard.GetCardId()) + effectLabel(v, playEffect(k.PlayCard))
	case *pb.Command_SendInTheBoys:
		return boysLabel(k.SendInTheBoys.GetRingUpFrom(), k.SendInTheBoys.GetPlacements(), "send in ")
	case *pb.Command_FireUpTheStill:
		if k.FireUpTheStill.GetPlayItCool() {
			return "play it cool (every die counts 3)"
		}
		return "fire up the still"
	case *pb.Command_ProposeTrade:
		x := k.ProposeTrade
		return fmt.Sprintf("offer %s %s for %s", v.Name(engine.Seat(x.GetTo())), goodsLabel(x.GetGive()), goodsLabel(x.GetGet()))
	case *pb.Command_AnswerTrade:
		if k.AnswerTrade.GetAccept() {
			return fmt.Sprintf("accept offer %d", k.AnswerTrade.GetOfferId())
		}
		return fmt.Sprintf("decline offer %d", k.AnswerTrade.GetOfferId())
	case *pb.Command_WithdrawTrade:
		return fmt.Sprintf("withdraw offer %d", k.WithdrawTrade.GetOfferId())
	case *pb.Command_RunTheWhiskey:
		return runsLabel(k.RunTheWhiskey.GetRuns())
	case *pb.Command_CallTheOrder:
		return fmt.Sprintf("call the buying order at %s: trucks %s", placeName(k.CallTheOrder.GetPlace()), list(k.CallTheOrder.GetTrucks()))
	}
	return "not a Bootleggers command"
}

// Template labels a family of commands offered to v.
func (Labels) Template(_ engine.Viewer, t engine.Template) string { return t.Description }

func takeLabel(t *pb.TakeMenOfAction) string {
	s := fmt.Sprintf("take the card in offer space %d", t.GetSlot())
	if t.Still != nil {
		s += fmt.Sprintf(" for still %d", t.GetStill())
	}
	if t.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		s += " for " + placeName(t.GetPlace())
	}
	return s
}

// playEffect turns a PlayCard's effect into the CardPlayed one, so that
// both are labelled alike.
func playEffect(c *pb.PlayCard) *pb.CardPlayed {
	out := &pb.CardPlayed{}
	switch e := c.Effect.(type) {
	case *pb.PlayCard_Hit:
		out.Effect = &pb.CardPlayed_Hit{Hit: e.Hit}
	case *pb.PlayCard_Shutdown:
		out.Effect = &pb.CardPlayed_Shutdown{Shutdown: e.Shutdown}
	case *pb.PlayCard_PayOffTheCopper:
		out.Effect = &pb.CardPlayed_PayOffTheCopper{PayOffTheCopper: e.PayOffTheCopper}
	case *pb.PlayCard_Hijack:
		out.Effect = &pb.CardPlayed_Hijack{Hijack: e.Hijack}
	case *pb.PlayCard_HaltAnOrder:
		out.Effect = &pb.CardPlayed_HaltAnOrder{HaltAnOrder: e.HaltAnOrder}
	case *pb.PlayCard_BigNight:
		out.Effect = &pb.CardPlayed_BigNight{BigNight: e.BigNight}
	}
	return out
}

// effectLabel names a kept card's target: ": at Texas Lil's, a marker of
// seat 2".
func effectLabel(v engine.Viewer, c *pb.CardPlayed) string {
	switch e := c.Effect.(type) {
	case *pb.CardPlayed_Hit:
		var who []string
		for _, x := range e.Hit.GetVictims() {
			who = append(who, colourName(v, x))
		}
		return fmt.Sprintf(": hit %s at %s", strings.Join(who, " and "), placeName(e.Hit.GetPlace()))
	case *pb.CardPlayed_Shutdown:
		return fmt.Sprintf(": shut down %s still %d", v.Possessive(engine.Seat(e.Shutdown.GetSeat())), e.Shutdown.GetStill())
	case *pb.CardPlayed_PayOffTheCopper:
		return ": the Copper leaves"
	case *pb.CardPlayed_Hijack:
		return fmt.Sprintf(": hijack truck %d", e.Hijack.GetTruck())
	case *pb.CardPlayed_HaltAnOrder:
		return fmt.Sprintf(": halt truck %d", e.HaltAnOrder.GetTruck())
	case *pb.CardPlayed_BigNight:
		return ": a Big Night at " + placeName(e.BigNight.GetPlace())
	}
	return ""
}

// boysLabel names a seat's placements.
func boysLabel(from pb.DrinkingPlace, ps []*pb.Placement, verb string) string {
	s := ""
	if from != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		s = "ring up a marker from " + placeName(from) + ", then "
	}
	if len(ps) == 0 {
		return s + verb + "no boys"
	}
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("%s to %s", count(p.GetMarkers(), "marker"), placeName(p.GetPlace())))
	}
	return s + verb + strings.Join(parts, ", ")
}

func runsLabel(runs []*pb.Run) string {
	if len(runs) == 0 {
		return "keep every truck at home"
	}
	var parts []string
	for _, r := range runs {
		parts = append(parts, fmt.Sprintf("truck %d (%s) to %s", r.GetTruck(), count(r.GetCrates(), "crate"), placeName(r.GetPlace())))
	}
	return "run " + strings.Join(parts, ", ")
}

// goodsLabel names one side of a trade: "3G, 2 crates and truck 7's rent".
func goodsLabel(g *pb.Goods) string {
	var parts []string
	if g.GetMoney() > 0 {
		parts = append(parts, fmt.Sprintf("%dG", g.GetMoney()))
	}
	if g.GetCrates() > 0 {
		parts = append(parts, count(g.GetCrates(), "crate"))
	}
	for _, id := range g.GetTrucks() {
		parts = append(parts, fmt.Sprintf("truck %d's rent", id))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// cardName names a Men of Action card from the deck list: "Hit #53".
func cardName(id int32) string {
	if spec, ok := Card(CardKindOf(int(id))); ok {
		return fmt.Sprintf("%s #%d", spec.Name, id)
	}
	return fmt.Sprintf("card #%d", id)
}

// casinoCardName names a Casino card kind as printed.
func casinoCardName(k pb.CasinoCardKind) string {
	if spec, ok := CasinoCard(k); ok {
		return spec.Name
	}
	return "no Casino card"
}

// placeName names a drinking place: "Texas Lil's".
func placeName(p pb.DrinkingPlace) string {
	if p < omalleys || int(p) > PlaceCount {
		return "nowhere"
	}
	return Place(p).Name
}

// colourName names whose markers: "you", "seat 2", "the neutral colour".
func colourName(v engine.Viewer, c *pb.Colour) string {
	if c.GetNeutral() {
		return "the neutral colour"
	}
	return v.Name(engine.Seat(c.GetSeat()))
}

// count counts things: "1 crate", "4 crates".
func count(n int32, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// list joins numbers: "3, 0, 7" ("none" when empty).
func list(xs []int32) string {
	if len(xs) == 0 {
		return "none"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}
