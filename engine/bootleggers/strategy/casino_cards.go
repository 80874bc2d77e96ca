package strategy

import (
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Playing kept Casino cards (rulings 87-99): each play is scored by what
// it is likely to earn the seat or cost a rival this round, in G, and
// played when that beats keeping the card for a better moment, a bar that
// falls as the rounds run out ("May be saved for later use": a card
// unplayed at the end is worth nothing).

// cardBar is what a Casino card play must be worth to be played now.
func (d *decider) cardBar() float64 {
	return 1 + 3*min(1, float64(d.b.roundsLeft()-1)/4)
}

// casinoCard plays the listed Casino card play worth most, when it clears
// the bar; nil otherwise.
func (d *decider) casinoCard() *pb.Command {
	if d.style == Random {
		return nil
	}
	return d.best(func(c *pb.Command) (float64, bool) {
		if p := c.GetPlayCasinoCard(); p != nil {
			return d.casinoPlayValue(p), true
		}
		return 0, false
	}, d.cardBar())
}

// window answers the Selling Phase's window: a State Gaming Commission
// first, then the best Casino card play, else a pass.
func (d *decider) window() *pb.Command {
	if c := d.best(func(c *pb.Command) (float64, bool) {
		a := c.GetAnswerCommission()
		if a == nil {
			return 0, false
		}
		pay := d.casinoTakings(d.b.place(a.GetPlace())) - 5
		if !a.GetPay() {
			pay = 0
		}
		return pay, true
	}, -fixed); c != nil {
		return c
	}
	if c := d.casinoCard(); c != nil {
		return c
	}
	return d.listed(func(c *pb.Command) bool { return c.GetPassCasinoCards() != nil })
}

// rivalWeight is how much hurting seat is worth to the seat, per G: more
// for the leader.
func (d *decider) rivalWeight(seat int) float64 {
	switch {
	case seat < 0 || seat == d.b.me:
		return -1
	case seat == d.b.leader() && d.b.v.GetSeats()[seat].GetMoney() >= d.b.my.GetMoney():
		return 0.6
	}
	return 0.3
}

// ownerOf returns the seat owning casino pv, or -1.
func ownerOf(pv *pb.PlaceView) int {
	if o := pv.GetOwner(); o != nil && !o.GetNeutral() && pv.GetKind() == casinoKind {
		return int(o.GetSeat())
	}
	return -1
}

// lineSales estimates what each truck of pv's line sells: the roll (or
// the expected demand before it) bought front first.
func (d *decider) lineSales(pv *pb.PlaceView) map[int32]float64 {
	out := map[int32]float64{}
	left := d.b.expectedDemand(pv)
	for _, id := range pv.GetLine() {
		if t := d.b.truck(id); t != nil {
			n := min(float64(t.GetCrates()), max(left, 0))
			out[id], left = n, left-n
		}
	}
	return out
}

// casinoTakings is what casino pv's owner likely takes this round: the
// payout on the crates it buys and the gambling profit.
func (d *decider) casinoTakings(pv *pb.PlaceView) float64 {
	roll, sold := d.b.expectedDemand(pv), 0.0
	for _, n := range d.lineSales(pv) {
		sold += n
	}
	return sold*float64(pv.GetPrice()) + max(roll-sold, 0)
}

// runnerOf returns the seat running truck t.
func runnerOf(t *pb.TruckView) int {
	if t.Runner != nil {
		return int(t.GetRunner())
	}
	return int(t.GetOwner())
}

// casinoPlayValue is what play p is likely worth to the seat this round.
func (d *decider) casinoPlayValue(p *pb.PlayCasinoCard) float64 {
	b := d.b
	switch e := p.Effect.(type) {
	case *pb.PlayCasinoCard_CrazedFan:
		pv := b.place(e.CrazedFan.GetPlace())
		return float64(pv.GetDice()) * 1.5 * b.horizon() * d.rivalWeight(ownerOf(pv))
	case *pb.PlayCasinoCard_NewCityOrdinance:
		r := int(e.NewCityOrdinance.GetSeat())
		if r == b.me || b.v.GetSeats()[r].GetDone() || b.ownsCasino(r) {
			return 0
		}
		return 5 * d.rivalWeight(r) * 2
	case *pb.PlayCasinoCard_PoliceRaid:
		pv := b.place(e.PoliceRaid.GetPlace())
		mine := 0.0
		for id, n := range d.lineSales(pv) {
			if t := b.truck(id); t != nil && runnerOf(t) == b.me {
				mine += n * float64(pv.GetPrice())
			}
		}
		return d.casinoTakings(pv)*d.rivalWeight(ownerOf(pv)) - mine
	case *pb.PlayCasinoCard_Pssst:
		return d.pssstValue(e.Pssst)
	case *pb.PlayCasinoCard_FireChief:
		pv := b.place(e.FireChief.GetPlace())
		line := pv.GetLine()
		if len(line) == 0 {
			return 0
		}
		last := line[len(line)-1]
		t := b.truck(last)
		if t == nil {
			return 0
		}
		lost := d.lineSales(pv)[last] * float64(pv.GetPrice())
		v := lost * d.rivalWeight(runnerOf(t))
		if o := ownerOf(pv); o >= 0 {
			v += lost * d.rivalWeight(o)
		}
		return v
	case *pb.PlayCasinoCard_PoliticalPockets:
		return d.pocketsValue(e.PoliticalPockets)
	case *pb.PlayCasinoCard_GamblingWindfall:
		pv := b.place(e.GamblingWindfall.GetPlace())
		if ownerOf(pv) != b.me {
			return -1
		}
		sold := 0.0
		for _, n := range d.lineSales(pv) {
			sold += n
		}
		return sold
	case *pb.PlayCasinoCard_ApplePie:
		return d.truckCardValue(e.ApplePie.GetTruck(), true)
	case *pb.PlayCasinoCard_InsideJob:
		return d.truckCardValue(e.InsideJob.GetTruck(), false)
	case *pb.PlayCasinoCard_BreakTheBank:
		pv := b.place(e.BreakTheBank.GetPlace())
		return d.casinoTakings(pv) * d.rivalWeight(ownerOf(pv))
	case *pb.PlayCasinoCard_StateGamingCommission:
		pv := b.place(e.StateGamingCommission.GetPlace())
		return min(5, d.casinoTakings(pv)) * d.rivalWeight(ownerOf(pv))
	}
	return 0
}

// truckCardValue is Apple Pie! (doubled) or Inside Job on truck id at a
// casino: the crates it adds to what the truck sells, or the owner's
// payout on what it sells, for whoever of the seat runs it or owns the
// casino.
func (d *decider) truckCardValue(id int32, doubled bool) float64 {
	b := d.b
	t := b.truck(id)
	if t == nil {
		return 0
	}
	pv := b.place(t.GetPlace())
	if pv.GetKind() != casinoKind {
		return 0
	}
	sales := d.lineSales(pv)
	gain := sales[id]
	if doubled {
		left := b.expectedDemand(pv)
		for _, n := range sales {
			left -= n
		}
		gain = min(float64(t.GetCrates()), max(left, 0))
	}
	per := float64(pv.GetPrice())
	v := 0.0
	if runnerOf(t) == b.me {
		v += gain * per
	}
	if ownerOf(pv) == b.me && doubled {
		v += gain * per
	}
	return v
}

// pssstValue is moving truck p.truck to casino p.to: for the seat's own
// truck, the casino's price on what it will buy there against what it
// would sell where it is; for a rival's truck sent to the seat's casino,
// the owner's payout on it.
func (d *decider) pssstValue(p *pb.Pssst) float64 {
	b := d.b
	t := b.truck(p.GetTruck())
	if t == nil {
		return 0
	}
	from, to := b.place(t.GetPlace()), b.place(p.GetTo())
	room := max(d.casinoRoom(to), 0)
	there := min(float64(t.GetCrates()), room) * float64(to.GetPrice())
	here := d.lineSales(from)[p.GetTruck()] * float64(from.GetPrice())
	switch {
	case runnerOf(t) == b.me:
		return there - here - d.feeding(to)*min(float64(t.GetCrates()), room)
	case ownerOf(to) == b.me:
		return there
	}
	return 0
}

// pocketsValue is Political Pockets at a casino buying from seat alone:
// the crates of the others' trucks ahead of the seat's that no longer
// crowd it out, or, at a rival's casino the seat sells nothing to, the
// owner's payout lost on the others' crates.
func (d *decider) pocketsValue(p *pb.PoliticalPockets) float64 {
	b := d.b
	pv := b.place(p.GetPlace())
	sales := d.lineSales(pv)
	left := b.expectedDemand(pv)
	mine, others, myCrates := 0.0, 0.0, 0.0
	for _, id := range pv.GetLine() {
		t := b.truck(id)
		if t == nil {
			continue
		}
		if runnerOf(t) == int(p.GetSeat()) {
			mine += sales[id]
			myCrates += float64(t.GetCrates())
		} else {
			others += sales[id]
		}
	}
	per := float64(pv.GetPrice())
	if int(p.GetSeat()) == b.me {
		gain := min(myCrates, left) - mine
		return gain*per + others*per*d.rivalWeight(ownerOf(pv))
	}
	if ownerOf(pv) == b.me {
		return -1
	}
	return others * per * d.rivalWeight(ownerOf(pv)) * 0.5
}
