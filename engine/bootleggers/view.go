package bootleggers

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// View returns what v may know, and nothing else. This is the one redaction
// path for views (ruling 70): everything is public except
//   - a Muscle hand and a sealed Muscle card: their seat's (SeatSecrets);
//   - the Muscle cards set aside, the Non-Player hands' order and both
//     decks' orders: the auditor's (AuditorView); only their sizes are
//     public.
//
// Kept Men of Action cards are public (ruling 25), and so are money, trade
// offers and every count.
func (s *State) View(v engine.Viewer) proto.Message {
	out := &pb.View{}
	if s.players == 0 {
		return out
	}
	out.Players, out.Options = int32(s.players), proto.Clone(s.opts).(*pb.Options)
	if v.Kind == engine.Player {
		out.ViewerSeat = ptr(int32(v.Seat))
	}
	out.Round, out.Phase, out.Step = int32(s.round), s.phase, s.step
	if seat := s.awaited(); seat != noSeat {
		out.Turn = ptr(int32(seat))
	}
	for _, c := range s.order {
		out.MuscleOrder = append(out.MuscleOrder, contenderMsg(c))
	}
	for i := range s.seats {
		out.Seats = append(out.Seats, s.seatView(i, v))
	}
	for i := range s.places {
		out.Places = append(out.Places, s.placeView(printed.Places[i].Place))
	}
	out.Offer = s.offerView()
	for id, t := range s.trucks {
		if t.owner != noSeat {
			out.Trucks = append(out.Trucks, s.truckView(id))
		}
	}
	if s.copper != noSeat {
		out.Copper = ptr(int32(s.copper))
	}
	out.NeutralSupply = int32(s.neutralSupply)
	for h, np := range s.nonPlayers {
		out.NonPlayerHands = append(out.NonPlayerHands, &pb.NonPlayerHandView{Hand: int32(h), CardsLeft: int32(len(np.cards)), Muscle: int32(np.muscle)})
	}
	out.MenOfActionDeck, out.MenOfActionDiscards = int32(len(s.menDeck)), int32s(s.menDiscard)
	out.TruckDeck, out.RemoteStillsLeft = int32(len(s.truckDeck)), int32(s.remoteStillsLeft)
	out.CasinoDeck = int32(len(s.casinoDeck))
	out.CasinoDiscards = int32s(s.casinoDiscard)
	out.Boardwalk, out.OmalleysCuts = s.boardwalkSupply(), int32(s.omalleysCuts)
	for _, t := range s.trades {
		out.Trades = append(out.Trades, &pb.TradeView{OfferId: int32(t.id), From: int32(t.from), To: int32(t.to),
			Give: goodsMsg(t.give), Get: goodsMsg(t.get)})
	}
	out.MuscleDiscards = int32s(s.muscleDiscards)
	if s.call != nil {
		out.Call = &pb.CallView{Seat: int32(s.call.seat), Place: s.call.place, Trucks: int32s(s.call.trucks), Tier: s.call.tier}
	}
	if v.SeesAll() {
		out.Auditor = s.auditorView()
	}
	if s.result != nil {
		out.Result = proto.Clone(s.result).(*pb.GameEnded)
	}
	return out
}

// awaited returns the seat whose turn or call the game waits for, or noSeat.
func (s *State) awaited() int {
	if s.call != nil {
		return s.call.seat
	}
	return s.current()
}

func (s *State) seatView(i int, v engine.Viewer) *pb.SeatView {
	p := &s.seats[i]
	sv := &pb.SeatView{Seat: int32(i), Money: int32(p.money), Supply: int32(p.supply), BackRoom: int32(p.backRoom),
		Crates: int32(p.crates), Trucks: int32s(s.ownedTrucks(i)), KeptCards: int32s(p.kept), KeptCasinoCards: int32s(p.keptCasino), Resigned: p.resigned,
		MuscleHandCount: int32(len(p.hand)), HasChosen: s.bids.HasChosen(engine.Seat(i)), Muscle: int32(p.muscle),
		Done: p.done, Produced: int32(p.produced), RangUp: p.rangUp, OffersMade: int32(p.offers),
		NewCityOrdinance: p.ordinance, CasinoCardsPassed: p.cardsPassed, MarkersDestroyed: int32(p.destroyed)}
	for j, st := range p.stills {
		sv.Stills = append(sv.Stills, &pb.StillView{Still: int32(j), Dice: int32(st.dice), ShutDown: st.shutDown})
	}
	bands := make([]int32, printed.MuscleBands)
	for _, c := range p.hand {
		bands[printed.MuscleBand(c)]++
	}
	sv.MuscleBandCounts = bands
	if v.SeesAll() || v.IsSeat(engine.Seat(i)) {
		sv.Secrets = &pb.SeatSecrets{MuscleHand: int32s(p.hand)}
		if s.bids.HasChosen(engine.Seat(i)) {
			sv.Secrets.SealedMuscle = ptr(int32(s.bids.Choice(engine.Seat(i))))
		}
	}
	return sv
}

func (s *State) placeView(p pb.DrinkingPlace) *pb.PlaceView {
	st := s.place(p)
	pv := &pb.PlaceView{Place: p, Kind: st.kind, InPlay: st.inPlay, Improvements: int32(st.improvements),
		Open: s.open(p), Line: int32s(st.line), BigNight: st.bigNight, EntertainmentActs: int32(st.acts),
		CasinoCards: st.cards.view()}
	if n, ok := s.house.Speakeasy(p); ok {
		pv.Circles, pv.Minimum, pv.Dice = int32(n.Circles), int32(n.Minimum), int32(n.Dice)
		pv.Price, pv.OwnerBonus = int32(n.Price), int32(n.OwnerBonus)
	} else {
		pv.Price = int32(s.house.OMalleysPrice)
	}
	if st.kind == casino {
		per := int32(printed.CasinoPerCrate(p, s.players))
		pv.Circles, pv.Minimum, pv.Dice, pv.Price, pv.OwnerBonus = 0, 0, int32(s.casinoDice(p)), per, per
	}
	for c, n := range st.markers {
		if n > 0 {
			pv.Markers = append(pv.Markers, &pb.ColourCount{Colour: colourMsg(colour(c)), Markers: int32(n)})
		}
	}
	if m, ok := s.majority(p); ok {
		pv.Majority = colourMsg(m)
	}
	if o, ok := s.owner(p); ok {
		pv.Owner = colourMsg(o)
	}
	if r := st.roll; r != nil {
		pv.Consumption = &pb.Consumption{Place: p, Dice: int32s(r.dice), Dropped: int32(r.dropped),
			Improvements: int32(st.improvements), Consumption: int32(r.total)}
	}
	return pv
}

// boardwalkSupply is the Boardwalk's preparation as it stands: "Place
// Casinos and Entertainment Act Tiles within reach." Every placard the
// table uses, in the supply or placed, and the tiles placed; nil without
// the expansion.
func (s *State) boardwalkSupply() *pb.BoardwalkSupply {
	if !s.opts.GetBoardwalk() {
		return nil
	}
	out := &pb.BoardwalkSupply{}
	for _, c := range s.boardwalk.Casinos {
		if !printed.CasinoAvailable(c.Place, s.players) {
			continue
		}
		st := s.place(c.Place)
		v := &pb.CasinoPlacardView{Place: c.Place, InSupply: st.kind != casino, BasePrice: int32(c.BasePrice),
			PerCrate: int32(printed.CasinoPerCrate(c.Place, s.players)), Dice: int32(s.casinoDice(c.Place))}
		if st.kind == casino {
			v.Owner, v.EntertainmentActs = ptr(int32(st.casinoOwner)), int32(st.acts)
			out.EntertainmentActsPlaced += int32(st.acts)
		}
		out.Casinos = append(out.Casinos, v)
	}
	return out
}

func (s *State) offerView() *pb.OfferView {
	out := &pb.OfferView{}
	for i, sl := range s.offer.slots {
		v := &pb.OfferSlotView{Slot: int32(i)}
		if sl.card != noCard {
			v.CardId, v.Kind = ptr(int32(sl.card)), printed.CardKindOf(sl.card)
		}
		if sl.hand != noHand {
			v.NonPlayerHand = ptr(int32(sl.hand))
		}
		out.Slots = append(out.Slots, v)
	}
	if s.offer.truck != noTruck {
		out.Truck = ptr(int32(s.offer.truck))
	}
	for i, id := range s.offer.casino {
		v := &pb.CasinoSlotView{Slot: int32(i)}
		if id != noCard {
			v.CardId, v.Kind = ptr(int32(id)), printed.CasinoDeck(s.opts)[id]
		}
		out.CasinoSlots = append(out.CasinoSlots, v)
	}
	return out
}

func (s *State) truckView(id int) *pb.TruckView {
	t := s.trucks[id]
	n := s.house.Truck(printed.TruckSizeOf(id))
	tv := &pb.TruckView{Truck: int32(id), Size: n.Size, Capacity: int32(n.Capacity), Graft: int32(n.Graft),
		Owner: int32(t.owner), Crates: int32(t.crates), Place: t.place, Halted: t.halted,
		ApplePie: t.doubled, InsideJob: t.insideJob}
	if t.runner != noSeat {
		tv.Runner = ptr(int32(t.runner))
	}
	return tv
}

func (s *State) auditorView() *pb.AuditorView {
	out := &pb.AuditorView{MenOfActionDeck: int32s(s.menDeck), TruckDeck: int32s(s.truckDeck), SetAside: int32s(s.setAside),
		CasinoDeck: int32s(s.casinoDeck)}
	for h, np := range s.nonPlayers {
		out.NonPlayerHands = append(out.NonPlayerHands, &pb.NonPlayerHand{Hand: int32(h), Cards: int32s(np.cards)})
	}
	return out
}

// goodsMsg is one side of a trade in the contract.
func goodsMsg(g goods) *pb.Goods {
	return &pb.Goods{Money: int32(g.money), Crates: int32(g.crates), Trucks: int32s(g.trucks)}
}

// Outcome returns the result once the game is over: the richest Mobster
// wins, every seat's score is its money.
func (s *State) Outcome() *engine.Outcome {
	if s.result == nil {
		return nil
	}
	o := &engine.Outcome{Winners: []engine.Seat{engine.Seat(s.result.GetWinner())}, Scores: make([]int, s.players)}
	for _, st := range s.result.GetStandings() {
		if int(st.GetSeat()) < s.players {
			o.Scores[st.GetSeat()] = int(st.GetMoney())
		}
	}
	why := "after round 12"
	switch s.result.GetReason() {
	case pb.EndReason_END_REASON_MONEY:
		why = fmt.Sprintf("by the money end after round %d", s.result.GetRound())
	case pb.EndReason_END_REASON_RESIGNED:
		why = fmt.Sprintf("in round %d: every other Mobster resigned", s.result.GetRound())
	}
	o.Summary = fmt.Sprintf("%v wins with %dG, %s", engine.Seat(s.result.GetWinner()), o.Scores[s.result.GetWinner()], why)
	if st := s.result.GetStandings(); len(st) > 1 && st[0].GetMoney() == st[1].GetMoney() {
		o.Summary += " (a tie broken by the higher Muscle card of the last round)"
	}
	return o
}
