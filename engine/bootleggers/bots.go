package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
)

// Bots returns Bootleggers' bots, which play with policy, the seeded
// strategy of engine/bootleggers/strategy (which imports this package, so
// the caller supplies it): easy plays it from the seat's view; normal and
// hard search (engine/search) over the Muscle cards, deck orders and
// sealed bids the seat has not seen, with it as their default policy,
// within the budgets of searchLevels. A nil policy has no bots (the
// module's bots are then uniform among the legal commands).
func Bots(policy engine.Policy) engine.Bots {
	if policy == nil {
		return engine.Bots{}
	}
	return engine.Bots{Easy: engine.PolicyBot(policy), Normal: searcher(policy, engine.LevelNormal), Hard: searcher(policy, engine.LevelHard)}
}

// searchLevels are the normal and hard bots' budgets (docs/bots.md gives
// the CPU each takes per decision and how each fares). A round is some
// four to six commands per Mobster (a bid, a selection, the boys, the
// still, the run and its follow-ups): a playout is cut after about a round
// and valued by the money. A command costs more at a larger table and its
// playouts are longer, so the commands a decision plays in all are capped:
// from 4 players for hard and normal (fewer iterations there).
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 16, Worlds: 8, DepthPerSeat: 4, Commands: 240, Work: 3600, Prefer: 0.01, PreferSE: 1},
	Hard:   search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 5, Commands: 4000, Work: 48000, Prefer: 0.01, PreferSE: 1},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame], within the level's budget of searchLevels for the table.
func searcher(policy engine.Policy, l engine.Level) search.Bot {
	return search.Bot{Rules: Rules{}, Game: SearchGame{Policy: policy}, Levels: searchLevels, Level: l}
}
