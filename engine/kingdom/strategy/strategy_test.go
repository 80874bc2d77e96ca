package strategy_test

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// OathOptions are the table options of the end-to-end Blood Oath game.
var OathOptions = strategy.QuickOathOptions()

// result is how one seeded game went.
type result struct {
	commands, days int
	over, alliance bool
	sitDownAt      int // the command count at the Sit-Down (0: none)
	summary        string
}

func seedOf(n uint64) []byte {
	seed := make([]byte, engine.SeedSize)
	binary.BigEndian.PutUint64(seed, n)
	return seed
}

// play runs one 4-player game with every seat on the policy (each with its
// own generator) until it ends or maxCommands were sent. Every command must
// be accepted. For seeds up to 5 the view and prompts are also computed
// after every single event.
func play(t testing.TB, opts *pb.Options, n uint64, maxCommands int) result {
	return playN(t, 4, opts, n, maxCommands)
}

// playN is play at a table of players seats.
func playN(t testing.TB, players int, opts *pb.Options, n uint64, maxCommands int) result {
	return playWith(t, strategy.Choose, players, opts, n, maxCommands)
}

// chooser is Choose or ChooseToWin.
type chooser func(*pb.View, strategy.Prompt, strategy.Rand) *pb.Command

// playWith is playN with every seat on choose.
func playWith(t testing.TB, choose chooser, players int, opts *pb.Options, n uint64, maxCommands int) result {
	seed := seedOf(n)
	cfg := engine.Config{Players: players, Options: opts}
	g, _, err := engine.Start(kingdom.Rules{}, cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	var rngs []*engine.Rand
	for s := range players {
		var k [32]byte
		copy(k[:], seedOf(n*10+uint64(s)+1))
		rngs = append(rngs, engine.NewRand(k))
	}
	var res result
	for res.commands < maxCommands && g.State.Outcome() == nil {
		ps := g.State.Prompts()
		if len(ps) != 1 {
			t.Fatalf("seed %d: %d prompts", n, len(ps))
		}
		p := ps[0]
		v := g.State.View(engine.SeatViewer(p.Seat)).(*pb.View)
		c := choose(v, strategy.FromEngine(p), rngs[p.Seat])
		if c == nil {
			t.Fatalf("seed %d command %d: no command for %s (%s)", n, res.commands, p.Seat, p.Reason)
		}
		evs, _, err := g.Decide(p.Seat, c)
		if err != nil {
			t.Fatalf("seed %d command %d: %s (%s) sent a refused command %v: %v", n, res.commands, p.Seat, p.Reason, c, err)
		}
		for _, ev := range evs {
			if err := g.Apply(ev); err != nil {
				t.Fatal(err)
			}
			if n <= 5 {
				// A replay shows the game as of every event, inside a
				// decision too: its view and prompts must be computable.
				g.State.View(engine.AuditorViewer())
				g.State.Prompts()
			}
		}
		res.commands++
		for _, ev := range evs {
			if ev.Public.(*pb.Event).GetSitDown() != nil {
				res.sitDownAt = res.commands
			}
		}
	}
	v := g.State.View(engine.AuditorViewer()).(*pb.View)
	res.days = int(v.GetDay())
	if o := g.State.Outcome(); o != nil {
		res.over, res.summary = true, o.Summary
		res.alliance = len(o.Winners) == 2 && res.sitDownAt > 0
	}
	return res
}

// TestBloodOathGamesEnd plays many seeded 4-player Blood Oath games with
// the policy at every seat and the e2e table options, and reports how many
// end, after how many commands, and how many by an Alliance win after the
// Sit-Down. Nearly all must.
func TestBloodOathGamesEnd(t *testing.T) {
	games, limit := 50, 5000
	if testing.Short() {
		games = 8
	}
	start := time.Now()
	var results []result
	for n := range games {
		results = append(results, play(t, OathOptions, uint64(n+1), limit))
	}
	over, alliance, sitDowns := 0, 0, 0
	var cmds []int
	for i, r := range results {
		if r.over {
			over++
			cmds = append(cmds, r.commands)
		}
		if r.alliance {
			alliance++
		}
		if r.sitDownAt > 0 {
			sitDowns++
		}
		if testing.Verbose() {
			t.Logf("seed %d: %d commands, %d days, Sit-Down at %d, %s", i+1, r.commands, r.days, r.sitDownAt, r.summary)
		}
	}
	slices.Sort(cmds)
	t.Logf("%d games in %v: %d Sit-Downs, %d over (%d by an Alliance win); commands to the end: %s",
		games, time.Since(start).Round(time.Millisecond), sitDowns, over, alliance, quantiles(cmds))
	if alliance < games*9/10 {
		t.Errorf("only %d of %d games ended by an Alliance win", alliance, games)
	}
}

// quantiles summarises sorted command counts.
func quantiles(v []int) string {
	if len(v) == 0 {
		return "none"
	}
	q := func(f float64) int { return v[int(f*float64(len(v)-1))] }
	return fmt.Sprintf("min %d, median %d, 90%% %d, max %d", v[0], q(0.5), q(0.9), v[len(v)-1])
}

// TestEveryCommandIsAccepted plays standard games of 2, 3 and 4 seats (no
// Blood Oath: the policy must play those too) for a while: play fails on
// the first command the rules refuse.
func TestEveryCommandIsAccepted(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 2
	}
	for _, pol := range []struct {
		name   string
		choose chooser
	}{{"strategy", strategy.Choose}, {"heuristic", strategy.ChooseToWin}} {
		name, choose := pol.name, pol.choose
		for players := 2; players <= 4; players++ {
			over := 0
			for n := range games {
				if playWith(t, choose, players, &pb.Options{}, uint64(100*players+n), 2000).over {
					over++
				}
			}
			t.Logf("%s, %d players: %d of %d standard games over within 2,000 commands", name, players, over, games)
		}
	}
}
