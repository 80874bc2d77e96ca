package kingdom

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// SearchGame is the Kingdom's side of the search contract: the sampler of
// Contract hands from a seat's history, the goal-aware heuristic
// (strategy.Heuristic, reading each seat's own view of the world) as the
// default policy, and the seat's progress towards the printed win
// conditions as the value.
type SearchGame struct{}

var (
	_ search.Game     = SearchGame{}
	_ search.Stepper  = SearchGame{}
	_ search.Proposer = SearchGame{}
)

// Infer reads a seat's belief from its knowledge.
func (SearchGame) Infer(k engine.Knowledge) (search.Sampler, error) { return infer(k) }

// Clone returns a deep copy of a Kingdom state.
func (SearchGame) Clone(st engine.State) engine.State { return st.Clone() }

// Playout returns the heuristic's command for the seat the game waits for,
// chosen from that seat's view of the world (its own hand, never the
// others').
func (SearchGame) Playout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message) {
	s := st.(*state)
	ps := s.Prompts()
	if len(ps) == 0 {
		return 0, nil
	}
	p := ps[0]
	return p.Seat, strategy.Heuristic{}.Choose(s.View(engine.SeatViewer(p.Seat)), p, r)
}

// Propose returns the commands of seat worth comparing: the heuristic's
// alternatives from the seat's view (strategy.AlternativesToWin: its own
// choice first, then each of its steps' plays; the prompts' templates,
// Move, Push and Unload, are filled only by it) that the rules accept. It
// reads only the seat's view and prompt, so it is the same in every world
// the seat may be in.
func (SearchGame) Propose(st engine.State, seat engine.Seat) []proto.Message {
	s := st.(*state)
	var p engine.Prompt
	for _, q := range s.Prompts() {
		if q.Seat == seat {
			p = q
		}
	}
	view := s.View(engine.SeatViewer(seat)).(*pb.View)
	var out []proto.Message
	for _, c := range strategy.AlternativesToWin(view, strategy.FromEngine(p), engine.NewRand([32]byte{})) {
		if decider.Accepts(s, seat, c) {
			out = append(out, c)
		}
	}
	return out
}

// Step plays cmd on st in place: the kit's precheck and the command's rule
// on a decision that applies to st itself (a rule refuses before its first
// event, so a refusal leaves st as it was).
func (SearchGame) Step(st engine.State, seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, error) {
	return decider.DecideInPlace(st.(*state), seat, cmd, r)
}

// Value is seat's share of the win: at the end, its share of the winners;
// before, in the Blood Oath after the Sit-Down, its Alliance's progress
// towards the printed win ("a Commission card and 20 Respect"; the
// Alliance's Commission and combined Respect), else the seat's fitted
// chance of the win (searchvalue.go), a softmax over every seat's
// features: a rival's progress lowers it as the seat's own raises it.
func (SearchGame) Value(st engine.State, seat engine.Seat) float64 {
	s := st.(*state)
	if o := s.Outcome(); o != nil {
		return search.Share(o.Winners, seat)
	}
	if s.Partner[int(seat)] != none {
		return s.progress(int(seat))
	}
	return s.chance(int(seat))
}

// progress is how far seat's side is on the way to the win, in [0, 1]:
// Respect towards the target, capped, and the Commission card (a side
// without one cannot win).
func (s *state) progress(seat int) float64 {
	need := s.respectToWin()
	r := s.respect(seat)
	com := s.Seats[seat].Commission
	if p := s.Partner[seat]; s.partners(seat, p) {
		need = s.allianceRespect()
		r += s.respect(p)
		com = com || s.Seats[p].Commission
	}
	v := 0.8 * min(1, max(0, float64(r)/float64(need)))
	if com {
		v += 0.2
	}
	return v
}
