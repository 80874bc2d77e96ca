package memsize

import (
	"runtime"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/kingdom"
)

// playedLog plays a seeded game of uniformly chosen legal commands for at
// most steps commands and returns its log.
func playedLog(b *testing.B, r engine.Rules, players, steps int) []engine.Event {
	b.Helper()
	seed := make([]byte, 32)
	g, log, err := engine.Start(r, engine.Config{Players: players}, seed)
	if err != nil {
		b.Fatal(err)
	}
	bot := engine.NewRand([32]byte{1})
	for range steps {
		var live []engine.Prompt
		for _, p := range g.State.Prompts() {
			if len(p.Legal) > 0 {
				live = append(live, p)
			}
		}
		if len(live) == 0 || g.State.Outcome() != nil {
			break
		}
		p := live[bot.IntN(len(live))]
		evs, _, err := g.Decide(p.Seat, p.Legal[bot.IntN(len(p.Legal))])
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Apply(evs...); err != nil {
			b.Fatal(err)
		}
		log = append(log, evs...)
	}
	return log
}

// BenchmarkCachedGame reports, for a game played a while, what Of
// measures of its folded state (measured-B/game), what the runtime's heap
// grows by per such game when many are held (heap-B/game), and the time of
// one measurement (ns/op).
func BenchmarkCachedGame(b *testing.B) {
	for _, c := range []struct {
		name           string
		rules          engine.Rules
		players, steps int
	}{
		{"booze-barons-5", boozebarons.Rules{}, 5, 1000},
		{"kingdom-4-300", kingdom.Rules{}, 4, 300},
		{"kingdom-4-1500", kingdom.Rules{}, 4, 1500},
	} {
		b.Run(c.name, func(b *testing.B) {
			log := playedLog(b, c.rules, c.players, c.steps)
			fold := func() *engine.Game {
				g := engine.NewGame(c.rules, make([]byte, 32))
				if err := g.Apply(log...); err != nil {
					b.Fatal(err)
				}
				return g
			}
			const held = 200
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			games := make([]*engine.Game, held)
			for i := range games {
				games[i] = fold()
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			heap := float64(after.HeapAlloc-before.HeapAlloc) / held
			b.ResetTimer()
			var n int64
			for b.Loop() {
				n = Of(games[0])
			}
			b.ReportMetric(float64(n), "measured-B/game")
			b.ReportMetric(heap, "heap-B/game")
			b.ReportMetric(float64(len(log)), "events")
			runtime.KeepAlive(games)
		})
	}
}
