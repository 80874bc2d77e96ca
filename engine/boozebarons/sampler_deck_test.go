package boozebarons

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
)

// deckStep is one thing a seat sees happen to the Delivery deck: a public
// draw, or a Casino visit (its cards seen only when the visit is the
// seat's own; the kept cards public, the rest discarded to the bottom).
type deckStep struct {
	draw   []int32 // cards drawn from the top
	reveal int     // cards revealed at the Casino
	seen   []int32 // the revealed cards, when the seat saw them
	kept   []int32 // the cards kept there, sorted as the event lists them
}

// track reads steps into a deck track.
func track(steps []deckStep) (*deckTrack, error) {
	d := &deckTrack{}
	if err := d.shuffled(printed.DeckSize); err != nil {
		return nil, err
	}
	for i, s := range steps {
		var err error
		if s.reveal == 0 {
			err = d.draw(s.draw)
		} else if err = d.reveal(s.reveal); err == nil {
			if s.seen != nil {
				err = d.seen(s.seen)
			}
			if err == nil {
				err = d.kept(s.kept)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
	}
	return d, nil
}

// replay runs the steps on a deck in its shuffled order, as the game does,
// and reports the first that the deck could not have given.
func replay(deck []int32, steps []deckStep) error {
	deck = slices.Clone(deck)
	for i, s := range steps {
		if s.reveal == 0 {
			if len(s.draw) > len(deck) || !slices.Equal(deck[:len(s.draw)], s.draw) {
				return fmt.Errorf("step %d: drew %v from %v", i, s.draw, deck)
			}
			deck = deck[len(s.draw):]
			continue
		}
		shown := slices.Clone(deck[:s.reveal])
		deck = deck[s.reveal:]
		if s.seen != nil && !slices.Equal(shown, s.seen) {
			return fmt.Errorf("step %d: the Casino showed %v, the seat saw %v", i, shown, s.seen)
		}
		for _, id := range s.kept {
			j := slices.Index(shown, id)
			if j < 0 {
				return fmt.Errorf("step %d: kept %d from %v", i, id, shown)
			}
			shown = slices.Delete(shown, j, j+1)
		}
		deck = append(deck, shown...)
	}
	return nil
}

// play makes up a history on a shuffled deck: draws of one to five cards
// and Casino visits, a third of them the seat's own, where a random few
// cards are kept.
func play(r *engine.Rand) (deck []int32, steps []deckStep) {
	for _, i := range r.Perm(printed.DeckSize) {
		deck = append(deck, int32(i))
	}
	live := slices.Clone(deck)
	for len(live) > 0 && len(steps) < 40 {
		if r.IntN(2) == 0 {
			n := min(1+r.IntN(5), len(live))
			steps = append(steps, deckStep{draw: slices.Clone(live[:n])})
			live = live[n:]
			continue
		}
		n := min(printed.CasinoReveal, len(live))
		shown := slices.Clone(live[:n])
		live = live[n:]
		s := deckStep{reveal: n}
		if r.IntN(3) == 0 {
			s.seen = slices.Clone(shown)
		}
		for _, id := range shown {
			if r.IntN(3) == 0 {
				s.kept = append(s.kept, id)
			} else {
				live = append(live, id)
			}
		}
		s.kept = sortedIDs(s.kept)
		steps = append(steps, s)
	}
	return deck, steps
}

// The Casino's discards go back under the deck in the order drawn, but a
// seat that did not see the Casino's cards does not know which places the
// kept ones left. Here (a 9-player game of the arena) seat 1 saw card 2 go
// back under the deck from its own visit; seat 6 later kept card 6 from
// three places, one of them card 2's, and the next draw showed card 21
// above card 2: card 6 was the third of the three, not the first.
func TestDeckReadsAnUnseenCasinoVisit(t *testing.T) {
	steps := []deckStep{
		{draw: []int32{17, 19, 33, 20, 1, 22, 27, 23, 8}},
		{reveal: 3, seen: []int32{4, 31, 2}, kept: []int32{4, 31}},
		{draw: []int32{16, 32, 10, 18, 30}},
		{draw: []int32{5, 7, 35, 11, 3}},
		{draw: []int32{9, 14, 29, 26, 25}},
		{draw: []int32{15, 0, 12, 13, 24}},
		{reveal: 3},
		{reveal: 3, kept: []int32{6}},
	}
	d, err := track(steps)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.readings) != 2 {
		t.Errorf("%d readings of the second visit, want 2 (card 6 above or below card 2)", len(d.readings))
	}
	steps = append(steps, deckStep{draw: []int32{34, 28, 21, 2}})
	if d, err = track(steps); err != nil {
		t.Fatal(err)
	}
	if len(d.readings) != 1 {
		t.Errorf("%d readings after the draw, want 1", len(d.readings))
	}
	b := &belief{deck: *d}
	r := engine.NewRand([32]byte{7})
	for range 20 {
		if err := replay(b.dealDeck(r), steps); err != nil {
			t.Fatal(err)
		}
	}
}

// Every deck dealt from a made-up history gives that history back, for
// histories with draws, seen and unseen Casino visits and cards cycled
// under the deck and drawn again.
func TestDeckDealsKeepToTheHistory(t *testing.T) {
	r := engine.NewRand([32]byte{8})
	for game := range 400 {
		truth, steps := play(r)
		if err := replay(truth, steps); err != nil {
			t.Fatalf("game %d: the made-up history does not replay: %v", game, err)
		}
		d, err := track(steps)
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		b := &belief{deck: *d}
		for deal := range 10 {
			if err := replay(b.dealDeck(r), steps); err != nil {
				t.Fatalf("game %d, deal %d (%d readings): %v", game, deal, len(d.readings), err)
			}
		}
	}
}

// Where the history cannot tell, a kept card is equally likely to have
// left any place it could have. The seat saw card 2 go under the deck, and
// then place 33 unseen; four places are revealed (more than the Casino's
// three, to give runs of two lengths): places 34 and 35, card 2 and place
// 33. Card 35, kept from one of the three unknown places, came from above
// card 2 two times in three.
func TestDeckWeighsTheReadings(t *testing.T) {
	steps := []deckStep{
		{reveal: 3, seen: []int32{0, 1, 2}, kept: []int32{0, 1}},
		{draw: top(3, 30)},
		{reveal: 1},
		{reveal: 4, kept: []int32{35}},
	}
	d, err := track(steps)
	if err != nil {
		t.Fatal(err)
	}
	var weights []int
	for _, reading := range d.readings {
		weights = append(weights, reading.weight)
	}
	if slices.Sort(weights); !slices.Equal(weights, []int{1, 2}) {
		t.Fatalf("readings of weights %v, want 1 and 2", weights)
	}
	const n = 3000
	b, r, above := &belief{deck: *d}, engine.NewRand([32]byte{9}), 0
	for range n {
		deck := b.dealDeck(r)
		if err := replay(deck, steps); err != nil {
			t.Fatal(err)
		}
		if slices.Index(deck, 35) != 33 {
			above++
		}
	}
	// Four standard deviations of a binomial(3000, 2/3): 0.035.
	if got := float64(above) / n; math.Abs(got-2.0/3) > 0.035 {
		t.Fatalf("card 35 above card 2 in %.3f of the deals, want 2/3", got)
	}
}

// top returns n card ids from first on.
func top(first, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(first + i)
	}
	return out
}
