package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk expansion's rules over the tables of
// printed/data_boardwalk.go (whose lookups say which casinos a table uses,
// what they pay, roll and cost in graft, and the Casino deck): what a
// redevelopment costs and whom it pays, a casino's roll and sale,
// O'Malley's cut consumption and the Casino cards drawn. The option is
// refused at table creation (normaliseBoardwalk) until every printed
// sentence is enforced in play; docs/rules/bootleggers.md, "Boardwalk: what
// is enforced", lists which are.

// BoardwalkPlayable reports whether a table may be created with the
// Boardwalk option: true now that every phase of the expansion is played
// by the engine (docs/rules/bootleggers.md, "Boardwalk: what is enforced").
const BoardwalkPlayable = true

// normaliseBoardwalk checks the Boardwalk options: the expansion's
// optional rules need it, and it is for 3 to 6 Mobsters (ruling 71).
func normaliseBoardwalk(players int, n *pb.Options) *engine.RuleError {
	if !n.Boardwalk {
		if n.ThrowTheBumsOut || n.NewCityOrdinance || n.StateGamingCommission {
			return engine.Malform(engine.ReasonBadOptions,
				"Throw the Bums Out, New City Ordinance and State Gaming Commission are rules of the Boardwalk expansion: set boardwalk")
		}
		return nil
	}
	if printed.TwoPlayer(n) {
		return engine.Malform(engine.ReasonBadOptions,
			"the Boardwalk expansion is played by 3 to 6 Mobsters, not with the 2-player variant (%d players)", players)
	}
	return nil
}

// refuseUnplayable refuses to set up a table the engine does not yet play
// in full: a Boardwalk table while BoardwalkPlayable is false. Replay of
// recorded events is not refused, so the expansion's parts that are played
// can be tested.
func refuseUnplayable(n *pb.Options) *engine.RuleError {
	if n.Boardwalk && !BoardwalkPlayable {
		return engine.Malform(engine.ReasonBadOptions,
			"the Boardwalk expansion is not yet playable: its phases are not all enforced (docs/rules/bootleggers.md, \"Boardwalk: what is enforced\")")
	}
	return nil
}

// EarlyEnd reports whether a Mobster's money can end the game before round
// 12: not with the Boardwalk ("The early game ending condition of a player
// earning $100Gs is not used").
func EarlyEnd(o *pb.Options) bool { return !o.GetBoardwalk() }

// Redevelopment is the price of redeveloping a speakeasy into a casino and
// whom it pays.
type Redevelopment struct {
	// Total is what the buyer pays: the base price plus every payment.
	Total int
	// Paid is what each colour receives for its markers (ruling 74: the
	// buyer's own markers cost nothing).
	Paid [colourCount]int
	// Ordinance is the New City Ordinance's fee, part of Total (ruling 89).
	Ordinance int
}

// redevelopmentPrice returns the price of redeveloping speakeasy p by
// buyer, with markers there by colour, in b, the game's Boardwalk table:
// "the base price identified on the Casino plus $3G per Influence marker
// paid to their owners", or $5G a marker of another Mobster under Throw
// the Bums Out (ruling 80).
func redevelopmentPrice(b *printed.BoardwalkTable, p pb.DrinkingPlace, markers [colourCount]int, buyer colour, bums bool) Redevelopment {
	c, _ := b.Casino(p)
	out := Redevelopment{Total: c.BasePrice}
	each := printed.CasinoMarkerPrice
	if bums {
		each = printed.ThrowTheBumsOutPrice
	}
	for col, m := range markers {
		if colour(col) == buyer {
			continue
		}
		out.Paid[col] = m * each
		out.Total += m * each
	}
	return out
}

// casinoDice returns the consumption dice casino p rolls in this game's
// table (ruling 77): the speakeasy's own.
func (s *State) casinoDice(p pb.DrinkingPlace) int {
	n, _ := s.house.Speakeasy(p)
	return n.Dice
}

// CasinoRoll returns the consumption a casino rolls with faces and acts
// Entertainment Acts: "Entertainment Acts, like Speakeasy Improvements, add
// 1 to each die rolled in the Casino."
func CasinoRoll(faces []int, acts int) int {
	total := 0
	for _, f := range faces {
		total += f + acts*printed.EntertainmentActBonus
	}
	return total
}

// CasinoSale is what a casino's sale pays from the bank.
type CasinoSale struct {
	// Bought are the crates bought from each truck of the line, in order.
	Bought []int
	// Sellers is paid to the sellers, Owner to the owner for the crates,
	// Gambling to the owner as gambling profits.
	Sellers, Owner, Gambling int
}

// SellAtCasino returns the sale at a casino paying perCrate, with roll
// consumption and loads the crates of the trucks in line, front first:
// "Casinos will only buy Crates up to the maximum number of the consumption
// roll"; "$3G per Crate paid to the sellers from the bank", "$3G per Crate
// paid to the owner from the bank", and "$1G gambling profits is paid to
// the owner from the bank for the difference between the consumption roll
// and the number of Crates sold".
func SellAtCasino(perCrate, roll int, loads []int) CasinoSale {
	out := CasinoSale{Bought: make([]int, len(loads))}
	left, sold := roll, 0
	for i, l := range loads {
		b := min(l, left)
		out.Bought[i], left, sold = b, left-b, sold+b
	}
	out.Sellers, out.Owner = sold*perCrate, sold*perCrate
	if roll > sold {
		out.Gambling = (roll - sold) * printed.GamblingProfit
	}
	return out
}

// OMalleysBuys returns the crates O'Malley's buys from one truck carrying
// load when casino owners destroyed cuts markers this round: "reduce
// consumption at O'Malley's by one Crate per Truck" for each (ruling 81;
// how many an owner may destroy is the rule's other sentence).
func OMalleysBuys(load, cuts int) int { return max(0, load-cuts) }

// CasinoOffer returns the Casino cards drawn in Phase 1: "draw and place a
// Casino card next to the board. Additionally, draw and place next to the
// board one Casino card for each open Casino."
func CasinoOffer(openCasinos int) int { return 1 + openCasinos }
