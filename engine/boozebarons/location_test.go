package boozebarons

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Casino Regale (Side A): "Reveal the top 3 cards of the Delivery deck. You
// may choose and keep any number of those Delivery cards that match your
// Booze type. Discard any that you do not keep." Other Stuff: "place that
// card at the bottom of the Delivery deck without showing it to any player."
func TestCasinoRegale(t *testing.T) {
	// Deck after the opening nine: 9, 10, 11 on top. 9 porter/blonde/tequila/brandy,
	// 10 porter/hop/bourbon/champagne, 11 hop/rye/bourbon/champagne.
	tb := newTable(t, nil, []pb.BoozeType{porter, rye, merlot})
	tb.move(casino, docks, docks)
	evs := tb.do(0, &pb.TriggerEvent{})
	if c := evs[0].Public.(*pb.Event).GetCasinoRevealed(); c.Count != 3 {
		t.Fatalf("revealed %v", c)
	}
	if got := evs[0].Private[0]; !slices.Equal(got.Seats, []engine.Seat{0}) || !slices.Equal(got.Body.(*pb.Event).GetCasinoCards().CardIds, []int32{9, 10, 11}) {
		t.Fatalf("casino cards %v", got)
	}
	if p := tb.view(seatView(1)).Pending; p.CasinoCount != 3 || len(p.CasinoCards) != 0 {
		t.Fatalf("another seat sees the casino as %v", p)
	}
	if p := tb.view(seatView(0)).Pending; len(p.CasinoCards) != 3 {
		t.Fatalf("the actor sees the casino as %v", p)
	}
	tb.refuse(0, &pb.CasinoKeep{CardIds: []int32{11}}, ReasonBoozeTypeMismatch)
	tb.refuse(0, &pb.CasinoKeep{CardIds: []int32{12}}, ReasonCardNotRevealed)
	tb.refuse(0, &pb.CasinoKeep{CardIds: []int32{9, 9}}, ReasonDuplicateCard)
	if n := len(tb.g.State.Prompts()[0].Legal); n != 4 { // {}, {9}, {10}, {9,10}
		t.Fatalf("%d keep choices offered", n)
	}
	evs = tb.do(0, &pb.CasinoKeep{CardIds: []int32{10}})
	if k := evs[0].Public.(*pb.Event).GetCasinoKept(); !slices.Equal(k.CardIds, []int32{10}) || k.Discarded != 2 {
		t.Fatalf("kept %v", k)
	}
	if d := tb.st().deck; !slices.Equal(d[len(d)-2:], []int32{9, 11}) || len(d) != printed.DeckSize-printed.OpeningDeliveries-1 {
		t.Fatalf("deck bottom %v", d[len(d)-2:])
	}
	if v := tb.view(seatView(1)); v.DeckSize != printed.DeckSize-printed.OpeningDeliveries-1 || len(v.Deck) != 0 {
		t.Fatalf("deck seen as %d %v", v.DeckSize, v.Deck)
	}
}

// River Caves (Side A): "You can only be Tailed by players who are also at
// the River Caves. This event is automatically activated." and "It does not
// require you to use your Action to trigger the Location's Event."
// Officer's Club (Side A): "Tail the player seated to your right."
// Curtain Club (Side A): "Tail the player seated to your left."
func TestRiverCavesOfficersAndCurtainClubs(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{porter, rye, merlot, blonde})
	tb.move(officers, caves, curtain, caves)
	// Seat 0 at the Officer's Club: its right is seat 3, at the River Caves.
	tb.refuse(0, &pb.TriggerEvent{}, ReasonTargetInRiverCaves)
	tb.refuse(0, &pb.TriggerEvent{Target: proto.Int32(3)}, ReasonTargetNotAllowed)
	tb.do(0, &pb.Pass{})
	tb.refuse(1, &pb.TriggerEvent{}, ReasonNoEvent)
	tb.do(1, &pb.Tail{Target: 3}) // both at the River Caves
	tb.do(1, &pb.Decline{})
	// Seat 2 at the Curtain Club: its left is seat 3, at the River Caves.
	tb.refuse(2, &pb.TriggerEvent{}, ReasonTargetInRiverCaves)
	tb.do(2, &pb.Pass{})
	tb.passRest()
	tb.move(curtain, officers, officers, casino)
	evs := tb.do(1, &pb.TriggerEvent{}) // Baron seat 1, at the Officer's Club: right is seat 0
	if tl := evs[0].Public.(*pb.Event).GetTailed(); tl.Target != 0 || tl.Via != officers {
		t.Fatalf("officer's club tails %v", tl)
	}
	tb.do(1, &pb.Expose{Guess: porter})
	evs = tb.do(2, &pb.TriggerEvent{}) // at the Officer's Club too: right is seat 1
	if tl := evs[0].Public.(*pb.Event).GetTailed(); tl.Target != 1 {
		t.Fatalf("officer's club tails %v", tl)
	}
	tb.do(2, &pb.Decline{})
	tb.do(3, &pb.Pass{})
	evs = tb.do(0, &pb.TriggerEvent{}) // Curtain Club: left of seat 0 is seat 1
	if tl := evs[0].Public.(*pb.Event).GetTailed(); tl.Target != 1 || tl.Via != curtain {
		t.Fatalf("curtain club tails %v", tl)
	}
}

// Seedy Pete's (Side A): "Steal a Delivery card that matches your Booze type
// from the player seated to your left or right. If that player still has
// more Delivery cards than you, you may steal a second Delivery card from
// them."
func TestSeedyPetes(t *testing.T) {
	// Seat 1 (rye) collects 0 and 2 (both show rye) over two rounds; seat 0
	// (rye too) then steals both at Seedy Pete's.
	tb := newTable(t, nil, []pb.BoozeType{lager, rye, porter, porter}, 0, 1, 3, 4, 5, 6, 7, 8, 12, 2, 13, 14, 15, 16, 17)
	tb.move(docks, casino, docks, docks)
	tb.do(0, &pb.Pass{})
	tb.do(1, &pb.Deliver{CardId: 0})
	tb.passRest() // draws 12, 2 (2 at the Casino)
	tb.move(casino, pete, casino, casino)
	tb.do(1, &pb.Deliver{CardId: 12}) // Baron seat 1: Seedy Pete's card, shows rye
	tb.passRest()
	tb.move(pete, casino, pete, pete)
	tb.do(2, &pb.Pass{})
	tb.do(3, &pb.TriggerEvent{Target: proto.Int32(0)}) // seat 3's left is seat 0
	tb.do(3, &pb.Decline{})
	tb.refuse(0, &pb.TriggerEvent{Target: proto.Int32(2)}, ReasonTargetNotNeighbour)
	tb.refuse(0, &pb.TriggerEvent{}, ReasonTargetRequired)
	evs := tb.do(0, &pb.TriggerEvent{Target: proto.Int32(1)})
	if got := evs[0].Private[0].Body.(*pb.Event).GetLooked().CardIds; !slices.Equal(got, []int32{0, 12}) {
		t.Fatalf("seedy pete's look %v", got)
	}
	tb.refuse(0, &pb.Expose{Guess: rye}, ReasonWrongStep)
	tb.refuse(0, &pb.Steal{CardId: 12}, ReasonBoozeTypeMismatch) // porter/blonde/rye/brandy
	// Card 0 shows lager. After it, 1 card each: "If that player still has
	// more Delivery cards than you" fails, so the turn ends.
	evs = tb.do(0, &pb.Steal{CardId: 0})
	if got := kindsOf(evs); !slices.Equal(got, []string{"stolen", "turn_ended"}) {
		t.Fatalf("steal gives %v", got)
	}
}

// Seedy Pete's second steal ends the turn; one steal ends it when the
// neighbour no longer has more cards.
func TestSeedyPetesSecondSteal(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{rye, rye, porter}, 0, 1, 3, 4, 5, 6, 7, 8, 12, 2, 13, 14, 15, 16, 17)
	tb.move(docks, casino, docks)
	tb.do(0, &pb.Pass{})
	tb.do(1, &pb.Deliver{CardId: 0})
	tb.passRest()
	tb.move(casino, pete, casino)
	tb.do(1, &pb.Deliver{CardId: 12})
	tb.passRest()
	tb.move(docks, casino, pete)
	tb.do(2, &pb.Pass{})
	tb.do(0, &pb.Pass{})
	tb.do(1, &pb.Deliver{CardId: 2})
	tb.move(pete, docks, casino)
	tb.do(0, &pb.TriggerEvent{Target: proto.Int32(1)}) // 3 cards to 0
	if got := kindsOf(tb.do(0, &pb.Steal{CardId: 12})); !slices.Equal(got, []string{"stolen"}) {
		t.Fatalf("first steal gives %v; seat 1 still has 2 cards to seat 0's 1, so a second steal may follow", got)
	}
	evs := tb.do(0, &pb.Steal{CardId: 0})
	if got := kindsOf(evs); !slices.Equal(got, []string{"stolen", "turn_ended"}) {
		t.Fatalf("second steal gives %v", got)
	}
}

// Docks (Side A): "Choose another player. That player may collect up to 2
// Delivery cards that match their Booze type from any Location(s)."
func TestDocksSideA(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{porter, rye, merlot, blonde})
	tb.move(docks, casino, casino, casino)
	tb.refuse(0, &pb.TriggerEvent{Target: proto.Int32(0)}, ReasonTargetSelf)
	tb.do(0, &pb.TriggerEvent{Target: proto.Int32(2)})
	p := tb.g.State.Prompts()
	if len(p) != 1 || p[0].Seat != 2 || !p[0].MustAct || p[0].Reason != PromptDocksCollect {
		t.Fatalf("prompts %+v", p)
	}
	tb.refuse(0, &pb.Pass{}, engine.ReasonNotYourTurn)
	tb.refuse(1, &pb.Pass{}, engine.ReasonNotYourTurn)
	tb.refuse(2, &pb.Pass{}, ReasonWrongStep)
	// Merlot cards waiting: 1 (Casino), 4 (Casino), 7 and 8 (River Caves).
	tb.refuse(2, &pb.DocksCollect{CardIds: []int32{1, 4, 7}}, ReasonTooManyCards)
	tb.refuse(2, &pb.DocksCollect{CardIds: []int32{0}}, ReasonBoozeTypeMismatch)
	if n := len(p[0].Legal); n != 1+4+6 {
		t.Fatalf("%d collect choices offered, want 11", n)
	}
	evs := tb.do(2, &pb.DocksCollect{CardIds: []int32{8, 1}})
	if got := kindsOf(evs); !slices.Equal(got, []string{"docks_collected", "turn_ended"}) {
		t.Fatalf("collect gives %v", got)
	}
	if st := tb.st(); st.turn != 1 || !slices.Equal(st.seats[2].faceUp, []int32{1, 8}) || st.seats[2].acted {
		t.Fatalf("after the Docks: turn %d, seat 2 %v", st.turn, st.seats[2])
	}
}

// Docks (Side B): "Choose another player. That player becomes the Booze
// Baron next round."
func TestDocksSideB(t *testing.T) {
	tb := newTable(t, &pb.Options{DocksSide: pb.Side_SIDE_B}, []pb.BoozeType{porter, rye, merlot, blonde})
	tb.move(casino, docks, casino, casino)
	tb.do(0, &pb.Pass{})
	tb.do(1, &pb.TriggerEvent{Target: proto.Int32(3)})
	if v := tb.view(engine.SpectatorViewer()); v.GetNextBaron() != 3 || v.Locations[5].Side != pb.Side_SIDE_B {
		t.Fatalf("next baron %v", v.NextBaron)
	}
	tb.passRest()
	if b := tb.st().baron; b != 3 {
		t.Fatalf("baron %d, want 3", b)
	}
}

// River Caves protects from Tails only: "You can only be Tailed by players
// who are also at the River Caves." Seedy Pete's steals without a Tail.
func TestSeedyPetesReachesTheRiverCaves(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{porter, rye, merlot})
	tb.move(pete, caves, docks)
	tb.do(0, &pb.TriggerEvent{Target: proto.Int32(1)})
	if p := tb.view(seatView(0)).Pending; p.Kind != pb.PendingKind_PENDING_KIND_SEEDY_PETES || p.Target != 1 {
		t.Fatalf("pending %v", p)
	}
}

// Casino Regale with a short deck reveals what is there; with an empty deck
// there is nothing to reveal.
func TestCasinoRegaleShortDeck(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{porter, rye, merlot})
	tb.move(casino, casino, docks)
	st := tb.st()
	st.deck = st.deck[:2] // a test-only shortcut to a nearly empty deck
	if c := tb.do(0, &pb.TriggerEvent{})[0].Public.(*pb.Event).GetCasinoRevealed(); c.Count != 2 {
		t.Fatalf("revealed %d", c.Count)
	}
	tb.do(0, &pb.CasinoKeep{})
	st.deck = nil
	tb.refuse(1, &pb.TriggerEvent{}, ReasonDeckEmpty)
}
