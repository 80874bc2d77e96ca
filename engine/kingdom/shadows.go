package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Shadows: the Brew draft, the Blowback, staking Contracts and funding.

func (b *builder) brewDraft(seat int, x *pb.BrewDraft) *engine.RuleError {
	s := b.State()
	if !slices.Contains(s.Red, int(x.Red)) || !slices.Contains(s.White, int(x.White)) {
		return engine.Refuse(ReasonDieNotInPool, "no Red %d and White %d in the pool", x.Red, x.White)
	}
	if x.Dump && x.Liquor != 0 {
		return engine.Malform("LIQUOR_WITH_DUMP", "a dumped mash brews no liquor")
	}
	ev := &pb.BrewDrafted{Seat: u32(seat), Red: x.Red, White: x.White, Dump: x.Dump}
	if !x.Dump {
		if x.Liquor == pb.Liquor_LIQUOR_UNSPECIFIED {
			return engine.Malform(ReasonLiquorRequired, "name the Domestic liquor to brew")
		}
		if !slices.Contains(printed.Domestic, x.Liquor) {
			return engine.Refuse(ReasonNotDomestic, "Stills brew Gin, Whisky or Moonshine; Rum is smuggled")
		}
		ev.Liquor = x.Liquor
		ev.Productions = brew(s, seat, int(x.Red+x.White), x.Liquor)
	}
	if b.Checking() {
		return nil
	}
	b.pub(ev)
	if b.State().Drafted == b.State().Players {
		b.pub(blowback(b.State()))
	}
	return nil
}

// rotate returns the seats in Turn Order starting from seat.
func (s *state) rotate(seat int) []int {
	ord := s.DayOrder
	i := slices.Index(ord, seat)
	return append(ord[i:len(ord):len(ord)], ord[:i]...)
}

// brew fires every Still numbered n: each Controlled Still brews l for its
// controller by the Muscle Ratio (capped at 3) of the Mobsters there. The
// drafter's Stills fire first, then the rivals' in Turn Order, each mob's in
// District order; when the supply runs dry production stops (Dry Tap).
func brew(s *state, drafter, n int, l pb.Liquor) []*pb.Production {
	left := s.barrelSupply(l)
	var out []*pb.Production
	for _, seat := range s.rotate(drafter) {
		for _, d := range printed.AllDistricts() {
			x := s.dist(d)
			if x.Still != n || s.controller(d) != seat {
				continue
			}
			got := min(printed.MuscleRatio(x.Mobs[seat].mobsters(), printed.BrewCap), left)
			if got > 0 {
				left -= got
				out = append(out, &pb.Production{District: d, Seat: u32(seat), Liquor: l, Count: u32(got)})
			}
		}
	}
	return out
}

// blowback explodes every Still matching the two leftover dice: casualties
// by the Muscle Ratio (capped at 3), Runners first.
func blowback(s *state) *pb.Blowback {
	ev := &pb.Blowback{Red: u32(s.Red[0]), White: u32(s.White[0])}
	n := s.Red[0] + s.White[0]
	for _, d := range printed.AllDistricts() {
		x := s.dist(d)
		if x.Still != n {
			continue
		}
		for seat, p := range x.Mobs {
			if p.mobsters() == 0 {
				continue
			}
			r, bo := TakeCasualties(p.Runners, p.Bosses, printed.MuscleRatio(p.mobsters(), printed.BrewCap))
			ev.Casualties = append(ev.Casualties, &pb.Casualty{District: d, Seat: u32(seat), Runners: u32(r), Bosses: u32(bo)})
		}
	}
	return ev
}

func (b *builder) stakeContract(seat int, x *pb.StakeContract) *engine.RuleError {
	p := &b.State().Seats[seat]
	if !slices.Contains(p.Hand, int(x.Card)) {
		return engine.Refuse(ReasonNotInHand, "Contract %d is not in your hand", x.Card)
	}
	card, _ := printed.Card(int(x.Card))
	days := printed.Tiers[card.Tier].Days
	if p.Stash < days {
		return engine.Refuse(ReasonNotEnoughInfluence, "staking %q needs %d Stash markers; you have %d", card.Name, days, p.Stash)
	}
	if b.Checking() {
		return nil
	}
	b.pub(&pb.ContractStaked{Seat: u32(seat), Card: x.Card, Markers: u32(days)})
	return nil
}

func (b *builder) fund(seat int, x *pb.Fund) *engine.RuleError {
	p := &b.State().Seats[seat]
	n := int(x.Markers)
	if n > p.Stash {
		return engine.Refuse(ReasonNotEnoughInfluence, "you have %d markers in the Stash", p.Stash)
	}
	if len(p.SlotOwners)+n > printed.Slots {
		return engine.Refuse(ReasonSlotsFull, "your board has %d empty slots", printed.Slots-len(p.SlotOwners))
	}
	if b.Checking() {
		return nil
	}
	b.pub(&pb.Funded{Seat: u32(seat), Markers: x.Markers})
	if b.State().allGreased() {
		b.startOperations()
	}
	return nil
}

func (s *state) allGreased() bool {
	for _, p := range s.Seats {
		if !p.Greased {
			return false
		}
	}
	return true
}

// startOperations opens Operations; seats with nothing slotted Lay Low at once.
func (b *builder) startOperations() {
	first := b.State().DayOrder[0]
	b.pub(&pb.OperationsStarted{First: u32(first)})
	for _, seat := range b.State().DayOrder {
		if len(b.State().Seats[seat].SlotOwners) == 0 {
			b.layLow(seat)
		}
	}
	if b.State().Seats[first].LaidLow {
		b.passTurn()
	}
}
