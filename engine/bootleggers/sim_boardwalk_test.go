package bootleggers_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Seeded games of the Boardwalk expansion: whole games played by the
// strategy at every table size and under the expansion's optional rules,
// checked after every event by the playtest harness, the Watcher (money
// moved only as the rules say, graft, booking fees and payouts included;
// markers, cards, trucks, crates and dice conserved; every private body
// and view redacted) and the CasinoWatcher (what a casino owner may hold,
// his graft, the gambling profit, at most 3 cuts a round, the end after
// round 12).

// boardwalkTables are the option sets of the Boardwalk games.
func boardwalkTables() []optionTable {
	return []optionTable{
		{"boardwalk", &pb.Options{Boardwalk: true}},
		{"boardwalk and its optional rules", &pb.Options{Boardwalk: true, ThrowTheBumsOut: true, NewCityOrdinance: true, StateGamingCommission: true}},
		{"boardwalk and every optional rule", &pb.Options{Boardwalk: true, ThrowTheBumsOut: true, NewCityOrdinance: true,
			StateGamingCommission: true, RampStillProduction: true, PlayItCool: true, RingUpTheBoys: true, MusclingIn: true}},
	}
}

// boardwalkGames is how many games TestBoardwalkGames plays per player
// count and option set: BOOTLEGGERS_BOARDWALK_GAMES=n sets it.
func boardwalkGames() int {
	if n, err := strconv.Atoi(os.Getenv("BOOTLEGGERS_BOARDWALK_GAMES")); err == nil && n > 0 {
		return n
	}
	return 1
}

// TestBoardwalkGames plays seeded Boardwalk games at 3 to 6 players, each
// seat choosing from its own view (Balanced seats and one of another
// style), with every check after every event and engine.Verify of each
// game from its seed and log. Between them the games must redevelop, take
// Casino cards, play kept ones and pass in the Selling Phase's window.
func TestBoardwalkGames(t *testing.T) {
	games := boardwalkGames()
	counts := make([]*bootleggers.CasinoWatcher, printed.MaxPlayers+1)
	kinds := make([]map[string]int, printed.MaxPlayers+1)
	t.Run("tables", func(t *testing.T) {
		for players := printed.StandardMinPlayers; players <= printed.MaxPlayers; players++ {
			t.Run(fmt.Sprint(players), func(t *testing.T) {
				t.Parallel()
				counts[players], kinds[players] = boardwalkTable(t, players, games)
			})
		}
	})
	total := bootleggers.NewCasinoWatcher()
	seen := map[string]int{}
	for players, c := range counts {
		if c == nil {
			continue
		}
		if c.Redeveloped == 0 {
			t.Errorf("no casino at %d players", players)
		}
		total.Redeveloped, total.Cuts, total.Acts = total.Redeveloped+c.Redeveloped, total.Cuts+c.Cuts, total.Acts+c.Acts
		for k, n := range kinds[players] {
			seen[k] += n
		}
	}
	// O'Malley's cut is not required: the strategy cuts only when rivals'
	// trucks stand at O'Malley's, and with casinos paying $3G-$5G a crate
	// they rarely do (TestOMalleysCutOutOfTurn covers the command).
	for _, k := range []string{"casino_redeveloped", "casino_owner_discarded", "casino_card_taken", "casino_card_played", "casino_cards_passed"} {
		if seen[k] == 0 {
			t.Errorf("no Boardwalk game produced %s", k)
		}
	}
	t.Logf("Casino cards played %d, windows passed %d, Commissions answered %d", seen["casino_card_played"], seen["casino_cards_passed"], seen["commission_answered"])
	t.Logf("%d redevelopments, %d Entertainment Acts gained, %d markers destroyed at O'Malley's", total.Redeveloped, total.Acts, total.Cuts)
}

func boardwalkTable(t *testing.T, players, games int) (*bootleggers.CasinoWatcher, map[string]int) {
	sum := bootleggers.NewCasinoWatcher()
	seen := map[string]int{}
	for _, o := range boardwalkTables() {
		for i := range games {
			policies := []engine.Policy{strategy.Policy{}, strategy.Policy{}, strategy.Policy{Style: strategy.Styles[(i+players)%len(strategy.Styles)]}}
			cfg, w := policyGame(players, o.opts, []byte(fmt.Sprintf("boardwalk/%d/%s/%d", players, o.name, i)), policies)
			cw := bootleggers.NewCasinoWatcher()
			inv := cfg.Invariant
			cfg.Invariant = func(st engine.State, log []engine.Recorded) error {
				if err := inv(st, log); err != nil {
					return err
				}
				return cw.Check(st, log)
			}
			cfg.RandomCommand, cfg.RebuildEvery = bootleggers.RandomCommand, 50
			res, err := playtestPlay(cfg)
			if err != nil {
				t.Fatalf("%d players, %s, game %d: %v", players, o.name, i, err)
			}
			if res.Game.State.Outcome() == nil {
				t.Fatalf("%d players, %s, game %d: no end", players, o.name, i)
			}
			sum.Redeveloped, sum.Cuts, sum.Acts = sum.Redeveloped+cw.Redeveloped, sum.Cuts+cw.Cuts, sum.Acts+cw.Acts
			for k, n := range w.Kinds() {
				seen[k] += n
			}
		}
	}
	return sum, seen
}
