package search

import (
	"math"
	"slices"
)

// The helpers below are the values the games' [Game.Value] share: a lead
// before the end, and at the end the win with a little of the margin.

// MarginWeight is the part of a finished game's value that the margin
// makes up in [Final] (the rest is the win): a win by more is worth a
// little more, which tells apart playouts that a bare win or loss would
// not.
const MarginWeight = 0.2

// Lead is the softmax share of scores[i] among scores at temperature
// scale: exp(scores[i]/scale) over the sum of them all. An i out of range
// has no share (0).
func Lead(scores []float64, i int, scale float64) float64 {
	top := 0.0
	for _, s := range scores {
		top = max(top, s)
	}
	mine, sum := 0.0, 0.0
	for j, s := range scores {
		e := math.Exp((s - top) / scale)
		sum += e
		if j == i {
			mine = e
		}
	}
	if sum == 0 {
		return 0
	}
	return mine / sum
}

// Share is one winner's share of a win: 1 over the winners when w is among
// them, else 0.
func Share[T comparable](winners []T, w T) float64 {
	if !slices.Contains(winners, w) {
		return 0
	}
	return 1 / float64(len(winners))
}

// Final is a finished game's value from the share of the win and the lead
// at the end: 1-MarginWeight of the one, MarginWeight of the other.
func Final(share, lead float64) float64 {
	return (1-MarginWeight)*share + MarginWeight*lead
}
