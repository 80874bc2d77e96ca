package search

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
)

// halve runs the decision's iterations as sequential halving over the
// root's candidates (Budget.Halving) and returns the candidate it keeps.
//
// Each round gives every candidate still in the running the same number of
// samples, a sample being one world and one generator seed that every
// candidate of the round is played with (common random numbers: the dice
// and the default policy's draws follow the same stream, so that the
// candidates' means differ by what they do, far less by their luck); then
// the better half by mean stays. Where a game's deeper information sets
// hardly recur (its dice make every observation new), the tree is a bandit
// at the root, and halving spends a fixed budget on telling its best arm
// from the others rather than on UCB1's regret.
func (s *Search) halve(run *iteration, worlds []engine.State) (*edge, int, error) {
	alive := slices.Clone(run.t.root.edges)
	outer := run.r
	defer func() { run.r = outer }()
	done, sample := 0, 0
	for rounds := bits.Len(uint(len(alive) - 1)); len(alive) > 1; rounds-- {
		left := s.budget.Iterations - done
		per := max(1, left/(max(rounds, 1)*len(alive)))
		for range per {
			var key [32]byte
			binary.LittleEndian.PutUint64(key[:], outer.Uint64())
			binary.LittleEndian.PutUint64(key[8:], outer.Uint64())
			w := worlds[sample%len(worlds)]
			sample++
			for _, e := range alive {
				if done >= s.budget.Iterations || (done > 0 && s.spent(run)) {
					return bestOf(alive), done, nil
				}
				run.r = engine.NewRand(key)
				if err := run.once(s.game.Clone(w), e); err != nil {
					return nil, done, err
				}
				done++
			}
		}
		alive = bestOf2(alive)
	}
	return alive[0], done, nil
}

// byMean orders edges by mean value, best first (a stable sort: ties keep
// the candidates' order, the proposer's first first).
func byMean(es []*edge) {
	slices.SortStableFunc(es, func(a, b *edge) int {
		switch am, bm := a.mean(), b.mean(); {
		case am > bm:
			return -1
		case am < bm:
			return 1
		}
		return 0
	})
}

// bestOf returns the edge of highest mean.
func bestOf(es []*edge) *edge {
	es = slices.Clone(es)
	byMean(es)
	return es[0]
}

// bestOf2 keeps the better half (rounded up) by mean.
func bestOf2(es []*edge) []*edge {
	byMean(es)
	return es[:(len(es)+1)/2]
}
