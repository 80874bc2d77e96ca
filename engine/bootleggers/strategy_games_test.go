package bootleggers_test

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// strategyGames is how many games TestStrategyGames plays per player count
// and option set: BOOTLEGGERS_STRATEGY_GAMES=n sets it.
func strategyGames() int {
	if n, err := strconv.Atoi(os.Getenv("BOOTLEGGERS_STRATEGY_GAMES")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 1
	}
	return 2
}

// TestStrategyGames plays whole seeded games with the strategy at every
// seat (a mix of styles around Balanced ones) at every player count and
// under every option, each seat choosing from its own view, with every
// check of the playtest harness and the watcher after every event, and
// engine.Verify of each finished game from its seed and command log. The
// games must reach every event kind: the trades, the calls, the Non-Player
// turns, the money end and the last round (the withdrawn offer and the
// reshuffle, which no policy makes, are TestTradeAnswersAndStaleOffers' and
// TestMenOfActionReshuffle's).
func TestStrategyGames(t *testing.T) {
	games := strategyGames()
	counts := make([]map[string]int, printed.MaxPlayers+1)
	t.Run("tables", func(t *testing.T) {
		for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
			t.Run(fmt.Sprint(players), func(t *testing.T) {
				t.Parallel()
				counts[players] = strategyTables(t, players, games)
			})
		}
	})
	seen := map[string]int{}
	for _, c := range counts {
		for k, n := range c {
			seen[k] += n
		}
	}
	kinds := (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("kind").Fields()
	for i := range kinds.Len() {
		name := string(kinds.Get(i).Name())
		// The Boardwalk's events are TestBoardwalkGames' (sim_boardwalk_test.go),
		// whose tables have the expansion on; these tables play the base
		// game. O'Malley's cut, which the strategy rarely has cause to
		// make, is TestOMalleysCutOutOfTurn's.
		boardwalkOnly := name == "casino_redeveloped" || name == "casino_owner_discarded" || name == "casino_card_taken" || name == "omalleys_cut" ||
			name == "casino_card_played" || name == "casino_cards_awaited" || name == "casino_cards_passed" || name == "commission_answered"
		// Strategies never resign: resign_test.go plays resignations.
		if seen[name] == 0 && name != "trade_withdrawn" && name != "resigned" && !boardwalkOnly {
			t.Errorf("no strategy game produced %s", name)
		}
	}
	for _, r := range []pb.EndReason{pb.EndReason_END_REASON_MONEY, pb.EndReason_END_REASON_LAST_ROUND} {
		if seen["end "+r.String()] == 0 {
			t.Errorf("no game ended by %v", r)
		}
	}
	t.Log(seen)
}

// strategyTables plays games games per option set at one player count and
// counts the event kinds and the ends they reached.
func strategyTables(t *testing.T, players, games int) map[string]int {
	seen := map[string]int{}
	for _, name := range sortedNames(bootleggers.OptionSets(players)) {
		opts := bootleggers.OptionSets(players)[name]
		for i := range games {
			policies := []engine.Policy{strategy.Policy{}, strategy.Policy{Style: strategy.Styles[(i+players)%len(strategy.Styles)]}}
			cfg, w := policyGame(players, opts, []byte(fmt.Sprintf("strategy/%d/%s/%d", players, name, i)), policies)
			cfg.RandomCommand, cfg.RebuildEvery = bootleggers.RandomCommand, 50
			res, err := playtestPlay(cfg)
			if err != nil {
				t.Fatalf("%d players, %s, game %d: %v", players, name, i, err)
			}
			for k, n := range w.Kinds() {
				seen[k] += n
			}
			end := res.Game.State.View(engine.AuditorViewer()).(*pb.View).GetResult()
			seen["end "+end.GetReason().String()]++
		}
	}
	return seen
}

func sortedNames(m map[string]*pb.Options) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
