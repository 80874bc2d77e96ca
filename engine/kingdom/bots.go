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
// the CPU each takes per decision and how each fares). A Kingdom playout
// command costs a prompt (every legal command checked) and a view, and a
// Day is some ten commands per seat: a playout is cut after under half a
// Day (normal) or most of one (hard) and valued by the seat's own side's
// progress towards the win; the heuristic that plays it out races to the
// win, so a short look ahead reads the race well. Normal's 10 iterations (its
// worst decision took 49.7 ms at 12) keep its worst within 50 ms of CPU
// at four seats with a margin.
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 32, Worlds: 8, DepthPerSeat: 3, Candidates: 4, Halving: true},
	Hard:   search.Level{Iterations: 160, Worlds: 16, DepthPerSeat: 4, Candidates: 8, Halving: true},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame], within the level's budget of searchLevels for the table.
func searcher(l engine.Level) search.Bot {
	return search.Bot{Rules: Rules{}, Game: SearchGame{}, Levels: searchLevels, Level: l}
}
