package kingdom

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Bots returns the Kingdom's bots: easy plays the goal-aware heuristic
// (strategy.Heuristic, engine/kingdom/strategy's ChooseToWin) from the
// seat's view; normal and hard search (engine/search) over the Contract
// hands the seat has not seen, with the heuristic as their default policy,
// within the budgets of [Budget].
func Bots() engine.Bots {
	return engine.Bots{
		Easy:   engine.PolicyBot(strategy.Heuristic{}),
		Normal: Searcher{Level: engine.LevelNormal},
		Hard:   Searcher{Level: engine.LevelHard},
	}
}

// searchLevels are the normal and hard bots' budgets (docs/bots.md gives
// the CPU each takes per decision and how each fares). A Kingdom playout
// command costs a prompt (every legal command checked) and a view, and a
// Day is some ten commands per seat: a playout is cut after under half a
// Day (normal) or most of one (hard) and valued by the sides' progress
// towards the win; the heuristic that plays it out races to the win, so
// a short look ahead reads the race well, and normal's worst decision
// stays within 50 ms of CPU at four seats.
var searchLevels = search.Levels{
	engine.LevelNormal: {Iterations: 12, Worlds: 4, DepthPerSeat: 4},
	engine.LevelHard:   {Iterations: 64, Worlds: 16, DepthPerSeat: 8},
}

// Budget returns the search budget of a level (normal or hard; any other
// level is normal) at a table of players.
func Budget(l engine.Level, players int) search.Budget { return searchLevels.Budget(l, players) }

// Searcher is a searching bot of one level: engine/search with
// [SearchGame], within the level's [Budget] for the table.
type Searcher struct {
	Level engine.Level
}

var _ engine.Bot = Searcher{}

// Choose searches k's decision.
func (b Searcher) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	res, err := b.Run(k, r)
	return res.Command, err
}

// Run searches k's decision and returns what the search found.
func (b Searcher) Run(k engine.Knowledge, r *engine.Rand) (search.Result, error) {
	v, ok := k.View.(*pb.View)
	if !ok {
		return search.Result{}, fmt.Errorf("kingdom: the view is %T", k.View)
	}
	return search.New(Rules{}, SearchGame{}, Budget(b.Level, int(v.Players))).Run(k, r)
}
