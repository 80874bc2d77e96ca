package search_test

import (
	"fmt"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
)

// BenchmarkDecision measures the CPU of one bot decision, per level and
// table size: Booze Barons' bots deciding for seat 0 at the first decisions
// with a choice (Movement cards, actions and their follow-ups) of seeded
// games of easy bots, taken in turn. One op is one decision on one core.
//
//	go test -run '^$' -bench Decision -benchtime 40x ./engine/search/
func BenchmarkDecision(b *testing.B) {
	for _, players := range []int{5, 9} {
		var ks []engine.Knowledge
		for g := range 3 {
			ks = append(ks, knowledge(b, players, 12, fmt.Sprintf("bench/%d/%d", players, g))...)
		}
		for _, l := range engine.Levels() {
			bot := boozebarons.Module().Bot(l)
			b.Run(fmt.Sprintf("%s/players=%d", l, players), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					k := ks[i%len(ks)]
					if _, err := bot.Choose(k, engine.NewRand([32]byte{byte(i)})); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}
