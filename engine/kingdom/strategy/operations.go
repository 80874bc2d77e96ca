package strategy

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// operations picks the seat's Play (or a side command first: a Shylock's
// Mark for a cash objective due tonight, a repayment, Influence lent to the
// partner before Laying Low). Mobsters standing in the partner's District
// leave it first: the seat may not end its Phase there.
func (d *decider) operations() *pb.Command {
	for _, step := range []func() *pb.Command{
		d.leave, d.loanForDeadline, d.repay, d.rise, d.rat, d.extort, d.contractWork, d.hustle,
		d.unload, d.attack, d.conquer, d.push, d.expand, d.recruit, d.secure, d.bribe, d.lend,
	} {
		if c := step(); c != nil {
			return c
		}
	}
	return d.legal(func(c *pb.Command) bool { return c.GetLayLow() != nil })
}

// dueTonight returns the staked Contracts whose Deadline is tonight.
func (b *board) dueTonight() []int {
	var out []int
	for _, k := range b.my.GetStaked() {
		if k.GetMarkers() == 1 {
			out = append(out, int(k.GetCard()))
		}
	}
	return out
}

// cashReserve is the cash a Contract due tonight asks the seat to keep.
func (d *decider) cashReserve() int {
	n := 0
	for _, c := range d.b.dueTonight() {
		if g := goalOf(c); g.Kind == printed.GoalCash {
			n = max(n, g.N)
		}
	}
	return n
}

// spare is the cash the seat may spend.
func (d *decider) spare() int { return d.b.cash() - d.cashReserve() }

// loanForDeadline takes a Shylock's Mark while a cash objective due tonight
// is short.
func (d *decider) loanForDeadline() *pb.Command {
	if d.b.cash() < d.cashReserve() && d.offers("take-loan") {
		return commands.Wrap(&pb.TakeLoan{})
	}
	return nil
}

// repay pays a Shylock's Mark off when the cash spares it.
func (d *decider) repay() *pb.Command {
	cost := printed.RepayPrice(d.b.hasFavor(pb.Broker_BROKER_ARNOLD_ROTHSTEIN))
	if d.b.my.GetLoans() > 0 && d.spare() >= cost+500 && d.offers("repay-loan") {
		return commands.Wrap(&pb.RepayLoan{})
	}
	return nil
}

// rise appoints a new Boss (Securing the District for free) where the
// seat is strongest.
func (d *decider) rise() *pb.Command {
	b := d.b
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetRise()
		if x == nil || x.GetRelocateFrom() != 0 {
			return 0, false
		}
		s := float64(b.mobsters(x.GetDistrict(), b.me))
		if b.mine(x.GetDistrict()) {
			s += 5
		}
		if x.GetSecure() {
			s += 2
		}
		return s, true
	}, -1)
}

// bloodOath reports the variant (its Crackdown Tracker is in play).
func (b *board) bloodOath() bool { return b.v.GetCrackdown() > 0 }

// rat calls the Police before the Sit-Down, once there is Heat, so that
// the Crackdown Tracker moves.
func (d *decider) rat() *pb.Command {
	b := d.b
	if !b.bloodOath() || b.sitDown() || len(b.v.GetHeat()) == 0 {
		return nil
	}
	heat := make([]int, len(b.v.GetHeat()))
	for i, o := range b.v.GetHeat() {
		heat[i] = int(o)
	}
	if printed.RaidTarget(heat) == b.me && b.v.GetDay() < 4 {
		return nil
	}
	return d.legal(func(c *pb.Command) bool { return c.GetRat() != nil })
}

// avoidHeat reports a staked "no markers on the Heat Track" objective.
func (d *decider) avoidHeat() bool {
	for _, k := range d.b.my.GetStaked() {
		if goalOf(int(k.GetCard())).Kind == printed.GoalNoHeat {
			return true
		}
	}
	return false
}

// wantHeat reports that Heat serves the seat: Blood Oath before the
// Sit-Down, for the policy that brings it (never the heuristic).
func (d *decider) wantHeat() bool {
	return !d.goal && d.b.bloodOath() && !d.b.sitDown() && !d.avoidHeat()
}

// extort shakes down the richest Borough the seat holds.
func (d *decider) extort() *pb.Command {
	b := d.b
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetExtort()
		if x == nil {
			return 0, false
		}
		bo := x.GetBorough()
		n := b.count(b.me, func(i printed.DistrictInfo) bool { return i.Borough == bo })
		if _, heat := printed.ExtortIncome(n); heat && d.avoidHeat() {
			return 0, false
		}
		return float64(n), true
	}, 0)
}

// contractWork Secures or Recruits for a staked objective that needs it.
func (d *decider) contractWork() *pb.Command {
	b := d.b
	for _, k := range b.my.GetStaked() {
		card := int(k.GetCard())
		g := goalOf(card)
		if b.gap(card) == 0 {
			continue
		}
		switch g.Kind {
		case printed.GoalSafehouses:
			if d.spare() < printed.SecureCost && k.GetMarkers() == 1 && d.offers("take-loan") {
				return commands.Wrap(&pb.TakeLoan{})
			}
			if c := d.secureAt(true); c != nil {
				return c
			}
		case printed.GoalRunners:
			need := b.gap(card)
			if d.spare() < need*300 && k.GetMarkers() == 1 && d.offers("take-loan") {
				return commands.Wrap(&pb.TakeLoan{})
			}
			if c := d.recruitN(need); c != nil {
				return c
			}
		}
	}
	return nil
}

// hustle draws from the decks of the tiers the Commission still lacks.
func (d *decider) hustle() *pb.Command {
	b := d.b
	if !slices.ContainsFunc(d.p.Legal, func(c *pb.Command) bool { return c.GetHustle() != nil }) {
		return nil
	}
	have := b.completedTiers()
	for t, ok := range b.stakedTiers() {
		have[t] = have[t] || ok
	}
	for _, c := range b.my.GetHand() {
		if card, ok := printed.Card(int(c)); ok && d.cardValue(int(c)) > 15 {
			have[card.Tier] = true
		}
	}
	var want []pb.Tier
	for _, t := range []pb.Tier{pb.Tier_TIER_SCORE, pb.Tier_TIER_RACKET, pb.Tier_TIER_GIG} {
		if !have[t] {
			want = append(want, t, t)
		}
	}
	if len(want) == 0 && int(b.my.GetHandSize()) >= b.handLimit() {
		return nil
	}
	want = append(want, pb.Tier_TIER_GIG, pb.Tier_TIER_RACKET, pb.Tier_TIER_SCORE)
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetHustle()
		if x == nil {
			return 0, false
		}
		left := slices.Clone(want)
		s := 0.0
		for _, t := range x.GetDecks() {
			if i := slices.Index(left, t); i >= 0 {
				s += float64(len(want) - i)
				left = slices.Delete(left, i, i+1)
			}
		}
		return s, true
	}, -1)
}

// reserved returns the barrels the seat's staked Contracts ask it to keep,
// by liquor (index 0: any liquor).
func (d *decider) reserved() [5]int {
	var out [5]int
	for _, k := range d.b.my.GetStaked() {
		g := goalOf(int(k.GetCard()))
		switch g.Kind {
		case printed.GoalBarrels:
			out[g.Liquor] = max(out[g.Liquor], g.N)
		case printed.GoalEachLiquor:
			for _, l := range printed.Liquors {
				out[l] = max(out[l], g.N)
			}
		}
	}
	return out
}

// sellable returns the barrels of d the seat may sell or move away.
func (d *decider) sellable(dist pb.District) [5]int {
	res := d.reserved()
	bar := d.b.barrels(dist)
	if res[0] > 0 {
		return [5]int{}
	}
	for _, l := range printed.Liquors {
		if res[l] > 0 {
			bar[l] = 0
		}
	}
	return bar
}

// barrelList turns counts by liquor into the message list.
func barrelList(bar [5]int) []*pb.Barrels {
	var out []*pb.Barrels
	for _, l := range printed.Liquors {
		if bar[l] > 0 {
			out = append(out, &pb.Barrels{Liquor: l, Count: uint32(bar[l])})
		}
	}
	return out
}

// unload sells at a Speakeasy the seat Controls: everything when Heat
// serves it (4 barrels or more draw the Greed Tax), else at most 3.
func (d *decider) unload() *pb.Command {
	b := d.b
	if !d.offers("unload") || b.slots() < 2 {
		return nil
	}
	untouchable := b.hasFavor(pb.Broker_BROKER_STEPHANIE_ST_CLAIR)
	var best *pb.Unload
	bestCash := 0
	for _, dist := range b.controlled(b.me) {
		if !printed.Info(dist).IsSpeakeasy() {
			continue
		}
		bar := d.sellable(dist)
		n := total(bar)
		if n == 0 {
			continue
		}
		if n > 3 && !untouchable && !d.wantHeat() {
			bar = trim(bar, 3)
			n = 3
		}
		if n < 2 && !(d.wantHeat() && n >= 1 && len(b.v.GetHeat()) == 0 && b.v.GetDay() > 6) {
			continue
		}
		cash := 0
		for _, l := range printed.Liquors {
			if i := int(l) - 1; i < len(b.v.GetMarket()) {
				cash += bar[l] * int(b.v.GetMarket()[i])
			}
		}
		if cash > bestCash {
			bestCash, best = cash, &pb.Unload{District: dist, Barrels: barrelList(bar)}
		}
	}
	if best == nil {
		return nil
	}
	return commands.Wrap(best)
}

// trim keeps at most n barrels, the dearest liquors first.
func trim(bar [5]int, n int) [5]int {
	var out [5]int
	for _, l := range []pb.Liquor{rum, pb.Liquor_LIQUOR_WHISKY, pb.Liquor_LIQUOR_GIN, pb.Liquor_LIQUOR_MOONSHINE} {
		k := min(bar[l], n)
		out[l], n = k, n-k
	}
	return out
}

// attack sends a strong crew against a weaker rival next door, before the
// Sit-Down in Blood Oath while the Heat Track is empty: Blood on the
// Pavement draws Heat, and Heat lets someone Rat.
func (d *decider) attack() *pb.Command {
	b := d.b
	if !d.offers("move") || !d.wantHeat() || len(b.v.GetHeat()) > 0 || b.v.GetDay() < 3 || b.slots() < 2 {
		return nil
	}
	moves := b.strikes(func(theirs int, guarded bool, crew int) bool { return !guarded && 2*theirs <= crew })
	if len(moves) == 0 || d.r.IntN(2) == 0 {
		return nil
	}
	return commands.Wrap(moves[d.r.IntN(len(moves))])
}

// strikes lists the Moves of a crew of the seat's (every Mobster of a
// District but one Runner left to hold it, unless a Safehouse does; 3 at
// least) into a rival District next door, not the Police's nor the
// partner's, that worth accepts given the defenders' number and whether a
// Safehouse guards them.
func (b *board) strikes(worth func(theirs int, guarded bool, crew int) bool) []*pb.Move {
	var moves []*pb.Move
	for _, from := range printed.AllDistricts() {
		f := b.force(from, b.me)
		if f == nil || f.GetPinned() {
			continue
		}
		runners, bosses := int(f.GetRunners()), int(f.GetBosses())
		keep := 0
		if !f.GetSafehouse() {
			keep = 1
		}
		crew := runners - keep + bosses
		if crew < 3 {
			continue
		}
		for _, to := range printed.Neighbours(from) {
			x := b.dist(to)
			if x.GetPrecinct() || b.partnerHeld(to) || !b.rivalMobsters(to) {
				continue
			}
			theirs, guarded := 0, false
			for _, r := range x.GetForces() {
				theirs += int(r.GetRunners() + r.GetBosses())
				guarded = guarded || r.GetSafehouse()
			}
			if worth(theirs, guarded, crew) {
				moves = append(moves, &pb.Move{From: from, To: to, Runners: uint32(runners - keep), Bosses: uint32(bosses)})
			}
		}
	}
	return moves
}

// conquer sends a strong crew against a rival District next door (at most
// half as many defenders, a third behind a Safehouse) whose capture wins
// the seat a Title it lacks, once it (or its partner) holds the Commission
// the win needs: Respect is then all that is missing, and in a city carved
// up to the last block only rival turf is left to take it from.
func (d *decider) conquer() *pb.Command {
	b := d.b
	if !d.offers("move") || b.slots() < 2 || !b.commissioned() {
		return nil
	}
	var best *pb.Move
	bestValue := 0
	for _, m := range b.strikes(func(theirs int, guarded bool, crew int) bool {
		return 2*theirs <= crew && (!guarded || 3*theirs <= crew)
	}) {
		if v := b.titleGain(m.To); v > bestValue {
			bestValue, best = v, m
		}
	}
	if best == nil {
		return nil
	}
	return commands.Wrap(best)
}

// commissioned reports that the seat, or its partner after the Sit-Down,
// holds a Commission card.
func (b *board) commissioned() bool {
	if b.my.GetCommission() {
		return true
	}
	return b.partner != nobody && b.seatView(b.partner).GetCommission()
}

// titleGain is the Respect of the Titles the seat lacks that taking
// District t from its holder would win it: a Deed, a Syndicate, the Ward
// Boss.
func (b *board) titleGain(t pb.District) int {
	gain := 0
	for _, ti := range b.v.GetTitles() {
		if ti.Holder != nil && int(ti.GetHolder()) == b.me {
			continue
		}
		switch ti.GetTitle() {
		case pb.Title_TITLE_DEED:
			bo := ti.GetBorough()
			if b.winsBy(t, func(d printed.DistrictInfo) bool { return d.Borough == bo }) {
				gain += printed.BoroughOf(bo).Respect
			}
		case pb.Title_TITLE_SYNDICATE:
			if b.winsBy(t, printed.Pours(ti.GetLiquor())) {
				gain += 2
			}
		case pb.Title_TITLE_WARD_BOSS:
			if b.winsBy(t, isGhetto) {
				gain += 3
			}
		}
	}
	return gain
}

// winsBy reports whether taking District t from its holder gives the seat
// the strict majority, at least 2, of the Districts keep counts.
func (b *board) winsBy(t pb.District, keep func(printed.DistrictInfo) bool) bool {
	if !keep(printed.Info(t)) {
		return false
	}
	mine, owner := b.count(b.me, keep)+1, b.controller(t)
	for seat := range int(b.v.GetPlayers()) {
		n := b.count(seat, keep)
		if seat == owner {
			n--
		}
		if seat != b.me && n >= mine {
			return false
		}
	}
	return mine >= 2
}

// push moves sellable barrels from a District of the seat's into a
// Connected Speakeasy of its own.
func (d *decider) push() *pb.Command {
	b := d.b
	if !d.offers("push") {
		return nil
	}
	for _, from := range b.controlled(b.me) {
		if printed.Info(from).IsSpeakeasy() {
			continue
		}
		bar := d.sellable(from)
		if total(bar) == 0 {
			continue
		}
		for _, to := range printed.Neighbours(from) {
			if b.mine(to) && printed.Info(to).IsSpeakeasy() && !b.dist(to).GetPrecinct() {
				return commands.Wrap(&pb.Push{From: from, To: to, Barrels: barrelList(bar)})
			}
		}
	}
	return nil
}

// desire rates taking District t: what the seat's Contracts (staked ones
// most) and Titles ask for, and what the District holds.
func (d *decider) desire(t pb.District) float64 {
	b := d.b
	info := printed.Info(t)
	s := 1.0
	switch {
	case info.IsSpeakeasy():
		s += 2
	case info.Kind == pb.DistrictKind_DISTRICT_KIND_DOCK, info.Kind == pb.DistrictKind_DISTRICT_KIND_GHETTO:
		s += 1.5
	}
	s += float64(total(b.barrels(t)))
	if st := int(b.dist(t).GetStill()); st > 0 {
		s += float64(6-abs(7-st)) / 6
	}
	inBorough := func(i printed.DistrictInfo) bool { return i.Borough == info.Borough }
	if b.count(b.me, inBorough) == 0 {
		s += 1
	}
	if c := b.majorityCost(inBorough); c > 0 && c < impossible {
		s += 1.5 / float64(c)
	}
	weigh := func(card int, w float64) {
		g := goalOf(card)
		if b.gap(card) == 0 {
			return
		}
		switch g.Kind {
		case printed.GoalControl:
			if g.Counts(info) {
				s += w
			}
		case printed.GoalBoroughs:
			if b.count(b.me, inBorough) == 0 {
				s += w
			}
		case printed.GoalDeeds:
			if c := b.majorityCost(inBorough); c > 0 && c < impossible {
				s += w / float64(c)
			}
		case printed.GoalSyndicates:
			if info.IsSpeakeasy() {
				if c := b.majorityCost(printed.Pours(info.HousePour)); c > 0 && c < impossible {
					s += w / float64(c)
				}
			}
		case printed.GoalWardAndDeed:
			if info.Kind == pb.DistrictKind_DISTRICT_KIND_GHETTO {
				s += w / 2
			}
			if c := b.majorityCost(inBorough); c > 0 && c < impossible {
				s += w / float64(2*c)
			}
		case printed.GoalBarrels, printed.GoalEachLiquor:
			s += w * float64(total(b.barrels(t))) / 2
		}
	}
	for _, k := range b.my.GetStaked() {
		weigh(int(k.GetCard()), 8/float64(max(1, k.GetMarkers())))
	}
	for _, c := range b.my.GetHand() {
		weigh(int(c), 1.5)
	}
	return s
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// expand moves a spare Runner into the most desirable safe District next
// to the seat's turf, or one step towards one.
func (d *decider) expand() *pb.Command {
	b := d.b
	if !d.offers("move") {
		return nil
	}
	var best *pb.Move
	bestScore := 1.2
	for _, from := range printed.AllDistricts() {
		f := b.force(from, b.me)
		if f == nil || f.GetPinned() || f.GetRunners() == 0 {
			continue
		}
		spare := int(f.GetRunners())
		if !f.GetSafehouse() && f.GetBosses() == 0 {
			spare--
		}
		if spare <= 0 {
			continue
		}
		for _, to := range printed.Neighbours(from) {
			if !b.enterable(to) {
				continue
			}
			var s float64
			if b.mine(to) {
				if b.mobsters(to, b.me) >= printed.SweepLimit {
					continue
				}
				for _, n := range printed.Neighbours(to) {
					if n != from && !b.mine(n) && b.enterable(n) {
						s = max(s, 0.4*d.desire(n)-0.3)
					}
				}
			} else {
				s = d.desire(to)
			}
			if s > bestScore || (s == bestScore && best != nil && d.r.IntN(2) == 0) {
				bestScore = s
				best = &pb.Move{From: from, To: to, Runners: 1}
				if x := b.dist(to); rivalSafehouse(x, b.me) && b.my.GetSafehouseSupply() > 0 {
					best.Commandeer = true
				}
			}
		}
	}
	if best == nil {
		return nil
	}
	return commands.Wrap(best)
}

// rivalSafehouse reports a Safehouse of another seat in x.
func rivalSafehouse(x *pb.DistrictView, me int) bool {
	for _, f := range x.GetForces() {
		if int(f.GetSeat()) != me && f.GetSafehouse() {
			return true
		}
	}
	return false
}

// recruit hires Runners when the street is thin and the cash spares it.
func (d *decider) recruit() *pb.Command {
	r, _, _ := d.b.onBoard()
	if r >= 12 || d.spare() < 900 {
		return nil
	}
	return d.recruitN(min(3, d.spare()/300-1))
}

// recruitN hires up to n Runners at a Safehouse with room below the Sweep.
func (d *decider) recruitN(n int) *pb.Command {
	b := d.b
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetRecruit()
		if x == nil || int(x.GetRunners()) > n || int(x.GetRunners())*300 > d.spare() {
			return 0, false
		}
		if b.mobsters(x.GetDistrict(), b.me)+int(x.GetRunners()) > printed.SweepLimit {
			return 0, false
		}
		return float64(x.GetRunners()), true
	}, 0)
}

// secure places a Safehouse when the cash is plentiful.
func (d *decider) secure() *pb.Command {
	if d.spare() < 2500 {
		return nil
	}
	return d.secureAt(false)
}

// secureAt places a new Safehouse (no relocation) in the best District of
// the seat's without one; needed: the cash must only cover the price.
func (d *decider) secureAt(needed bool) *pb.Command {
	b := d.b
	if d.spare() < printed.SecureCost {
		return nil
	}
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetSecure()
		if x == nil || x.GetRelocateFrom() != 0 {
			return 0, false
		}
		info := printed.Info(x.GetDistrict())
		s := float64(b.mobsters(x.GetDistrict(), b.me))
		if info.IsSpeakeasy() || info.Kind == pb.DistrictKind_DISTRICT_KIND_DOCK {
			s += 2
		}
		return s, true
	}, 0)
}

// bribe buys a Power Broker's Favor (a permanent marker) when rich.
func (d *decider) bribe() *pb.Command {
	if d.spare() < printed.BribeCost+1500 {
		return nil
	}
	return d.legal(func(c *pb.Command) bool { return c.GetBribe() != nil })
}

// guestIn lists the Districts where the seat's Mobsters stand in its
// partner's turf (the partner Controls them).
func (b *board) guestIn() []pb.District {
	var out []pb.District
	for _, d := range printed.AllDistricts() {
		if b.partner != nobody && b.controller(d) == b.partner && b.mobsters(d, b.me) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// leave takes the seat's Mobsters out of its partner's District, to the
// listed way out it likes best ("You may not end your Phase with mobsters in
// a District occupied by your partner").
func (d *decider) leave() *pb.Command {
	if len(d.b.guestIn()) == 0 {
		return nil
	}
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetMove()
		if x == nil || !slices.Contains(d.b.guestIn(), x.GetFrom()) {
			return 0, false
		}
		s := d.desire(x.GetTo())
		if d.b.mine(x.GetTo()) {
			s++
		}
		return s, true
	}, -1e9)
}

// lend hands the seat's own unspent markers to its partner before it Lays
// Low (Blood Oath, after the Sit-Down), unless its Mobsters still stand in
// the partner's turf and need the Influence to leave.
func (d *decider) lend() *pb.Command {
	b := d.b
	if b.partner == nobody || b.v.GetPhase() != pb.Phase_PHASE_OPERATIONS || b.v.GetFight() != nil || b.v.GetProposal() != nil ||
		len(b.guestIn()) > 0 {
		return nil
	}
	p := b.seatView(b.partner)
	room := printed.Slots - len(p.GetSlots())
	n := min(b.ownSlotted(), room)
	if p == nil || p.GetLaidLow() || n <= 0 {
		return nil
	}
	return commands.Wrap(&pb.Lend{To: uint32(b.partner), Markers: uint32(n)})
}
