package bootleggers

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Setup and Phase 1, Muscle (Bidding & Driver Graft Phase). Each test
// quotes the rule it checks; "ruling N" is docs/rules/bootleggers.md's.

// The lowest card id of each kind (ids run kind by kind, ruling 48).
var (
	singleID  = cardOfKind(single)
	doubleID  = cardOfKind(double)
	gunsID    = cardOfKind(hiredGuns)
	upgradeID = cardOfKind(stillUpgrade)
	remoteID  = cardOfKind(remoteStill)
	improveID = cardOfKind(improvement)
	hitID     = cardOfKind(hit)
	shutID    = cardOfKind(shutdown)
	payOffID  = cardOfKind(payOff)
	hijackID  = cardOfKind(hijack)
	haltID    = cardOfKind(halt)
	bigID     = cardOfKind(bigNight)
)

func TestSetup(t *testing.T) {
	// "Each player: 10G; one small truck carrying 4 crates; a Family Still
	// with 1 die on it; 1 influence marker in the Back Room ...; the other
	// 19 markers stay in the player's supply." "every player gets 3 cards
	// from each band, 12 in all, one per round."
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		g, evs, err := engine.Start(Rules{}, engine.Config{Players: players}, []byte("setup"))
		if err != nil {
			t.Fatal(err)
		}
		v := g.State.View(engine.AuditorViewer()).(*pb.View)
		for i, sv := range v.Seats {
			bands := sv.GetMuscleBandCounts()
			if sv.Money != 10 || sv.BackRoom != 1 || sv.Supply != 19 || len(sv.Stills) != 1 || sv.Stills[0].Dice != 1 ||
				!slices.Equal(sv.Trucks, []int32{int32(i)}) || sv.MuscleHandCount != 12 || !slices.Equal(bands, []int32{3, 3, 3, 3}) {
				t.Errorf("%d players, seat %d: %v", players, i, sv)
			}
		}
		if v.Round != 1 || v.Phase != muscle || v.Step != pb.Step_STEP_BIDDING || int(v.MenOfActionDeck) != printed.MenOfActionCards-printed.OfferSize(players, v.Options) {
			t.Errorf("%d players: round %d, %v %v, deck %d", players, v.Round, v.Phase, v.Step, v.MenOfActionDeck)
		}
		// The shuffles are recorded: the deck orders travel to no seat.
		shuffles := 0
		for _, ev := range evs {
			if ev.Public.(*pb.Event).GetDeckShuffled() != nil {
				shuffles++
				if len(ev.Private) != 1 || len(ev.Private[0].Seats) != 0 || ev.Private[0].Body.(*pb.Event).GetDeckOrder() == nil {
					t.Errorf("%d players: a deck order shown to %v", players, ev.Private)
				}
			}
		}
		if shuffles != 2 {
			t.Errorf("%d players: %d shuffles", players, shuffles)
		}
	}
}

func TestSetupIsRecordedAndVerifiable(t *testing.T) {
	// Ruling 14-15: the deal and the shuffles are drawn once from the seed,
	// written into events, and the same seed gives the same deal.
	_, a, _ := engine.Start(Rules{}, engine.Config{Players: 4}, []byte("same"))
	_, b, _ := engine.Start(Rules{}, engine.Config{Players: 4}, []byte("same"))
	_, c, _ := engine.Start(Rules{}, engine.Config{Players: 4}, []byte("other"))
	if len(a) != len(b) || !slices.EqualFunc(a, b, engine.EqualEvents) {
		t.Error("the same seed dealt two ways")
	}
	if slices.EqualFunc(a, c, engine.EqualEvents) {
		t.Error("two seeds dealt alike")
	}
	if err := engine.Verify(Module(), engine.Config{Players: 4}, []byte("same"), nil, recorded(a)); err != nil {
		t.Error(err)
	}
}

func recorded(evs []engine.Event) []engine.Recorded {
	out := make([]engine.Recorded, len(evs))
	for i, ev := range evs {
		out[i] = engine.Recorded{Seq: int64(i + 1), Event: ev}
	}
	return out
}

func TestUndealtMuscleCardsAreSetAside(t *testing.T) {
	// Ruling 14: "With 3-5 Mobsters the Muscle cards not dealt (the rest of
	// each band) are set aside face down, unseen, for the whole game ...
	// only their number is public."
	tb := newTable(t, 3, nil)
	if got := len(tb.st().setAside); got != printed.MuscleCards-3*12 {
		t.Errorf("%d set aside", got)
	}
	if a := tb.view(engine.SpectatorViewer()).Auditor; a != nil {
		t.Errorf("a spectator sees %v", a)
	}
	if a := tb.view(engine.AuditorViewer()).Auditor; len(a.SetAside) != 36 {
		t.Errorf("the auditor sees %v", a)
	}
}

func TestPhaseOneSequence(t *testing.T) {
	// Ruling 17: the offer, then the sealed bids, then one reveal, the
	// payments, and the selection in Muscle order; seats are numbered from
	// 0 and where they sit plays no part (ruling 3). "Turn up one Men of
	// Action card per player and one Truck card."
	tb := newTable(t, 4, nil)
	s := tb.st()
	if len(s.offer.slots) != 4 || s.offer.truck != printed.Colours || s.step != pb.Step_STEP_BIDDING {
		t.Fatalf("offer %v, truck %d, step %v", s.offer.slots, s.offer.truck, s.step)
	}
	evs := tb.bid(1, 4, 7, 28)
	names := []string{}
	for _, e := range evs {
		names = append(names, events.Name(e))
	}
	want := []string{"muscle_chosen", "muscle_chosen", "muscle_chosen", "muscle_chosen", "muscle_revealed", "muscle_paid"}
	if !slices.Equal(names, want) {
		t.Errorf("events %v", names)
	}
	// "Highest number acts first in every phase of the round."
	if s := tb.st(); s.step != pb.Step_STEP_SELECTION || s.current() != 3 {
		t.Errorf("step %v, turn of seat %d", s.step, s.current())
	}
	order := kinds(evs, "muscle_revealed")[0].GetMuscleRevealed().GetOrder()
	if order[0].GetSeat() != 3 || order[1].GetSeat() != 2 || order[3].GetSeat() != 0 {
		t.Errorf("order %v", order)
	}
}

func TestSealedBids(t *testing.T) {
	// Ruling 18: "A sealed card cannot be changed or taken back
	// (ALREADY_CHOSEN) ... Until the reveal the table knows only who has
	// sealed." Only a card in hand may be sealed.
	tb := newTable(t, 3, nil)
	tb.refuse(0, &pb.ChooseMuscle{Card: 4}, ReasonNotInHand)
	tb.refuse(0, &pb.ChooseMuscle{Card: 0}, ReasonNotInHand)
	tb.do(0, &pb.ChooseMuscle{Card: 55})
	tb.refuse(0, &pb.ChooseMuscle{Card: 56}, ReasonAlreadyChosen)
	if sv := tb.view(seatView(1)).Seats[0]; !sv.HasChosen || sv.Muscle != 0 || sv.Secrets != nil {
		t.Errorf("seat 1 sees seat 0 as %v", sv)
	}
	if sec := tb.view(seatView(0)).Seats[0].Secrets; sec.GetSealedMuscle() != 55 {
		t.Errorf("seat 0 sees its own sealed card as %v", sec)
	}
	// The sealed card is a private part for its seat alone.
	last := tb.log[len(tb.log)-1].Event
	if len(last.Private) != 1 || !slices.Equal(last.Private[0].Seats, []engine.Seat{0}) {
		t.Errorf("the sealed card went to %v", last.Private)
	}
	tb.refuse(0, &pb.TakeMenOfAction{Slot: 0}, ReasonWrongPhase)
}

func TestPaymentsAndGraft(t *testing.T) {
	// "Each player pays the cost printed on his Muscle card plus graft for
	// every truck he owns." Ruling 19: "a truck bought in this round's
	// selection first pays in the next round."
	tb := newTable(t, 3, nil)
	evs := tb.bid(55, 4, 43)
	pay := kinds(evs, "muscle_paid")[0].GetMusclePaid().GetPayments()
	small := int32(printed.Truck(small).Graft)
	for _, c := range []struct {
		seat       int
		cost, paid int32
	}{{0, int32(printed.MuscleCostOf(55)), int32(printed.MuscleCostOf(55)) + small}, {1, 0, small}, {2, int32(printed.MuscleCostOf(43)), int32(printed.MuscleCostOf(43)) + small}} {
		if p := pay[c.seat]; p.MuscleCost != c.cost || p.Graft != small || p.Paid != c.paid {
			t.Errorf("seat %d paid %v", c.seat, p)
		}
	}
	// Seat 0 (55) acts first and buys the Truck card: it pays its bribe
	// now and its graft from the next round.
	money := tb.st().seats[0].money
	tb.do(0, &pb.BuyTruck{})
	if got := tb.st().seats[0].money; got != money-printed.Truck(printed.TruckSizeOf(printed.Colours)).Bribe {
		t.Errorf("after the bribe %d, before %d", got, money)
	}
	if tb.st().trucks[printed.Colours].owner != 0 || tb.st().graft(0) != 2*int(small) {
		t.Errorf("truck %v, graft %d", tb.st().trucks[printed.Colours], tb.st().graft(0))
	}
}

func TestCannotPay(t *testing.T) {
	// Ruling 20: a Mobster who cannot pay it all pays the Muscle cost as
	// far as he can, then keeps his trucks largest first while what is left
	// covers each one's graft; a Truck card's truck he cannot cover is
	// impounded (to the bottom of the Truck deck); his starting truck's
	// graft is forgiven: it is a small truck without a card and never leaves
	// him (ruling 16). Money never goes below 0 (ruling 1).
	tb := newTable(t, 3, nil)
	s := tb.st()
	s.trucks[17].owner, s.truckDeck = 0, slices.DeleteFunc(s.truckDeck, func(id int) bool { return id == 17 }) // a large truck
	s.trucks[12].owner, s.truckDeck = 0, slices.DeleteFunc(s.truckDeck, func(id int) bool { return id == 12 }) // a medium truck
	s.seats[0].money = printed.MuscleCostOf(55) + printed.Truck(small).Graft
	tb.w.money[0] = s.seats[0].money
	evs := tb.bid(55, 4, 7)
	p := kinds(evs, "muscle_paid")[0].GetMusclePaid().GetPayments()[0]
	// What is left after card 55's cost is a small truck's graft, which
	// covers neither the large truck's graft nor the medium's; the starting
	// truck's graft is paid.
	if printed.Truck(small).Graft >= printed.Truck(medium).Graft {
		t.Fatal("the test needs a medium truck's graft above a small one's")
	}
	if !slices.Equal(p.Impounded, []int32{12, 17}) || p.Paid != int32(printed.MuscleCostOf(55)+printed.Truck(small).Graft) || tb.st().seats[0].money != 0 {
		t.Errorf("payment %v, money %d", p, tb.st().seats[0].money)
	}
	if s := tb.st(); s.trucks[12].owner != noSeat || s.truckDeck[len(s.truckDeck)-1] != 17 || s.trucks[0].owner != 0 {
		t.Errorf("trucks %v, deck %v", s.trucks[:1], s.truckDeck)
	}
	// Broke, it still acts (ruling 20) and keeps its starting truck.
	tb.endRound()
	evs = tb.bid(1, 5, 8)
	if p := kinds(evs, "muscle_paid")[0].GetMusclePaid().GetPayments()[0]; p.Paid != 0 || len(p.Impounded) != 0 || tb.st().trucks[0].owner != 0 {
		t.Errorf("broke: %v", p)
	}
	tb.do(2, &pb.PassSelection{})
	tb.do(1, &pb.PassSelection{})
	tb.do(0, &pb.TakeMenOfAction{Slot: 0})
}

func TestSelection(t *testing.T) {
	// "In Muscle order each player takes either one Men of Action card or
	// the Truck card, not both." Ruling 22: or passes; "a passed card stays
	// for those after him."
	tb := newTable(t, 3, nil, hitID, singleID, upgradeID)
	tb.bid(1, 4, 7)
	tb.refuse(0, &pb.PassSelection{}, engine.ReasonNotYourTurn)
	tb.do(2, &pb.PassSelection{})
	tb.do(1, &pb.TakeMenOfAction{Slot: 0})
	tb.refuse(0, &pb.TakeMenOfAction{Slot: 0}, ReasonCardTaken)
	tb.refuse(0, &pb.TakeMenOfAction{Slot: 3}, ReasonBadSlot)
	tb.do(0, &pb.TakeMenOfAction{Slot: 1})
	s := tb.st()
	if s.phase != sendIn || !slices.Equal(s.seats[1].kept, []int{hitID}) || s.seats[0].backRoom != 2 {
		t.Errorf("phase %v, kept %v, back room %d", s.phase, s.seats[1].kept, s.seats[0].backRoom)
	}
}

func TestUseNowCards(t *testing.T) {
	// Ruling 23: "A use-now card takes effect the moment it is taken, with
	// its target named in the same command ... Its cost is paid to the bank
	// then; a Mobster who cannot pay cannot take it (CANNOT_AFFORD). If the
	// effect cannot happen at all ... it is then wasted and costs nothing.
	// An effect that can happen only in part ... happens as far as it can,
	// at the full cost."
	tb := newTable(t, 3, nil, gunsID, remoteID, upgradeID)
	tb.bid(1, 4, 61)
	s := tb.st()
	s.seats[2].money, tb.w.money[2] = spec(hiredGuns).Cost-1, spec(hiredGuns).Cost-1
	tb.refuse(2, &pb.TakeMenOfAction{Slot: 0}, ReasonCannotAfford)
	s.seats[2].money, tb.w.money[2] = spec(stillUpgrade).Cost, spec(stillUpgrade).Cost
	tb.refuse(2, &pb.TakeMenOfAction{Slot: 2}, ReasonBadTarget)
	tb.refuse(2, &pb.TakeMenOfAction{Slot: 2, Still: ptr(int32(1))}, ReasonBadTarget)
	tb.refuse(2, &pb.TakeMenOfAction{Slot: 1, Still: ptr(int32(0))}, ReasonBadTarget)
	evs := tb.do(2, &pb.TakeMenOfAction{Slot: 2, Still: ptr(int32(0))})
	if c := evs[0].GetCardTaken(); c.GetStill() != 0 || int(c.GetPaid()) != spec(stillUpgrade).Cost || tb.st().seats[2].stills[0].dice != 2 {
		t.Errorf("Still Upgrade: %v", c)
	}
	// Hired Guns with one marker left in the supply: one marker, full cost
	// (the supply is a limit, ruling 2).
	s = tb.st()
	s.seats[1].supply, s.seats[1].backRoom = 1, 19
	tb.do(1, &pb.TakeMenOfAction{Slot: 0})
	if p := tb.st().seats[1]; p.supply != 0 || p.backRoom != 20 || p.money != 10-printed.Truck(small).Graft-spec(hiredGuns).Cost {
		t.Errorf("Hired Guns in part: %+v", p)
	}
	// A Remote Still when none is left (6 in the box, ruling 2): wasted,
	// free.
	tb.st().remoteStillsLeft, tb.unwatched = 0, true
	evs = tb.do(0, &pb.TakeMenOfAction{Slot: 1})
	if c := evs[0].GetCardTaken(); !c.GetWasted() || c.GetPaid() != 0 || len(tb.st().seats[0].stills) != 1 {
		t.Errorf("a wasted Remote Still: %v", c)
	}
}

func spec(k pb.CardKind) printed.CardSpec {
	c, _ := printed.Card(k)
	return c
}

func TestTruckCards(t *testing.T) {
	// Ruling 24: "The bribe is paid when the card is taken (refused if he
	// cannot pay); the truck is his at once (and runs in this round's Phase
	// 4) ... A Truck card left on offer goes to the bottom of the Truck deck
	// in Phase 6." Ruling 15: "When the Truck deck is empty no Truck card is
	// offered."
	tb := newTable(t, 3, nil)
	tb.bid(1, 4, 61)
	tb.st().seats[2].money, tb.w.money[2] = 1, 1
	tb.refuse(2, &pb.BuyTruck{}, ReasonCannotAfford)
	tb.endRound()
	if s := tb.st(); s.truckDeck[len(s.truckDeck)-1] != printed.Colours || s.offer.truck != printed.Colours+1 {
		t.Errorf("the untaken truck: deck %v, offer %d", s.truckDeck, s.offer.truck)
	}
	tb.st().truckDeck, tb.st().seats[2].money, tb.unwatched = nil, 10, true
	tb.bid(2, 5, 62)
	tb.do(2, &pb.BuyTruck{})
	tb.endRound()
	if tb.st().offer.truck != noTruck || tb.view(engine.SpectatorViewer()).Offer.Truck != nil {
		t.Error("a Truck card offered from an empty deck")
	}
}

func TestKeptCardsArePublic(t *testing.T) {
	// Ruling 25: kept Men of Action cards are public: the offer is face up
	// ("turn over 5 Men of Action cards and place them on the board") and
	// the event that takes one names it; every view shows every seat's kept
	// cards.
	tb := newTable(t, 3, nil, hitID)
	tb.bid(1, 4, 61)
	evs := tb.do(2, &pb.TakeMenOfAction{Slot: 0})
	if int(evs[0].GetCardTaken().GetCardId()) != hitID {
		t.Errorf("the taking names %v", evs[0])
	}
	for _, v := range []engine.Viewer{engine.SpectatorViewer(), seatView(0), seatView(1)} {
		if got := tb.view(v).Seats[2].KeptCards; !slices.Equal(got, []int32{int32(hitID)}) {
			t.Errorf("%v sees seat 2's kept cards as %v", v, got)
		}
	}
}

func TestMuscleCardsDiscardedFaceUp(t *testing.T) {
	// Ruling 27: "Played Muscle cards are discarded at the end of the
	// round. ... They are discarded face up, so every seat's count of cards
	// left in each band is public."
	tb := newTable(t, 3, nil)
	tb.endRound(1, 4, 61)
	if v := tb.view(engine.SpectatorViewer()); !slices.Equal(v.MuscleDiscards, []int32{1, 4, 61}) ||
		!slices.Equal(v.Seats[2].MuscleBandCounts, []int32{3, 3, 3, 2}) {
		t.Errorf("discards %v, seat 2's bands %v", v.MuscleDiscards, v.Seats[2].MuscleBandCounts)
	}
}

func TestMenOfActionReshuffle(t *testing.T) {
	// Ruling 15: "When the Men of Action deck cannot fill the offer, its
	// discard pile is shuffled (recorded like the first shuffle) and the
	// offer filled from it."
	tb := newTable(t, 3, nil)
	s := tb.st()
	s.menDiscard = append(s.menDiscard, s.menDeck[2:]...)
	s.menDeck = s.menDeck[:2]
	tb.endRound(1, 4, 61)
	var shuffled *pb.DeckShuffled
	for _, r := range tb.log[len(tb.log)-4:] {
		if d := r.Event.Public.(*pb.Event).GetDeckShuffled(); d != nil {
			shuffled = d
			if len(r.Event.Private) != 1 || len(r.Event.Private[0].Seats) != 0 {
				t.Errorf("the new order went to %v", r.Event.Private)
			}
		}
	}
	if shuffled == nil || !shuffled.Reshuffle || len(tb.st().offer.slots) != 3 || len(tb.st().menDiscard) != 0 {
		t.Errorf("reshuffle %v, offer %v", shuffled, tb.st().offer.slots)
	}
	if err := tb.st().checkInvariants(); err != nil {
		t.Error(err)
	}
}

func TestMusclingIn(t *testing.T) {
	// "Muscling In – Unplaced Influence markers add to your Muscle card.
	// Ties are broken by the values of unmodified Muscle cards (highest wins
	// tie)." Ruling 68: the Back Room at the reveal counts.
	tb := newTable(t, 3, &pb.Options{MusclingIn: true})
	s := tb.st()
	s.seats[0].supply, s.seats[0].backRoom = 14, 6 // 20 + 6 = 26
	s.seats[1].supply, s.seats[1].backRoom = 16, 4 // 22 + 4 = 26, ties
	evs := tb.bid(20, 22, 43)                      // 26, 26 and 44
	order := kinds(evs, "muscle_revealed")[0].GetMuscleRevealed().GetOrder()
	got := []int32{order[0].GetSeat(), order[1].GetSeat(), order[2].GetSeat()}
	if !slices.Equal(got, []int32{2, 1, 0}) || order[1].GetValue() != 26 || order[2].GetValue() != 26 {
		t.Errorf("order %v", order)
	}
}

func TestNeedALittleHelp(t *testing.T) {
	// "Need a Little Help - In a three Mobster game, turn over an
	// additional Men of Action card (i.e. there is an extra card choice)
	// each Round to allow for more choices." Ruling 69: refused otherwise.
	tb := newTable(t, 3, &pb.Options{NeedALittleHelp: true})
	if len(tb.st().offer.slots) != 4 {
		t.Errorf("%d cards on offer", len(tb.st().offer.slots))
	}
	if _, err := (Rules{}).Setup(engine.Config{Players: 4, Options: &pb.Options{NeedALittleHelp: true}}, engine.NewRand([32]byte{})); err == nil {
		t.Error("Need a Little Help accepted for 4 players")
	}
}

func TestOptionsChecked(t *testing.T) {
	if _, err := (Rules{}).Setup(engine.Config{Players: 3, Options: &pb.Command{}}, engine.NewRand([32]byte{})); err == nil {
		t.Error("foreign options accepted")
	}
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 2, Options: &pb.Options{PlayItCool: true}}, []byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	if o := g.State.View(engine.SpectatorViewer()).(*pb.View).Options; !proto.Equal(o, &pb.Options{Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS,
		PlayItCool: true, OwnerThreshold: pb.OwnerThreshold_OWNER_THRESHOLD_AT_LEAST_HALF}) {
		t.Errorf("options %v", o)
	}
}
