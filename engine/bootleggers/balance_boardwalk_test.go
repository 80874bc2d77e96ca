package bootleggers_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
)

// TestBoardwalkBalance plays, at 3 to 6 players, Balanced Boardwalk games
// under the watcher and reports what casinos do to the game: how often a
// casino owner wins, the money of owners and of the others at the end, how
// many casinos a game opens and in which round, and what the owners take
// as payouts, as gambling profit, and as gambling at casinos no truck came
// to (ruling 82). With BOOTLEGGERS_BALANCE set it plays that many games a
// table and prints the report docs/rules/bootleggers.md quotes;
// BOOTLEGGERS_CASINO_PRICES=a,b,c,d tries other base prices (ruling 73):
//
//	BOOTLEGGERS_BALANCE=200 go test ./engine/bootleggers -run TestBoardwalkBalance -timeout 1h -count=1 -v
func TestBoardwalkBalance(t *testing.T) {
	n, full := balanceGames()
	if !full {
		n = 1
	}
	if prices := os.Getenv("BOOTLEGGERS_CASINO_PRICES"); prices != "" {
		for i, f := range strings.Split(prices, ",") {
			p, err := strconv.Atoi(f)
			if err != nil || i >= len(printed.Boardwalk.Casinos) {
				t.Fatalf("BOOTLEGGERS_CASINO_PRICES=%q", prices)
			}
			printed.Boardwalk.Casinos[i].BasePrice = p
		}
	}
	reports := make([]string, printed.MaxPlayers+1)
	t.Run("tables", func(t *testing.T) {
		for players := printed.StandardMinPlayers; players <= printed.MaxPlayers; players++ {
			t.Run(fmt.Sprint(players), func(t *testing.T) {
				t.Parallel()
				var b strings.Builder
				for _, o := range boardwalkTables()[:2] {
					tb, err := run(players, n, o.opts, nil, "bw-"+o.name, true)
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintf(&b, "%d players, %s: %s", players, o.name, casinoSummary(tb, players))
				}
				reports[players] = b.String()
			})
		}
	})
	if full {
		fmt.Printf("base prices %v\n%s", basePrices(), strings.Join(reports, ""))
	}
}

func basePrices() []int {
	var out []int
	for _, c := range printed.Boardwalk.Casinos {
		out = append(out, c.BasePrice)
	}
	return out
}

// casinoSummary sums up the casinos of a table of games.
func casinoSummary(tb table, players int) string {
	st := summarise(tb, players)
	var ownerWins, games, ownerSeats, otherSeats, ownerMoney, otherMoney, casinos, multi, first, firstGames int
	var pay, gambling, idle int
	for _, g := range tb.games {
		games++
		for seat, m := range g.money {
			if g.casinos[seat] > 0 {
				ownerSeats++
				ownerMoney += m
				if g.casinos[seat] > 1 {
					multi++
				}
			} else {
				otherSeats++
				otherMoney += m
			}
			casinos += g.casinos[seat]
		}
		if g.casinos[winnerSeat(g)] > 0 {
			ownerWins++
		}
		if g.firstCasino > 0 {
			first += g.firstCasino
			firstGames++
		}
		pay, gambling, idle = pay+g.ownerPay, gambling+g.gambling, idle+g.idleGambling
	}
	mean := func(a, b int) float64 { return float64(a) / float64(max(b, 1)) }
	return fmt.Sprintf("%d games; final money %.1f (winner %.1f, last %.1f); casinos a game %.2f, first in round %.1f; "+
		"owners %.2f a game, %.0f%% of them with two or more; owners win %.0f%% of games; "+
		"mean money: owners %.1f, others %.1f; owners' takings a game: payouts %.1f, gambling %.1f (at empty casinos %.1f)\n",
		games, st.money.mean, st.winner.mean, st.lastPlace.mean, mean(casinos, games), mean(first, firstGames),
		mean(ownerSeats, games), 100*mean(multi, ownerSeats), 100*mean(ownerWins, games),
		mean(ownerMoney, ownerSeats), mean(otherMoney, otherSeats), mean(pay, games), mean(gambling, games), mean(idle, games))
}
