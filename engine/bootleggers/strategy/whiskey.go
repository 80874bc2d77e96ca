package strategy

import (
	"cmp"
	"slices"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 4 (answers, kept cards, trades, the run) and Phase 5 (the call).

const omalleys = pb.DrinkingPlace_DRINKING_PLACE_OMALLEYS

// runIt answers the offers made to the seat, plays a Phase 4 card worth
// playing, offers a trade it needs, and runs its whiskey.
func (d *decider) runIt() *pb.Command {
	if c := d.answer(); c != nil {
		return c
	}
	if c := d.best(d.phase4Card, 3); c != nil {
		return c
	}
	if c := d.cut(); c != nil {
		return c
	}
	if c := d.casinoCard(); c != nil {
		return c
	}
	if c := d.offerTrade(); c != nil {
		return c
	}
	return d.run()
}

// answer accepts an offer that leaves the seat better off and declines the
// others (NoTrades declines all); nil when no offer awaits an answer.
func (d *decider) answer() *pb.Command {
	return d.listed(func(c *pb.Command) bool {
		a := c.GetAnswerTrade()
		if a == nil {
			return false
		}
		for _, t := range d.b.v.GetTrades() {
			if t.GetOfferId() == a.GetOfferId() {
				good := d.style != NoTrades && d.gain(t.GetGive(), t.GetGet()) > 0.4
				return a.GetAccept() == good
			}
		}
		return false
	})
}

// gain is what receiving give for get is worth to the seat, in G.
func (d *decider) gain(give, get *pb.Goods) float64 {
	b := d.b
	spare := float64(b.capacity(b.me)) - float64(b.my.GetCrates())
	excess := -spare
	in := float64(give.GetMoney())
	if !b.my.GetDone() {
		in += min(float64(give.GetCrates()), max(spare, 0)) * crateValue
		for _, id := range give.GetTrucks() {
			if t := b.truck(id); t != nil && d.style != NeverTruck {
				in += min(float64(t.GetCapacity()), max(excess, 0)) * crateValue
			}
		}
	}
	out := float64(get.GetMoney())
	kept := float64(b.my.GetCrates()) - float64(get.GetCrates())
	out += max(0, min(float64(get.GetCrates()), float64(b.capacity(b.me))-max(kept, 0))) * crateValue
	if !b.my.GetDone() {
		for _, id := range get.GetTrucks() {
			if t := b.truck(id); t != nil {
				out += min(float64(t.GetCapacity()), float64(b.my.GetCrates())) * crateValue
			}
		}
	}
	return in - out
}

// phase4Card scores a listed Phase 4 card play.
func (d *decider) phase4Card(c *pb.Command) (float64, bool) {
	p := c.GetPlayCard()
	if p == nil {
		return 0, false
	}
	b := d.b
	late := 0.3 * float64(b.round-9)
	switch e := p.Effect.(type) {
	case *pb.PlayCard_Hijack:
		t := b.truck(e.Hijack.GetTruck())
		if t == nil {
			return 0, false
		}
		return d.loadWorth(t) + late, true
	case *pb.PlayCard_HaltAnOrder:
		t := b.truck(e.HaltAnOrder.GetTruck())
		if t == nil {
			return 0, false
		}
		v := d.loadWorth(t) * 0.5
		if runs(t, b.leader()) {
			v += 1
		}
		return v + late, true
	case *pb.PlayCard_BigNight:
		pv := b.place(e.BigNight.GetPlace())
		if !isSeat(pv.GetMajority(), b.me) || b.my.GetCrates() == 0 {
			return 0, true
		}
		return 3.5*float64(pv.GetPrice()) + late, true
	}
	return 0, false
}

// loadWorth is what a lined-up truck's load will likely fetch.
func (d *decider) loadWorth(t *pb.TruckView) float64 {
	pv := d.b.place(t.GetPlace())
	if pv.GetKind() == pb.PlaceKind_PLACE_KIND_OMALLEYS {
		return float64(t.GetCrates()) * float64(pv.GetPrice())
	}
	return min(float64(t.GetCrates()), d.b.expectedDemand(pv)*0.6) * float64(pv.GetPrice())
}

// offerTrade, once a round, rents a rival's idle truck when the seat has
// more crates than room; nil when it needs none or has offered already.
func (d *decider) offerTrade() *pb.Command {
	b := d.b
	if d.style == NoTrades || d.style == NeverTruck || b.my.GetOffersMade() > 0 {
		return nil
	}
	excess := int(b.my.GetCrates()) - b.capacity(b.me)
	if excess < 2 || b.my.GetMoney() < 1 {
		return nil
	}
	var best *pb.TruckView
	for _, t := range b.v.GetTrucks() {
		idle := t.Runner == nil && t.GetPlace() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && t.GetCrates() == 0
		owner := b.v.GetSeats()[t.GetOwner()]
		if int(t.GetOwner()) != b.me && idle && (owner.GetDone() || owner.GetCrates() == 0) &&
			(best == nil || t.GetCapacity() > best.GetCapacity()) {
			best = t
		}
	}
	if best == nil {
		return nil
	}
	price := min(int32(max(min(excess, int(best.GetCapacity()))/2, 1)), b.my.GetMoney())
	return &pb.Command{Kind: &pb.Command_ProposeTrade{ProposeTrade: &pb.ProposeTrade{To: best.GetOwner(),
		Give: &pb.Goods{Money: price}, Get: &pb.Goods{Trucks: []int32{best.GetTruck()}}}}}
}

// run loads each truck the seat runs, largest first, and sends it where
// its load is worth most in expectation: a speakeasy's remaining demand at
// the seat's tier, or O'Malley's sure price (ruling 42).
func (d *decider) run() *pb.Command {
	b := d.b
	var trucks []*pb.TruckView
	for _, t := range b.v.GetTrucks() {
		if runs(t, b.me) && t.GetPlace() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			trucks = append(trucks, t)
		}
	}
	slices.SortStableFunc(trucks, func(x, y *pb.TruckView) int { return cmp.Compare(y.GetCapacity(), x.GetCapacity()) })
	left := int(b.my.GetCrates())
	sent := map[pb.DrinkingPlace]float64{}
	cmd := &pb.RunTheWhiskey{}
	for _, t := range trucks {
		if left == 0 {
			break
		}
		n := min(left, int(t.GetCapacity()))
		p, load := d.destination(n, sent)
		if load == 0 {
			continue
		}
		cmd.Runs = append(cmd.Runs, &pb.Run{Truck: t.GetTruck(), Crates: int32(load), Place: p})
		sent[p] += float64(load)
		left -= load
	}
	return &pb.Command{Kind: &pb.Command_RunTheWhiskey{RunTheWhiskey: cmd}}
}

// destination picks where n crates go, and how many of them: a speakeasy
// gets no more than it will likely buy from the seat.
func (d *decider) destination(n int, sent map[pb.DrinkingPlace]float64) (pb.DrinkingPlace, int) {
	b := d.b
	bestP, bestN := omalleys, n
	// "reduce consumption at O'Malley's by one Crate per Truck" (ruling 81)
	bought := max(0, n-int(b.v.GetOmalleysCuts()))
	bestV := float64(bought) * float64(b.place(omalleys).GetPrice())
	if d.style == OMalleysOnly {
		return bestP, bestN
	}
	for _, pv := range b.casinos() {
		if !pv.GetOpen() {
			continue
		}
		load := min(n, int(d.casinoRoom(pv)-sent[pv.GetPlace()]))
		if load < 1 {
			continue
		}
		price := float64(pv.GetPrice()) - d.feeding(pv)
		if v := float64(load) * price; v > bestV {
			bestP, bestN, bestV = pv.GetPlace(), load, v
		}
	}
	for _, pv := range b.speakeasies() {
		if !pv.GetOpen() {
			continue
		}
		avail := d.room(pv) - sent[pv.GetPlace()]
		load := min(n, int(avail))
		if load < 1 {
			continue
		}
		price := float64(pv.GetPrice())
		if isSeat(pv.GetOwner(), b.me) {
			price += float64(pv.GetOwnerBonus())
		}
		if v := float64(load) * price; v > bestV {
			bestP, bestN, bestV = pv.GetPlace(), load, v
		}
	}
	return bestP, bestN
}

// room is how many crates pv will likely buy from the seat: its expected
// demand, less the crates lined up ahead of the seat's trucks and a part
// of what the rivals still to run and ahead of it may bring.
func (d *decider) room(pv *pb.PlaceView) float64 {
	b := d.b
	mine := tier(pv, b.me)
	ahead := 0.0
	for _, id := range pv.GetLine() {
		t := b.truck(id)
		if t == nil {
			continue
		}
		r := int(t.GetOwner())
		if t.Runner != nil {
			r = int(t.GetRunner())
		}
		if tier(pv, r) <= mine {
			ahead += float64(t.GetCrates())
		}
	}
	for i, sv := range b.v.GetSeats() {
		if i != b.me && !sv.GetDone() && tier(pv, i) < mine {
			ahead += production(sv) * 0.5
		}
	}
	return (b.expectedDemand(pv) - ahead) * 0.9
}

// feeding is what a crate sold at casino pv costs the seat in the race:
// "$3G per Crate paid to the owner" as to the seller, so a crate there
// pays a rival owner as much as the seat, which matters most when he is
// the leader and ahead of the seat.
func (d *decider) feeding(pv *pb.PlaceView) float64 {
	b := d.b
	w := 0.15
	if l := b.leader(); isSeat(pv.GetOwner(), l) && b.v.GetSeats()[l].GetMoney() > b.my.GetMoney() {
		w = 0.5
	}
	return w * float64(pv.GetPrice())
}

// casinoRoom is how many crates casino pv will likely buy from the seat:
// trucks buy in line order, so every truck already lined up is ahead
// (ruling 82), and rivals still to run come after.
func (d *decider) casinoRoom(pv *pb.PlaceView) float64 {
	ahead := 0.0
	for _, id := range pv.GetLine() {
		if t := d.b.truck(id); t != nil {
			ahead += float64(t.GetCrates())
		}
	}
	return (d.b.expectedDemand(pv) - ahead) * 0.9
}

// tier is seat's buying tier at pv: 0 majority, 1 presence, 2 none.
func tier(pv *pb.PlaceView, seat int) int {
	switch {
	case isSeat(pv.GetMajority(), seat):
		return 0
	case markers(pv, seat) > 0:
		return 1
	}
	return 2
}

// callOrder calls the buying order that sells the richest rival's trucks
// last.
func (d *decider) callOrder() *pb.Command {
	b := d.b
	money := func(id int32) int32 {
		if t := b.truck(id); t != nil {
			r := t.GetOwner()
			if t.Runner != nil {
				r = t.GetRunner()
			}
			return b.v.GetSeats()[r].GetMoney()
		}
		return 0
	}
	if c := d.best(func(c *pb.Command) (float64, bool) {
		o := c.GetCallTheOrder()
		if o == nil {
			return 0, false
		}
		s := 0.0
		for i, id := range o.GetTrucks() {
			s += float64(i) * float64(money(id))
		}
		return s, true
	}, -1); c != nil && len(d.legal) > 1 {
		return c
	}
	call := b.v.GetCall()
	trucks := slices.Clone(call.GetTrucks())
	slices.SortStableFunc(trucks, func(x, y int32) int { return cmp.Compare(money(x), money(y)) })
	return &pb.Command{Kind: &pb.Command_CallTheOrder{CallTheOrder: &pb.CallTheOrder{Place: call.GetPlace(), Trucks: trucks}}}
}
