// Package bootleggers writes Bootleggers' view as text for the CLI: the
// round and phase, the Muscle order, the offer, each Mobster, each drinking
// place with its markers, line and roll, the trucks, the open trade offers
// and the call awaited. Its commands and events come labelled by the
// server. Everything is written from what the view shows, so the renderer
// needs nothing of the rules.
package bootleggers

import (
	"fmt"
	"io"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	bl "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

var (
	enumName = render.EnumName
	plural   = render.Plural[int32]
	ints     = render.Ints[int32]
)

// View writes the Bootleggers part of a view (nil: nothing).
func View(w io.Writer, v *bl.View, seats render.Seats) {
	if v == nil {
		return
	}
	fmt.Fprintf(w, "round %d of 12, %s", v.GetRound(), phaseName(v.GetPhase()))
	if v.Turn != nil {
		fmt.Fprintf(w, "; turn: %s", seats(v.GetTurn()))
	}
	fmt.Fprintln(w)
	if len(v.GetMuscleOrder()) > 0 {
		fmt.Fprintf(w, "Muscle order: %s\n", order(v.GetMuscleOrder(), seats))
	}
	copper := "nobody"
	if v.Copper != nil {
		copper = seats(v.GetCopper())
	}
	fmt.Fprintf(w, "the Copper: %s; Men of Action deck %d, Truck deck %d, Remote Stills left %d\n",
		copper, v.GetMenOfActionDeck(), v.GetTruckDeck(), v.GetRemoteStillsLeft())
	if line := offerLine(v.GetOffer()); line != "" {
		fmt.Fprintln(w, "offer: "+line)
	}
	fmt.Fprintln(w, "Mobsters:")
	for _, s := range v.GetSeats() {
		fmt.Fprintf(w, "  %s\n", seatLine(seats, s))
	}
	for _, h := range v.GetNonPlayerHands() {
		fmt.Fprintf(w, "  Non-Player hand %d: %s left", h.GetHand(), plural(h.GetCardsLeft(), "card"))
		if h.GetMuscle() > 0 {
			fmt.Fprintf(w, ", shows %d", h.GetMuscle())
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "drinking places:")
	for _, p := range v.GetPlaces() {
		if p.GetInPlay() {
			fmt.Fprintf(w, "  %s\n", placeLine(seats, p))
		}
	}
	trucksBlock(w, v.GetTrucks(), seats)
	for _, t := range v.GetTrades() {
		fmt.Fprintf(w, "offer %d: %s offers %s %s for %s\n", t.GetOfferId(), seats(t.GetFrom()), seats(t.GetTo()), goods(t.GetGive()), goods(t.GetGet()))
	}
	if c := v.GetCall(); c != nil {
		fmt.Fprintf(w, "awaited: %s calls the buying order at %s of %s\n", seats(c.GetSeat()), enumName(c.GetPlace()), trucks(c.GetTrucks()))
	}
	if a := v.GetAuditor(); a != nil {
		fmt.Fprintf(w, "auditor: Men of Action deck %s; Truck deck %s; set aside %s\n", ints(a.GetMenOfActionDeck()), ints(a.GetTruckDeck()), ints(a.GetSetAside()))
		for _, h := range a.GetNonPlayerHands() {
			fmt.Fprintf(w, "auditor: Non-Player hand %d, top first: %s\n", h.GetHand(), ints(h.GetCards()))
		}
	}
}

// phaseName names a phase as the rulebook numbers it.
func phaseName(p bl.Phase) string {
	switch p {
	case bl.Phase_PHASE_MUSCLE:
		return "Phase 1: Muscle"
	case bl.Phase_PHASE_SEND_IN_THE_BOYS:
		return "Phase 2: Send in the Boys"
	case bl.Phase_PHASE_FIRE_UP_THE_STILL:
		return "Phase 3: Fire up the Still"
	case bl.Phase_PHASE_RUN_THE_WHISKEY:
		return "Phase 4: Run the Whiskey"
	case bl.Phase_PHASE_WHATS_THE_PASSWORD:
		return "Phase 5: What's the Password?"
	case bl.Phase_PHASE_THE_HEAT:
		return "Phase 6: The Heat!"
	case bl.Phase_PHASE_ENDED:
		return "the game is over"
	}
	return "before the first round"
}

func order(cs []*bl.Contender, seats render.Seats) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		who := fmt.Sprintf("Non-Player hand %d", c.GetNonPlayerHand())
		if _, ok := c.GetWho().(*bl.Contender_Seat); ok {
			who = seats(c.GetSeat())
		}
		parts[i] = fmt.Sprintf("%s %d", who, c.GetMuscle())
		if c.GetValue() != c.GetMuscle() {
			parts[i] += fmt.Sprintf(" (%d)", c.GetValue())
		}
	}
	return strings.Join(parts, ", ")
}

func offerLine(o *bl.OfferView) string {
	var parts []string
	for _, s := range o.GetSlots() {
		p := fmt.Sprintf("%d: taken", s.GetSlot())
		if s.CardId != nil {
			p = fmt.Sprintf("%d: %s #%d", s.GetSlot(), enumName(s.GetKind()), s.GetCardId())
		}
		if s.NonPlayerHand != nil {
			p += fmt.Sprintf(" (beneath Non-Player hand %d)", s.GetNonPlayerHand())
		}
		parts = append(parts, p)
	}
	if o != nil && o.Truck != nil {
		parts = append(parts, fmt.Sprintf("Truck card: truck %d", o.GetTruck()))
	}
	return strings.Join(parts, "; ")
}

func seatLine(seats render.Seats, s *bl.SeatView) string {
	var perStill []string
	for _, st := range s.GetStills() {
		d := fmt.Sprintf("%d", st.GetDice())
		if st.GetShutDown() {
			d += " (shut down)"
		}
		perStill = append(perStill, d)
	}
	parts := []string{seats(s.GetSeat()), fmt.Sprintf("%dG", s.GetMoney()),
		fmt.Sprintf("markers: %d in the Back Room, %d in the supply", s.GetBackRoom(), s.GetSupply()),
		"dice per still: " + strings.Join(perStill, ", "), plural(s.GetCrates(), "crate"), trucks(s.GetTrucks())}
	if len(s.GetKeptCards()) > 0 {
		parts = append(parts, "kept cards "+ints(s.GetKeptCards()))
	}
	parts = append(parts, "Muscle cards left by band (1-18, 19-36, 37-54, 55-72): "+ints(s.GetMuscleBandCounts()))
	if sec := s.GetSecrets(); sec != nil {
		parts = append(parts, "hand "+ints(sec.GetMuscleHand()))
		if sec.SealedMuscle != nil {
			parts = append(parts, fmt.Sprintf("sealed %d", sec.GetSealedMuscle()))
		}
	}
	switch {
	case s.GetMuscle() > 0:
		parts = append(parts, fmt.Sprintf("Muscle %d", s.GetMuscle()))
	case s.GetHasChosen():
		parts = append(parts, "has sealed")
	}
	if s.GetDone() {
		parts = append(parts, "done")
	}
	return strings.Join(parts, "; ")
}

// dice says n dice ("1 die", "3 dice").
func dice(n int32) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

func placeLine(seats render.Seats, p *bl.PlaceView) string {
	state := "closed"
	if p.GetOpen() {
		state = "open"
	}
	line := fmt.Sprintf("%s (%s, %dG a crate", enumName(p.GetPlace()), state, p.GetPrice())
	if p.GetKind() != bl.PlaceKind_PLACE_KIND_OMALLEYS {
		line += fmt.Sprintf(", %s, owner's bonus %dG; %d of %d circles, %d to open", dice(p.GetDice()), p.GetOwnerBonus(),
			markerTotal(p), p.GetCircles(), p.GetMinimum())
	}
	line += ")"
	if len(p.GetMarkers()) > 0 {
		var ms []string
		for _, m := range p.GetMarkers() {
			ms = append(ms, fmt.Sprintf("%s %d", colour(seats, m.GetColour()), m.GetMarkers()))
		}
		line += ": " + strings.Join(ms, ", ")
	}
	if p.GetOwner() != nil {
		line += "; owner " + colour(seats, p.GetOwner())
	} else if p.GetMajority() != nil {
		line += "; majority " + colour(seats, p.GetMajority())
	}
	if n := p.GetImprovements(); n > 0 {
		line += "; " + plural(n, "improvement")
	}
	if p.GetBigNight() {
		line += "; a Big Night"
	}
	if len(p.GetLine()) > 0 {
		line += "; line: " + trucks(p.GetLine())
	}
	if c := p.GetConsumption(); c != nil {
		line += fmt.Sprintf("; consumption %d (dice %s)", c.GetConsumption(), ints(c.GetDice()))
	}
	return line
}

func markerTotal(p *bl.PlaceView) int32 {
	n := int32(0)
	for _, m := range p.GetMarkers() {
		n += m.GetMarkers()
	}
	return n
}

func colour(seats render.Seats, c *bl.Colour) string {
	if c.GetNeutral() {
		return "neutral"
	}
	return seats(c.GetSeat())
}

func trucksBlock(w io.Writer, ts []*bl.TruckView, seats render.Seats) {
	fmt.Fprintln(w, "trucks:")
	for _, t := range ts {
		line := fmt.Sprintf("  truck %d (%s, %s, graft %dG) of %s", t.GetTruck(), sizeName(t.GetSize()),
			plural(t.GetCapacity(), "crate"), t.GetGraft(), seats(t.GetOwner()))
		if t.Runner != nil {
			line += ", run by " + seats(t.GetRunner())
		}
		switch {
		case t.GetHalted():
			line += ": halted with " + plural(t.GetCrates(), "crate")
		case t.GetPlace() != bl.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED:
			line += fmt.Sprintf(": %s at %s", plural(t.GetCrates(), "crate"), enumName(t.GetPlace()))
		}
		fmt.Fprintln(w, line)
	}
}

func goods(g *bl.Goods) string {
	var parts []string
	if g.GetMoney() > 0 {
		parts = append(parts, fmt.Sprintf("%dG", g.GetMoney()))
	}
	if g.GetCrates() > 0 {
		parts = append(parts, plural(g.GetCrates(), "crate"))
	}
	for _, id := range g.GetTrucks() {
		parts = append(parts, fmt.Sprintf("truck %d's rent", id))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// trucks names trucks: "truck 1", "trucks 1 and 7", "no truck".
func trucks(ids []int32) string {
	switch len(ids) {
	case 0:
		return "no truck"
	case 1:
		return fmt.Sprintf("truck %d", ids[0])
	}
	return "trucks " + ints(ids[:len(ids)-1]) + fmt.Sprintf(" and %d", ids[len(ids)-1])
}

// sizeName names a truck size: "small".
func sizeName(s bl.TruckSize) string { return strings.ToLower(enumName(s)) }
