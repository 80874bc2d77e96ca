package strategy

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 1: the bid and the selection.

// fixed is a preference that outranks every value.
const fixed = 100

// crateValue is what one more crate shipped is worth, in G: between
// O'Malley's price and a speakeasy's.
const crateValue = 1.5

// bid seals a Muscle card: a high one when the offer is worth much to the
// seat, a low one when it is not or money is short.
func (d *decider) bid() *pb.Command {
	hand := d.b.my.GetSecrets().GetMuscleHand()
	if len(hand) == 0 {
		return nil
	}
	i := 0
	switch d.style {
	case HighestMuscle:
		i = len(hand) - 1
	case LowestMuscle:
	default:
		i = d.bidIndex(hand)
	}
	return d.listed(func(c *pb.Command) bool { return c.GetChooseMuscle().GetCard() == hand[i] })
}

// bidIndex maps the offer's worth to a place in the sorted hand, with a
// little noise; a seat short of money for the graft bids its cheapest.
func (d *decider) bidIndex(hand []int32) int {
	due := 0
	for _, t := range d.b.v.GetTrucks() {
		if int(t.GetOwner()) == d.b.me {
			due += int(t.GetGraft())
		}
	}
	var values []float64
	for _, sl := range d.b.v.GetOffer().GetSlots() {
		if sl.CardId != nil {
			values = append(values, d.cardValue(sl.GetKind()))
		}
	}
	if t := d.b.v.GetOffer().Truck; t != nil && !d.b.ownsCasino(d.b.me) {
		values = append(values, d.truckValue(*t))
	}
	values = append(values, d.casinoOfferValues()...)
	slices.Sort(values)
	slices.Reverse(values)
	worth := 0.0
	if len(values) > 0 {
		worth = values[0]
		if n := len(d.b.v.GetSeats()); len(values) >= n {
			worth -= values[n-1] // what is left for the last to choose
		}
	}
	early := float64(d.b.roundsLeft()-1) / float64(printed.Rounds-1)
	q := min(max(worth/10, early), 1)
	i := int(q*float64(len(hand)-1) + 0.5)
	i = min(max(i+d.r.IntN(3)-1, 0), len(hand)-1)
	for i > 0 && printed.MuscleCostOf(int(hand[i]))+due > int(d.b.my.GetMoney()) {
		i--
	}
	return i
}

// selection takes the card, or the Truck card, worth most; it passes when
// nothing is worth its price.
func (d *decider) selection() *pb.Command {
	return d.best(func(c *pb.Command) (float64, bool) {
		switch k := c.GetKind().(type) {
		case *pb.Command_TakeMenOfAction:
			return d.takeValue(k.TakeMenOfAction), true
		case *pb.Command_TakeCasinoCard:
			return d.casinoCardValue(k.TakeCasinoCard), true
		case *pb.Command_BuyTruck:
			if t := d.b.v.GetOffer().Truck; t != nil {
				return d.truckValue(*t), true
			}
		case *pb.Command_PassSelection:
			return 0, true
		}
		return 0, false
	}, -fixed)
}

// takeValue is what taking a card with its target is worth.
func (d *decider) takeValue(t *pb.TakeMenOfAction) float64 {
	slots := d.b.v.GetOffer().GetSlots()
	if int(t.GetSlot()) >= len(slots) {
		return 0
	}
	kind := slots[t.GetSlot()].GetKind()
	v := d.cardValue(kind)
	switch kind {
	case pb.CardKind_CARD_KIND_STILL_UPGRADE:
		if t.Still != nil {
			// The Family Still first, then the Remote Still with fewest dice.
			v -= 0.1 * float64(d.b.my.GetStills()[t.GetStill()].GetDice())
		}
	case pb.CardKind_CARD_KIND_SPEAKEASY_IMPROVEMENT:
		if t.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			v = d.improvementValue(d.b.place(t.GetPlace()))
		}
	}
	return v
}

// horizon weighs an income per round by the rounds left to earn it,
// discounted for what may change.
func (b *board) horizon() float64 { return 0.7 * float64(b.roundsLeft()) }

// cardValue is what a card of kind k is worth to the seat now, in G, its
// cost paid: a use-now card by the income a round it adds times the rounds
// left; a kept card by what playing it usually fetches.
func (d *decider) cardValue(k pb.CardKind) float64 {
	spec, _ := printed.Card(k)
	b := d.b
	left := float64(b.roundsLeft())
	v := 0.0
	switch k {
	case pb.CardKind_CARD_KIND_SINGLE_INFLUENCE, pb.CardKind_CARD_KIND_DOUBLE_INFLUENCE, pb.CardKind_CARD_KIND_HIRED_GUNS:
		n := min(spec.Amount, int(b.my.GetSupply()))
		v = d.markerGain(n) * b.horizon()
		switch d.style {
		case InfluenceFirst:
			v += fixed
		case OMalleysOnly:
			v = 0
		}
	case pb.CardKind_CARD_KIND_STILL_UPGRADE, pb.CardKind_CARD_KIND_REMOTE_STILL:
		v = d.stillValue(k)
		if b.ownsCasino(b.me) {
			return 0.2 // wasted on a casino owner (ruling 86): taken only to deny it
		}
		if d.style == StillsFirst && v > 0 {
			v += fixed
		}
	case pb.CardKind_CARD_KIND_SPEAKEASY_IMPROVEMENT:
		for _, pv := range b.speakeasies() {
			v = max(v, d.improvementValue(pv))
		}
		return v
	case pb.CardKind_CARD_KIND_HIT:
		v = 3
	case pb.CardKind_CARD_KIND_SHUTDOWN:
		v = 2
	case pb.CardKind_CARD_KIND_PAY_OFF_THE_COPPER:
		v = 0.5
		if b.v.Copper != nil && int(b.v.GetCopper()) == b.me {
			v = 3.5
		}
	case pb.CardKind_CARD_KIND_HIJACK:
		v = 4
	case pb.CardKind_CARD_KIND_HALT_AN_ORDER:
		v = 2
	case pb.CardKind_CARD_KIND_BIG_NIGHT:
		v = 2.5
	}
	if spec.Timing == pb.CardTiming_CARD_TIMING_KEEP_FOR_LATER {
		v *= min(1, left/4)
	}
	return v - float64(spec.Cost)
}

// markerGain is the income a round that n more markers add, each sent
// where it adds most.
func (d *decider) markerGain(n int) float64 {
	tallies := map[pb.DrinkingPlace]*tally{}
	for _, pv := range d.b.speakeasies() {
		tallies[pv.GetPlace()] = tallyOf(pv)
	}
	for range int(d.b.my.GetBackRoom()) {
		if p, g := d.bestMarker(tallies); g > 0 {
			tallies[p][d.b.me]++
		}
	}
	gain := 0.0
	for range n {
		p, g := d.bestMarker(tallies)
		if g <= 0 {
			break
		}
		tallies[p][d.b.me]++
		gain += g
	}
	return gain
}

// marginalCrate is what one more crate a round fetches the seat: a
// speakeasy's price where it holds a tier that sells, else O'Malley's.
func (d *decider) marginalCrate() float64 {
	best := float64(d.b.place(omalleys).GetPrice())
	for _, pv := range d.b.speakeasies() {
		if pv.GetOpen() && (isSeat(pv.GetMajority(), d.b.me) || markers(pv, d.b.me) > 0) {
			best = max(best, 0.5*float64(pv.GetPrice())+0.5*best)
		}
	}
	return best
}

// stillValue is what one more die is worth: its crates a round, as far as
// the seat's trucks can carry them, for the rounds left.
func (d *decider) stillValue(k pb.CardKind) float64 {
	b := d.b
	full := true
	for i, st := range b.my.GetStills() {
		limit := printed.StillDiceMax
		if i > 0 {
			limit = printed.House.RemoteStillDiceMax
		}
		full = full && int(st.GetDice()) >= limit
	}
	if k == pb.CardKind_CARD_KIND_STILL_UPGRADE && full || k == pb.CardKind_CARD_KIND_REMOTE_STILL && b.v.GetRemoteStillsLeft() == 0 {
		return 0
	}
	room := float64(b.ownCapacity(b.me)) - production(b.my)
	extra := min(3.5, max(room, 0)+0.5)
	return extra * d.marginalCrate() * b.horizon()
}

// improvementValue is what an improvement at pv is worth: one more crate a
// die for the rounds left, as the seat's tier there lets it sell them.
func (d *decider) improvementValue(pv *pb.PlaceView) float64 {
	if d.style == OMalleysOnly || int(pv.GetImprovements()) >= printed.House.ImprovementsPerSpeakeasy {
		return 0
	}
	share := 0.0
	switch {
	case isSeat(pv.GetOwner(), d.b.me):
		share = float64(pv.GetPrice()+pv.GetOwnerBonus()) * 0.8
	case isSeat(pv.GetMajority(), d.b.me):
		share = float64(pv.GetPrice()) * 0.8
	case markers(pv, d.b.me) > 0:
		share = float64(pv.GetPrice()) * 0.3
	}
	spec, _ := printed.Card(pb.CardKind_CARD_KIND_SPEAKEASY_IMPROVEMENT)
	return float64(pv.GetDice())*share*float64(d.b.roundsLeft()-1)*0.5 - float64(spec.Cost)
}

// truckValue is what the Truck card's truck is worth: the crates it lets
// the seat ship for the rounds left, less its bribe and graft.
func (d *decider) truckValue(id int32) float64 {
	switch d.style {
	case NeverTruck:
		return -fixed
	case TrucksFirst:
		return fixed
	}
	n := printed.Truck(printed.TruckSizeOf(int(id)))
	b := d.b
	excess := production(b.my) + 1 - float64(b.ownCapacity(b.me))
	left := float64(b.roundsLeft())
	gain := min(float64(n.Capacity), max(excess, 0)) * d.marginalCrate() * b.horizon()
	return gain - float64(n.Bribe) - float64(n.Graft)*(left-1)
}
