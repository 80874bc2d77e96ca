package boozebarons

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
)

// maxReadings bounds the readings a deck history keeps. A Casino visit
// whose kept cards the seat did not see splits a reading in two or three
// only when a card the seat knows lies among those revealed, and the next
// draw of those places settles it, so real games keep a handful; past the
// bound the first readings found are kept (a belief that forgets some
// possibilities, never one that admits an impossible deck).
const maxReadings = 64

// deckReading is one way the Delivery deck's history may have gone, by
// the deck's original places (0 is the top card as shuffled): the card in
// each place the reading pins, and where the places are now.
type deckReading struct {
	slots   [printed.DeckSize]int32 // card in each place, -1 unknown
	placeOf [printed.DeckSize]int   // place of each card, -1 unknown
	queue   []int                   // places still in the deck, top first
	casino  []int                   // places revealed at the Casino, in draw order
	weight  int                     // how many of the seat's equally likely readings this one stands for
}

// pin records that place holds card id.
func (d *deckReading) pin(place int, id int32) bool {
	switch {
	case !printed.ValidCard(id):
		return false
	case d.slots[place] == id:
		return true
	case d.slots[place] >= 0 || d.placeOf[id] >= 0:
		return false
	}
	d.slots[place], d.placeOf[id] = id, place
	return true
}

func (d *deckReading) clone() *deckReading {
	c := *d
	c.queue, c.casino = slices.Clone(d.queue), slices.Clone(d.casino)
	return &c
}

// deckTrack follows the Delivery deck through a history: draws take places
// from the top, the Casino takes some and its discards go back to the
// bottom, and what the seat saw of a place pins its card. A seat that did
// not see the Casino's cards knows which cards were kept but not from
// which of the revealed places, and so not in which order the others went
// back; each way that could have gone is a reading, and a reading that a
// later draw contradicts is dropped.
type deckTrack struct {
	readings []*deckReading
}

func (d *deckTrack) shuffled(size int) error {
	if size != printed.DeckSize || d.readings != nil {
		return badHistory("a deck of %d cards", size)
	}
	r := &deckReading{queue: make([]int, printed.DeckSize), weight: 1}
	for i := range r.queue {
		r.queue[i], r.slots[i], r.placeOf[i] = i, -1, -1
	}
	d.readings = []*deckReading{r}
	return nil
}

// each applies step to every reading, keeping those it allows.
func (d *deckTrack) each(what string, step func(r *deckReading) bool) error {
	if d.readings == nil {
		return badHistory("%s before the deck was shuffled", what)
	}
	kept := d.readings[:0]
	for _, r := range d.readings {
		if step(r) {
			kept = append(kept, r)
		}
	}
	d.readings = kept
	if len(kept) == 0 {
		return badHistory("no order of the deck fits %s", what)
	}
	return nil
}

// order pins every place (a viewer who saw the shuffled deck).
func (d *deckTrack) order(ids []int32) error {
	if len(ids) != printed.DeckSize {
		return badHistory("a deck order of %d cards", len(ids))
	}
	return d.each("the deck order", func(r *deckReading) bool {
		for place, id := range ids {
			if !r.pin(place, id) {
				return false
			}
		}
		return true
	})
}

func (d *deckTrack) draw(ids []int32) error {
	return d.each("the cards drawn", func(r *deckReading) bool {
		if len(ids) > len(r.queue) {
			return false
		}
		for i, id := range ids {
			if !r.pin(r.queue[i], id) {
				return false
			}
		}
		r.queue = r.queue[len(ids):]
		return true
	})
}

func (d *deckTrack) reveal(n int) error {
	return d.each("the Casino's reveal", func(r *deckReading) bool {
		if n <= 0 || n > len(r.queue) || r.casino != nil {
			return false
		}
		r.casino, r.queue = slices.Clone(r.queue[:n]), r.queue[n:]
		return true
	})
}

// seen pins the places of the seat's own Casino cards.
func (d *deckTrack) seen(ids []int32) error {
	return d.each("the Casino's cards", func(r *deckReading) bool {
		if len(ids) != len(r.casino) {
			return false
		}
		for i, id := range ids {
			if !r.pin(r.casino[i], id) {
				return false
			}
		}
		return true
	})
}

// kept: the kept cards leave the revealed places; "Discard any that you do
// not keep": the rest go to the bottom in the order drawn. A kept card the
// reading has placed leaves its place; the others came from places it has
// not pinned, and which of those held them matters only where a card it
// knows lies between them. So a reading splits by how many kept cards each
// run of unpinned places (between pinned ones) gave: the first that many
// places of each run, weighted by the ways to choose them.
func (d *deckTrack) kept(ids []int32) error {
	for _, id := range ids {
		if !printed.ValidCard(id) {
			return badHistory("card %d kept", id)
		}
	}
	if d.readings == nil {
		return badHistory("cards kept before the deck was shuffled")
	}
	var split []*deckReading
	for _, r := range d.readings {
		split = append(split, r.keep(ids)...)
	}
	if len(split) > maxReadings {
		split = split[:maxReadings]
	}
	d.readings = split
	if len(split) == 0 {
		return badHistory("cards %v were not among the Casino's", ids)
	}
	return nil
}

// keep returns the readings r splits into when ids are kept.
func (r *deckReading) keep(ids []int32) []*deckReading {
	taken := make([]bool, len(r.casino))
	var unplaced []int32
	for _, id := range ids {
		if r.placeOf[id] < 0 {
			unplaced = append(unplaced, id)
			continue
		}
		j := slices.Index(r.casino, r.placeOf[id])
		if j < 0 || taken[j] {
			return nil
		}
		taken[j] = true
	}
	// runs of unpinned revealed places, as indexes into the casino
	var runs [][]int
	inRun := false
	for j, p := range r.casino {
		if r.slots[p] >= 0 {
			inRun = false
			continue
		}
		if !inRun {
			runs, inRun = append(runs, nil), true
		}
		runs[len(runs)-1] = append(runs[len(runs)-1], j)
	}
	var out []*deckReading
	counts := make([]int, len(runs))
	var choose func(run, left int)
	choose = func(run, left int) {
		if run == len(runs) {
			if left == 0 {
				out = append(out, r.split(unplaced, runs, counts, taken))
			}
			return
		}
		for k := 0; k <= min(left, len(runs[run])); k++ {
			counts[run] = k
			choose(run+1, left-k)
		}
	}
	choose(0, len(unplaced))
	return out
}

// split is the reading in which each run gave its first counts places to
// the unplaced kept cards.
func (r *deckReading) split(unplaced []int32, runs [][]int, counts []int, taken []bool) *deckReading {
	c := r.clone()
	taken = slices.Clone(taken)
	next := 0
	for i, run := range runs {
		c.weight *= binomial(len(run), counts[i])
		for _, j := range run[:counts[i]] {
			c.pin(c.casino[j], unplaced[next]) // an unpinned card in an unpinned place: it holds
			taken[j] = true
			next++
		}
	}
	for j, p := range c.casino {
		if !taken[j] {
			c.queue = append(c.queue, p)
		}
	}
	c.casino = nil
	return c
}

// weight is the total weight of the readings.
func (d *deckTrack) weight() int {
	w := 0
	for _, r := range d.readings {
		w += r.weight
	}
	return w
}

func binomial(n, k int) int {
	out := 1
	for i := range k {
		out = out * (n - i) / (i + 1)
	}
	return out
}
