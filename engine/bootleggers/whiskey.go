package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 4, Run the Whiskey: the trucks lined up (rulings 35-36) and the
// trades between Mobsters (rulings 37-38).

// runTheWhiskey checks a seat's trucks loaded and lined up; the command
// ends its turn.
func (s *State) runTheWhiskey(seat int, c *pb.RunTheWhiskey) (func(decision), *engine.RuleError) {
	out := &pb.WhiskeyRun{Seat: int32(seat)}
	lines := map[pb.DrinkingPlace]int{}
	var used []int32
	crates := 0
	for _, r := range c.GetRuns() {
		if err := validTruck(r.GetTruck()); err != nil {
			return nil, err
		}
		if slices.Contains(used, r.GetTruck()) {
			return nil, engine.Malform(ReasonDuplicate, "truck %d is sent twice", r.GetTruck())
		}
		used = append(used, r.GetTruck())
		if err := s.checkRun(seat, r); err != nil {
			return nil, err
		}
		crates += int(r.GetCrates())
		if crates > s.seats[seat].crates {
			return nil, engine.Refuse(ReasonBadLoad, "your Back Room holds %d crates", s.seats[seat].crates)
		}
		p := r.GetPlace()
		out.LinedUp = append(out.LinedUp, &pb.LinedUp{Truck: r.GetTruck(), Crates: r.GetCrates(), Place: p,
			Position: int32(len(s.place(p).line) + lines[p])})
		lines[p]++
	}
	return func(b decision) { b.emit(out) }, nil
}

// checkRun checks one truck sent out: one the seat runs this round, at
// home, loaded with 1 to its capacity, to O'Malley's, an open speakeasy
// in play or a casino: "Trucks line up in single file in Muscle card order
// at Casinos or Speakeasies." (rulings 36, 82).
func (s *State) checkRun(seat int, r *pb.Run) *engine.RuleError {
	id := int(r.GetTruck())
	t := s.trucks[id]
	if s.runnerOf(id) != seat || t.place != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		return engine.Refuse(ReasonNotYourTruck, "you do not run truck %d at home this round", id)
	}
	if n := int(r.GetCrates()); n < 1 || n > s.house.Truck(printed.TruckSizeOf(id)).Capacity {
		return engine.Refuse(ReasonBadLoad, "truck %d carries 1 to %d crates, not %d", id, s.house.Truck(printed.TruckSizeOf(id)).Capacity, n)
	}
	p := r.GetPlace()
	if p < omalleys || int(p) > printed.PlaceCount || !s.place(p).inPlay ||
		(s.place(p).kind != speakeasy && s.place(p).kind != casino && s.place(p).kind != pb.PlaceKind_PLACE_KIND_OMALLEYS) {
		return engine.Malform(ReasonBadPlace, "%v is not a drinking place in play", p)
	}
	if !s.open(p) {
		return engine.Refuse(ReasonPlaceClosed, "%s is closed", printed.Place(p).Name)
	}
	return nil
}

// proposeTrade checks an offer: to another seat, something on at least one
// side, goods the proposer holds now, and the limits of ruling 38.
func (s *State) proposeTrade(seat int, c *pb.ProposeTrade) (func(decision), *engine.RuleError) {
	to := int(c.GetTo())
	if to < 0 || to >= s.players {
		return nil, engine.Malform(engine.ReasonBadSeat, "no seat %d", to)
	}
	if to == seat {
		return nil, engine.Refuse(ReasonTargetSelf, "a trade is made with another Mobster")
	}
	give, get := goodsOf(c.GetGive()), goodsOf(c.GetGet())
	if err := checkGoods(give, get); err != nil {
		return nil, err
	}
	open := 0
	for _, t := range s.trades {
		if t.from == seat {
			open++
		}
	}
	if open >= s.house.OpenTradesPerSeat {
		return nil, engine.Refuse(ReasonTooManyOffers, "you have %d open offers", open)
	}
	if err := s.checkSides(seat, to, give, get, ReasonBadTrade); err != nil {
		return nil, err
	}
	prop := &pb.TradeProposed{OfferId: int32(s.lastTrade + 1), From: int32(seat), To: int32(to),
		Give: clone(c.GetGive()), Get: clone(c.GetGet())}
	return func(b decision) { b.emit(prop) }, nil
}

// checkGoods refuses an offer with nothing on either side or a negative
// amount (Malformed).
func checkGoods(give, get goods) *engine.RuleError {
	for _, g := range []goods{give, get} {
		if g.money < 0 || g.crates < 0 {
			return engine.Malform(ReasonBadTrade, "a trade of a negative amount")
		}
		for i, id := range g.trucks {
			if err := validTruck(int32(id)); err != nil {
				return err
			}
			if slices.Contains(g.trucks[:i], id) {
				return engine.Malform(ReasonDuplicate, "truck %d is named twice", id)
			}
		}
	}
	if empty(give) && empty(get) {
		return engine.Malform(ReasonBadTrade, "a trade needs something on one side")
	}
	return nil
}

func empty(g goods) bool { return g.money == 0 && g.crates == 0 && len(g.trucks) == 0 }

// checkSides checks that each side holds what it hands over, and that
// crates and trucks go only to a Mobster who has not run his whiskey yet
// (ruling 38); reason is the refusal's code (BAD_TRADE when proposed,
// TRADE_STALE when accepted).
func (s *State) checkSides(from, to int, give, get goods, reason string) *engine.RuleError {
	if !s.holds(from, give) {
		return engine.Refuse(reason, "%v does not hold what it offers", engine.Seat(from))
	}
	if !s.holds(to, get) {
		return engine.Refuse(reason, "%v does not hold what is asked", engine.Seat(to))
	}
	if err := s.refuseCasinoOwnerTruck(to, len(give.trucks)); err != nil {
		return err
	}
	if err := s.refuseCasinoOwnerTruck(from, len(get.trucks)); err != nil {
		return err
	}
	if (give.crates > 0 || len(give.trucks) > 0) && s.seats[to].done {
		return engine.Refuse(ReasonAlreadyRan, "%v has run its whiskey: crates and trucks are no use to it", engine.Seat(to))
	}
	if (get.crates > 0 || len(get.trucks) > 0) && s.seats[from].done {
		return engine.Refuse(ReasonAlreadyRan, "%v has run its whiskey: crates and trucks are no use to it", engine.Seat(from))
	}
	return nil
}

// answerTrade checks an answer to an offer made to the seat; an acceptance
// is checked again against what both hold now (TRADE_STALE).
func (s *State) answerTrade(seat int, c *pb.AnswerTrade) (func(decision), *engine.RuleError) {
	i := slices.IndexFunc(s.trades, func(t trade) bool { return t.id == int(c.GetOfferId()) && t.to == seat })
	if i < 0 {
		return nil, engine.Refuse(ReasonNoSuchOffer, "no open offer %d to you", c.GetOfferId())
	}
	if t := s.trades[i]; c.GetAccept() {
		if err := s.checkSides(t.from, t.to, t.give, t.get, ReasonTradeStale); err != nil {
			return nil, err
		}
	}
	ans := &pb.TradeAnswered{OfferId: c.GetOfferId(), Accepted: c.GetAccept()}
	return func(b decision) { b.emit(ans) }, nil
}

// withdrawTrade checks taking back an open offer the seat made.
func (s *State) withdrawTrade(seat int, c *pb.WithdrawTrade) (func(decision), *engine.RuleError) {
	if !slices.ContainsFunc(s.trades, func(t trade) bool { return t.id == int(c.GetOfferId()) && t.from == seat }) {
		return nil, engine.Refuse(ReasonNoSuchOffer, "you have no open offer %d", c.GetOfferId())
	}
	return func(b decision) { b.emit(&pb.TradeWithdrawn{OfferId: c.GetOfferId()}) }, nil
}
