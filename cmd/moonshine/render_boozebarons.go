package main

import (
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// boozeBarons renders Booze Barons views, events and commands.
type boozeBarons struct{}

// names fixes the enum names that title case spells wrong.
var names = map[string]string{
	"Seedy Petes":        "Seedy Pete's",
	"Officers Club":      "Officer's Club",
	"Shiftys Chardonnay": "Shifty's Chardonnay",
	// Moonshine Kingdom.
	"Hells Kitchen Irish": "Hell's Kitchen Irish",
	"Stephanie St Clair":  "Stephanie St. Clair",
}

// enumName turns LOCATION_SEEDY_PETES into "Seedy Pete's".
func enumName(e protoreflect.Enum) string {
	v := e.Descriptor().Values().ByNumber(e.Number())
	if v == nil {
		return fmt.Sprintf("%s(%d)", e.Descriptor().Name(), e.Number())
	}
	full := string(v.Name())
	var b strings.Builder // BoozeType -> BOOZE_TYPE_
	for i, r := range string(e.Descriptor().Name()) {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	prefix := strings.ToUpper(b.String()) + "_"
	words := strings.Split(strings.TrimPrefix(full, prefix), "_")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
	}
	s := strings.Join(words, " ")
	if n, ok := names[s]; ok {
		return n
	}
	return s
}

// card describes a Delivery card: "#12 Seedy Pete's (Porter, Blonde, ...)".
func card(id int32) string {
	if id < 0 || int(id) >= len(boozebarons.Deck) {
		return fmt.Sprintf("#%d", id)
	}
	f := boozebarons.Deck[id]
	types := make([]string, len(f.Types))
	for i, t := range f.Types {
		types[i] = enumName(t)
	}
	return fmt.Sprintf("#%d %s (%s)", id, enumName(f.Location), strings.Join(types, ", "))
}

// cards describes several Delivery cards by id.
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

// faces lists Delivery cards shown in a view.
func faces(cs []*bb.DeliveryCard) string {
	ids := make([]int32, len(cs))
	for i, c := range cs {
		ids[i] = c.GetId()
	}
	return cards(ids)
}

// Command describes a command.
func (boozeBarons) Command(env *moonshinev1.GameCommand) string {
	c := env.GetBoozeBarons()
	switch k := c.GetKind().(type) {
	case *bb.Command_ChooseMovement:
		return "move to " + enumName(k.ChooseMovement.GetLocation())
	case *bb.Command_Deliver:
		return "deliver " + card(k.Deliver.GetCardId())
	case *bb.Command_Tail:
		return fmt.Sprintf("tail seat %d", k.Tail.GetTarget())
	case *bb.Command_TriggerEvent:
		if k.TriggerEvent.Target != nil {
			return fmt.Sprintf("trigger the Location Event on seat %d", k.TriggerEvent.GetTarget())
		}
		return "trigger the Location Event"
	case *bb.Command_Pass:
		return "pass"
	case *bb.Command_Steal:
		return "steal " + card(k.Steal.GetCardId())
	case *bb.Command_Expose:
		return "expose as " + enumName(k.Expose.GetGuess())
	case *bb.Command_Decline:
		return "decline"
	case *bb.Command_CasinoKeep:
		return "keep " + cards(k.CasinoKeep.GetCardIds())
	case *bb.Command_DocksCollect:
		return "collect " + cards(k.DocksCollect.GetCardIds())
	}
	return compact(env)
}

// Event describes an event body.
func (r boozeBarons) Event(env *moonshinev1.EventBody) string {
	e := env.GetBoozeBarons()
	if e == nil {
		return compact(env)
	}
	if s := setupEvent(e); s != "" {
		return s
	}
	if s := roundEvent(e); s != "" {
		return s
	}
	if s := actionEvent(e); s != "" {
		return s
	}
	return compact(env)
}

// setupEvent describes the setup events and the end.
func setupEvent(e *bb.Event) string {
	switch k := e.GetKind().(type) {
	case *bb.Event_GameStarted:
		return fmt.Sprintf("game started: %d players, Docks side %s, first Booze Baron seat %d",
			k.GameStarted.GetPlayers(), enumName(k.GameStarted.GetOptions().GetDocksSide()), k.GameStarted.GetOptions().GetFirstBaron())
	case *bb.Event_BoozeDealt:
		return fmt.Sprintf("Booze cards dealt (Mobs in play: %s)", mobs(k.BoozeDealt.GetMobsInPlay()))
	case *bb.Event_BoozeCard:
		return fmt.Sprintf("seat %d's Booze card: %s", k.BoozeCard.GetSeat(), enumName(k.BoozeCard.GetBoozeType()))
	case *bb.Event_DeckShuffled:
		return fmt.Sprintf("Delivery deck shuffled (%d cards)", k.DeckShuffled.GetSize())
	case *bb.Event_DeckOrder:
		return fmt.Sprintf("deck order: %v", k.DeckOrder.GetCardIds())
	case *bb.Event_DeliveriesDrawn:
		return "drawn to the Locations: " + cards(k.DeliveriesDrawn.GetCardIds())
	case *bb.Event_RoundStarted:
		return fmt.Sprintf("round %d starts; Booze Baron: seat %d", k.RoundStarted.GetRound(), k.RoundStarted.GetBaron())
	case *bb.Event_GameEnded:
		return "game over: " + result(k.GameEnded)
	}
	return ""
}

// roundEvent describes the events of the Move Phase and the round's end.
func roundEvent(e *bb.Event) string {
	switch k := e.GetKind().(type) {
	case *bb.Event_MovementChosen:
		return fmt.Sprintf("seat %d sealed a Movement card", k.MovementChosen.GetSeat())
	case *bb.Event_MovementSealed:
		return fmt.Sprintf("seat %d sealed %s", k.MovementSealed.GetSeat(), enumName(k.MovementSealed.GetLocation()))
	case *bb.Event_MovementsRevealed:
		var moves []string
		for _, m := range k.MovementsRevealed.GetMoves() {
			moves = append(moves, fmt.Sprintf("seat %d to %s", m.GetSeat(), enumName(m.GetLocation())))
		}
		return "Movement cards revealed: " + strings.Join(moves, ", ")
	case *bb.Event_TurnEnded:
		return fmt.Sprintf("seat %d's turn ends", k.TurnEnded.GetSeat())
	case *bb.Event_RoundEnded:
		return fmt.Sprintf("round %d ends; next Booze Baron: seat %d", k.RoundEnded.GetRound(), k.RoundEnded.GetNextBaron())
	case *bb.Event_DeckExhausted:
		var ex []string
		for _, x := range k.DeckExhausted.GetExposures() {
			ex = append(ex, fmt.Sprintf("seat %d (%s, %d coins)", x.GetSeat(), enumName(x.GetBoozeType()), x.GetCoins()))
		}
		return "deck exhausted; exposed: " + strings.Join(ex, ", ")
	}
	return ""
}

// actionEvent describes the events of the Action Phase.
func actionEvent(e *bb.Event) string {
	switch k := e.GetKind().(type) {
	case *bb.Event_Delivered:
		return fmt.Sprintf("seat %d delivered %s", k.Delivered.GetSeat(), card(k.Delivered.GetCardId()))
	case *bb.Event_Tailed:
		return fmt.Sprintf("seat %d tailed seat %d", k.Tailed.GetSeat(), k.Tailed.GetTarget())
	case *bb.Event_Looked:
		return fmt.Sprintf("seat %d looked at seat %d's face-down cards: %s", k.Looked.GetSeat(), k.Looked.GetTarget(), cards(k.Looked.GetCardIds()))
	case *bb.Event_Stolen:
		return fmt.Sprintf("seat %d stole %s from seat %d", k.Stolen.GetSeat(), card(k.Stolen.GetCardId()), k.Stolen.GetFrom())
	case *bb.Event_ExposeAttempted:
		x := k.ExposeAttempted
		verdict := "wrong"
		if x.GetCorrect() {
			verdict = "right: exposed"
		}
		return fmt.Sprintf("seat %d guessed seat %d is %s: %s", x.GetSeat(), x.GetTarget(), enumName(x.GetGuess()), verdict)
	case *bb.Event_Declined:
		return fmt.Sprintf("seat %d declined", k.Declined.GetSeat())
	case *bb.Event_Passed:
		return fmt.Sprintf("seat %d passed", k.Passed.GetSeat())
	case *bb.Event_CasinoRevealed:
		return fmt.Sprintf("seat %d looks at the top %d cards at Casino Regale", k.CasinoRevealed.GetSeat(), k.CasinoRevealed.GetCount())
	case *bb.Event_CasinoCards:
		return fmt.Sprintf("seat %d sees %s", k.CasinoCards.GetSeat(), cards(k.CasinoCards.GetCardIds()))
	case *bb.Event_CasinoKept:
		return fmt.Sprintf("seat %d kept %s; %d to the bottom of the deck", k.CasinoKept.GetSeat(), cards(k.CasinoKept.GetCardIds()), k.CasinoKept.GetDiscarded())
	case *bb.Event_SeedyPetes:
		return fmt.Sprintf("seat %d looks at seat %d's cards at Seedy Pete's", k.SeedyPetes.GetSeat(), k.SeedyPetes.GetTarget())
	case *bb.Event_DocksChosen:
		return fmt.Sprintf("seat %d chose seat %d at the Docks", k.DocksChosen.GetSeat(), k.DocksChosen.GetTarget())
	case *bb.Event_DocksCollected:
		return fmt.Sprintf("seat %d collected %s", k.DocksCollected.GetSeat(), cards(k.DocksCollected.GetCardIds()))
	case *bb.Event_BaronChosen:
		return fmt.Sprintf("seat %d made seat %d next round's Booze Baron", k.BaronChosen.GetSeat(), k.BaronChosen.GetTarget())
	}
	return ""
}

// mobs names Mobs.
func mobs(ms []bb.Mob) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = enumName(m)
	}
	return strings.Join(out, ", ")
}

// result summarises the final scores.
func result(g *bb.GameEnded) string {
	var parts []string
	for _, m := range g.GetMobs() {
		parts = append(parts, fmt.Sprintf("%s Mob %d", enumName(m.GetMob()), m.GetScore()))
	}
	return fmt.Sprintf("%s; winners: %s", strings.Join(parts, ", "), mobs(g.GetWinners()))
}
