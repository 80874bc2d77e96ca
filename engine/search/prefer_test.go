package search_test

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
)

// coin is a game of two seats with nothing hidden, to test PreferSE: seat
// 1 chooses once among gains of money (the first 0), then seat 0 flips
// coins, each worth 10G to seat 1 or costing it 10G, so that a gain of
// 1G is lost in the flips' noise and one of 30G is not. Seat 1's value is
// its money.
type coin struct{ gains []int64 }

const heads, tails = 100, 101 // seat 0's commands

func (coin) Name() string              { return "coin" }
func (coin) Players() (int, int)       { return 2, 2 }
func (coin) NewOptions() proto.Message { return &wrapperspb.Int64Value{} }
func (coin) NewCommand() proto.Message { return &wrapperspb.Int64Value{} }
func (coin) NewEvent() proto.Message   { return &wrapperspb.Int64Value{} }
func (r coin) NewState() engine.State  { return &coinState{gains: r.gains} }
func (coin) Setup(engine.Config, *engine.Rand) ([]engine.Event, error) {
	return []engine.Event{engine.PublicEvent(&wrapperspb.Int64Value{Value: -1000})}, nil
}

type coinState struct {
	gains        []int64
	flips, money int64
	chose        bool
}

func (s *coinState) Clone() engine.State { c := *s; return &c }

func (s *coinState) Apply(body proto.Message) error {
	switch v := body.(*wrapperspb.Int64Value).Value; v {
	case -1000:
	case heads, tails:
		s.flips++
		s.money += map[int64]int64{heads: 10, tails: -10}[v]
	default:
		s.money, s.chose = s.money+v, true
	}
	return nil
}

// Decide decides as decide does and hands back the state its events
// lead to.
func (s *coinState) Decide(seat engine.Seat, cmd proto.Message, _ *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, err := s.decide(seat, cmd)
	if err != nil {
		return nil, nil, err
	}
	next, err := engine.Next(s, evs)
	return evs, next, err
}

func (s *coinState) decide(seat engine.Seat, cmd proto.Message) ([]engine.Event, error) {
	for _, p := range s.Prompts() {
		for _, m := range p.Legal {
			if p.Seat == seat && proto.Equal(m, cmd) {
				return []engine.Event{engine.PublicEvent(proto.Clone(cmd))}, nil
			}
		}
	}
	return nil, engine.Refuse("not-offered", "%v may not send %v", seat, cmd)
}

func (s *coinState) View(engine.Viewer) proto.Message { return wrapperspb.Int64(s.money) }

func (s *coinState) Prompts() []engine.Prompt {
	switch {
	case s.Outcome() != nil:
		return nil
	case !s.chose:
		p := engine.Prompt{Seat: 1, MustAct: true, Reason: "gain"}
		for _, g := range s.gains {
			p.Legal = append(p.Legal, wrapperspb.Int64(g))
		}
		return []engine.Prompt{p}
	}
	return []engine.Prompt{{Seat: 0, MustAct: true, Reason: "flip", Legal: []proto.Message{wrapperspb.Int64(heads), wrapperspb.Int64(tails)}}}
}

// Outcome is after four flips; the search's depth stops before.
func (s *coinState) Outcome() *engine.Outcome {
	if s.flips < 4 {
		return nil
	}
	return &engine.Outcome{Winners: []engine.Seat{0}}
}

// coinGame flips fair coins in its playouts and values seat 1's money.
type coinGame struct{}

func (coinGame) Infer(k engine.Knowledge) (search.Sampler, error) { return potSampler(k.History), nil }
func (coinGame) Clone(st engine.State) engine.State {
	c := *st.(*coinState)
	return &c
}
func (coinGame) Playout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message) {
	if s := st.(*coinState); !s.chose {
		return 1, wrapperspb.Int64(s.gains[0])
	}
	return 0, wrapperspb.Int64(heads + int64(r.IntN(2)))
}
func (coinGame) Value(st engine.State, _ engine.Seat) float64 {
	return 0.5 + float64(st.(*coinState).money)/100
}

// coinFirsts runs seat 1's choice among gains on ten generators and
// counts those on which the search kept the first.
func coinFirsts(t *testing.T, gains []int64, b search.Budget) int {
	t.Helper()
	return coinChose(t, gains, b, gains[0])
}

// coinChose runs seat 1's choice among gains on ten generators and counts
// those on which the search chose the gain want.
func coinChose(t *testing.T, gains []int64, b search.Budget, want int64) int {
	t.Helper()
	rules := coin{gains: gains}
	g, setup, err := engine.Start(rules, engine.Config{Players: 2}, []byte("coin"))
	if err != nil {
		t.Fatal(err)
	}
	k := engine.KnowledgeOf(g.State, setup, g.State.Prompts()[0])
	n := 0
	for i := range 10 {
		res, err := search.New(rules, coinGame{}, b).Run(k, engine.NewRand([32]byte{byte(i)}))
		if err != nil {
			t.Fatal(err)
		}
		if proto.Equal(res.Command, wrapperspb.Int64(want)) {
			n++
		}
	}
	return n
}

// With PreferSE the search keeps its first candidate against one whose
// mean is higher by less than the noise of their playouts (1G among coins
// of 10G), where Prefer's margin alone lets the noise choose; a
// difference past the noise (30G) it still plays.
func TestPreferSEKeepsTheFirstWithinTheNoise(t *testing.T) {
	margin := search.Budget{Iterations: 60, Depth: 4, Prefer: 0.005}
	noise := margin
	noise.PreferSE = 2
	if n := coinFirsts(t, []int64{0, 1, 2, -1}, margin); n > 7 {
		t.Fatalf("with Prefer alone the first candidate was kept %d times of 10: the test shows nothing", n)
	}
	if n := coinFirsts(t, []int64{0, 1, 2, -1}, noise); n < 9 {
		t.Errorf("with PreferSE 2 the first candidate, within 1G of the others, was kept %d times of 10", n)
	}
	if n := coinFirsts(t, []int64{0, 30}, noise); n > 0 {
		t.Errorf("with PreferSE 2 the first candidate, 30G worse, was kept %d times of 10", n)
	}
}

// coinBest runs seat 1's choice among gains on ten generators and counts
// those on which the search chose the largest gain.
func coinBest(t *testing.T, gains []int64, b search.Budget) int {
	t.Helper()
	return coinChose(t, gains, b, slices.Max(gains))
}

// Halving plays every candidate of a round on the same worlds and
// generator seeds, so the coins' flips (10G each) are the same for every
// candidate and a gain better by 1G shows: it chooses the best gain every
// time, where UCB1 on the same budget, each candidate on its own flips,
// lets the noise choose.
func TestHalvingComparesOnTheSameFlips(t *testing.T) {
	gains := []int64{0, 1, 3, 2, -1, 1}
	ucb := search.Budget{Iterations: 36, Depth: 4}
	halving := ucb
	halving.Halving = true
	if n := coinBest(t, gains, ucb); n > 7 {
		t.Fatalf("UCB1 chose the best gain %d times of 10: the test shows nothing", n)
	}
	if n := coinBest(t, gains, halving); n != 10 {
		t.Errorf("halving chose the best gain %d times of 10", n)
	}
}

// Candidates keeps the proposer's first candidates only.
func TestCandidatesKeepsTheFirst(t *testing.T) {
	b := search.Budget{Iterations: 36, Depth: 4, Halving: true, Candidates: 2}
	if n := coinBest(t, []int64{0, 1, 3}, b); n != 0 {
		t.Errorf("with 2 candidates of 3 the third was chosen %d times of 10", n)
	}
}
