package printed

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Labels names Booze Barons' commands and events for people, as one viewer
// reads them ("you" for its own seat). A label is made from the message and
// the printed data alone, never from the state (this package holds none):
// it tells the viewer nothing the message does not.
type Labels struct{}

var _ engine.Labels = Labels{}

// Command labels a command: "deliver #12 Seedy Pete's (...)".
func (Labels) Command(v engine.Viewer, cmd proto.Message) string {
	c, _ := cmd.(*pb.Command)
	switch k := c.GetKind().(type) {
	case *pb.Command_ChooseMovement:
		return "move to " + LocationName(k.ChooseMovement.GetLocation())
	case *pb.Command_Deliver:
		return "deliver " + card(k.Deliver.GetCardId())
	case *pb.Command_Tail:
		return "tail " + v.Name(engine.Seat(k.Tail.GetTarget()))
	case *pb.Command_TriggerEvent:
		if k.TriggerEvent.Target != nil {
			return "trigger the Location Event on " + v.Name(engine.Seat(k.TriggerEvent.GetTarget()))
		}
		return "trigger the Location Event"
	case *pb.Command_Resign:
		return "resign: your Booze card is turned face up and the game plays on without you"
	case *pb.Command_Pass:
		return "pass"
	case *pb.Command_Steal:
		return "steal " + card(k.Steal.GetCardId())
	case *pb.Command_Expose:
		return "expose as " + BoozeName(k.Expose.GetGuess())
	case *pb.Command_Decline:
		return "decline"
	case *pb.Command_CasinoKeep:
		return "keep " + cards(k.CasinoKeep.GetCardIds())
	case *pb.Command_DocksCollect:
		return "collect " + cards(k.DocksCollect.GetCardIds())
	}
	return "not a Booze Barons command"
}

// Template labels a command template (Booze Barons lists every command).
func (Labels) Template(_ engine.Viewer, t engine.Template) string { return t.Description }

// Event labels an event body: "seat 2 tailed you".
func (Labels) Event(v engine.Viewer, body proto.Message) string {
	e, _ := body.(*pb.Event)
	if s := setupLabel(v, e); s != "" {
		return s
	}
	if s := roundLabel(v, e); s != "" {
		return s
	}
	if s := actionLabel(v, e); s != "" {
		return s
	}
	if s := lookLabel(v, e); s != "" {
		return s
	}
	return "not a Booze Barons event"
}

// setupLabel labels the setup events and the end.
func setupLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_GameStarted:
		o := k.GameStarted.GetOptions()
		return fmt.Sprintf("game started: %d players, Docks side %s, first Booze Baron %s",
			k.GameStarted.GetPlayers(), sideName(o.GetDocksSide()), v.Name(engine.Seat(o.GetFirstBaron())))
	case *pb.Event_BoozeDealt:
		return fmt.Sprintf("Booze cards dealt (Mobs in play: %s)", mobList(k.BoozeDealt.GetMobsInPlay()))
	case *pb.Event_BoozeCard:
		return fmt.Sprintf("%s Booze card: %s", v.Possessive(engine.Seat(k.BoozeCard.GetSeat())), BoozeName(k.BoozeCard.GetBoozeType()))
	case *pb.Event_DeckShuffled:
		return fmt.Sprintf("Delivery deck shuffled (%d cards)", k.DeckShuffled.GetSize())
	case *pb.Event_DeckOrder:
		ids := make([]string, len(k.DeckOrder.GetCardIds()))
		for i, id := range k.DeckOrder.GetCardIds() {
			ids[i] = fmt.Sprint(id)
		}
		return "deck order, top first: " + strings.Join(ids, ", ")
	case *pb.Event_DeliveriesDrawn:
		return "drawn to the Locations: " + cards(k.DeliveriesDrawn.GetCardIds())
	case *pb.Event_RoundStarted:
		return fmt.Sprintf("round %d starts; Booze Baron: %s", k.RoundStarted.GetRound(), v.Name(engine.Seat(k.RoundStarted.GetBaron())))
	case *pb.Event_GameEnded:
		return "game over: " + resultLabel(k.GameEnded)
	}
	return ""
}

// roundLabel labels the Move Phase and the end of a round.
func roundLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_MovementChosen:
		return v.Name(engine.Seat(k.MovementChosen.GetSeat())) + " sealed a Movement card"
	case *pb.Event_MovementSealed:
		return fmt.Sprintf("%s sealed %s", v.Name(engine.Seat(k.MovementSealed.GetSeat())), LocationName(k.MovementSealed.GetLocation()))
	case *pb.Event_MovementsRevealed:
		moves := make([]string, 0, len(k.MovementsRevealed.GetMoves()))
		for _, m := range k.MovementsRevealed.GetMoves() {
			moves = append(moves, fmt.Sprintf("%s to %s", v.Name(engine.Seat(m.GetSeat())), LocationName(m.GetLocation())))
		}
		return "Movement cards revealed: " + strings.Join(moves, ", ")
	case *pb.Event_TurnEnded:
		return v.Possessive(engine.Seat(k.TurnEnded.GetSeat())) + " turn ends"
	case *pb.Event_RoundEnded:
		return fmt.Sprintf("round %d ends; next Booze Baron: %s", k.RoundEnded.GetRound(), v.Name(engine.Seat(k.RoundEnded.GetNextBaron())))
	case *pb.Event_DeckExhausted:
		ex := make([]string, 0, len(k.DeckExhausted.GetExposures()))
		for _, x := range k.DeckExhausted.GetExposures() {
			ex = append(ex, fmt.Sprintf("%s (%s, %d coins)", v.Name(engine.Seat(x.GetSeat())), BoozeName(x.GetBoozeType()), x.GetCoins()))
		}
		return "the Delivery deck is exhausted; Exposed: " + strings.Join(ex, ", ")
	}
	return ""
}

// actionLabel labels the actions of the Action Phase.
func actionLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_Delivered:
		return fmt.Sprintf("%s delivered %s", v.Name(engine.Seat(k.Delivered.GetSeat())), card(k.Delivered.GetCardId()))
	case *pb.Event_Stolen:
		x := k.Stolen
		return fmt.Sprintf("%s stole %s from %s", v.Name(engine.Seat(x.GetSeat())), card(x.GetCardId()), v.Name(engine.Seat(x.GetFrom())))
	case *pb.Event_ExposeAttempted:
		x := k.ExposeAttempted
		verdict := "wrong"
		if x.GetCorrect() {
			verdict = "right: Exposed"
		}
		return fmt.Sprintf("%s guessed %s Booze type is %s: %s", v.Name(engine.Seat(x.GetSeat())), v.Possessive(engine.Seat(x.GetTarget())), BoozeName(x.GetGuess()), verdict)
	case *pb.Event_Declined:
		return v.Name(engine.Seat(k.Declined.GetSeat())) + " declined"
	case *pb.Event_Resigned:
		x := k.Resigned
		if x.GetBoozeType() == pb.BoozeType_BOOZE_TYPE_UNSPECIFIED {
			return v.Name(engine.Seat(x.GetSeat())) + " resigned"
		}
		return fmt.Sprintf("%s resigned and is Exposed: %s", v.Name(engine.Seat(x.GetSeat())), BoozeName(x.GetBoozeType()))
	case *pb.Event_Passed:
		return v.Name(engine.Seat(k.Passed.GetSeat())) + " passed"
	case *pb.Event_CasinoKept:
		x := k.CasinoKept
		return fmt.Sprintf("%s kept %s; %d to the bottom of the deck", v.Name(engine.Seat(x.GetSeat())), cards(x.GetCardIds()), x.GetDiscarded())
	case *pb.Event_DocksChosen:
		return fmt.Sprintf("%s chose %s at the Docks", v.Name(engine.Seat(k.DocksChosen.GetSeat())), v.Name(engine.Seat(k.DocksChosen.GetTarget())))
	case *pb.Event_DocksCollected:
		return fmt.Sprintf("%s collected %s", v.Name(engine.Seat(k.DocksCollected.GetSeat())), cards(k.DocksCollected.GetCardIds()))
	case *pb.Event_BaronChosen:
		return fmt.Sprintf("%s made %s next round's Booze Baron", v.Name(engine.Seat(k.BaronChosen.GetSeat())), v.Name(engine.Seat(k.BaronChosen.GetTarget())))
	}
	return ""
}

// lookLabel labels the looks: Tail, Seedy Pete's, Casino Regale, and the
// private parts that show what was seen.
func lookLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_Tailed:
		x := k.Tailed
		s := fmt.Sprintf("%s tailed %s", v.Name(engine.Seat(x.GetSeat())), v.Name(engine.Seat(x.GetTarget())))
		if x.GetVia() != pb.Location_LOCATION_UNSPECIFIED {
			s += " at " + LocationName(x.GetVia())
		}
		return s
	case *pb.Event_Looked:
		x := k.Looked
		return fmt.Sprintf("%s looked at %s face-down cards: %s", v.Name(engine.Seat(x.GetSeat())), v.Possessive(engine.Seat(x.GetTarget())), cards(x.GetCardIds()))
	case *pb.Event_CasinoRevealed:
		return fmt.Sprintf("%s looked at the top %d cards of the deck at Casino Regale", v.Name(engine.Seat(k.CasinoRevealed.GetSeat())), k.CasinoRevealed.GetCount())
	case *pb.Event_CasinoCards:
		return fmt.Sprintf("revealed to %s at Casino Regale: %s", v.Name(engine.Seat(k.CasinoCards.GetSeat())), cards(k.CasinoCards.GetCardIds()))
	case *pb.Event_SeedyPetes:
		return fmt.Sprintf("%s looked at %s cards at Seedy Pete's", v.Name(engine.Seat(k.SeedyPetes.GetSeat())), v.Possessive(engine.Seat(k.SeedyPetes.GetTarget())))
	}
	return ""
}

// card names a Delivery card: "#12 Seedy Pete's (Punching Bag Porter, ...)".
func card(id int32) string {
	if !ValidCard(id) {
		return fmt.Sprintf("#%d", id)
	}
	f := Deck[id]
	types := make([]string, len(f.Types))
	for i, t := range f.Types {
		types[i] = BoozeName(t)
	}
	return fmt.Sprintf("#%d %s (%s)", id, LocationName(f.Location), strings.Join(types, ", "))
}

// cards names several Delivery cards, or "none".
func cards(ids []int32) string {
	if len(ids) == 0 {
		return "none"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = card(id)
	}
	return strings.Join(out, "; ")
}

func mobList(ms []pb.Mob) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = MobName(m)
	}
	return strings.Join(out, ", ")
}

func sideName(s pb.Side) string {
	if s == pb.Side_SIDE_B {
		return "B"
	}
	return "A"
}

// resultLabel sums up the final scores.
func resultLabel(g *pb.GameEnded) string {
	parts := make([]string, 0, len(g.GetMobs()))
	for _, m := range g.GetMobs() {
		parts = append(parts, fmt.Sprintf("the %s Mob %d coins", MobName(m.GetMob()), m.GetScore()))
	}
	return fmt.Sprintf("%s; winners: %s", strings.Join(parts, ", "), mobList(g.GetWinners()))
}
