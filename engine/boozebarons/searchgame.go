package boozebarons

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// SearchGame is Booze Barons' side of the search contract: the sampler of
// worlds from a seat's belief, the heuristic as the default policy, and
// the Mobs' scores as the value.
type SearchGame struct{}

var (
	_ search.Game     = SearchGame{}
	_ search.Stepper  = SearchGame{}
	_ search.Proposer = SearchGame{}
)

// Infer reads a seat's belief from its knowledge.
func (SearchGame) Infer(k engine.Knowledge) (search.Sampler, error) { return infer(k) }

// Clone returns a deep copy of a Booze Barons state.
func (SearchGame) Clone(st engine.State) engine.State { return st.Clone() }

// Playout returns the heuristic's next command: in the Move Phase for the
// first seat still to choose, in the Action Phase for the seat awaited.
func (SearchGame) Playout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message) {
	s := st.(*State)
	switch s.phase {
	case pb.Phase_PHASE_MOVE:
		for i := range s.players {
			if s.moves.Awaits(engine.Seat(i)) {
				return engine.Seat(i), newHeuristic(s, i, nil, r).choose()
			}
		}
	case pb.Phase_PHASE_ACTION:
		if a := s.actor(); a >= 0 {
			return engine.Seat(a), newHeuristic(s, a, nil, r).act()
		}
	}
	return 0, nil
}

// Propose returns the commands of seat worth comparing: its legal
// commands but the Expose guesses that cannot pay, a type the table has
// ruled out for the target or one of the seat's own Mob ("-2 Coins for
// each Movement card acquired from another player in your Mob"), and, at
// the Docks, collections of fewer cards than the seat may take. It reads
// only what the seat may know in st.
func (SearchGame) Propose(st engine.State, seat engine.Seat) []proto.Message {
	s := st.(*State)
	legal := s.legal(int(seat))
	h := newHeuristic(s, int(seat), nil, nil)
	most := 0
	for _, m := range legal {
		most = max(most, len(m.(*pb.Command).GetDocksCollect().GetCardIds()))
	}
	out := legal[:0]
	for _, m := range legal {
		c := m.(*pb.Command)
		if x := c.GetExpose(); x != nil {
			if t := typeBit(x.Guess); t&h.mob != 0 || t&h.suspects(s.pend.target) == 0 {
				continue
			}
		}
		if d := c.GetDocksCollect(); d != nil && len(d.CardIds) < most {
			continue
		}
		out = append(out, m)
	}
	return out
}

// Step plays cmd on st in place: the kit's precheck and the rule on a
// decision that applies to st itself (the rule checks the whole command
// before its first event, so a refusal leaves st as it was).
func (SearchGame) Step(st engine.State, seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, error) {
	return decider.DecideInPlace(st.(*State), seat, cmd, r)
}

// valueScale is the spread, in Coins, of the Mobs' scores over which a
// lead turns into a win (the softmax temperature of Value).
const valueScale = 2.5

// Value is seat's share of the win: at the end, its Mob's share of the
// winners; before, a softmax of the Mobs' scores were the game to end now
// (End of Game scoring, with the doubling and the three-player Mobs' rule).
func (SearchGame) Value(st engine.State, seat engine.Seat) float64 {
	s := st.(*State)
	mob := printed.MobOf(s.seats[seat].booze)
	var g *pb.GameEnded
	if g = s.result; g == nil {
		g = finalScores(s)
	}
	lead := lead(g, mob)
	if s.result == nil {
		return lead
	}
	return search.Final(search.Share(s.result.Winners, mob), lead)
}

// lead is a softmax of the Mobs' scores: mob's share of exp(score/scale).
func lead(g *pb.GameEnded, mob pb.Mob) float64 {
	scores, i := make([]float64, len(g.Mobs)), -1
	for j, m := range g.Mobs {
		scores[j] = float64(m.Score)
		if m.Mob == mob {
			i = j
		}
	}
	return search.Lead(scores, i, valueScale)
}
