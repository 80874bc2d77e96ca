package strategy

import (
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk: when to redevelop a speakeasy into a casino, which Casino
// card to take, when a casino owner cuts O'Malley's consumption, and what
// a casino will buy from the seat's trucks.

const casinoKind = pb.PlaceKind_PLACE_KIND_CASINO

// redevelopMargin is what a redevelopment must be worth, in G, over
// staying a bootlegger: the income estimates are rough, and the money is
// paid now.
const redevelopMargin = 4

// casinos lists the casinos on the board.
func (b *board) casinos() []*pb.PlaceView {
	var out []*pb.PlaceView
	for _, pv := range b.v.GetPlaces() {
		if pv.GetInPlay() && pv.GetKind() == casinoKind {
			out = append(out, pv)
		}
	}
	return out
}

// ownsCasino reports whether seat owns a casino: it has left the
// bootlegging (no trucks, no stills).
func (b *board) ownsCasino(seat int) bool {
	if seat == b.me && b.owner {
		return true
	}
	for _, pv := range b.casinos() {
		if isSeat(pv.GetOwner(), seat) {
			return true
		}
	}
	return false
}

// placard returns the table's placard matching speakeasy p (nil when the
// table has none).
func (b *board) placard(p pb.DrinkingPlace) *pb.CasinoPlacardView {
	for _, c := range b.v.GetBoardwalk().GetCasinos() {
		if c.GetPlace() == p {
			return c
		}
	}
	return nil
}

// shipped is what seat will likely ship a round: its production as far as
// its trucks carry it (a casino owner ships nothing).
func (b *board) shipped(seat int) float64 {
	return min(production(b.v.GetSeats()[seat]), float64(b.ownCapacity(seat)))
}

// casinoSales estimates a round of casino pv (or of the speakeasy pv as a
// casino with dice and acts): its roll, and the crates the bootleggers
// other than skip will bring it, shared among the casinos by their rolls.
func (b *board) casinoSales(pv *pb.PlaceView, dice, acts, skip int) (roll, sold float64) {
	roll = float64(dice) * (3.5 + float64(acts))
	crates := 0.0
	for i := range b.v.GetSeats() {
		if i != skip && !b.ownsCasino(i) {
			crates += b.shipped(i)
		}
	}
	all := roll
	for _, c := range b.casinos() {
		if c.GetPlace() != pv.GetPlace() {
			all += float64(c.GetDice()) * (3.5 + float64(c.GetEntertainmentActs()))
		}
	}
	return roll, min(roll, 0.8*crates*roll/all)
}

// casinoIncome is what a casino at pv with dice, acts and perCrate earns
// its owner a round, graft and booking fees paid: the owner's payout on
// the crates sold and the gambling profit on the rest of the roll.
func (b *board) casinoIncome(pv *pb.PlaceView, dice, acts, perCrate, skip int) float64 {
	roll, sold := b.casinoSales(pv, dice, acts, skip)
	gambling := (roll - sold) * printed.GamblingProfit
	return float64(perCrate)*sold + gambling - float64(printed.CasinoGraft(dice, acts))
}

// bootlegIncome is what the seat's bootlegging earns it a round: its
// shipped crates at what a crate fetches it, less its trucks' graft.
func (d *decider) bootlegIncome() float64 {
	b := d.b
	graft := 0
	for _, t := range b.v.GetTrucks() {
		if int(t.GetOwner()) == b.me {
			graft += int(t.GetGraft())
		}
	}
	return b.shipped(b.me)*max(d.marginalCrate(), 2) - float64(graft)
}

// redevelopValue is what redeveloping speakeasy p is worth to the seat,
// in G, over what it gives up: the casino's income for the rounds left,
// less its price ("the base price identified on the Casino plus $3G per
// Influence marker", $5G with Throw the Bums Out), the bootlegging it
// leaves, and what its own markers there earn.
func (d *decider) redevelopValue(p pb.DrinkingPlace) float64 {
	b := d.b
	pv, pl := b.place(p), b.placard(p)
	if pl == nil || !pl.GetInSupply() {
		return -fixed
	}
	each := printed.CasinoMarkerPrice
	if b.v.GetOptions().GetThrowTheBumsOut() {
		each = printed.ThrowTheBumsOutPrice
	}
	t := tallyOf(pv)
	price := int(pl.GetBasePrice()) + (t.sum()-t[b.me])*each
	dice := int(pl.GetDice())
	if int(b.my.GetMoney())-price < printed.CasinoGraft(dice, 0) {
		return -fixed // the next graft must be paid
	}
	income := b.casinoIncome(pv, dice, 0, int(pl.GetPerCrate()), b.me)
	if !b.ownsCasino(b.me) {
		income -= d.bootlegIncome()
	}
	income -= b.value(pv, t, b.me)
	return income*b.horizon() - float64(price)
}

// redevelop redevelops the speakeasy worth most, when one is worth it,
// and sends the boys in with the markers it brings home; nil otherwise.
func (d *decider) redevelop() *pb.Command {
	if d.style == Random || d.style == OMalleysOnly || d.style == TrucksFirst {
		return nil
	}
	c := d.best(func(c *pb.Command) (float64, bool) {
		s := c.GetSendInTheBoys()
		if s == nil || s.GetRedevelop() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || len(s.GetPlacements()) > 0 {
			return 0, false
		}
		return d.redevelopValue(s.GetRedevelop()), true
	}, redevelopMargin)
	if c == nil {
		return nil
	}
	return d.placementsAfter(c.GetSendInTheBoys().GetRedevelop())
}

// casinoCardValue is what taking the Casino card of t is worth to the
// seat now, in G: an Entertainment Act by the income it adds to the casino
// named, less its cost; a kept card by what playing it usually fetches.
func (d *decider) casinoCardValue(t *pb.TakeCasinoCard) float64 {
	b := d.b
	slots := b.v.GetOffer().GetCasinoSlots()
	if int(t.GetSlot()) >= len(slots) {
		return 0
	}
	kind := slots[t.GetSlot()].GetKind()
	spec, _ := printed.CasinoCard(kind)
	rival := len(b.casinos()) > 0 && !b.ownsCasino(b.me) || len(b.casinos()) > 1
	if !spec.Keep {
		if t.GetPlace() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			if rival {
				return 0.5 // denied to the rival owners
			}
			return 0
		}
		pv := b.place(t.GetPlace())
		dice, acts, per := int(pv.GetDice()), int(pv.GetEntertainmentActs()), int(pv.GetPrice())
		gain := b.casinoIncome(pv, dice, acts+1, per, -1) - b.casinoIncome(pv, dice, acts, per, -1)
		cost := 0
		if kind == pb.CasinoCardKind_CASINO_CARD_KIND_HIRE_A_BIG_ACT {
			cost = printed.HireABigActCost
		}
		return gain*b.horizon() - float64(cost)
	}
	v := d.keptCasinoValue(kind, rival)
	return v * min(1, float64(b.roundsLeft())/4)
}

// keptCasinoValue is what a kept Casino card of kind usually fetches when
// played: for a casino owner the cards that pay his casino, for a
// bootlegger those that pay his trucks or cost a rival owner.
func (d *decider) keptCasinoValue(kind pb.CasinoCardKind, rival bool) float64 {
	owner := d.b.ownsCasino(d.b.me)
	switch kind {
	case pb.CasinoCardKind_CASINO_CARD_KIND_GAMBLING_WINDFALL:
		if owner {
			return 5
		}
	case pb.CasinoCardKind_CASINO_CARD_KIND_APPLE_PIE, pb.CasinoCardKind_CASINO_CARD_KIND_INSIDE_JOB:
		if !owner && rival {
			return 5
		}
		if owner {
			return 2
		}
	case pb.CasinoCardKind_CASINO_CARD_KIND_PSSST:
		if !owner && rival {
			return 3
		}
	case pb.CasinoCardKind_CASINO_CARD_KIND_BREAK_THE_BANK, pb.CasinoCardKind_CASINO_CARD_KIND_POLICE_RAID,
		pb.CasinoCardKind_CASINO_CARD_KIND_STATE_GAMING_COMMISSION:
		if rival {
			return 3.5
		}
	case pb.CasinoCardKind_CASINO_CARD_KIND_FIRE_CHIEF, pb.CasinoCardKind_CASINO_CARD_KIND_POLITICAL_POCKETS,
		pb.CasinoCardKind_CASINO_CARD_KIND_CRAZED_FAN:
		if rival {
			return 2
		}
	case pb.CasinoCardKind_CASINO_CARD_KIND_NEW_CITY_ORDINANCE:
		return 1
	}
	return 0.5
}

// cut destroys a marker at O'Malley's when the crates it costs the rivals
// whose trucks are lined up there are worth more than the marker; nil
// when none is.
func (d *decider) cut() *pb.Command {
	b := d.b
	if d.style == Random || !b.ownsCasino(b.me) {
		return nil
	}
	cuts := int(b.v.GetOmalleysCuts())
	harm := 0.0
	for _, t := range b.v.GetTrucks() {
		if t.GetPlace() == omalleys && int(t.GetCrates()) > cuts && !runs(t, b.me) {
			harm += 0.6
			if runs(t, b.leader()) {
				harm += 0.4
			}
		}
	}
	// What a marker still earns a casino owner: an owner's bonus at a
	// speakeasy, for the rounds left.
	worth := 0.2*float64(b.roundsLeft()) + 0.5
	return d.best(func(c *pb.Command) (float64, bool) {
		k := c.GetCutOmalleys()
		if k == nil {
			return 0, false
		}
		loss := worth
		if p := k.GetPlace(); p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			pv := b.place(p)
			t := tallyOf(pv)
			before := b.value(pv, t, b.me)
			t[b.me]--
			loss = (before-b.value(pv, t, b.me))*b.horizon() + 0.1
		}
		return harm - loss, true
	}, 0.01)
}

// casinoOfferValues is what each Casino card on offer is worth to the
// seat, at its best target (for the bid).
func (d *decider) casinoOfferValues() []float64 {
	var out []float64
	for i, sl := range d.b.v.GetOffer().GetCasinoSlots() {
		if sl.CardId == nil {
			continue
		}
		v := d.casinoCardValue(&pb.TakeCasinoCard{Slot: int32(i)})
		for _, pv := range d.b.casinos() {
			if isSeat(pv.GetOwner(), d.b.me) {
				v = max(v, d.casinoCardValue(&pb.TakeCasinoCard{Slot: int32(i), Place: pv.GetPlace()}))
			}
		}
		out = append(out, v)
	}
	return out
}
