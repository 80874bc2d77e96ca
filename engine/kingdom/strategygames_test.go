package kingdom_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestStrategyGamesToTheEnd plays whole seeded 4-player games, every seat
// on engine/kingdom/strategy (which, unlike the random bot of
// sim_test.go, finishes games), half of them Blood Oath, under every
// invariant of the random games after every event (kingdom.Watcher); a
// tenth of them are re-run from their seed and command log by
// engine.Verify.
func TestStrategyGamesToTheEnd(t *testing.T) {
	t.Parallel()
	games, limit := 1000, 4000
	if testing.Short() {
		games = 8
	}
	type outcome struct{ over, alliance, sitDown int }
	results := make([]outcome, 2)
	for variant, opts := range []*pb.Options{{}, strategy.QuickOathOptions()} {
		t.Run(fmt.Sprintf("blood oath %v", opts.GetBloodOath()), func(t *testing.T) {
			t.Parallel()
			r := &results[variant]
			for n := range games / 2 {
				over, alliance, sitDown := playWatched(t, opts, uint64(9000+n), limit, n%10 == 0)
				r.over += b2i(over)
				r.alliance += b2i(alliance)
				r.sitDown += b2i(sitDown)
			}
			t.Logf("%d games: %d over (%d by an Alliance), %d Sit-Downs", games/2, r.over, r.alliance, r.sitDown)
			if r.over < games/2*9/10 {
				t.Errorf("only %d of %d games ended within %d commands", r.over, games/2, limit)
			}
			if opts.GetBloodOath() && r.alliance < games/2*9/10 {
				t.Errorf("only %d of %d Blood Oath games ended by an Alliance win", r.alliance, games/2)
			}
		})
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// playWatched plays one 4-player game with the policy at every seat until
// it ends or limit commands were sent, checking every event; it reports
// whether the game ended, by an Alliance win, and had a Sit-Down.
func playWatched(t *testing.T, opts *pb.Options, n uint64, limit int, verify bool) (over, alliance, sitDown bool) {
	t.Helper()
	seed := make([]byte, engine.SeedSize)
	binary.BigEndian.PutUint64(seed, n)
	cfg := engine.Config{Players: 4, Options: opts}
	g, opening, err := engine.Start(kingdom.Rules{}, cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	w := kingdom.NewWatcher(t, 4)
	var records []engine.Recorded
	var log []engine.Logged
	for i, ev := range opening {
		r := engine.Recorded{Seq: int64(i + 1), Event: ev}
		records = append(records, r)
		w.Applied(g, r)
	}
	var rngs []*engine.Rand
	for s := range 4 {
		var k [32]byte
		binary.BigEndian.PutUint64(k[:], n)
		k[31] = byte(s + 1)
		rngs = append(rngs, engine.NewRand(k))
	}
	for range limit {
		if g.State.Outcome() != nil {
			break
		}
		p := g.State.Prompts()[0]
		c := strategy.Choose(g.State.View(engine.SeatViewer(p.Seat)).(*pb.View), strategy.FromEngine(p), rngs[p.Seat])
		evs, _, err := g.Decide(p.Seat, c)
		if err != nil {
			t.Fatalf("seed %d: %s (%s) sent a refused command %v: %v", n, p.Seat, p.Reason, c, err)
		}
		first := g.Version + 1
		for _, ev := range evs {
			if err := g.Apply(ev); err != nil {
				t.Fatal(err)
			}
			r := engine.Recorded{Seq: g.Version, Event: ev}
			records = append(records, r)
			w.Applied(g, r)
			sitDown = sitDown || ev.Public.(*pb.Event).GetSitDown() != nil
		}
		w.Decided(g)
		log = append(log, engine.Logged{Seat: p.Seat, Command: c, FirstSeq: first, LastSeq: g.Version})
	}
	w.Finished(g)
	if verify {
		if err := engine.Verify(kingdom.Module(), cfg, seed, log, records); err != nil {
			t.Fatalf("seed %d: %v", n, err)
		}
	}
	o := g.State.Outcome()
	return o != nil, o != nil && sitDown && len(o.Winners) == 2, sitDown
}
