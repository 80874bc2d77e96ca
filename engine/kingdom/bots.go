package kingdom

import (
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
// within the budgets of searchLevels (twoPlayerLevels at a table of two).
func Bots() engine.Bots {
	return engine.Bots{
		Easy:   engine.PolicyBot(strategy.Heuristic{}),
		Normal: searcher(engine.LevelNormal),
		Hard:   searcher(engine.LevelHard),
	}
}

// searchLevels are the normal and hard bots' budgets (docs/bots.md gives
// the CPU each takes per decision and how each fares). Both compare the
// heuristic's alternatives (hard its first 8, normal its first 4) by
// sequential halving on common worlds and dice, with playouts cut after 4
// commands a seat at hard, 3 at normal (under half a Day: a Day is some
// ten commands a seat), each valued by the seat's fitted chance of the win
// (searchvalue.go), which reads the Titles off the board before the
// Reckoning counts them.
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 32, Worlds: 8, DepthPerSeat: 3, Candidates: 4, Halving: true},
	Hard:   search.Level{Iterations: 160, Worlds: 16, DepthPerSeat: 4, Candidates: 8, Halving: true},
}

// twoPlayerLevels are the budgets at a table of two: hard compares the
// heuristic's first 4 alternatives, as normal does, each with four times
// the playouts (20 in halving's first round, where 8 alternatives had 6).
// Over 8 alternatives hard did no better than normal head to head at two
// (docs/bots.md).
var twoPlayerLevels = search.Levels{
	Normal: searchLevels.Normal,
	Hard:   search.Level{Iterations: 160, Worlds: 16, DepthPerSeat: 4, Candidates: 4, Halving: true},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame], within the level's budget for the table.
func searcher(l engine.Level) Searcher {
	return Searcher{
		Standard:  search.Bot{Rules: Rules{}, Game: SearchGame{}, Levels: searchLevels, Level: l},
		TwoPlayer: search.Bot{Rules: Rules{}, Game: SearchGame{}, Levels: twoPlayerLevels, Level: l},
	}
}

// Searcher is a searching bot of one level whose budget depends on the
// table: TwoPlayer's at a table of two, Standard's at three and four. It
// is comparable, and keeps nothing between calls.
type Searcher struct {
	Standard, TwoPlayer search.Bot
}

var _ engine.Bot = Searcher{}

// Choose searches k's decision with the bot of k's table.
func (b Searcher) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	return b.At(k.View).Choose(k, r)
}

// Run searches k's decision with the bot of k's table and returns what
// the search found.
func (b Searcher) Run(k engine.Knowledge, r *engine.Rand) (search.Result, error) {
	return b.At(k.View).Run(k, r)
}

// At returns the bot that searches at the table of view, a seat's View.
func (b Searcher) At(view proto.Message) search.Bot {
	if v, _ := view.(*pb.View); v.GetPlayers() == 2 {
		return b.TwoPlayer
	}
	return b.Standard
}
