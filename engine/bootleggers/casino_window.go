package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Selling Phase's window for Casino cards (Boardwalk, ruling 92), and
// what the cards in force change in the sales (rulings 90, 93-99). After
// the consumption roll and before any sale, the game waits for every
// Mobster who keeps a card of the Selling Phase he can play and has not
// passed, and for each casino owner whose answer to a State Gaming
// Commission is due; nobody else is waited for. Without such a card at
// the table the phase plays on by itself, as in the base game.

// cardWaiters returns the seats the window waits for, by seat.
func (s *State) cardWaiters() []int {
	var out []int
	for seat := range s.seats {
		if s.commissionDue(seat) != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED ||
			!s.seats[seat].cardsPassed && len(s.playableCasinoCards(seat)) > 0 {
			out = append(out, seat)
		}
	}
	return out
}

// commissionDue returns the casino whose State Gaming Commission awaits
// seat's answer, or unspecified.
func (s *State) commissionDue(seat int) pb.DrinkingPlace {
	for i, p := range s.places {
		if p.kind == casino && p.casinoOwner == seat && p.cards.commission == pb.Commission_COMMISSION_AWAITED {
			return pb.DrinkingPlace(i + 1)
		}
	}
	return pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED
}

// forcedCommission returns the answer the game gives for an owner who
// cannot pay the Commission's $5G (he "receives no payout"), or nil.
func (s *State) forcedCommission() *pb.CommissionAnswered {
	for seat := range s.seats {
		if p := s.commissionDue(seat); p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && s.seats[seat].money < printed.StateGamingCommissionFee {
			return &pb.CommissionAnswered{Seat: int32(seat), Place: p, Forced: true}
		}
	}
	return nil
}

// cardWindow plays the window one step, reporting whether it emitted an
// event (false: it waits, or it is over and the sales may begin).
func (b decision) cardWindow() (emitted, waiting bool) {
	s := b.State()
	if s.salesBegun() {
		return false, false
	}
	if a := s.forcedCommission(); a != nil {
		b.emit(a)
		return true, false
	}
	seats := s.cardWaiters()
	switch {
	case len(seats) == 0:
		return false, false
	case s.step == pb.Step_STEP_CASINO_CARDS:
		return false, true
	}
	b.emit(&pb.CasinoCardsAwaited{Seats: int32s(seats)})
	return true, false
}

// passCasinoCards checks a seat's pass in the window: it keeps a card of
// the Selling Phase and has not passed.
func (s *State) passCasinoCards(seat int) (func(decision), *engine.RuleError) {
	if s.seats[seat].cardsPassed {
		return nil, engine.Refuse(ReasonCardsPassed, "you passed already")
	}
	if !slices.ContainsFunc(s.seats[seat].keptCasino, func(id int) bool {
		spec, _ := printed.CasinoCard(printed.CasinoDeck(s.opts)[id])
		return spec.Phase == password
	}) {
		return nil, engine.Refuse(ReasonCardNotKept, "you keep no Casino card of the Selling Phase")
	}
	return func(b decision) { b.emit(&pb.CasinoCardsPassed{Seat: int32(seat)}) }, nil
}

// answerCommission checks a casino owner's answer to a State Gaming
// Commission on his casino: "Casino owner must pay you $5G or Casino owner
// receives no payout from this casino this turn. Money is paid to bank."
func (s *State) answerCommission(seat int, c *pb.AnswerCommission) (func(decision), *engine.RuleError) {
	p := c.GetPlace()
	if p < omalleys || int(p) > printed.PlaceCount {
		return nil, engine.Malform(ReasonBadPlace, "%v is not a drinking place", p)
	}
	st := s.place(p)
	if st.kind != casino || st.casinoOwner != seat || st.cards.commission != pb.Commission_COMMISSION_AWAITED {
		return nil, engine.Refuse(ReasonNoCommission, "no State Gaming Commission awaits your answer at %s", printed.Place(p).Name)
	}
	out := &pb.CommissionAnswered{Seat: int32(seat), Place: p}
	if c.GetPay() {
		if s.seats[seat].money < printed.StateGamingCommissionFee {
			return nil, engine.Refuse(ReasonCannotAfford, "the Commission wants %dG; you have %dG", printed.StateGamingCommissionFee, s.seats[seat].money)
		}
		out.Paid = printed.StateGamingCommissionFee
	}
	return func(b decision) { b.emit(out) }, nil
}

// offered returns the crates truck id offers at p this round: none from
// the last truck in line when the Fire Chief inspects p ("Crates from last
// truck in line do not get bought"), none from another Mobster's truck
// under Political Pockets ("Casino only buys crates from one player this
// turn"); else its load (rulings 93, 94).
func (s *State) offered(p pb.DrinkingPlace, id int) int {
	st := s.place(p)
	if st.cards.fireChief && len(st.line) > 0 && st.line[len(st.line)-1] == id {
		return 0
	}
	if st.kind == casino && st.cards.pockets != noSeat && s.runnerOf(id) != st.cards.pockets {
		return 0
	}
	return s.trucks[id].crates
}

// withheld reports whether casino p's owner receives no payout this round:
// Break the Bank, or a State Gaming Commission he did not pay (rulings 98,
// 99).
func (s *State) withheld(p pb.DrinkingPlace) bool {
	k := s.place(p).cards
	return k.broken || k.commission == pb.Commission_COMMISSION_REFUSED
}

// casinoSales is the selling at casino p: the trucks in line order ("in
// single file in Muscle card order"), each selling up to what is left of
// the roll; the sellers and the owner paid the casino's price a crate, and
// the owner the gambling profit (rulings 72, 82). The Casino cards in
// force change it: a raided casino rolled nothing and buys nothing; the
// Fire Chief and Political Pockets take trucks out of the sale; Gambling
// Windfall adds to the owner's payout a crate; Inside Job pays a truck's
// seller the owner's payout for its crates besides the owner (version 2:
// instead of the owner); Break the Bank and an unpaid Commission leave the
// owner with nothing (rulings 90, 93-99).
func (s *State) casinoSales(p pb.DrinkingPlace) *pb.WhiskeySold {
	st := s.place(p)
	roll := 0
	if st.roll != nil {
		roll = st.roll.total
	}
	loads := make([]int, len(st.line))
	for i, id := range st.line {
		loads[i] = s.offered(p, id)
	}
	per := printed.CasinoPerCrate(p, s.players)
	bonus := 0
	if st.cards.windfall {
		bonus = printed.GamblingWindfallBonus
	}
	sale := SellAtCasino(per, roll, loads)
	out := &pb.WhiskeySold{Place: p, Owner: ptr(int32(st.casinoOwner)), GamblingProfit: int32(sale.Gambling)}
	for i, id := range st.line {
		n := sale.Bought[i]
		x := &pb.Sale{Truck: int32(id), Seller: int32(s.runnerOf(id)), Crates: int32(n), Paid: int32(n * per)}
		if s.trucks[id].insideJob {
			x.InsideJob = int32(n * (per + bonus))
		}
		if !s.trucks[id].insideJob || s.version >= rulingsReadAgain {
			// Ruling 97: the crates "receive Casino owner's payout ... in
			// addition to sellers payout"; the owner keeps his own.
			out.OwnerBonus += int32(n * per)
			out.GamblingWindfall += int32(n * bonus)
		}
		out.Sales = append(out.Sales, x)
	}
	if s.withheld(p) {
		out.OwnerBonus, out.GamblingProfit, out.GamblingWindfall, out.OwnerWithheld = 0, 0, 0, true
	}
	return out
}
