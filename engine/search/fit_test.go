package search_test

import (
	"math"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
)

// FitSoftmax recovers the weights that generated the winners: positions
// of three sides with two features each, the winner drawn with
// probability softmax(2*f0 - 1*f1), and a weight on a feature that does
// not matter near zero.
func TestFitSoftmaxRecoversTheWeights(t *testing.T) {
	truth := []float64{2, -1, 0}
	r := engine.NewRand([32]byte{1})
	var ps []search.Position
	for range 6000 {
		p := search.Position{Won: make([]float64, 3)}
		for range 3 {
			f := []float64{float64(r.IntN(1000)) / 500, float64(r.IntN(1000)) / 500, float64(r.IntN(1000)) / 500}
			p.Features = append(p.Features, f)
		}
		u, acc := float64(r.IntN(1<<20))/(1<<20), 0.0
		for i := range 3 {
			acc += search.SoftmaxValue(truth, p.Features, i)
			if u < acc || i == 2 {
				p.Won[i] = 1
				break
			}
		}
		ps = append(ps, p)
	}
	w, err := search.FitSoftmax(ps, 3, 1, 10)
	if err != nil {
		t.Fatal(err)
	}
	for k := range truth {
		if math.Abs(w[k]-truth[k]) > 0.25 {
			t.Errorf("weights %.3f, want about %v", w, truth)
			break
		}
	}
	if got, zero := search.LogLikelihood(w, ps), search.LogLikelihood(make([]float64, 3), ps); got <= zero {
		t.Errorf("log-likelihood %.4f, no better than the uniform guess's %.4f", got, zero)
	}
}
