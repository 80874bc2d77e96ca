package boozebarons

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Opening cards: ids 0-8 (Casino Regale 0-5, River Caves 6-8).
// Card 0 blonde/lager/rye/chardonnay, 1 blonde/tequila/merlot/champagne,
// 2 porter/rye/bourbon/champagne, 3 porter/lager/lightning/brandy.

// deliveredRoundOne: everybody at the Casino delivers one card, then round 2
// starts (Baron seat 1) with those cards face-down.
func deliveredRoundOne(t *testing.T, booze []pb.BoozeType) *table {
	tb := newTable(t, nil, booze)
	tb.move(casino, casino, casino, casino)
	for seat, card := range []int32{2, 3, 1, 0} {
		tb.do(seat, &pb.Deliver{CardId: card})
	}
	return tb
}

// DELIVER: "Take one Delivery card from your current Location and place it
// face-up in front of you. You may only collect a Delivery card if your
// Booze type is shown on that Delivery card."
func TestDeliver(t *testing.T) {
	tb := newTable(t, nil, four)
	tb.move(casino, casino, casino, casino)
	tb.refuse(0, &pb.Deliver{CardId: 1}, ReasonBoozeTypeMismatch)
	tb.refuse(0, &pb.Deliver{CardId: 7}, ReasonNotAtLocation)
	tb.refuse(0, &pb.Deliver{CardId: 40}, ReasonBadCard)
	tb.do(0, &pb.Deliver{CardId: 2})
	spec := tb.view(engine.SpectatorViewer())
	if got := spec.Seats[0]; len(got.FaceUp) != 1 || got.FaceUp[0].Id != 2 || got.DeliveryCardCount != 1 {
		t.Fatalf("spectator sees seat 0 as %v", got)
	}
	tb.passRest()
	// "Newly-acquired Delivery cards remain face-up until the end of the round."
	spec = tb.view(engine.SpectatorViewer())
	if got := spec.Seats[0]; len(got.FaceUp) != 0 || len(got.FaceDown) != 0 || got.FaceDownCount != 1 || got.DeliveryCardCount != 1 {
		t.Fatalf("after the round the spectator sees seat 0 as %v", got)
	}
	if own := tb.view(seatView(0)).Seats[0]; len(own.FaceDown) != 1 || own.FaceDown[0].Id != 2 {
		t.Fatalf("seat 0 sees its own face-down cards as %v", own.FaceDown)
	}
}

// TAIL: "Choose another player at your Location. Look at all of that
// player's Delivery cards ... You may then either Steal or Expose (see
// below), but you may not do both."
func TestTailLooksPrivatelyThenSteals(t *testing.T) {
	tb := deliveredRoundOne(t, four)
	tb.move(caves, caves, caves, docks)
	tb.refuse(1, &pb.Tail{Target: 3}, ReasonNotAtLocation)
	tb.refuse(1, &pb.Tail{Target: 1}, ReasonTargetSelf)
	evs := tb.do(1, &pb.Tail{Target: 0})
	look := evs[0].Private
	if len(look) != 1 || !slices.Equal(look[0].Seats, []engine.Seat{1}) || !slices.Equal(look[0].Body.(*pb.Event).GetLooked().CardIds, []int32{2}) {
		t.Fatalf("look: %v", look)
	}
	for _, v := range []engine.Viewer{engine.SpectatorViewer(), seatView(0), seatView(2)} {
		if len(evs[0].For(v).Private) != 0 || len(tb.view(v).GetPending().GetLooked()) != 0 {
			t.Errorf("%v sees the tail look", v)
		}
	}
	if p := tb.view(seatView(1)).Pending; p.Kind != pb.PendingKind_PENDING_KIND_TAIL || len(p.Looked) != 1 {
		t.Fatalf("tailer's pending view: %v", p)
	}
	tb.refuse(1, &pb.Pass{}, ReasonWrongStep)
	tb.refuse(1, &pb.Steal{CardId: 3}, ReasonCardNotHeld)
	// STEAL: "choose one of their face-down Delivery cards that matches your Booze type."
	evs = tb.do(1, &pb.Steal{CardId: 2})
	if got := kindsOf(evs); !slices.Equal(got, []string{"stolen", "turn_ended"}) {
		t.Fatalf("steal gives %v (no Expose after a Steal)", got)
	}
	if st := tb.st(); !slices.Equal(st.seats[1].faceUp, []int32{2}) || len(st.seats[0].faceDown) != 0 {
		t.Fatalf("after the steal: %v / %v", st.seats[1], st.seats[0])
	}
	// "Face-up Delivery cards cannot be stolen." Seat 2 (Merlot) tails seat 1.
	tb.do(2, &pb.Tail{Target: 1})
	tb.refuse(2, &pb.Steal{CardId: 2}, ReasonCardFaceUp)
	tb.refuse(2, &pb.Steal{CardId: 3}, ReasonBoozeTypeMismatch)
	tb.do(2, &pb.Decline{})
}

// EXPOSE: "If you guess correctly, that player becomes Exposed and must turn
// their Booze card face-up. You collect that player's Movement token
// corresponding with their current Location." "If you guess incorrectly, no
// Movement cards are exchanged, and your turn is over." "The first player to
// Expose another player takes a Snitch token."
func TestExpose(t *testing.T) {
	tb := deliveredRoundOne(t, four)
	tb.move(caves, caves, caves, caves)
	for _, v := range []engine.Viewer{engine.SpectatorViewer(), seatView(2)} {
		if got := tb.view(v).Seats[0].BoozeType; got != 0 {
			t.Errorf("%v sees seat 0's Booze card %v before it is Exposed", v, got)
		}
	}
	if got := tb.view(seatView(0)).Seats[0].BoozeType; got != rye {
		t.Errorf("seat 0 sees its own Booze card as %v", got)
	}
	tb.do(1, &pb.Tail{Target: 0})
	tb.refuse(1, &pb.Expose{Guess: 99}, ReasonBadBoozeType)
	evs := tb.do(1, &pb.Expose{Guess: rye})
	e := evs[0].Public.(*pb.Event).GetExposeAttempted()
	if !e.Correct || e.MovementCard != caves || !e.SnitchToken {
		t.Fatalf("expose: %v", e)
	}
	spec := tb.view(engine.SpectatorViewer())
	if s0 := spec.Seats[0]; !s0.Exposed || s0.BoozeType != rye || s0.Mob != pb.Mob_MOB_LIQUOR || s0.Played != 0 {
		t.Fatalf("exposed seat seen as %v", s0)
	}
	if s1 := spec.Seats[1]; len(s1.Collected) != 1 || s1.Collected[0].Location != caves || s1.SnitchTokens != 1 {
		t.Fatalf("exposer seen as %v", s1)
	}
	// "A player who has been Exposed cannot be Exposed again."
	tb.do(2, &pb.Tail{Target: 0})
	tb.refuse(2, &pb.Expose{Guess: rye}, ReasonAlreadyExposed)
	tb.do(2, &pb.Decline{})
	// A wrong guess: "your turn is over", no penalty.
	tb.do(3, &pb.Tail{Target: 2})
	evs = tb.do(3, &pb.Expose{Guess: porter})
	if e := evs[0].Public.(*pb.Event).GetExposeAttempted(); e.Correct || e.SnitchToken || kindsOf(evs)[1] != "turn_ended" {
		t.Fatalf("wrong guess: %v", kindsOf(evs))
	}
	tb.passRest()
	// "When a player's Movement card has been stolen, they are unable to
	// visit that Location again."
	tb.do(1, &pb.ChooseMovement{Location: casino})
	tb.refuse(0, &pb.ChooseMovement{Location: caves}, ReasonMovementCardLost)
	tb.do(0, &pb.ChooseMovement{Location: casino})
	tb.do(2, &pb.ChooseMovement{Location: casino})
	tb.do(3, &pb.ChooseMovement{Location: casino})
	tb.passRest()
	tb.refuse(0, &pb.ChooseMovement{Location: caves}, ReasonMovementCardLost)
}

// "The first player to Expose another player takes a Snitch token. If there
// are seven or more players, the second player to Expose another player also
// takes a Snitch token."
func TestSnitchTokens(t *testing.T) {
	for _, tc := range []struct {
		booze []pb.BoozeType
		want  []bool
	}{
		{[]pb.BoozeType{rye, porter, merlot, blonde, tequila, brandy}, []bool{true, false, false}},
		{[]pb.BoozeType{rye, porter, merlot, blonde, tequila, brandy, lager}, []bool{true, true, false}},
	} {
		n := len(tc.booze)
		tb := newTable(t, nil, tc.booze)
		locs := make([]pb.Location, n)
		for i := range locs {
			locs[i] = caves
		}
		tb.move(locs...)
		var got []bool
		for seat := range 3 { // seat i exposes seat i+3
			tb.do(seat, &pb.Tail{Target: int32(seat + 3)})
			e := tb.do(seat, &pb.Expose{Guess: tc.booze[seat+3]})[0].Public.(*pb.Event).GetExposeAttempted()
			got = append(got, e.SnitchToken)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%d players: snitch tokens %v, want %v", n, got, tc.want)
		}
		if left := tb.view(engine.SpectatorViewer()).SnitchTokensLeft; left != 0 {
			t.Errorf("%d players: %d snitch tokens left", n, left)
		}
	}
}

// "If there are seven or more players, the second player to Expose another
// player also takes a Snitch token." The second token goes to the second
// player to Expose: the first, Exposing again, does not take it.
func TestSecondSnitchTokenGoesToASecondPlayer(t *testing.T) {
	booze := []pb.BoozeType{rye, porter, merlot, blonde, tequila, brandy, lager}
	tb := newTable(t, nil, booze)
	everyone := func(l pb.Location) {
		locs := make([]pb.Location, len(booze))
		for i := range locs {
			locs[i] = l
		}
		tb.move(locs...)
	}
	expose := func(seat, target int) bool {
		tb.do(seat, &pb.Tail{Target: int32(target)})
		return tb.do(seat, &pb.Expose{Guess: booze[target]})[0].Public.(*pb.Event).GetExposeAttempted().SnitchToken
	}
	everyone(caves)
	if !expose(0, 3) {
		t.Fatal("the first player to Expose took no Snitch token")
	}
	tb.passRest()
	// Round 2 begins with seat 1 (the Baron token passed left); seat 0
	// Exposes again before anyone else.
	everyone(pete)
	for seat := 1; seat < len(booze); seat++ {
		tb.do(seat, &pb.Pass{})
	}
	if expose(0, 4) {
		t.Fatal("the first player took the second Snitch token too")
	}
	everyone(officers)
	for tb.st().turn != 1 {
		tb.do(tb.st().turn, &pb.Pass{})
	}
	if !expose(1, 5) {
		t.Fatal("the second player to Expose took no Snitch token")
	}
	v := tb.view(engine.SpectatorViewer())
	if v.Seats[0].SnitchTokens != 1 || v.Seats[1].SnitchTokens != 1 || v.SnitchTokensLeft != 0 {
		t.Fatalf("snitch tokens %d %d, %d left", v.Seats[0].SnitchTokens, v.Seats[1].SnitchTokens, v.SnitchTokensLeft)
	}
}

// Prompts offer exactly what Decide accepts, and only to the seat whose turn
// it is; Legal is never shown for another seat (it is per-prompt).
func TestOfferedTailChoice(t *testing.T) {
	tb := deliveredRoundOne(t, four)
	tb.move(caves, caves, caves, docks)
	tb.do(1, &pb.Tail{Target: 0})
	p := tb.g.State.Prompts()
	if len(p) != 1 || p[0].Seat != 1 || p[0].Reason != PromptTailChoice {
		t.Fatalf("prompts %+v", p)
	}
	// Decline, steal card 2, and the twelve guesses.
	if len(p[0].Legal) != 14 || !slices.ContainsFunc(p[0].Legal, func(m proto.Message) bool { return proto.Equal(m, Cmd(&pb.Steal{CardId: 2})) }) {
		t.Fatalf("legal %v", p[0].Legal)
	}
}
