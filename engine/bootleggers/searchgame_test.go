package bootleggers

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
)

// leadAt returns a 6-player state in round, seat 0 leading the others by
// lead G.
func leadAt(round, lead int) *State {
	s := &State{players: 6, round: round, seats: make([]seatState, 6)}
	for i := range s.seats {
		s.seats[i].money = 40
	}
	s.seats[0].money += lead
	return s
}

// The search's value of a lead grows as the rounds left to win it back
// run out: a 16G lead in round 4 is far from a won game (the value stays
// where candidates still differ), the same lead in round 12 is worth what
// it was (the softmax at 8G), and a larger lead is worth more in any round.
func TestValueOfALeadGrowsToTheEnd(t *testing.T) {
	g := SearchGame{}
	early, late := g.Value(leadAt(4, 16), 0), g.Value(leadAt(12, 16), 0)
	if !(early < late) {
		t.Fatalf("a 16G lead is worth %.3f in round 4 and %.3f in round 12", early, late)
	}
	if early > 0.5 {
		t.Errorf("a 16G lead over five in round 4 is worth %.3f, already a likely win", early)
	}
	if want := leadAt(12, 16).moneyLead(0, moneyScale); late != want {
		t.Errorf("in the last round a lead is worth %.3f, the 8G softmax %.3f", late, want)
	}
	for round := 1; round <= printed.Rounds; round++ {
		if a, b := g.Value(leadAt(round, 8), 0), g.Value(leadAt(round, 16), 0); !(a < b) {
			t.Errorf("round %d: a lead of 8G is worth %.3f, of 16G %.3f", round, a, b)
		}
	}
}

// A playout step is weighed by its prompt's legal commands, each of which
// the rules check and the policy weighs.
func TestPlayoutWeighsTheLegalCommands(t *testing.T) {
	st, _, err := engine.Start(Rules{}, engine.Config{Players: 6}, []byte("weigh"))
	if err != nil {
		t.Fatal(err)
	}
	s := st.State.(*State)
	p, _ := s.firstPrompt()
	seat, _, n := SearchGame{}.WeighedPlayout(s, engine.NewRand([32]byte{}))
	if seat != p.Seat || n != len(p.Legal) || n < 2 {
		t.Fatalf("the step of %v weighs %d commands; its prompt (%v's) lists %d", seat, n, p.Seat, len(p.Legal))
	}
}
