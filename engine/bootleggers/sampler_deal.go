package bootleggers

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
)

// dealMuscle deals the Muscle cards the seat has not seen, as the setup
// deals them ("Each band is shuffled and every player gets 3 cards from
// each band"; in the 2-player variant the rest of the first three bands
// makes the Non-Player hands and the rest of the blue band is set aside):
// every card another Mobster revealed is in its hand, every card a
// Non-Player hand revealed is in its place in that hand, and the other
// unseen cards of each band are dealt uniformly among the places left. As
// the setup's shuffles are uniform, so is the deal among those consistent
// with what the seat saw.
func (b *belief) dealMuscle(r *engine.Rand) (hands [][]int, aside []int, nonPlayers [][]int, err error) {
	two := printed.TwoPlayer(b.opts)
	pinnedNP := map[int]bool{}
	for _, cards := range b.nonPlayer {
		for _, c := range cards {
			pinnedNP[c] = true
		}
	}
	shown := make([]int, 0, len(b.revealed)) // the cards the others revealed, in order
	for c := range b.revealed {
		shown = append(shown, c)
	}
	slices.Sort(shown)
	hands = make([][]int, b.players)
	hands[b.seat] = slices.Clone(b.mine)
	var rest []int // the 2-player variant's cards for the Non-Player hands
	for band := range printed.MuscleBands {
		var free []int
		for _, c := range printed.MuscleBandCards(band) {
			if _, shown := b.revealed[c]; !shown && !pinnedNP[c] && !slices.Contains(b.mine, c) {
				free = append(free, c)
			}
		}
		free = shuffled(free, r)
		for s := range b.players {
			if s == int(b.seat) {
				continue
			}
			for _, c := range shown {
				if b.revealed[c] == s && printed.MuscleBand(c) == band {
					hands[s] = append(hands[s], c)
				}
			}
			need := printed.MusclePerBand*(band+1) - len(hands[s])
			if need < 0 || need > len(free) {
				return nil, nil, nil, fmt.Errorf("bootleggers: seat %d revealed more band %d cards than it was dealt", s, band)
			}
			hands[s], free = append(hands[s], free[:need]...), free[need:]
		}
		if two && band < printed.MuscleBands-1 {
			rest = append(rest, free...)
		} else {
			aside = append(aside, free...)
		}
	}
	if two {
		if nonPlayers, err = b.dealNonPlayers(shuffled(rest, r)); err != nil {
			return nil, nil, nil, err
		}
	}
	return hands, aside, nonPlayers, nil
}

// dealNonPlayers lays out the Non-Player hands, top first: each hand's
// revealed cards on top, in the order revealed, then the rest in order.
func (b *belief) dealNonPlayers(rest []int) ([][]int, error) {
	out := make([][]int, len(b.nonPlayer))
	for h, shown := range b.nonPlayer {
		n := printed.Rounds - len(shown)
		if n < 0 || n > len(rest) {
			return nil, fmt.Errorf("bootleggers: Non-Player hand %d revealed %d cards", h, len(shown))
		}
		out[h] = slices.Concat(shown, rest[:n])
		rest = rest[n:]
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("bootleggers: %d Muscle cards left over from the Non-Player hands", len(rest))
	}
	return out, nil
}
