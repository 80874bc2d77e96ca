package printed

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Event labels an event body as v reads it: "seat 2 sealed a Muscle card".
func (Labels) Event(v engine.Viewer, body proto.Message) string {
	e, _ := body.(*pb.Event)
	for _, f := range []func(engine.Viewer, *pb.Event) string{setupLabel, muscleLabel, turnLabel, sellingLabel, casinoEventLabel} {
		if s := f(v, e); s != "" {
			return s
		}
	}
	return "not a Bootleggers event"
}

// setupLabel labels the setup, the deals and shuffles, the rounds and the end.
func setupLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_GameStarted:
		g := k.GameStarted
		var places []string
		for _, p := range g.GetPlaces() {
			places = append(places, placeName(p))
		}
		return fmt.Sprintf("game started: %d players, %s; in play: %s", g.GetPlayers(), optionsLabel(g.GetOptions()), strings.Join(places, ", "))
	case *pb.Event_MuscleDealt:
		x := k.MuscleDealt
		s := fmt.Sprintf("Muscle cards dealt, %d to each Mobster; %d set aside face down", x.GetHandSize(), x.GetSetAside())
		if x.GetNonPlayerHands() > 0 {
			s += fmt.Sprintf("; %d Non-Player hands of %d", x.GetNonPlayerHands(), x.GetNonPlayerHandSize())
		}
		return s
	case *pb.Event_MuscleHand:
		return fmt.Sprintf("%s Muscle hand: %s", v.Possessive(engine.Seat(k.MuscleHand.GetSeat())), list(k.MuscleHand.GetCards()))
	case *pb.Event_MuscleSetAside:
		s := "Muscle cards set aside: " + list(k.MuscleSetAside.GetSetAside())
		for _, h := range k.MuscleSetAside.GetNonPlayerHands() {
			s += fmt.Sprintf("; Non-Player hand %d, top first: %s", h.GetHand(), list(h.GetCards()))
		}
		return s
	case *pb.Event_DeckShuffled:
		if k.DeckShuffled.GetReshuffle() {
			return fmt.Sprintf("%s reshuffled with its discards (%d cards)", deckName(k.DeckShuffled.GetDeck()), k.DeckShuffled.GetSize())
		}
		return fmt.Sprintf("%s shuffled (%d cards)", deckName(k.DeckShuffled.GetDeck()), k.DeckShuffled.GetSize())
	case *pb.Event_DeckOrder:
		return fmt.Sprintf("%s order, top first: %s", deckName(k.DeckOrder.GetDeck()), list(k.DeckOrder.GetIds()))
	case *pb.Event_NeutralPlaced:
		return "neutral markers placed: " + placementsLabel(k.NeutralPlaced.GetPlacements())
	case *pb.Event_RoundStarted:
		return fmt.Sprintf("round %d begins: Phase 1, Muscle", k.RoundStarted.GetRound())
	case *pb.Event_PhaseBegan:
		return PhaseTitle(k.PhaseBegan.GetPhase())
	case *pb.Event_TheHeat:
		return heatLabel(v, k.TheHeat)
	case *pb.Event_GameEnded:
		return endLabel(v, k.GameEnded)
	}
	return ""
}

// muscleLabel labels Phase 1.
func muscleLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_OfferTurnedUp:
		var slots []string
		for _, sl := range k.OfferTurnedUp.GetSlots() {
			s := fmt.Sprintf("%d: %s", sl.GetSlot(), cardName(sl.GetCardId()))
			if sl.NonPlayerHand != nil {
				s += fmt.Sprintf(" (beneath Non-Player hand %d)", sl.GetNonPlayerHand())
			}
			slots = append(slots, s)
		}
		s := "offer: " + strings.Join(slots, "; ")
		if k.OfferTurnedUp.Truck != nil {
			s += fmt.Sprintf("; Truck card: truck %d (%s)", k.OfferTurnedUp.GetTruck(), sizeName(k.OfferTurnedUp.GetTruckSize()))
		}
		for _, sl := range k.OfferTurnedUp.GetCasinoSlots() {
			s += fmt.Sprintf("; Casino card %d: %s", sl.GetSlot(), casinoCardName(sl.GetKind()))
		}
		return s
	case *pb.Event_MuscleChosen:
		return v.Name(engine.Seat(k.MuscleChosen.GetSeat())) + " sealed a Muscle card"
	case *pb.Event_MuscleSealed:
		return fmt.Sprintf("%s sealed Muscle card %d", v.Name(engine.Seat(k.MuscleSealed.GetSeat())), k.MuscleSealed.GetCard())
	case *pb.Event_MuscleRevealed:
		var order []string
		for _, c := range k.MuscleRevealed.GetOrder() {
			order = append(order, contenderLabel(v, c))
		}
		return "Muscle cards revealed; the order: " + strings.Join(order, ", ")
	case *pb.Event_MusclePaid:
		var parts []string
		for _, p := range k.MusclePaid.GetPayments() {
			s := fmt.Sprintf("%s %dG", v.Name(engine.Seat(p.GetSeat())), p.GetPaid())
			if len(p.GetImpounded()) > 0 {
				s += " (trucks impounded: " + list(p.GetImpounded()) + ")"
			}
			parts = append(parts, s)
		}
		return "Muscle and graft paid: " + strings.Join(parts, ", ")
	case *pb.Event_CardTaken:
		return takenLabel(v, k.CardTaken)
	case *pb.Event_CasinoCardTaken:
		x := k.CasinoCardTaken
		s := fmt.Sprintf("%s took the Casino card %s", v.Name(engine.Seat(x.GetSeat())), casinoCardName(x.GetKind()))
		switch {
		case x.GetWasted():
			s += " (wasted: no casino)"
		case x.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED:
			s += fmt.Sprintf(": an Entertainment Act at %s for %dG", placeName(x.GetPlace()), x.GetPaid())
		}
		return s
	case *pb.Event_TruckBought:
		x := k.TruckBought
		return fmt.Sprintf("%s bought truck %d (%s) for %dG", v.Name(engine.Seat(x.GetSeat())), x.GetTruck(), sizeName(x.GetSize()), x.GetBribe())
	case *pb.Event_Resigned:
		return v.Name(engine.Seat(k.Resigned.GetSeat())) + " resigned"
	case *pb.Event_SelectionPassed:
		return v.Name(engine.Seat(k.SelectionPassed.GetSeat())) + " took nothing"
	case *pb.Event_NonPlayerActed:
		return nonPlayerLabel(k.NonPlayerActed)
	}
	return ""
}

// turnLabel labels the turns of Phases 2-4 and the trades.
func turnLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_CardPlayed:
		return fmt.Sprintf("%s played %s%s", v.Name(engine.Seat(k.CardPlayed.GetSeat())), cardName(k.CardPlayed.GetCardId()), effectLabel(v, k.CardPlayed))
	case *pb.Event_BoysSent:
		x := k.BoysSent
		if x.GetPassedOver() {
			return v.Name(engine.Seat(x.GetSeat())) + " had nothing to do in Phase 2"
		}
		return v.Name(engine.Seat(x.GetSeat())) + " " + boysLabel(x.GetRingUpFrom(), x.GetPlacements(), "sent in ")
	case *pb.Event_StillFired:
		return firedLabel(v, k.StillFired)
	case *pb.Event_CasinoRedeveloped:
		x := k.CasinoRedeveloped
		return fmt.Sprintf("%s redeveloped %s into a casino for %dG", v.Name(engine.Seat(x.GetSeat())), placeName(x.GetPlace()), x.GetTotal())
	case *pb.Event_CasinoOwnerDiscarded:
		x := k.CasinoOwnerDiscarded
		return fmt.Sprintf("%s discarded %d trucks, %d dice and %d Remote Stills", v.Name(engine.Seat(x.GetSeat())),
			len(x.GetTrucks()), x.GetDice(), x.GetRemoteStills())
	case *pb.Event_OmalleysCut:
		x := k.OmalleysCut
		from := "Back Room"
		if x.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			from = placeName(x.GetPlace())
		}
		return fmt.Sprintf("%s destroyed a marker (%s): O'Malley's buys %s fewer per truck this round", v.Name(engine.Seat(x.GetSeat())), from, count(x.GetCuts(), "crate"))
	case *pb.Event_TradeProposed:
		x := k.TradeProposed
		return fmt.Sprintf("%s offered %s %s for %s (offer %d)", v.Name(engine.Seat(x.GetFrom())), v.Name(engine.Seat(x.GetTo())),
			goodsLabel(x.GetGive()), goodsLabel(x.GetGet()), x.GetOfferId())
	case *pb.Event_TradeAnswered:
		if k.TradeAnswered.GetAccepted() {
			return fmt.Sprintf("offer %d accepted: the goods changed hands", k.TradeAnswered.GetOfferId())
		}
		return fmt.Sprintf("offer %d declined", k.TradeAnswered.GetOfferId())
	case *pb.Event_TradeWithdrawn:
		return fmt.Sprintf("offer %d withdrawn", k.TradeWithdrawn.GetOfferId())
	case *pb.Event_WhiskeyRun:
		var parts []string
		for _, l := range k.WhiskeyRun.GetLinedUp() {
			parts = append(parts, fmt.Sprintf("truck %d (%s) to %s", l.GetTruck(), count(l.GetCrates(), "crate"), placeName(l.GetPlace())))
		}
		if k.WhiskeyRun.GetPassedOver() {
			return v.Name(engine.Seat(k.WhiskeyRun.GetSeat())) + " owns a casino and has nothing to run"
		}
		if len(parts) == 0 {
			return v.Name(engine.Seat(k.WhiskeyRun.GetSeat())) + " kept every truck at home"
		}
		return v.Name(engine.Seat(k.WhiskeyRun.GetSeat())) + " ran " + strings.Join(parts, ", ")
	}
	return ""
}

// sellingLabel labels Phase 5.
func sellingLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_ConsumptionRolled:
		var parts []string
		for _, r := range k.ConsumptionRolled.GetRolls() {
			s := fmt.Sprintf("%s %d (dice %s", placeName(r.GetPlace()), r.GetConsumption(), list(r.GetDice()))
			if r.GetDropped() > 0 {
				s += fmt.Sprintf(", %d dropped", r.GetDropped())
			}
			if r.GetImprovements() > 0 {
				s += fmt.Sprintf(", +%d a die", r.GetImprovements())
			}
			parts = append(parts, s+")")
		}
		if len(parts) == 0 {
			return "consumption: no speakeasy is open"
		}
		return "consumption: " + strings.Join(parts, ", ")
	case *pb.Event_OrderAwaited:
		x := k.OrderAwaited
		return fmt.Sprintf("%s calls the buying order at %s: trucks %s", v.Name(engine.Seat(x.GetSeat())), placeName(x.GetPlace()), list(x.GetTrucks()))
	case *pb.Event_OrderCalled:
		x := k.OrderCalled
		return fmt.Sprintf("%s called the buying order at %s: trucks %s", v.Name(engine.Seat(x.GetSeat())), placeName(x.GetPlace()), list(x.GetTrucks()))
	case *pb.Event_WhiskeySold:
		return soldLabel(v, k.WhiskeySold)
	case *pb.Event_SellingEnded:
		var parts []string
		for _, c := range k.SellingEnded.GetCratesReturned() {
			parts = append(parts, fmt.Sprintf("%s %d", v.Name(engine.Seat(c.GetSeat())), c.GetCount()))
		}
		if len(parts) == 0 {
			return "the trucks come home; every crate was sold"
		}
		return "the trucks come home; unsold crates back to the supply: " + strings.Join(parts, ", ")
	}
	return ""
}

func optionsLabel(o *pb.Options) string {
	s := "the standard game"
	if TwoPlayer(o) {
		s = `"Where are da boys?"`
	}
	for _, opt := range []struct {
		on   bool
		name string
	}{{o.GetRampStillProduction(), "Ramp Still Production"}, {o.GetPlayItCool(), "Play it Cool"},
		{o.GetRingUpTheBoys(), "Ring up the Boys"}, {o.GetMusclingIn(), "Muscling In"}, {o.GetNeedALittleHelp(), "Need a Little Help"}} {
		if opt.on {
			s += ", " + opt.name
		}
	}
	if o.GetOwnerThreshold() == pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY {
		s += ", owners need a strict majority"
	}
	return s
}

func deckName(d pb.Deck) string {
	switch d {
	case pb.Deck_DECK_TRUCK:
		return "the Truck deck"
	case pb.Deck_DECK_CASINO:
		return "the Casino deck"
	}
	return "the Men of Action deck"
}

func sizeName(s pb.TruckSize) string {
	switch s {
	case small:
		return "small"
	case medium:
		return "medium"
	case large:
		return "large"
	}
	return "no size"
}

func placementsLabel(ps []*pb.Placement) string {
	if len(ps) == 0 {
		return "none"
	}
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("%s %d", placeName(p.GetPlace()), p.GetMarkers()))
	}
	return strings.Join(parts, ", ")
}

func contenderLabel(v engine.Viewer, c *pb.Contender) string {
	who := v.Name(engine.Seat(c.GetSeat()))
	if _, ok := c.GetWho().(*pb.Contender_NonPlayerHand); ok {
		who = fmt.Sprintf("Non-Player hand %d", c.GetNonPlayerHand())
	}
	if c.GetValue() != c.GetMuscle() {
		return fmt.Sprintf("%s (%d, %d with the boys in the Back Room)", who, c.GetMuscle(), c.GetValue())
	}
	return fmt.Sprintf("%s (%d)", who, c.GetMuscle())
}

func takenLabel(v engine.Viewer, c *pb.CardTaken) string {
	s := fmt.Sprintf("%s took %s", v.Name(engine.Seat(c.GetSeat())), cardName(c.GetCardId()))
	switch {
	case c.GetWasted():
		return s + ", wasted: it could not act"
	case c.GetMarkers() > 0:
		s += fmt.Sprintf(": %s to the Back Room", count(c.GetMarkers(), "marker"))
	case c.Still != nil && c.GetKind() == remoteStill:
		s += fmt.Sprintf(": Remote Still %d built", c.GetStill())
	case c.Still != nil:
		s += fmt.Sprintf(": a die on still %d", c.GetStill())
	case c.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED:
		s += ": an improvement at " + placeName(c.GetPlace())
	case !UseNow(c.GetKind()):
		s += ", kept for later"
	}
	if c.GetPaid() > 0 {
		s += fmt.Sprintf(" (paid %dG)", c.GetPaid())
	}
	return s
}

func nonPlayerLabel(n *pb.NonPlayerActed) string {
	s := fmt.Sprintf("Non-Player hand %d: ", n.GetHand())
	switch n.GetAction() {
	case pb.NonPlayerAction_NON_PLAYER_ACTION_NEUTRAL_INFLUENCE:
		return s + fmt.Sprintf("%s exchanged for neutral markers: %s", cardName(n.GetCardId()), placementsLabel(n.GetPlacements()))
	case pb.NonPlayerAction_NON_PLAYER_ACTION_DISCARD:
		return s + cardName(n.GetCardId()) + " discarded"
	}
	return s + "its card was taken, nothing to do"
}

func firedLabel(v engine.Viewer, f *pb.StillFired) string {
	var dice []string
	for _, st := range f.GetStills() {
		if st.GetShutDown() {
			dice = append(dice, fmt.Sprintf("still %d shut down", st.GetStill()))
		} else {
			dice = append(dice, fmt.Sprintf("still %d: %s", st.GetStill(), list(st.GetDice())))
		}
	}
	if len(dice) == 0 {
		dice = []string{"no still"}
	}
	s := fmt.Sprintf("%s produced %s (%s)", v.Name(engine.Seat(f.GetSeat())), count(f.GetCrates(), "crate"), strings.Join(dice, "; "))
	switch {
	case f.GetRamp():
		s += ", ramped"
	case f.GetPlayItCool():
		s += ", playing it cool"
	}
	if f.GetCopperSeized() > 0 {
		s += fmt.Sprintf("; the Copper seized the %d", f.GetCopperSeized())
	}
	return s
}

func soldLabel(v engine.Viewer, w *pb.WhiskeySold) string {
	var parts []string
	for _, sale := range w.GetSales() {
		p := fmt.Sprintf("truck %d (%s) sold %s for %dG", sale.GetTruck(), v.Name(engine.Seat(sale.GetSeller())),
			count(sale.GetCrates(), "crate"), sale.GetPaid())
		if sale.GetInsideJob() > 0 {
			p += fmt.Sprintf(" and %dG of the owner's payout (Inside Job)", sale.GetInsideJob())
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		parts = []string{"no crate sold"}
	}
	s := fmt.Sprintf("at %s: %s", placeName(w.GetPlace()), strings.Join(parts, "; "))
	if w.Owner != nil {
		s += fmt.Sprintf("; the owner, %s, got %dG", v.Name(engine.Seat(w.GetOwner())), w.GetOwnerBonus()+w.GetGamblingProfit()+w.GetGamblingWindfall())
		if w.GetOwnerWithheld() {
			s += " (no payout this round)"
		}
	}
	return s
}

func heatLabel(v engine.Viewer, h *pb.TheHeat) string {
	s := "Phase 6: The Heat! The Copper goes to nobody"
	if h.Copper != nil {
		s = fmt.Sprintf("Phase 6: The Heat! The Copper goes to %s (%s produced)", v.Name(engine.Seat(h.GetCopper())), count(h.GetProduced(), "crate"))
	}
	if len(h.GetDiscarded()) > 0 {
		s += fmt.Sprintf("; %s discarded from the offer", count(int32(len(h.GetDiscarded())), "card"))
	}
	if h.TruckToBottom != nil {
		s += fmt.Sprintf("; truck %d to the bottom of the Truck deck", h.GetTruckToBottom())
	}
	if len(h.GetCasinoDiscarded()) > 0 {
		s += fmt.Sprintf("; %s discarded", count(int32(len(h.GetCasinoDiscarded())), "Casino card"))
	}
	return s
}

func endLabel(v engine.Viewer, g *pb.GameEnded) string {
	why := "after round 12"
	switch g.GetReason() {
	case pb.EndReason_END_REASON_MONEY:
		why = fmt.Sprintf("by the money end in round %d", g.GetRound())
	case pb.EndReason_END_REASON_RESIGNED:
		why = fmt.Sprintf("in round %d, every other Mobster having resigned", g.GetRound())
	}
	var parts []string
	for _, st := range g.GetStandings() {
		parts = append(parts, fmt.Sprintf("%d. %s %dG", st.GetRank(), v.Name(engine.Seat(st.GetSeat())), st.GetMoney()))
	}
	return fmt.Sprintf("game over %s: %s wins; %s", why, v.Name(engine.Seat(g.GetWinner())), strings.Join(parts, ", "))
}
