package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	"github.com/moonshine-games/moonshine/engine/search"
)

// Bots returns Bootleggers' bots: easy plays the seeded strategy
// (strategy.Policy, engine/bootleggers/strategy) from the seat's view;
// normal and hard search (engine/search) over the Muscle cards, deck
// orders and sealed bids the seat has not seen, with it as their default
// policy, within the budgets of searchLevels.
func Bots() engine.Bots {
	return engine.Bots{Easy: engine.PolicyBot(strategy.Policy{}), Normal: searcher(engine.LevelNormal), Hard: searcher(engine.LevelHard)}
}

// searchLevels are the normal and hard bots' budgets (docs/bots.md gives
// the CPU each takes per decision and how each fares). A round is some
// four to six commands per Mobster (a bid, a selection, the boys, the
// still, the run and its follow-ups): a playout is cut after about a round
// and valued by the money. A command costs more at a larger table and its
// playouts are longer, so the commands a decision plays in all are capped:
// from 4 players for hard and normal (fewer iterations there).
//
// The smaller tables have budgets of their own (Tables):
//   - At two players, the 2-player variant ("Where are da boys?", the only
//     table of two), a round is some seven commands in all and a command is
//     cheap, so a playout looks three to four rounds ahead instead of one:
//     what a Muscle card's place in the selection order, an influence card,
//     a still or a truck taken in Phase 1 brings in is the money of the
//     rounds after, which a playout cut in the next round does not see
//     (with it the search's bids and selections lost to the strategy's).
//   - At three, hard's playouts are cut after 10 commands a seat (30, some
//     two and a half rounds there) for the same reason.
//   - At four, hard's playouts are cut after 10 commands a seat (40, some
//     two rounds there), as at three; cut after one round, hard did not
//     beat normal there (docs/bots.md).
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 16, Worlds: 8, DepthPerSeat: 4, Commands: 240, Work: 3600, Prefer: 0.01, PreferSE: 1},
	Hard:   search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 5, Commands: 4000, Work: 48000, Prefer: 0.01, PreferSE: 1},
	Tables: [search.MaxTables]search.Table{
		{
			Players: printed.TwoPlayers,
			Normal:  search.Level{Iterations: 16, Worlds: 8, DepthPerSeat: 15, Commands: 480, Work: 7200, Prefer: 0.01},
			Hard:    search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 15, Commands: 4500, Work: 90000, Prefer: 0.01},
		},
		{Players: 3, Hard: search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 10, Commands: 4500, Work: 90000, Prefer: 0.01}},
		{Players: 4, Hard: search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 10, Commands: 6000, Work: 120000, Prefer: 0.01}},
	},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame] and the strategy as its policy, within the level's budget
// of searchLevels for the table.
func searcher(l engine.Level) search.Bot {
	return search.Bot{Rules: Rules{}, Game: SearchGame{Policy: strategy.Policy{}}, Levels: searchLevels, Level: l}
}
