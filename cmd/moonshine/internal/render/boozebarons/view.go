// Package boozebarons writes Booze Barons' view as text for the CLI: the
// round, the viewer's Booze card, each seat, each Location with its
// Delivery cards, and any action under way. Its commands and events come
// labelled by the server. A card is written from the face the view shows,
// so the renderer needs nothing of the rules.
package boozebarons

import (
	"fmt"
	"io"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	bb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

var enumName = render.EnumName

// View writes the Booze Barons part of a view (nil: nothing).
func View(w io.Writer, v *bb.View, seats render.Seats) {
	if v == nil {
		return
	}
	phase := strings.ToLower(strings.TrimPrefix(v.GetPhase().String(), "PHASE_"))
	fmt.Fprintf(w, "round %d, %s phase; Booze Baron: seat %d", v.GetRound(), phase, v.GetBaron())
	if v.Turn != nil {
		fmt.Fprintf(w, "; turn: seat %d", v.GetTurn())
	}
	fmt.Fprintf(w, "\ndeck: %s; Snitch tokens left: %d; Mobs in play: %s\n", render.Plural(v.GetDeckSize(), "card"), v.GetSnitchTokensLeft(), mobs(v.GetMobsInPlay()))
	if v.ViewerSeat != nil {
		me := v.GetSeats()[v.GetViewerSeat()]
		fmt.Fprintf(w, "your Booze card: %s (%s Mob)\n", enumName(me.GetBoozeType()), enumName(me.GetMob()))
	}
	fmt.Fprintln(w, "seats:")
	for _, p := range v.GetSeats() {
		fmt.Fprintf(w, "  %s\n", playerLine(seats, p))
		if len(p.GetFaceUp()) > 0 {
			fmt.Fprintf(w, "      face-up: %s\n", faces(p.GetFaceUp()))
		}
		if len(p.GetFaceDown()) > 0 {
			fmt.Fprintf(w, "      face-down: %s\n", faces(p.GetFaceDown()))
		}
	}
	fmt.Fprintln(w, "locations:")
	for _, l := range v.GetLocations() {
		side := ""
		if l.GetSide() == bb.Side_SIDE_B {
			side = " (side B)"
		}
		fmt.Fprintf(w, "  %s%s: %s\n", enumName(l.GetLocation()), side, faces(l.GetCards()))
	}
	if len(v.GetDeck()) > 0 {
		fmt.Fprintf(w, "deck order: %s\n", render.Ints(v.GetDeck()))
	}
	if p := v.GetPending(); p != nil {
		fmt.Fprintln(w, pendingLine(p))
	}
}

// playerLine describes one seat in a line.
func playerLine(seats render.Seats, p *bb.PlayerView) string {
	parts := []string{seats(p.GetSeat())}
	if p.GetLocation() != bb.Location_LOCATION_UNSPECIFIED {
		parts = append(parts, "at "+enumName(p.GetLocation()))
	}
	if p.GetBoozeType() != bb.BoozeType_BOOZE_TYPE_UNSPECIFIED && p.GetExposed() {
		parts = append(parts, "EXPOSED "+enumName(p.GetBoozeType()))
	}
	parts = append(parts, fmt.Sprintf("%s (%d face-down)", render.Plural(p.GetDeliveryCardCount(), "Delivery card"), p.GetFaceDownCount()))
	hand := make([]string, len(p.GetHand()))
	for i, l := range p.GetHand() {
		hand[i] = enumName(l)
	}
	parts = append(parts, "hand: "+strings.Join(hand, ", "))
	if p.GetSealed() != bb.Location_LOCATION_UNSPECIFIED {
		parts = append(parts, "sealed: "+enumName(p.GetSealed()))
	} else if p.GetHasChosen() {
		parts = append(parts, "has chosen")
	}
	if p.GetActed() {
		parts = append(parts, "acted")
	}
	if n := p.GetSnitchTokens(); n > 0 {
		parts = append(parts, render.Plural(n, "Snitch token"))
	}
	if n := p.GetCoins(); n > 0 {
		parts = append(parts, render.Plural(n, "coin"))
	}
	return strings.Join(parts, "; ")
}

// pendingLine describes a multi-step action under way.
func pendingLine(p *bb.Pending) string {
	kind := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(p.GetKind().String(), "PENDING_KIND_"), "_", " "))
	line := fmt.Sprintf("under way: %s by seat %d", kind, p.GetActor())
	if p.GetKind() != bb.PendingKind_PENDING_KIND_CASINO {
		line += fmt.Sprintf(" (target seat %d)", p.GetTarget())
	}
	if len(p.GetLooked()) > 0 {
		line += "; seen: " + faces(p.GetLooked())
	}
	if len(p.GetCasinoCards()) > 0 {
		line += "; revealed: " + faces(p.GetCasinoCards())
	}
	return line
}

// face describes a Delivery card: "#12 Seedy Pete's (Punching Bag Porter,
// ...)".
func face(c *bb.DeliveryCard) string {
	types := make([]string, len(c.GetBoozeTypes()))
	for i, t := range c.GetBoozeTypes() {
		types[i] = enumName(t)
	}
	return fmt.Sprintf("#%d %s (%s)", c.GetId(), enumName(c.GetLocation()), strings.Join(types, ", "))
}

// faces describes Delivery cards shown in a view, or "none".
func faces(cs []*bb.DeliveryCard) string {
	if len(cs) == 0 {
		return "none"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = face(c)
	}
	return strings.Join(out, "; ")
}

// mobs names Mobs.
func mobs(ms []bb.Mob) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = enumName(m)
	}
	return strings.Join(out, ", ")
}
