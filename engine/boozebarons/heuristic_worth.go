package boozebarons

import (
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// matchingAt returns a card waiting at l that shows the seat's type.
func (h heuristic) matchingAt(l pb.Location) (int32, bool) {
	best, found := int32(0), false
	for _, id := range h.s.at[l] {
		if printed.Deck[id].Shows(h.me.booze) && (!found || id < best) {
			best, found = id, true
		}
	}
	return best, found
}

// stealable returns a face-down card of seat t that shows the seat's type.
func (h heuristic) stealable(t int) (int32, bool) {
	best, found := int32(0), false
	for _, id := range h.s.seats[t].faceDown {
		if printed.Deck[id].Shows(h.me.booze) && (!found || id < best) {
			best, found = id, true
		}
	}
	return best, found
}

// teammate returns the chance that seat t is of the seat's Mob.
func (h heuristic) teammate(t int) float64 {
	c := h.suspects(t)
	if c == 0 {
		return 0
	}
	return float64((c & h.mob).count()) / float64(c.count())
}

// likeliestTeammate returns the other seat most likely of the seat's Mob
// and the chance (-1, 0 when none may be).
func (h heuristic) likeliestTeammate() (int, float64) {
	best, p := -1, 0.0
	for t := range h.s.players {
		if t == h.seat {
			continue
		}
		if q := h.teammate(t); q > p {
			best, p = t, q
		}
	}
	return best, p
}

// exposeWorth returns what an Expose guess at seat t is worth and the
// guess: one of the types of another Mob it may have, each as likely as
// any type left to it ("A player who guesses a Booze type incorrectly when
// attempting to Expose suffers no penalty, but their turn is over").
func (h heuristic) exposeWorth(t int) (float64, pb.BoozeType) {
	if h.s.seats[t].exposed {
		return 0, 0
	}
	c := h.suspects(t)
	others := (c &^ h.mob).types()
	if len(others) == 0 {
		return 0, 0
	}
	gain := exposeWorth
	if h.s.snitches < printed.SnitchTokens(h.s.players) && h.me.snitches == 0 {
		gain += printed.SnitchCoins
	}
	return gain / float64(c.count()), others[h.r.IntN(len(others))]
}

// stealWorthFrom is what stealing one card from seat t is worth.
func (h heuristic) stealWorthFrom(t int) float64 {
	if _, ok := h.stealable(t); !ok {
		return 0
	}
	// Taking from a teammate moves a Coin within the Mob.
	return deliverWorth + (stealWorth-deliverWorth)*(1-h.teammate(t))
}

// tailWorth is what Tailing seat t is worth: the better of an Expose and a
// Steal.
func (h heuristic) tailWorth(t int) float64 {
	if t == h.seat {
		return 0
	}
	e, _ := h.exposeWorth(t)
	return max(e, h.stealWorthFrom(t))
}

// peteWorth is what Seedy Pete's Event against neighbour t is worth: one
// or two steals ("If that player still has more Delivery cards than you,
// you may steal a second Delivery card from them").
func (h heuristic) peteWorth(t int) float64 {
	if t == h.seat {
		return 0
	}
	n := 0
	for _, id := range h.s.seats[t].faceDown {
		if printed.Deck[id].Shows(h.me.booze) {
			n++
		}
	}
	steals := min(n, 1)
	if n >= 2 && h.s.holdings(t)-1 > h.s.holdings(h.seat)+1 {
		steals = 2
	}
	return float64(steals) * h.stealWorthFrom(t)
}
