package search

import (
	"errors"
	"math"
)

// A learned value: each side of a position is scored by a weighted sum of
// its features, and its chance of winning is its share of the softmax of
// the sides' scores (a conditional logit). The weights are fitted to the
// winners of games played out by a default policy ([FitSoftmax]), so the
// value at a playout's cut-off estimates what the playout, run to the end
// by that policy, would have given.

// Position is one position of a game seen as a softmax value sees it:
// each side's features, and each side's share of the game's win.
type Position struct {
	Features [][]float64
	Won      []float64
}

// won is the sum of the sides' shares of the win (0: no winner).
func (p Position) won() float64 {
	total := 0.0
	for _, y := range p.Won {
		total += y
	}
	return total
}

// SoftmaxValue returns side i's share of exp(w·f) over the sides'
// features fs.
func SoftmaxValue(w []float64, fs [][]float64, i int) float64 {
	scores := make([]float64, len(fs))
	for j, f := range fs {
		scores[j] = dot(w, f)
	}
	return Lead(scores, i, 1)
}

func dot(w, f []float64) float64 {
	s := 0.0
	for k := range min(len(w), len(f)) {
		s += w[k] * f[k]
	}
	return s
}

// FitSoftmax returns the weights of n features that maximise the
// log-likelihood of the positions' winners under SoftmaxValue, less an L2
// penalty of lambda/2 times the squared weights, by Newton's method from
// zero (iters steps; deterministic: the same positions give the same
// weights). Positions whose shares sum to zero (no winner) are skipped.
func FitSoftmax(ps []Position, n int, lambda float64, iters int) ([]float64, error) {
	w := make([]float64, n)
	for range iters {
		g := make([]float64, n)
		h := make([][]float64, n)
		for a := range h {
			h[a] = make([]float64, n)
			g[a] = -lambda * w[a]
			h[a][a] = lambda
		}
		for _, p := range ps {
			total := p.won()
			if total <= 0 {
				continue
			}
			probs := make([]float64, len(p.Features))
			for i := range p.Features {
				probs[i] = SoftmaxValue(w, p.Features, i)
			}
			mean := make([]float64, n)
			for i, f := range p.Features {
				y := p.Won[i] / total
				for a := range min(n, len(f)) {
					g[a] += (y - probs[i]) * f[a]
					mean[a] += probs[i] * f[a]
				}
			}
			for i, f := range p.Features {
				for a := range min(n, len(f)) {
					for b := range min(n, len(f)) {
						h[a][b] += probs[i] * f[a] * f[b]
					}
				}
			}
			for a := range n {
				for b := range n {
					h[a][b] -= mean[a] * mean[b]
				}
			}
		}
		step, err := solve(h, g)
		if err != nil {
			return nil, err
		}
		for a := range w {
			w[a] += step[a]
		}
	}
	return w, nil
}

// LogLikelihood is the mean log-probability SoftmaxValue with weights w
// gives the positions' winners (the skill of a fit, measured on positions
// kept out of it).
func LogLikelihood(w []float64, ps []Position) float64 {
	sum, n := 0.0, 0
	for _, p := range ps {
		total := p.won()
		if total <= 0 {
			continue
		}
		for i, y := range p.Won {
			if y > 0 {
				sum += y / total * math.Log(max(SoftmaxValue(w, p.Features, i), 1e-12))
			}
		}
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// solve solves a x = b by Gaussian elimination with partial pivoting; a
// and b are overwritten.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for col := range n {
		p := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if math.Abs(a[p][col]) < 1e-12 {
			return nil, errors.New("search: the fit's system is singular (a feature never varies; add a penalty)")
		}
		a[col], a[p] = a[p], a[col]
		b[col], b[p] = b[p], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			for c := col; c < n; c++ {
				a[r][c] -= f * a[col][c]
			}
			b[r] -= f * b[col]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for c := r + 1; c < n; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}
