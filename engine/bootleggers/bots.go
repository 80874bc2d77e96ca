package bootleggers

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Bots returns Bootleggers' bots: easy plays the seeded strategy
// (strategy.Policy, engine/bootleggers/strategy) from the seat's view;
// normal and hard search (engine/search) over the Muscle cards, deck
// orders and sealed bids the seat has not seen, with it as their default
// policy, within the budgets of searchLevels (twoPlayerLevels in the
// 2-player variant, threePlayerLevels at three, fourPlayerLevels at four).
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
var searchLevels = search.Levels{
	Normal: search.Level{Iterations: 16, Worlds: 8, DepthPerSeat: 4, Commands: 240, Work: 3600, Prefer: 0.01, PreferSE: 1},
	Hard:   search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 5, Commands: 4000, Work: 48000, Prefer: 0.01, PreferSE: 1},
}

// twoPlayerLevels are the budgets at the 2-player variant's table. A
// round there is some seven commands in all, and a command is cheap, so a
// playout looks three to four rounds ahead instead of one: what a Muscle
// card's place in the selection order, an influence card, a still or a
// truck taken in Phase 1 brings in is the money of the rounds after, which
// a playout cut in the next round does not see (with it the search's bids
// and selections lost to the strategy's).
var twoPlayerLevels = search.Levels{
	Normal: search.Level{Iterations: 16, Worlds: 8, DepthPerSeat: 15, Commands: 480, Work: 7200, Prefer: 0.01},
	Hard:   search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 15, Commands: 4500, Work: 90000, Prefer: 0.01},
}

// threePlayerLevels are the budgets at a table of three: hard's playouts
// are cut after 10 commands a seat (30, some two and a half rounds there)
// for the same reason as at two players; normal's are searchLevels'.
var threePlayerLevels = search.Levels{
	Normal: searchLevels.Normal,
	Hard:   search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 10, Commands: 4500, Work: 90000, Prefer: 0.01},
}

// fourPlayerLevels are the budgets at a table of four: hard's playouts are
// cut after 10 commands a seat (40, some two rounds there), as at three;
// cut after one round, hard did not beat normal there (docs/bots.md).
var fourPlayerLevels = search.Levels{
	Normal: searchLevels.Normal,
	Hard:   search.Level{Iterations: 150, Worlds: 16, DepthPerSeat: 10, Commands: 6000, Work: 120000, Prefer: 0.01},
}

// searcher is the searching bot of level l: engine/search with
// [SearchGame] and the strategy as its policy, within the level's budget
// for the table: twoPlayerLevels at the 2-player variant's,
// threePlayerLevels at a table of three, fourPlayerLevels at four,
// searchLevels at every other.
func searcher(l engine.Level) Searcher {
	game := SearchGame{Policy: strategy.Policy{}}
	return Searcher{
		Standard:    search.Bot{Rules: Rules{}, Game: game, Levels: searchLevels, Level: l},
		TwoPlayer:   search.Bot{Rules: Rules{}, Game: game, Levels: twoPlayerLevels, Level: l},
		ThreePlayer: search.Bot{Rules: Rules{}, Game: game, Levels: threePlayerLevels, Level: l},
		FourPlayer:  search.Bot{Rules: Rules{}, Game: game, Levels: fourPlayerLevels, Level: l},
	}
}

// Searcher is a searching bot of one level whose budgets depend on the
// table: TwoPlayer's in the 2-player variant ("Where are da boys?"),
// ThreePlayer's at a table of three, FourPlayer's at four, Standard's at
// every other table. It is comparable, and keeps nothing between calls.
type Searcher struct {
	Standard, TwoPlayer, ThreePlayer, FourPlayer search.Bot
}

var _ engine.Bot = Searcher{}

// Choose searches k's decision with the bot of k's table.
func (b Searcher) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	return b.At(k.View).Choose(k, r)
}

// Run searches k's decision with the bot of k's table and returns what
// the search found (the arena's -search-stats reads it).
func (b Searcher) Run(k engine.Knowledge, r *engine.Rand) (search.Result, error) {
	return b.At(k.View).Run(k, r)
}

// At returns the bot that searches at the table of view, a seat's View.
func (b Searcher) At(view proto.Message) search.Bot {
	v, _ := view.(*pb.View)
	switch {
	case printed.TwoPlayer(v.GetOptions()):
		return b.TwoPlayer
	case v.GetPlayers() == printed.StandardMinPlayers:
		return b.ThreePlayer
	case v.GetPlayers() == printed.StandardMinPlayers+1:
		return b.FourPlayer
	}
	return b.Standard
}
