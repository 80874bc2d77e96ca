package boozebarons

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

var four = []pb.BoozeType{rye, porter, merlot, blonde}

// "Each player chooses the Movement card that corresponds with the Location
// they want to visit this round and places it face-down on the table. Each
// player reveals their chosen card at the same time".
func TestMoveIsSealedUntilAllHaveChosen(t *testing.T) {
	tb := newTable(t, nil, four)
	before := map[engine.Viewer][]byte{}
	for _, v := range playtest.Viewers(4) {
		before[v] = playtest.MarshalView(tb.view(v))
	}
	evs := tb.do(0, &pb.ChooseMovement{Location: docks})
	if len(evs) != 1 || len(evs[0].Private) != 1 || !slices.Equal(evs[0].Private[0].Seats, []engine.Seat{0}) {
		t.Fatalf("choice event: %v", evs)
	}
	for _, v := range []engine.Viewer{engine.SpectatorViewer(), seatView(1), seatView(3)} {
		if red := evs[0].For(v); len(red.Private) != 0 {
			t.Errorf("%v sees the sealed card", v)
		}
		got := tb.view(v)
		if got.Seats[0].Sealed != 0 || !got.Seats[0].HasChosen || len(got.Seats[0].Hand) != 6 {
			t.Errorf("%v view of seat 0: %v", v, got.Seats[0])
		}
		// Apart from "seat 0 has chosen", the view is unchanged.
		got.Seats[0].HasChosen = false
		if !slices.Equal(playtest.MarshalView(got), before[v]) {
			t.Errorf("%v view changed beyond has_chosen", v)
		}
	}
	if tb.view(seatView(0)).Seats[0].Sealed != docks {
		t.Error("the chooser does not see its own sealed card")
	}
	tb.refuse(0, &pb.ChooseMovement{Location: casino}, ReasonAlreadyChosen)
	for _, p := range tb.g.State.Prompts() {
		if p.Seat == 0 || !p.MustAct || p.Reason != PromptChooseMovement {
			t.Errorf("prompt %+v", p)
		}
	}
	tb.do(1, &pb.ChooseMovement{Location: casino})
	tb.do(2, &pb.ChooseMovement{Location: casino})
	evs = tb.do(3, &pb.ChooseMovement{Location: caves})
	if got := kindsOf(evs); !slices.Equal(got, []string{"movement_chosen", "movements_revealed"}) {
		t.Fatalf("last choice gives %v", got)
	}
	want := []pb.Location{docks, casino, casino, caves}
	for i, m := range evs[1].Public.(*pb.Event).GetMovementsRevealed().Moves {
		if m.Location != want[i] || tb.view(engine.SpectatorViewer()).Seats[i].Location != want[i] {
			t.Errorf("seat %d revealed %v", i, m.Location)
		}
	}
}

// "No player can move to the same Location during two consecutive rounds."
// "All players then pick up the Movement card they played during the
// previous round."
func TestNoLocationTwiceInARow(t *testing.T) {
	tb := newTable(t, nil, four)
	tb.move(casino, casino, casino, casino)
	tb.passRest()
	tb.refuse(0, &pb.ChooseMovement{Location: casino}, ReasonSameLocationTwice)
	for _, p := range tb.g.State.Prompts() {
		if slices.ContainsFunc(p.Legal, func(m proto.Message) bool { return proto.Equal(m, Cmd(&pb.ChooseMovement{Location: casino})) }) {
			t.Errorf("seat %d is offered the Casino twice in a row", p.Seat)
		}
	}
	tb.move(caves, caves, caves, caves)
	tb.passRest()
	tb.do(0, &pb.ChooseMovement{Location: casino}) // picked up again
}

// "Starting with the Booze Baron and proceeding clockwise, each player takes
// one turn during the Action Phase." Seat i+1 sits to the left of seat i.
func TestActionOrderFromTheBaronClockwise(t *testing.T) {
	tb := newTable(t, &pb.Options{FirstBaron: proto.Int32(2)}, four)
	tb.refuse(0, &pb.Pass{}, ReasonWrongPhase)
	tb.move(casino, casino, casino, casino)
	for _, seat := range []int{2, 3, 0, 1} {
		for other := range 4 {
			if other != seat {
				tb.refuse(other, &pb.Pass{}, engine.ReasonNotYourTurn)
			}
		}
		if p := tb.g.State.Prompts(); len(p) != 1 || int(p[0].Seat) != seat || p[0].Reason != PromptActionTurn {
			t.Fatalf("prompts %+v, want seat %d", p, seat)
		}
		tb.do(seat, &pb.Pass{})
	}
	// "The player holding the Booze Baron card passes it to the player on their left."
	if st := tb.st(); st.baron != 3 || st.round != 2 || st.phase != pb.Phase_PHASE_MOVE {
		t.Fatalf("after round 1: baron %d round %d phase %v", st.baron, st.round, st.phase)
	}
}

// Indistinguishability of a sealed choice: two games in which seat 1 seals
// different cards look byte-identical to every other seat and to spectators
// until the reveal.
func TestSealedChoiceIndistinguishable(t *testing.T) {
	a, b := newTable(t, nil, four), newTable(t, nil, four)
	ea, eb := a.do(1, &pb.ChooseMovement{Location: casino}), b.do(1, &pb.ChooseMovement{Location: docks})
	a.do(0, &pb.ChooseMovement{Location: caves})
	b.do(0, &pb.ChooseMovement{Location: caves})
	for _, v := range []engine.Viewer{engine.SpectatorViewer(), seatView(0), seatView(2), seatView(3)} {
		if !slices.Equal(playtest.MarshalEvent(ea[0].For(v)), playtest.MarshalEvent(eb[0].For(v))) {
			t.Errorf("%v: the choice events differ", v)
		}
		if !slices.EqualFunc(playtest.Stream(a.log, v), playtest.Stream(b.log, v), slices.Equal) {
			t.Errorf("%v: streams differ", v)
		}
		if !slices.Equal(playtest.MarshalView(a.view(v)), playtest.MarshalView(b.view(v))) {
			t.Errorf("%v: views differ", v)
		}
	}
	if slices.Equal(playtest.MarshalView(a.view(seatView(1))), playtest.MarshalView(b.view(seatView(1)))) {
		t.Error("seat 1 cannot see its own choice")
	}
}
