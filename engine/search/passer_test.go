package search_test

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
)

// snag is a game of two seats with nothing hidden, to test a pass where
// the playouts offer the prompts that need not be answered first: seat 0
// must play, three times, a tick or a snag (a tick that costs seat 1 5G)
// and its policy ticks; before the first, seat 1 is offered a command that
// costs it 1G, which its policy plays. Its value is its money.
type snag struct{ pot }

const snagCmd = 200 // seat 0's other command

func (r snag) NewState() engine.State { return &snagState{potState: potState{rules: r.pot}} }

type snagState struct{ potState }

func (s *snagState) Clone() engine.State { c := *s; return &c }

func (s *snagState) Apply(body proto.Message) error {
	if body.(*wrapperspb.Int64Value).Value == snagCmd {
		s.ticks, s.money = s.ticks+1, s.money-5
		return nil
	}
	return s.potState.Apply(body)
}

// Decide decides as decide does and hands back the state its events
// lead to.
func (s *snagState) Decide(seat engine.Seat, cmd proto.Message, _ *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, err := s.decide(seat, cmd)
	if err != nil {
		return nil, nil, err
	}
	next, err := engine.Next(s, evs)
	return evs, next, err
}

func (s *snagState) decide(seat engine.Seat, cmd proto.Message) ([]engine.Event, error) {
	for _, p := range s.Prompts() {
		if p.Seat == seat && slices.ContainsFunc(p.Legal, func(m proto.Message) bool { return proto.Equal(m, cmd) }) {
			return []engine.Event{engine.PublicEvent(proto.Clone(cmd))}, nil
		}
	}
	return nil, engine.Refuse("not-offered", "%v may not send %v", seat, cmd)
}

func (s *snagState) Prompts() []engine.Prompt {
	if s.Outcome() != nil {
		return nil
	}
	out := []engine.Prompt{{Seat: 0, MustAct: true, Reason: "tick", Legal: []proto.Message{wrapperspb.Int64(tick), wrapperspb.Int64(snagCmd)}}}
	if s.ticks == 0 && !s.acted {
		out = append(out, engine.Prompt{Seat: 1, Reason: "offer", Legal: []proto.Message{wrapperspb.Int64(-1)}})
	}
	return out
}

// snagGame plays seat 1's offer first while it stands, as a table that
// offers the prompts that need not be answered does.
type snagGame struct{ potGame }

func (snagGame) Clone(st engine.State) engine.State {
	c := *st.(*snagState)
	return &c
}

func (g snagGame) Playout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message) {
	if s := st.(*snagState); s.ticks == 0 && !s.acted {
		return 1, wrapperspb.Int64(-1)
	}
	return g.potGame.Playout(st, r)
}

func (snagGame) Value(st engine.State, seat engine.Seat) float64 {
	return potGame{}.Value(&st.(*snagState).potState, seat)
}

// passer is snagGame with its playout once a seat has passed.
type passer struct{ snagGame }

func (g passer) PassedPlayout(st engine.State, seat engine.Seat, r *engine.Rand) (engine.Seat, proto.Message, int) {
	if seat == 1 {
		who, cmd := g.potGame.Playout(st, r)
		return who, cmd, 1
	}
	who, cmd := g.Playout(st, r)
	return who, cmd, 1
}

// A pass on a prompt that need not be answered is played on by the
// default policy of the others (a Passer's PassedPlayout), not by a
// uniform command of another seat where the playout would offer the
// passing seat its own play again: seat 1 passes (worth its 0G) rather
// than pay 1G, where passing was valued by seat 0's snag half the time.
func TestPassPlaysOnByTheOthersPolicy(t *testing.T) {
	rules := snag{}
	g, setup, err := engine.Start(rules, engine.Config{Players: 2}, []byte("snag"))
	if err != nil {
		t.Fatal(err)
	}
	k := engine.KnowledgeOf(g.State, setup, g.State.Prompts()[1])
	res, err := search.New(rules, passer{}, search.Budget{Iterations: 40}).Run(k, engine.NewRand([32]byte{}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Command != nil {
		t.Fatalf("plays %v, want a pass (%+v)", res.Command, res.Candidates)
	}
	for _, c := range res.Candidates {
		if c.Command == nil && c.Value != 0.5 {
			t.Errorf("the pass is worth %.3f, want 0.5 (seat 0 ticks)", c.Value)
		}
	}
}
