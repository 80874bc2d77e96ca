package kingdom

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	"github.com/moonshine-games/moonshine/engine/search"
)

// Bots returns the Kingdom's bots: easy plays the goal-aware heuristic
// (strategy.Heuristic, engine/kingdom/strategy's ChooseToWin) from the
// seat's view; normal and hard search (engine/search) over the Contract
// hands the seat has not seen, with the heuristic as their default policy,
// within the budgets of searchLevels.
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
//
// At a table of two, hard compares the heuristic's first 4 alternatives,
// as normal does, each with four times the playouts (20 in halving's first
// round, where 8 alternatives had 6): over 8 alternatives hard did no
// better than normal head to head at two (docs/bots.md).
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 32, Worlds: 8, DepthPerSeat: 3, Candidates: 4, Halving: true},
	Hard:   search.Level{Iterations: 160, Worlds: 16, DepthPerSeat: 4, Candidates: 8, Halving: true},
	Tables: [search.MaxTables]search.Table{
		{Players: 2, Hard: search.Level{Iterations: 160, Worlds: 16, DepthPerSeat: 4, Candidates: 4, Halving: true}},
	},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame], within the level's budget of searchLevels for the table.
func searcher(l engine.Level) search.Bot {
	return search.Bot{Rules: Rules{}, Game: SearchGame{}, Levels: searchLevels, Level: l}
}
