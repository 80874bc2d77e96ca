package bootleggers_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// benchGame is one whole 4-player game played by the strategy, with its
// log, for the benchmarks (docs/benchmarks.md); played once per run.
var benchGame = func() func(*testing.B) *playtest.Result {
	var res *playtest.Result
	return func(b *testing.B) *playtest.Result {
		b.Helper()
		if res == nil {
			cfg, _ := policyGame(4, nil, []byte("bench"), []engine.Policy{strategy.Policy{}})
			r, err := playtestPlay(cfg)
			if err != nil {
				b.Fatal(err)
			}
			res = r
		}
		return res
	}
}()

// BenchmarkPlayCommand: Decide then Apply of one command on the live state
// (what the service does per command), over a whole 4-player game.
func BenchmarkPlayCommand(b *testing.B) {
	res := benchGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; {
		g := engine.NewGame(bootleggers.Rules{}, []byte("bench"))
		if err := g.Apply(eventsOf(res.Events[:res.Commands[0].FirstSeq-1])...); err != nil {
			b.Fatal(err)
		}
		for _, c := range res.Commands {
			if n == b.N {
				break
			}
			evs, _, err := g.Decide(c.Seat, c.Command)
			if err != nil {
				b.Fatal(err)
			}
			if err := g.Apply(evs...); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
}

// BenchmarkReplay folds a whole 4-player game from its log.
func BenchmarkReplay(b *testing.B) {
	res := benchGame(b)
	evs := eventsOf(res.Events)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		g := engine.NewGame(bootleggers.Rules{}, nil)
		if err := g.Apply(evs...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkView builds and marshals one seat's view at the end of a game.
func BenchmarkView(b *testing.B) {
	res := benchGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		playtest.MarshalView(res.Game.State.View(engine.SeatViewer(1)))
	}
}

// BenchmarkVerify re-runs a whole 4-player game from its seed and command
// log and compares every event.
func BenchmarkVerify(b *testing.B) {
	res := benchGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := engine.Verify(bootleggers.Module(), engine.Config{Players: 4}, []byte("bench"), res.Commands, res.Events); err != nil {
			b.Fatal(err)
		}
	}
}

func eventsOf(rs []engine.Recorded) []engine.Event {
	out := make([]engine.Event, len(rs))
	for i, r := range rs {
		out[i] = r.Event
	}
	return out
}
