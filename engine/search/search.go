package search

import (
	"errors"
	"fmt"
	"math"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Budget is how much a search may do for one decision, counted in work,
// never in time.
type Budget struct {
	// Iterations is the number of playouts (at least 1).
	Iterations int
	// Worlds is the number of worlds dealt per decision, which the
	// iterations take in turn (0: one per iteration, at most 32).
	Worlds int
	// Depth bounds the commands an iteration plays from the decision
	// before the world is valued (0: to the end of the game).
	Depth int
	// Explore is the UCB1 exploration constant on values in [0, 1]
	// (0: DefaultExplore).
	Explore float64
	// Commands, when positive, bounds the commands the iterations play in
	// all: no iteration starts once they have played that many (the first
	// always runs). It caps a decision's work where commands cost more
	// (a larger table, a longer playout) without reading a clock.
	Commands int
	// Work, when positive, bounds the work the iterations do in all, as a
	// Weigher's default policy counts it (the legal commands it weighed),
	// a command played counting one besides: no iteration starts once
	// they have done that much (the first always runs). Where one prompt
	// may list a few commands and another hundreds, Commands alone leaves
	// a decision's cost to the prompts its playouts happen on; Work bounds
	// it.
	Work int
	// Prefer, when positive, keeps a prompt's first candidate (a
	// Proposer's first: the default policy's own choice) on a prompt that
	// must be answered, unless the command the search would choose
	// instead has a mean value higher by more than Prefer. A search that
	// cannot tell its candidates apart (a few playouts each, the game's
	// noise larger than what separates them) then plays its policy's
	// choice, not one drawn by that noise.
	Prefer float64
	// PreferSE, with Prefer, widens Prefer's margin by that many standard
	// errors of the difference of the two means (each from the spread of
	// its playouts' values): where a command's few playouts are noisy, a
	// fixed margin alone lets the noise choose, the more often the more
	// candidates are compared.
	PreferSE float64
	// Candidates, when positive, keeps the first that many of the root's
	// candidates (a Proposer's, in its order: its best first).
	Candidates int
	// Halving runs the iterations as sequential halving over the root's
	// candidates, with common random numbers, rather than UCB1 at the
	// root: each round samples every candidate left alike, on the same
	// worlds and generator seeds, and keeps the better half by mean; the
	// command chosen is the last one left (see halve).
	Halving bool
}

// DefaultExplore is the exploration constant of a Budget that names none.
const DefaultExplore = 0.7

func (b Budget) normal() Budget {
	b.Iterations = max(b.Iterations, 1)
	if b.Worlds <= 0 {
		b.Worlds = min(b.Iterations, 32)
	}
	b.Worlds = min(b.Worlds, b.Iterations)
	if b.Explore <= 0 {
		b.Explore = DefaultExplore
	}
	return b
}

// Search is a bot that searches: an [engine.Bot] for one game and budget.
// It keeps nothing between decisions and is safe for concurrent use.
type Search struct {
	rules  engine.Rules
	game   Game
	budget Budget
}

var _ engine.Bot = (*Search)(nil)

// New returns the search bot of a game with the given budget.
func New(rules engine.Rules, game Game, b Budget) *Search {
	return &Search{rules: rules, game: game, budget: b.normal()}
}

// Budget returns the search's budget, with its defaults filled in.
func (s *Search) Budget() Budget { return s.budget }

// Result is one decision of a search and what it took.
type Result struct {
	// Command is the command chosen: nil when the seat passes on a prompt
	// it need not answer (Prompt.MustAct false), where passing, the state
	// left as it is while play goes on, is valued against each command.
	Command proto.Message
	// Iterations is the number of playouts run (0 when the prompt left no
	// choice): the budget's, or fewer when its Commands ran out first.
	Iterations int
	// Commands is the number of commands the iterations played, the
	// search's unit of work.
	Commands int
	// Work is the work they did (Budget.Work): Commands, plus what a
	// Weigher's default policy weighed.
	Work int
	// Fallbacks counts the default policy's commands the rules refused (a
	// bug in the game's policy), each replaced by a uniform legal command.
	Fallbacks int
	// Candidates are the root commands with their statistics, in the
	// prompt's order.
	Candidates []Candidate
}

// Candidate is one root command and how the search valued it.
type Candidate struct {
	// Command is nil for passing on an optional prompt.
	Command proto.Message
	// Visits is the number of iterations that played it; Value is their
	// mean value for the seat.
	Visits int
	Value  float64
}

// Choose returns the command [Search.Run] chooses.
func (s *Search) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	res, err := s.Run(k, r)
	return res.Command, err
}

// Run searches one decision of k.Seat from what it knows, drawing every
// random choice from r.
func (s *Search) Run(k engine.Knowledge, r *engine.Rand) (Result, error) {
	if k.Prompt.Seat != k.Seat {
		return Result{}, fmt.Errorf("search: the prompt is %v's, the knowledge %v's", k.Prompt.Seat, k.Seat)
	}
	if k.Prompt.MustAct && len(k.Prompt.Legal) == 1 && len(k.Prompt.Templates) == 0 {
		return Result{Command: k.Prompt.Legal[0]}, nil
	}
	sampler, err := s.game.Infer(k)
	if err != nil {
		return Result{}, err
	}
	worlds, err := s.deal(sampler, r)
	if err != nil {
		return Result{}, err
	}
	cands := s.candidates(worlds[0], k.Seat, &k.Prompt)
	if n := s.budget.Candidates; n > 0 && len(cands) > n {
		cands = cands[:n]
	}
	if !k.Prompt.MustAct {
		cands = append([]proto.Message{nil}, cands...) // passing
	}
	switch len(cands) {
	case 0:
		return Result{}, fmt.Errorf("search: %v has nothing to choose from (%s)", k.Seat, k.Prompt.Reason)
	case 1:
		return Result{Command: cands[0]}, nil
	}
	t := &tree{seat: k.Seat, explore: s.budget.Explore, root: newNode()}
	t.root.expand(cands)
	run := &iteration{s: s, t: t, r: r}
	var res Result
	var best *edge
	if s.budget.Halving {
		if best, res.Iterations, err = s.halve(run, worlds); err != nil {
			return Result{}, err
		}
	} else {
		for i := range s.budget.Iterations {
			if i > 0 && s.spent(run) {
				break
			}
			if err := run.once(s.game.Clone(worlds[i%len(worlds)]), nil); err != nil {
				return Result{}, err
			}
			res.Iterations++
		}
		best = t.root.best()
	}
	res.Commands, res.Work, res.Fallbacks = run.commands, run.commands+run.weighed, run.fallbacks
	if first := t.root.edges[0]; k.Prompt.MustAct && s.prefers(best, first) {
		best = first
	}
	for _, e := range t.root.edges {
		res.Candidates = append(res.Candidates, Candidate{Command: e.cmd, Visits: e.visits, Value: e.mean()})
	}
	res.Command = best.cmd
	return res, nil
}

// prefers reports whether the budget keeps first over best: it was played,
// and best's mean is not higher by more than Prefer and PreferSE standard
// errors of the difference.
func (s *Search) prefers(best, first *edge) bool {
	b := s.budget
	if b.Prefer <= 0 || first.visits == 0 || best == first {
		return false
	}
	margin := b.Prefer + b.PreferSE*math.Hypot(best.spread(), first.spread())
	return best.mean()-first.mean() <= margin
}

// spent reports whether the iterations run have used up the budget's
// Commands or Work.
func (s *Search) spent(run *iteration) bool {
	b := s.budget
	return (b.Commands > 0 && run.commands >= b.Commands) || (b.Work > 0 && run.commands+run.weighed >= b.Work)
}

// deal draws the budget's worlds and folds each into a state.
func (s *Search) deal(sampler Sampler, r *engine.Rand) ([]engine.State, error) {
	worlds := make([]engine.State, s.budget.Worlds)
	for i := range worlds {
		evs, err := sampler.Deal(r)
		if err != nil {
			return nil, err
		}
		if worlds[i], err = Fold(s.rules, evs); err != nil {
			return nil, fmt.Errorf("search: a dealt world does not fold: %w", err)
		}
	}
	return worlds, nil
}

// candidates returns the commands compared at a decision of seat in st:
// the game's proposal, else the seat's legal commands (prompt, when the
// caller has it).
func (s *Search) candidates(st engine.State, seat engine.Seat, prompt *engine.Prompt) []proto.Message {
	if pr, ok := s.game.(Proposer); ok {
		return pr.Propose(st, seat)
	}
	if prompt != nil {
		return prompt.Legal
	}
	p, _ := promptOf(st, seat)
	return p.Legal
}

// Fold returns the state that events fold into, from the rules' empty
// state.
func Fold(rules engine.Rules, events []engine.Event) (engine.State, error) {
	st := rules.NewState()
	for i, ev := range events {
		for _, b := range ev.Bodies() {
			if err := st.Apply(b); err != nil {
				return nil, fmt.Errorf("event %d: %w", i+1, err)
			}
		}
	}
	return st, nil
}

// errNoCommand is a world in which no seat has a command to play though the
// game is not over: a bug in the game.
var errNoCommand = errors.New("search: the game is not over but no seat has a command")

// clamp keeps a value within [0, 1] (NaN counts as 0).
func clamp(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return min(max(v, 0), 1)
}
