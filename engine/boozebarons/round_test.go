package boozebarons

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// End of Round: "Draw a number of Delivery cards equal to half the number of
// players (round up)." Quick Reference: "half the number of players, rounded
// down." The option picks one; the phase text is the default.
func TestRefillRounding(t *testing.T) {
	for _, tc := range []struct {
		players  int
		rounding pb.Rounding
		want     int
	}{
		{3, pb.Rounding_ROUNDING_UP, 2}, {3, pb.Rounding_ROUNDING_DOWN, 1},
		{4, pb.Rounding_ROUNDING_UP, 2}, {4, pb.Rounding_ROUNDING_DOWN, 2},
		{9, pb.Rounding_ROUNDING_UP, 5}, {9, pb.Rounding_ROUNDING_DOWN, 4},
	} {
		booze := []pb.BoozeType{porter, rye, merlot, blonde, tequila, brandy, lager, bourbon, champagne}[:tc.players]
		tb := newTable(t, &pb.Options{RefillRounding: tc.rounding}, booze)
		locs := slices.Repeat([]pb.Location{docks}, tc.players)
		tb.move(locs...)
		tb.passRest()
		if got := printed.DeckSize - printed.OpeningDeliveries - len(tb.st().deck); got != tc.want {
			t.Errorf("%d players %v: drew %d, want %d", tc.players, tc.rounding, got, tc.want)
		}
	}
	g, _, _ := engine.Start(Rules{}, engine.Config{Players: 5}, []byte("default"))
	if r := g.State.(*State).opts.RefillRounding; r != pb.Rounding_ROUNDING_UP {
		t.Errorf("default rounding %v", r)
	}
}

// playRounds moves everyone (alternating Docks and Casino) and passes, n rounds.
func (tb *table) passRounds(n int) {
	tb.t.Helper()
	for range n {
		l := casino
		if tb.st().round%2 == 0 {
			l = docks
		}
		tb.move(slices.Repeat([]pb.Location{l}, tb.st().players)...)
		tb.passRest()
	}
}

// "If there are no Delivery cards remaining in the deck, the Unexposed
// player with the fewest Coins is automatically Exposed and must place their
// Movement card corresponding with their current Location back in the box."
// "If there are fewer than two Unexposed players, the game ends".
func TestDeckExhaustedExposesThePoorest(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{blonde, rye, merlot})
	tb.move(casino, casino, casino)
	tb.do(0, &pb.Deliver{CardId: 0}) // seat 0: one coin more than the others
	tb.passRest()
	tb.passRounds(12) // 2 cards a round: 27 - 26 = 1 left
	if n := len(tb.st().deck); n != 1 {
		t.Fatalf("deck %d", n)
	}
	tb.passRounds(1)
	var ex *pb.DeckExhausted
	for _, r := range tb.log {
		if e := r.Event.Public.(*pb.Event).GetDeckExhausted(); e != nil {
			ex = e
		}
	}
	if ex == nil || len(ex.Exposures) != 2 || ex.Exposures[0].Seat != 1 || ex.Exposures[1].Seat != 2 || ex.Exposures[0].Coins != 12 {
		t.Fatalf("exhaustion %v", ex)
	}
	st := tb.st()
	if !slices.Equal(st.seats[1].boxed, []pb.Location{docks}) || st.seats[0].exposed {
		t.Fatalf("seat 1 boxed %v", st.seats[1].boxed)
	}
	o := st.Outcome()
	if o == nil || !slices.Equal(o.Winners, []engine.Seat{0}) || !slices.Equal(o.Scores, []int{13, 10, 10}) {
		t.Fatalf("outcome %+v", o)
	}
}

// "If players are tied for the lowest number of coins, all of those players
// are exposed." With everybody exposed at once and equal scores, every
// tie-breaker ties: the Mobs share the win.
func TestDeckExhaustedTieExposesAll(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{blonde, rye, merlot})
	tb.passRounds(14)
	o := tb.st().Outcome()
	if o == nil || len(o.Winners) != 3 || !slices.Equal(o.Scores, []int{10, 10, 10}) {
		t.Fatalf("outcome %+v", o)
	}
}

// "When there are fewer than two Unexposed players at the end of a round,
// the game ends." Not before: the round is played out.
func TestGameEndsOnlyAtEndOfRound(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{blonde, rye, merlot})
	tb.move(caves, caves, caves)
	tb.do(0, &pb.Tail{Target: 1})
	tb.do(0, &pb.Expose{Guess: rye})
	tb.do(1, &pb.Tail{Target: 2})
	tb.do(1, &pb.Expose{Guess: merlot})
	if tb.st().result != nil || len(tb.g.State.Prompts()) != 1 {
		t.Fatal("the game ended mid-round")
	}
	evs := tb.do(2, &pb.Pass{})
	if got := kindsOf(evs); got[len(got)-1] != "game_ended" {
		t.Fatalf("last turn gives %v", got)
	}
	if _, _, err := tb.g.Decide(0, Cmd(&pb.ChooseMovement{Location: casino})); err != engine.ErrGameOver {
		t.Fatalf("after the end: %v", err)
	}
	if v := tb.view(engine.SpectatorViewer()); v.Seats[0].BoozeType != blonde || v.Result == nil || v.Phase != pb.Phase_PHASE_ENDED {
		t.Fatalf("final spectator view %v", v)
	}
}
