package boozebarons

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Bots returns Booze Barons' bots: easy plays the goal-aware heuristic;
// normal and hard search (engine/search) with the heuristic as their
// default policy, within the budgets of searchLevels.
func Bots() engine.Bots {
	return engine.Bots{Easy: Easy{}, Normal: searcher(engine.LevelNormal), Hard: searcher(engine.LevelHard)}
}

// searchLevels are the normal and hard bots' budgets (docs/bots.md gives
// the CPU each takes per decision and how each fares). A round is about
// two and a half commands per seat (a Movement card, an action and its
// follow-ups), so a playout is cut after about one round and valued by the Mobs' scores: longer playouts
// are noisier, and shorter ones miss the end of the round.
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 150, Worlds: 12, DepthPerSeat: 3},
	Hard:   search.Level{Iterations: 800, Worlds: 32, DepthPerSeat: 3},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame], within the level's budget of searchLevels for the table.
func searcher(l engine.Level) search.Bot {
	return search.Bot{Rules: Rules{}, Game: SearchGame{}, Levels: searchLevels, Level: l}
}

// Easy is the easy bot: the heuristic, from what its seat may know (its
// belief of the others' types: every card each has held, every wrong
// guess).
type Easy struct{}

var _ engine.Bot = Easy{}

// Choose returns the heuristic's command for k.Prompt.
func (Easy) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	if len(k.Prompt.Legal) == 1 {
		return k.Prompt.Legal[0], nil
	}
	b, err := infer(k)
	if err != nil {
		return nil, err
	}
	// The heuristic reads only facts the seat knows, so any world
	// consistent with the belief serves; the sealed cards of the others
	// are not dealt, as it never reads them.
	b.sealed = nil
	evs, err := b.Deal(r)
	if err != nil {
		return nil, err
	}
	w, err := search.Fold(Rules{}, evs)
	if err != nil {
		return nil, err
	}
	st := w.(*State)
	h := newHeuristic(st, b.seat, b.suspects, r)
	var cmd *pb.Command
	if st.phase == pb.Phase_PHASE_MOVE {
		cmd = h.choose()
	} else {
		cmd = h.act()
	}
	if cmd == nil || !slices.ContainsFunc(k.Prompt.Legal, func(m proto.Message) bool { return proto.Equal(m, cmd) }) {
		return nil, fmt.Errorf("boozebarons: the heuristic chose %v, which %v is not offered", cmd, k.Seat)
	}
	return cmd, nil
}
