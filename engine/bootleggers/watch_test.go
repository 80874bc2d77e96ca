package bootleggers

import (
	"bytes"
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// watcher checks a game after every event, from the state and from the log
// alone: the state's own invariants (markers, cards, trucks conserved);
// money that moves only between seats and the bank as the rules say, each
// payment recomputed from the printed and house numbers; crates produced,
// sold and returned that add up; dice that come only from the setup and
// the cards; every private body sent only where ruling 70 allows; and
// every viewer's view redacted by that ruling. It reads each event once.
type watcher struct {
	seen   int
	money  []int
	dice   []int
	crates int
	offers map[int32]*pb.TradeProposed
	// players is the table; casinos the places redeveloped (Boardwalk).
	players int
	// version is the game's house rules version, house its table.
	version int
	house   *printed.HouseTable
	casinos map[pb.DrinkingPlace]bool
	// windfalls, broken and refused are this round's casinos under Gambling
	// Windfall, Break the Bank and a refused State Gaming Commission;
	// insideJobs the trucks under Inside Job (Boardwalk, rulings 95-99).
	windfalls, broken, refused map[pb.DrinkingPlace]bool
	insideJobs                 map[int32]bool
	// kinds counts the event kinds seen, for the coverage tests.
	kinds map[string]int
	// lite skips the views (the dearest check), for the large runs.
	lite bool
}

func newWatcher() *watcher {
	return &watcher{offers: map[int32]*pb.TradeProposed{}, kinds: map[string]int{}}
}

// check is a playtest.Config.Invariant.
func (w *watcher) check(st engine.State, log []engine.Recorded) error {
	s := st.(*State)
	if err := s.checkInvariants(); err != nil {
		return err
	}
	for _, r := range log[w.seen:] {
		if err := checkAudience(r); err != nil {
			return fmt.Errorf("event %d: %w", r.Seq, err)
		}
		for _, b := range r.Event.Bodies() {
			if err := w.fold(b.(*pb.Event)); err != nil {
				return fmt.Errorf("event %d: %w", r.Seq, err)
			}
		}
	}
	w.seen = len(log)
	if err := w.compare(s); err != nil {
		return err
	}
	if w.lite {
		return nil
	}
	if err := checkFirstPrompt(s); err != nil {
		return err
	}
	return checkViews(s)
}

// setupEvents bounds the events of a setup (GameStarted, the Muscle deal,
// three shuffles, the neutral markers, round 1 and its offer).
const setupEvents = 8

// invariant is the game's own check for playtest.Conform, which runs it
// after every event of several games at once, and so keeps nothing
// between calls (the watcher's ledger, which follows one game's log, is
// TestRandomGames'): the state's conservation laws, the audience of the
// bodies not checked before (at the first call the setup's, then the
// newest event's; ruling 70), the playouts' first prompt, and every
// viewer's view.
func invariant(st engine.State, log []engine.Recorded) error {
	s := st.(*State)
	if err := s.checkInvariants(); err != nil {
		return err
	}
	from := len(log) - 1
	if len(log) <= setupEvents {
		from = 0
	}
	for _, r := range log[from:] {
		if err := checkAudience(r); err != nil {
			return fmt.Errorf("event %d: %w", r.Seq, err)
		}
	}
	if err := checkFirstPrompt(s); err != nil {
		return err
	}
	return checkViews(s)
}

// checkFirstPrompt checks that the playouts' firstPrompt is Prompts()[0].
func checkFirstPrompt(s *State) error {
	all := s.Prompts()
	first, ok := s.firstPrompt()
	switch {
	case ok != (len(all) > 0):
		return fmt.Errorf("firstPrompt found %v, Prompts %d", ok, len(all))
	case !ok:
		return nil
	}
	p := all[0]
	same := first.Seat == p.Seat && first.MustAct == p.MustAct && first.Reason == p.Reason && first.Detail == p.Detail &&
		slices.EqualFunc(first.Legal, p.Legal, proto.Equal) &&
		slices.EqualFunc(first.Templates, p.Templates, func(a, b engine.Template) bool {
			return a.Name == b.Name && proto.Equal(a.Command, b.Command) && len(a.Params) == len(b.Params)
		})
	if !same {
		return fmt.Errorf("firstPrompt %+v is not Prompts()[0] %+v", first, p)
	}
	return nil
}

// fold accounts for one body.
func (w *watcher) fold(e *pb.Event) error {
	w.kinds[events.Name(e)]++
	switch k := e.Kind.(type) {
	case *pb.Event_GameStarted:
		n := int(k.GameStarted.GetPlayers())
		w.money, w.dice = make([]int, n), make([]int, n)
		w.players, w.casinos = n, map[pb.DrinkingPlace]bool{}
		w.version = int(k.GameStarted.GetHouseRulesVersion())
		if w.house = printed.HouseTables[w.version]; w.house == nil {
			return fmt.Errorf("a game of house rules version %d", w.version)
		}
		for i := range n {
			w.money[i], w.dice[i] = printed.StartingMoney, printed.StartingDice
		}
	case *pb.Event_RoundStarted:
		w.windfalls, w.broken, w.refused = map[pb.DrinkingPlace]bool{}, map[pb.DrinkingPlace]bool{}, map[pb.DrinkingPlace]bool{}
		w.insideJobs = map[int32]bool{}
	case *pb.Event_MusclePaid:
		for _, p := range k.MusclePaid.GetPayments() {
			if p.GetPaid() > p.GetMuscleCost()+p.GetGraft()+p.GetCasinoGraft() || p.GetPaid() < 0 {
				return fmt.Errorf("seat %d pays %d for %d + %d", p.GetSeat(), p.GetPaid(), p.GetMuscleCost(), p.GetGraft())
			}
			w.money[p.GetSeat()] -= int(p.GetPaid())
		}
	case *pb.Event_CardTaken:
		return w.taken(k.CardTaken)
	case *pb.Event_CasinoCardTaken:
		c := k.CasinoCardTaken
		want := int32(casinoCardCost(c.GetKind()))
		if spec, _ := printed.CasinoCard(c.GetKind()); spec.Keep || c.GetWasted() {
			want = 0
		}
		if c.GetPaid() != want {
			return fmt.Errorf("Casino card %d (%v) taken for %d", c.GetCardId(), c.GetKind(), c.GetPaid())
		}
		w.money[c.GetSeat()] -= int(c.GetPaid())
	case *pb.Event_TruckBought:
		if int(k.TruckBought.GetBribe()) != w.house.Truck(printed.TruckSizeOf(int(k.TruckBought.GetTruck()))).Bribe {
			return fmt.Errorf("truck %d bought for %d", k.TruckBought.GetTruck(), k.TruckBought.GetBribe())
		}
		w.money[k.TruckBought.GetSeat()] -= int(k.TruckBought.GetBribe())
	case *pb.Event_TradeProposed:
		w.offers[k.TradeProposed.GetOfferId()] = k.TradeProposed
	case *pb.Event_TradeAnswered:
		if t := w.offers[k.TradeAnswered.GetOfferId()]; k.TradeAnswered.GetAccepted() {
			give, get := int(t.GetGive().GetMoney()), int(t.GetGet().GetMoney())
			w.money[t.GetFrom()] += get - give
			w.money[t.GetTo()] += give - get
		}
	case *pb.Event_CasinoRedeveloped:
		w.casinos[k.CasinoRedeveloped.GetPlace()] = true
		return w.redeveloped(k.CasinoRedeveloped)
	case *pb.Event_CasinoOwnerDiscarded:
		w.dice[k.CasinoOwnerDiscarded.GetSeat()] -= int(k.CasinoOwnerDiscarded.GetDice())
	case *pb.Event_StillFired:
		w.crates += int(k.StillFired.GetCrates())
	case *pb.Event_CasinoCardPlayed:
		w.casinoCard(k.CasinoCardPlayed)
	case *pb.Event_CommissionAnswered:
		if p := k.CommissionAnswered.GetPaid(); p != 0 && p != printed.StateGamingCommissionFee {
			return fmt.Errorf("a State Gaming Commission of %d", p)
		}
		w.money[k.CommissionAnswered.GetSeat()] -= int(k.CommissionAnswered.GetPaid())
		w.refused[k.CommissionAnswered.GetPlace()] = k.CommissionAnswered.GetPaid() == 0
	case *pb.Event_WhiskeySold:
		return w.sold(k.WhiskeySold)
	case *pb.Event_SellingEnded:
		for _, c := range k.SellingEnded.GetCratesReturned() {
			w.crates -= int(c.GetCount())
		}
		if w.crates != 0 {
			return fmt.Errorf("%d crates unaccounted for after the selling", w.crates)
		}
	}
	return nil
}

// redeveloped accounts for a redevelopment: the base price to the bank,
// and each payment to its Mobster, at the printed price a marker (rulings
// 73, 74, 80).
func (w *watcher) redeveloped(e *pb.CasinoRedeveloped) error {
	c, _ := printed.BoardwalkTables[w.version].Casino(e.GetPlace())
	total := int(e.GetBasePrice())
	if total != c.BasePrice {
		return fmt.Errorf("%v redeveloped for a base price of %d", e.GetPlace(), total)
	}
	for _, p := range e.GetPayments() {
		each := int(p.GetPaid()) / max(1, int(p.GetMarkers()))
		if p.GetSeat() == e.GetSeat() && p.GetPaid() != 0 ||
			p.GetSeat() != e.GetSeat() && each != printed.CasinoMarkerPrice && each != printed.ThrowTheBumsOutPrice {
			return fmt.Errorf("seat %d paid %d for %d markers", p.GetSeat(), p.GetPaid(), p.GetMarkers())
		}
		w.money[p.GetSeat()] += int(p.GetPaid())
		total += int(p.GetPaid())
	}
	if f := e.GetOrdinanceFee(); f != 0 && f != printed.NewCityOrdinanceFee {
		return fmt.Errorf("a New City Ordinance's fee of %d", f)
	}
	total += int(e.GetOrdinanceFee())
	if total != int(e.GetTotal()) {
		return fmt.Errorf("a redevelopment totals %d, not %d", e.GetTotal(), total)
	}
	w.money[e.GetSeat()] -= total
	return nil
}

// taken accounts for a card taken: its printed cost, or nothing when
// wasted; a die on a still, or a Remote Still built.
func (w *watcher) taken(c *pb.CardTaken) error {
	spec, _ := printed.Card(c.GetKind())
	want := int32(spec.Cost)
	if c.GetWasted() {
		want = 0
	}
	if c.GetPaid() != want || c.GetKind() != printed.CardKindOf(int(c.GetCardId())) {
		return fmt.Errorf("card %d (%v) taken for %d", c.GetCardId(), c.GetKind(), c.GetPaid())
	}
	w.money[c.GetSeat()] -= int(c.GetPaid())
	if c.Still != nil {
		w.dice[c.GetSeat()]++
	}
	return nil
}

// sold accounts for a sale: the place's price per crate to each seller
// and its bonus per crate bought to the owner (ruling 44).
func (w *watcher) sold(s *pb.WhiskeySold) error {
	price, bonus := w.house.OMalleysPrice, 0
	if n, ok := w.house.Speakeasy(s.GetPlace()); ok {
		price, bonus = n.Price, n.OwnerBonus
	}
	if per := printed.CasinoPerCrate(s.GetPlace(), w.players); w.casinos[s.GetPlace()] {
		price, bonus = per, per
		w.money[s.GetOwner()] += int(s.GetGamblingProfit())
	}
	total := 0
	for _, sale := range s.GetSales() {
		if int(sale.GetPaid()) != int(sale.GetCrates())*price {
			return fmt.Errorf("truck %d paid %d for %d crates at %v", sale.GetTruck(), sale.GetPaid(), sale.GetCrates(), s.GetPlace())
		}
		w.money[sale.GetSeller()] += int(sale.GetPaid())
		total += int(sale.GetCrates())
	}
	w.crates -= total
	if s.Owner != nil {
		windfall := 0
		if w.windfalls[s.GetPlace()] {
			windfall = printed.GamblingWindfallBonus
		}
		diverted, err := w.insideJob(s, bonus+windfall)
		if err != nil {
			return err
		}
		owed := total
		if w.version < rulingsReadAgain {
			// Version 2's ruling 97: the owner is not paid for them.
			owed -= diverted
		}
		windfall *= owed
		if withheld := w.broken[s.GetPlace()] || w.refused[s.GetPlace()]; withheld != s.GetOwnerWithheld() || withheld && s.GetGamblingProfit() != 0 {
			return fmt.Errorf("the owner at %v withheld %v, gambling %d", s.GetPlace(), s.GetOwnerWithheld(), s.GetGamblingProfit())
		}
		if s.GetOwnerWithheld() {
			owed, windfall = 0, 0
		}
		if int(s.GetOwnerBonus()) != owed*bonus || int(s.GetGamblingWindfall()) != windfall {
			return fmt.Errorf("the owner at %v paid %d + %d for %d crates", s.GetPlace(), s.GetOwnerBonus(), s.GetGamblingWindfall(), total)
		}
		w.money[s.GetOwner()] += int(s.GetOwnerBonus()) + int(s.GetGamblingWindfall())
	}
	return nil
}

// casinoCard accounts for a Casino card played: the crates Apple Pie!
// adds, and the cards that change a casino's payouts this round.
func (w *watcher) casinoCard(c *pb.CasinoCardPlayed) {
	w.crates += int(c.GetCratesAdded())
	switch {
	case c.GetGamblingWindfall() != nil:
		w.windfalls[c.GetGamblingWindfall().GetPlace()] = true
	case c.GetBreakTheBank() != nil:
		w.broken[c.GetBreakTheBank().GetPlace()] = true
	case c.GetInsideJob() != nil:
		w.insideJobs[c.GetInsideJob().GetTruck()] = true
	}
}

// insideJob checks and pays the Inside Job payouts of a casino's sale: the
// owner's payout (rate a crate) for the crates of the truck named, to its
// seller (ruling 97); it returns the crates so paid (which version 2 did
// not pay the owner for).
func (w *watcher) insideJob(s *pb.WhiskeySold, rate int) (int, error) {
	n := 0
	for _, sale := range s.GetSales() {
		want := 0
		if w.insideJobs[sale.GetTruck()] {
			want = int(sale.GetCrates()) * rate
			n += int(sale.GetCrates())
		}
		if int(sale.GetInsideJob()) != want {
			return 0, fmt.Errorf("truck %d's seller paid %d by Inside Job, want %d", sale.GetTruck(), sale.GetInsideJob(), want)
		}
		w.money[sale.GetSeller()] += want
	}
	return n, nil
}

// compare checks the state against the ledger.
func (w *watcher) compare(s *State) error {
	crates := 0
	for i, p := range s.seats {
		dice := 0
		for _, st := range p.stills {
			dice += st.dice
		}
		if p.money != w.money[i] || dice != w.dice[i] {
			return fmt.Errorf("seat %d has %dG and %d dice; the log gives %dG and %d dice", i, p.money, dice, w.money[i], w.dice[i])
		}
		crates += p.crates
	}
	for _, t := range s.trucks {
		crates += t.crates
	}
	if crates != w.crates {
		return fmt.Errorf("%d crates in play; the log gives %d", crates, w.crates)
	}
	return nil
}

// audience says who may see a body of each kind (ruling 70): a Muscle hand
// and a sealed card their seat only; the set-aside cards and the deck
// orders nobody but the auditor; everything else everybody.
func audience(e *pb.Event) (seats []engine.Seat, private bool) {
	switch k := e.Kind.(type) {
	case *pb.Event_MuscleHand:
		return []engine.Seat{engine.Seat(k.MuscleHand.GetSeat())}, true
	case *pb.Event_MuscleSealed:
		return []engine.Seat{engine.Seat(k.MuscleSealed.GetSeat())}, true
	case *pb.Event_MuscleSetAside, *pb.Event_DeckOrder:
		return nil, true
	}
	return nil, false
}

// checkAudience checks one recorded event against audience.
func checkAudience(r engine.Recorded) error {
	if e := r.Event.Public; e != nil {
		if _, private := audience(e.(*pb.Event)); private {
			return fmt.Errorf("a private kind in a public body: %v", e)
		}
	}
	for _, sec := range r.Event.Private {
		want, private := audience(sec.Body.(*pb.Event))
		if !private || !slices.Equal(sec.Seats, want) {
			return fmt.Errorf("%v sent to %v", sec.Body, sec.Seats)
		}
	}
	return nil
}

// checkViews checks that every seat's view is the spectator's plus its own
// secrets, and that only the auditor's holds the auditor's part.
func checkViews(s *State) error {
	spec := playtest.MarshalView(s.View(engine.SpectatorViewer()))
	for i := range s.players {
		v := s.View(engine.SeatViewer(engine.Seat(i))).(*pb.View)
		for j, sv := range v.Seats {
			if (sv.Secrets != nil) != (j == i) {
				return fmt.Errorf("seat %d sees seat %d's secrets: %v", i, j, sv.Secrets)
			}
			sv.Secrets = nil
		}
		if v.Auditor != nil {
			return fmt.Errorf("seat %d sees the auditor's part", i)
		}
		v.ViewerSeat = nil
		if !bytes.Equal(playtest.MarshalView(v), spec) {
			return fmt.Errorf("seat %d's view, its secrets taken out, is not the spectator's", i)
		}
	}
	a := s.View(engine.AuditorViewer()).(*pb.View)
	for _, sv := range a.Seats {
		if sv.Secrets == nil {
			return fmt.Errorf("the auditor does not see seat %d's hand", sv.Seat)
		}
	}
	if a.Auditor == nil || !proto.Equal(a.Auditor, s.auditorView()) {
		return fmt.Errorf("the auditor's part is wrong")
	}
	return nil
}

// randomCommand makes a command that may or may not be legal, of the
// kinds whose legal forms the prompts list in full (the template-only
// forms, a trade offer or a truck sent out, are left out).
func randomCommand(r *engine.Rand) proto.Message {
	place := func() pb.DrinkingPlace { return pb.DrinkingPlace(r.IntN(printed.PlaceCount + 2)) }
	seat := func() int32 { return int32(r.IntN(printed.MaxPlayers+2)) - 1 }
	switch r.IntN(12) {
	case 0:
		return Cmd(&pb.ChooseMuscle{Card: int32(r.IntN(printed.MuscleCards + 2))})
	case 1:
		t := &pb.TakeMenOfAction{Slot: int32(r.IntN(8)) - 1}
		if r.IntN(3) == 0 {
			t.Still = ptr(int32(r.IntN(3)))
		} else if r.IntN(3) == 0 {
			t.Place = place()
		}
		return Cmd(t)
	case 2:
		return Cmd(&pb.BuyTruck{})
	case 3:
		return Cmd(&pb.PassSelection{})
	case 4, 5:
		return Cmd(randomPlay(r, place, seat))
	case 6:
		c := &pb.SendInTheBoys{}
		if r.IntN(2) == 0 {
			c.Placements = []*pb.Placement{{Place: place(), Markers: int32(r.IntN(4))}}
		}
		return Cmd(c)
	case 7:
		return Cmd(&pb.FireUpTheStill{PlayItCool: r.IntN(2) == 0})
	case 8:
		return Cmd(&pb.AnswerTrade{OfferId: int32(r.IntN(6)), Accept: r.IntN(2) == 0})
	case 9:
		return Cmd(&pb.RunTheWhiskey{})
	case 10:
		return Cmd(&pb.CallTheOrder{Place: place(), Trucks: []int32{int32(r.IntN(printed.TruckFigures)), int32(r.IntN(printed.TruckFigures))}})
	}
	return &pb.Command{}
}

// randomPlay plays a random card with a random target.
func randomPlay(r *engine.Rand, place func() pb.DrinkingPlace, seat func() int32) *pb.PlayCard {
	c := &pb.PlayCard{CardId: int32(r.IntN(printed.MenOfActionCards+2)) - 1}
	colour := func() *pb.Colour {
		if r.IntN(4) == 0 {
			return &pb.Colour{Who: &pb.Colour_Neutral{Neutral: true}}
		}
		return &pb.Colour{Who: &pb.Colour_Seat{Seat: seat()}}
	}
	switch r.IntN(6) {
	case 0:
		h := &pb.Hit{Place: place(), Victims: []*pb.Colour{colour()}}
		if r.IntN(2) == 0 {
			h.Victims = append(h.Victims, colour())
		}
		c.Effect = &pb.PlayCard_Hit{Hit: h}
	case 1:
		c.Effect = &pb.PlayCard_Shutdown{Shutdown: &pb.Shutdown{Seat: seat(), Still: int32(r.IntN(3))}}
	case 2:
		c.Effect = &pb.PlayCard_PayOffTheCopper{PayOffTheCopper: &pb.PayOffTheCopper{}}
	case 3:
		c.Effect = &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: int32(r.IntN(printed.TruckFigures+1)) - 1}}
	case 4:
		c.Effect = &pb.PlayCard_HaltAnOrder{HaltAnOrder: &pb.HaltAnOrder{Truck: int32(r.IntN(printed.TruckFigures+1)) - 1}}
	default:
		c.Effect = &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: place()}}
	}
	return c
}
