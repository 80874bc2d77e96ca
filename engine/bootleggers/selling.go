package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 5, "What's the Password?": the consumption rolls and the sales
// (rulings 40-44, 63).

// consumptionRoll rolls every open speakeasy: its dice (and a Big Night's),
// in the 2-player variant the lowest dropped except at Texas Lil's, each
// kept die plus 1 per improvement marker, summed (rulings 40, 63).
func (s *State) consumptionRoll(rng *engine.Rand) *pb.ConsumptionRolled {
	out := &pb.ConsumptionRolled{}
	for _, sp := range s.house.Speakeasies {
		st := s.place(sp.Place)
		if !st.inPlay || st.kind != speakeasy && st.kind != casino || !s.open(sp.Place) {
			continue
		}
		n, bonus := sp.Dice, st.improvements
		if st.kind == casino {
			// "Casino owners roll consumption. Entertainment Acts, like
			// Speakeasy Improvements, add 1 to each die rolled in the
			// Casino." (ruling 77)
			n, bonus = s.casinoDice(sp.Place), st.acts*printed.EntertainmentActBonus
		}
		if st.bigNight {
			n++
		}
		c := &pb.Consumption{Place: sp.Place, Improvements: int32(bonus)}
		kept := make([]int, n)
		for i := range kept {
			kept[i] = rng.Die(6)
			c.Dice = append(c.Dice, int32(kept[i]))
		}
		if printed.TwoPlayer(s.opts) && sp.Place != texas && len(kept) > 1 {
			lo := slices.Index(kept, slices.Min(kept))
			c.Dropped = int32(kept[lo])
			kept = slices.Delete(kept, lo, lo+1)
		}
		for _, f := range kept {
			c.Consumption += int32(f + bonus)
		}
		out.Rolls = append(out.Rolls, c)
	}
	return out
}

// sales works out the selling at place p: the sales in buying order and
// the owner's bonus; or, when demand runs out inside a tier of two or more
// Mobsters' trucks and nobody has called its order yet, the call the game
// must wait for (rulings 42-44).
func (s *State) sales(p pb.DrinkingPlace) (*pb.WhiskeySold, *pb.OrderAwaited) {
	st := s.place(p)
	out := &pb.WhiskeySold{Place: p}
	if st.kind == pb.PlaceKind_PLACE_KIND_OMALLEYS {
		for _, id := range st.line {
			// Casino owners' cuts (ruling 81); no cut without the Boardwalk.
			n := OMalleysBuys(s.trucks[id].crates, s.omalleysCuts)
			out.Sales = append(out.Sales, &pb.Sale{Truck: int32(id), Seller: int32(s.runnerOf(id)), Crates: int32(n), Paid: int32(n * s.house.OMalleysPrice)})
		}
		return out, nil
	}
	if st.kind == casino {
		return s.casinoSales(p), nil
	}
	sp, _ := s.house.Speakeasy(p)
	demand := 0
	if st.roll != nil && s.open(p) {
		demand = st.roll.total
	}
	bought := 0
	for i, ids := range s.tiers(p) {
		tier := pb.BuyingTier(int(pb.BuyingTier_BUYING_TIER_MAJORITY) + i)
		if call := s.callNeeded(p, tier, ids, demand); call != nil {
			return nil, call
		}
		if st.called != nil && sameCards(st.called, ids) {
			ids = st.called
		}
		for _, id := range ids {
			n := min(s.offered(p, id), demand)
			demand -= n
			bought += n
			out.Sales = append(out.Sales, &pb.Sale{Truck: int32(id), Seller: int32(s.runnerOf(id)), Tier: tier,
				Crates: int32(n), Paid: int32(n * sp.Price)})
		}
	}
	if o, ok := s.owner(p); ok && o != neutralColour {
		out.Owner, out.OwnerBonus = ptr(int32(o)), int32(bought*sp.OwnerBonus)
	}
	return out, nil
}

// tiers returns the trucks in line at p by buying tier (majority,
// presence, none), each in line order (ruling 42). A truck's tier is its
// runner's.
func (s *State) tiers(p pb.DrinkingPlace) [3][]int {
	var out [3][]int
	for _, id := range s.place(p).line {
		t := s.tier(s.runnerOf(id), p)
		i := int(t) - int(pb.BuyingTier_BUYING_TIER_MAJORITY)
		out[i] = append(out[i], id)
	}
	return out
}

// callNeeded returns the call the game waits for at p in tier, or nil: when
// demand runs out inside the tier, two or more Mobsters run its trucks, the
// majority holder is a Mobster (whose own trucks are the majority tier),
// and no order was called yet (ruling 43).
func (s *State) callNeeded(p pb.DrinkingPlace, tier pb.BuyingTier, ids []int, demand int) *pb.OrderAwaited {
	if demand == 0 || tier == pb.BuyingTier_BUYING_TIER_MAJORITY || s.place(p).called != nil {
		return nil
	}
	supply := 0
	runners := map[int]bool{}
	for _, id := range ids {
		supply += s.offered(p, id)
		runners[s.runnerOf(id)] = true
	}
	m, ok := s.majority(p)
	if supply <= demand || len(runners) < 2 || !ok || m == neutralColour {
		return nil
	}
	return &pb.OrderAwaited{Seat: int32(m), Place: p, Trucks: int32s(ids), Tier: tier}
}

// callTheOrder checks the majority holder's order: every truck of the
// awaited tier, each once (ruling 43).
func (s *State) callTheOrder(seat int, c *pb.CallTheOrder) (func(decision), *engine.RuleError) {
	if c.GetPlace() != s.call.place {
		return nil, engine.Refuse(ReasonBadOrder, "the order is awaited at %s", printed.Place(s.call.place).Name)
	}
	order := ints(c.GetTrucks())
	if len(order) != len(s.call.trucks) || !sameCards(order, s.call.trucks) {
		return nil, engine.Refuse(ReasonBadOrder, "order every truck of the tier, %v, once each", s.call.trucks)
	}
	called := &pb.OrderCalled{Seat: int32(seat), Place: c.GetPlace(), Trucks: int32s(order)}
	return func(b decision) { b.emit(called) }, nil
}

// sell plays Phase 5 one step: the rolls, then the window for Casino cards
// (ruling 92), then each place with trucks in line, smallest first (ruling
// 41), then the end of the selling; it reports false while the window or a
// call is awaited.
func (b decision) sell() bool {
	s := b.State()
	if s.step == pb.Step_STEP_CALL_THE_ORDER {
		return false
	}
	if !s.rolled {
		b.emit(s.consumptionRoll(b.Rand()))
		return true
	}
	if emitted, waiting := b.cardWindow(); emitted || waiting {
		return emitted
	}
	for _, spec := range printed.Places {
		st := s.place(spec.Place)
		if len(st.line) == 0 && st.kind != casino || st.sold || !st.inPlay {
			continue
		}
		sold, call := s.sales(spec.Place)
		if call != nil {
			b.emit(call)
		} else {
			b.emit(sold)
		}
		return true
	}
	b.emit(s.sellingEnded())
	b.endOrHeat()
	return true
}

// sellingEnded counts the crates each seat loses: those left in its Back
// Room and those unsold on the trucks it runs (ruling 31).
func (s *State) sellingEnded() *pb.SellingEnded {
	lost := make([]int, s.players)
	for i, p := range s.seats {
		lost[i] = p.crates
	}
	for id, t := range s.trucks {
		if r := s.runnerOf(id); r != noSeat && t.crates > 0 {
			lost[r] += t.crates
		}
	}
	out := &pb.SellingEnded{}
	for i, n := range lost {
		if n > 0 {
			out.CratesReturned = append(out.CratesReturned, &pb.SeatCount{Seat: int32(i), Count: int32(n)})
		}
	}
	return out
}
