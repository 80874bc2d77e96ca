package bootleggers_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// balanceGames is the number of games per table of the balance run:
// BOOTLEGGERS_BALANCE=n sets it and turns on the bands (the figures of
// docs/rules/bootleggers.md come from n=1000); without it the test plays a
// small sample and checks only that every game finishes under the watcher.
func balanceGames() (int, bool) {
	if n, err := strconv.Atoi(os.Getenv("BOOTLEGGERS_BALANCE")); err == nil && n > 0 {
		return n, true
	}
	if testing.Short() {
		return 1, false
	}
	return 3, false
}

// moneyEndBand is the share of Balanced games the money end may end, by
// player count (docs/rules/bootleggers.md, "Balance").
var moneyEndBand = map[int][2]float64{2: {0.3, 0.9}, 3: {0.1, 0.5}, 4: {0.1, 0.5}, 5: {0.1, 0.5}, 6: {0.2, 0.7}}

// dominates is how far above its fair share of wins (1/players) a seat
// position or a fixed style may go before the balance counts as broken.
const dominates = 1.5

// TestBalance plays, at every player count, Balanced tables; one seat of
// every fixed style against Balanced seats (the style rotated over the seat
// positions); and Balanced tables under every option set; every game under
// the watcher (ledger, conservation, audiences) after every event. With
// BOOTLEGGERS_BALANCE set it checks the bands of the doc and prints the
// report the doc quotes:
//
//	BOOTLEGGERS_BALANCE=1000 go test ./engine/bootleggers -run TestBalance -timeout 3h -count=1 -v
func TestBalance(t *testing.T) {
	n, full := balanceGames()
	reports := make([]string, printed.MaxPlayers+1)
	t.Run("tables", func(t *testing.T) {
		for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
			t.Run(fmt.Sprint(players), func(t *testing.T) {
				t.Parallel()
				reports[players] = balanceReport(t, players, n, full)
			})
		}
	})
	if full {
		fmt.Print(strings.Join(reports, ""))
	}
}

func balanceReport(t *testing.T, players, n int, full bool) string {
	var b strings.Builder
	tb, err := run(players, n, nil, nil, "balanced", true)
	if err != nil {
		t.Fatal(err)
	}
	st := summarise(tb, players)
	b.WriteString(st.String())
	fair := 1 / float64(players)
	if band := moneyEndBand[players]; full && (st.moneyEnd < band[0] || st.moneyEnd > band[1]) {
		t.Errorf("%d players: the money end fires in %.0f%% of games, outside %.0f-%.0f%%", players, 100*st.moneyEnd, 100*band[0], 100*band[1])
	}
	for i, w := range st.seatWins {
		if full && w > dominates*fair {
			t.Errorf("%d players: seat %d wins %.0f%%", players, i, 100*w)
		}
	}
	b.WriteString("  one seat of each style against Balanced seats: its wins (fair share), its mean money (the table's):\n")
	for _, style := range strategy.Styles[1:] {
		styles := make([]strategy.Style, players)
		styles[0] = style
		tb, err := run(players, n, nil, styles, "style-"+style.String(), true)
		if err != nil {
			t.Fatal(err)
		}
		s := summarise(tb, players)
		wins := float64(s.styleWins[style]) / float64(s.games)
		mean := float64(s.styleMoney[style]) / float64(s.styleSeats[style])
		fmt.Fprintf(&b, "    %-16s %3.0f%% (%2.0f%%); %5.1fG (%5.1fG)\n", style, 100*wins, 100*fair, mean, s.money.mean)
		if full && wins > dominates*fair {
			t.Errorf("%d players: %s wins %.0f%% against Balanced seats", players, style, 100*wins)
		}
	}
	b.WriteString("  Balanced tables by option set: money end, mean last round, the winner's mean money:\n")
	for _, o := range optionTables(players) {
		tb, err := run(players, n, o.opts, nil, "options-"+o.name, true)
		if err != nil {
			t.Fatal(err)
		}
		s := summarise(tb, players)
		fmt.Fprintf(&b, "    %-24s %3.0f%%, round %.1f, %5.1fG\n", o.name, 100*s.moneyEnd, s.endRound, s.winner.mean)
	}
	return b.String()
}

// optionTable is a named option set of the balance run.
type optionTable struct {
	name string
	opts *pb.Options
}

func optionTables(players int) []optionTable {
	out := []optionTable{
		{"Ramp Still Production", &pb.Options{RampStillProduction: true}},
		{"Play it Cool", &pb.Options{PlayItCool: true}},
		{"Ring up the Boys", &pb.Options{RingUpTheBoys: true}},
		{"Muscling In", &pb.Options{MusclingIn: true}},
		{"all four", &pb.Options{RampStillProduction: true, PlayItCool: true, RingUpTheBoys: true, MusclingIn: true}},
		{"strict owners", &pb.Options{OwnerThreshold: pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY}},
	}
	if players == printed.NeedALittleHelpPlayers {
		out = append(out, optionTable{"Need a Little Help", &pb.Options{NeedALittleHelp: true}})
	}
	return out
}
