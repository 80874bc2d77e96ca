package search_test

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
)

// pot is a game of two seats with nothing hidden, to test passing: seat 0
// must tick, three times, and then the game ends; seat 1 is offered, once,
// commands that change its money by their value (MustAct as the rules
// say), and its value is its money.
type pot struct {
	offer []int64
	must  bool
}

const tick = 100 // seat 0's command and event; 0 is the opening event

func (pot) Name() string              { return "pot" }
func (pot) Players() (int, int)       { return 2, 2 }
func (pot) NewOptions() proto.Message { return &wrapperspb.Int64Value{} }
func (pot) NewCommand() proto.Message { return &wrapperspb.Int64Value{} }
func (pot) NewEvent() proto.Message   { return &wrapperspb.Int64Value{} }
func (r pot) NewState() engine.State  { return &potState{rules: r} }
func (pot) Setup(engine.Config, *engine.Rand) ([]engine.Event, error) {
	return []engine.Event{engine.PublicEvent(&wrapperspb.Int64Value{})}, nil
}

type potState struct {
	rules        pot
	ticks, money int64
	acted        bool
}

func (s *potState) Clone() engine.State { c := *s; return &c }

func (s *potState) Apply(body proto.Message) error {
	switch v := body.(*wrapperspb.Int64Value).Value; v {
	case 0:
	case tick:
		s.ticks++
	default:
		s.money, s.acted = s.money+v, true
	}
	return nil
}

// Decide decides as decide does and hands back the state its events
// lead to.
func (s *potState) Decide(seat engine.Seat, cmd proto.Message, _ *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, err := s.decide(seat, cmd)
	if err != nil {
		return nil, nil, err
	}
	next, err := engine.Next(s, evs)
	return evs, next, err
}

func (s *potState) decide(seat engine.Seat, cmd proto.Message) ([]engine.Event, error) {
	v := cmd.(*wrapperspb.Int64Value).GetValue()
	for _, p := range s.Prompts() {
		if p.Seat == seat && slices.ContainsFunc(p.Legal, func(m proto.Message) bool { return proto.Equal(m, cmd) }) {
			return []engine.Event{engine.PublicEvent(wrapperspb.Int64(v))}, nil
		}
	}
	return nil, engine.Refuse("not-offered", "%v may not send %d", seat, v)
}

func (s *potState) View(engine.Viewer) proto.Message { return wrapperspb.Int64(s.money) }

func (s *potState) Prompts() []engine.Prompt {
	if s.Outcome() != nil {
		return nil
	}
	out := []engine.Prompt{{Seat: 0, MustAct: true, Reason: "tick", Legal: []proto.Message{wrapperspb.Int64(tick)}}}
	if !s.acted {
		p := engine.Prompt{Seat: 1, MustAct: s.rules.must, Reason: "offer"}
		for _, v := range s.rules.offer {
			p.Legal = append(p.Legal, wrapperspb.Int64(v))
		}
		out = append(out, p)
	}
	return out
}

func (s *potState) Outcome() *engine.Outcome {
	if s.ticks < 3 {
		return nil
	}
	if s.money > 0 {
		return &engine.Outcome{Winners: []engine.Seat{1}}
	}
	return &engine.Outcome{Winners: []engine.Seat{0}}
}

// potGame is pot's search game: the history is the whole game, the
// default policy ticks, and seat 1's value is its money.
type potGame struct{}

type potSampler []engine.Event

func (s potSampler) Deal(*engine.Rand) ([]engine.Event, error) { return s, nil }

func (potGame) Infer(k engine.Knowledge) (search.Sampler, error) { return potSampler(k.History), nil }
func (potGame) Clone(st engine.State) engine.State {
	c := *st.(*potState)
	return &c
}
func (potGame) Playout(engine.State, *engine.Rand) (engine.Seat, proto.Message) {
	return 0, wrapperspb.Int64(tick)
}
func (potGame) Value(st engine.State, seat engine.Seat) float64 {
	if seat == 0 {
		return 0.5
	}
	return 0.5 + float64(st.(*potState).money)/10
}

// potChoice runs seat 1's decision at the start of a pot game.
func potChoice(t *testing.T, rules pot) search.Result {
	t.Helper()
	g, setup, err := engine.Start(rules, engine.Config{Players: 2}, []byte("pot"))
	if err != nil {
		t.Fatal(err)
	}
	ps := g.State.Prompts()
	k := engine.KnowledgeOf(g.State, setup, ps[1])
	res, err := search.New(rules, potGame{}, search.Budget{Iterations: 30}).Run(k, engine.NewRand([32]byte{}))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// On a prompt it need not answer, the search passes when every command
// would make things worse, and acts when one makes them better; on a
// prompt it must answer, it plays the least bad command.
func TestPassOnOptionalPrompt(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules pot
		want  proto.Message // nil: passes
	}{
		{"optional, every command loses", pot{offer: []int64{-1, -3}}, nil},
		{"optional, one command loses", pot{offer: []int64{-2}}, nil},
		{"optional, one command gains", pot{offer: []int64{-1, 2}}, wrapperspb.Int64(2)},
		{"must act, every command loses", pot{offer: []int64{-3, -1}, must: true}, wrapperspb.Int64(-1)},
		{"must act, one command", pot{offer: []int64{-2}, must: true}, wrapperspb.Int64(-2)},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := potChoice(t, c.rules)
			if !proto.Equal(res.Command, c.want) || (c.want == nil) != (res.Command == nil) {
				t.Fatalf("chose %v, want %v (%+v)", res.Command, c.want, res.Candidates)
			}
			passes := slices.ContainsFunc(res.Candidates, func(x search.Candidate) bool { return x.Command == nil })
			if passes == c.rules.must {
				t.Errorf("passing compared: %v, on a prompt whose MustAct is %v", passes, c.rules.must)
			}
		})
	}
}
