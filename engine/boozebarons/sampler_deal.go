package boozebarons

import (
	"math/bits"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// deckTrack follows the Delivery deck through a history by its original
// places (0 is the top card as shuffled): draws take places from the top,
// the Casino takes some and its discards go back to the bottom. What the
// seat saw of a place pins its card.
type deckTrack struct {
	b       *belief
	queue   []int // places still in the deck, top first
	casino  []int // places revealed at the Casino, in draw order
	placeOf [printed.DeckSize]int
}

func (d *deckTrack) shuffled(size int) error {
	if size != printed.DeckSize || d.queue != nil {
		return badHistory("a deck of %d cards", size)
	}
	d.queue = make([]int, printed.DeckSize)
	for i := range d.queue {
		d.queue[i], d.placeOf[i] = i, -1
	}
	return nil
}

// pin records that place holds card id.
func (d *deckTrack) pin(place int, id int32) error {
	switch {
	case !printed.ValidCard(id):
		return badHistory("card %d", id)
	case d.b.slots[place] == id:
		return nil
	case d.b.slots[place] >= 0 || d.placeOf[id] >= 0:
		return badHistory("card %d cannot be in deck place %d", id, place)
	}
	d.b.slots[place], d.placeOf[id] = id, place
	return nil
}

// order pins every place (a viewer who saw the shuffled deck).
func (d *deckTrack) order(ids []int32) error {
	if len(ids) != printed.DeckSize {
		return badHistory("a deck order of %d cards", len(ids))
	}
	for place, id := range ids {
		if err := d.pin(place, id); err != nil {
			return err
		}
	}
	return nil
}

func (d *deckTrack) draw(ids []int32) error {
	for _, id := range ids {
		if len(d.queue) == 0 {
			return badHistory("a draw from an empty deck")
		}
		if err := d.pin(d.queue[0], id); err != nil {
			return err
		}
		d.queue = d.queue[1:]
	}
	return nil
}

func (d *deckTrack) reveal(n int) error {
	if n <= 0 || n > len(d.queue) || d.casino != nil {
		return badHistory("the Casino reveals %d of %d cards", n, len(d.queue))
	}
	d.casino = slices.Clone(d.queue[:n])
	d.queue = d.queue[n:]
	return nil
}

// seen pins the places of the seat's own Casino cards.
func (d *deckTrack) seen(ids []int32) error {
	if len(ids) != len(d.casino) {
		return badHistory("%d Casino cards for %d places", len(ids), len(d.casino))
	}
	for i, id := range ids {
		if err := d.pin(d.casino[i], id); err != nil {
			return err
		}
	}
	return nil
}

// kept: the kept cards leave the revealed places (a place already known to
// hold one, else the first unknown place: which of them held it no seat
// but the actor can tell); "Discard any that you do not keep": the rest go
// to the bottom in the order drawn.
func (d *deckTrack) kept(ids []int32) error {
	taken := make([]bool, len(d.casino))
	for _, id := range ids {
		j := slices.IndexFunc(d.casino, func(p int) bool { return d.b.slots[p] == id })
		if j < 0 {
			j = slices.IndexFunc(d.casino, func(p int) bool { return d.b.slots[p] < 0 })
		}
		if !printed.ValidCard(id) || j < 0 || taken[j] {
			return badHistory("card %d was not among the Casino's", id)
		}
		if err := d.pin(d.casino[j], id); err != nil {
			return err
		}
		taken[j] = true
	}
	for j, p := range d.casino {
		if !taken[j] {
			d.queue = append(d.queue, p)
		}
	}
	d.casino = nil
	return nil
}

// mobMasks are the Mobs' types, in the order of Mobs.
var mobMasks = func() (out [3]typeMask) {
	for i, m := range printed.Mobs {
		out[i] = mobMask(m)
	}
	return out
}()

// bounds sets the Mobs' sizes the Dealing Booze table allows (a pile of
// perMob cards per Mob, one more from the rest at 4 and 7 players, the
// cards left over returned to the box) and lists the unknown seats.
func (b *belief) bounds() {
	perMob, extra := printed.BoozeDealing(b.players)
	pile := perMob * len(printed.Mobs)
	b.mobMax = perMob
	if extra {
		pile++
		b.mobMax++
	}
	b.mobMin = max(0, perMob-(pile-b.players))
	b.unknown = b.unknown[:0]
	for i, t := range b.booze {
		if t == 0 {
			b.unknown = append(b.unknown, i)
		}
	}
	b.counts = make([]int64, (len(b.unknown)+1)<<len(printed.BoozeTypes))
	for i := range b.counts {
		b.counts[i] = -1
	}
}

// count returns the number of ways to deal the unknown seats from i on
// their allowed types outside used, keeping the Mobs' sizes. Every such
// deal is equally likely a priori (the Dealing Booze table treats the Mobs
// alike), so drawing in proportion to count draws uniformly among the
// deals consistent with the history.
func (b *belief) count(i int, used typeMask) int64 {
	idx := i<<len(printed.BoozeTypes) | int(used)
	if c := b.counts[idx]; c >= 0 {
		return c
	}
	var c int64
	switch {
	case i == len(b.unknown):
		if b.fits(used, true) {
			c = 1
		}
	case b.fits(used, false):
		for free := b.allowed[b.unknown[i]] &^ used; free != 0; free &= free - 1 {
			c += b.count(i+1, used|free&-free)
		}
	}
	b.counts[idx] = c
	return c
}

// fits reports whether the Mobs' counts in used are within the sizes (and,
// for a complete deal, reach them).
func (b *belief) fits(used typeMask, complete bool) bool {
	for _, m := range mobMasks {
		n := (used & m).count()
		if n > b.mobMax || complete && n < b.mobMin {
			return false
		}
	}
	return true
}

// dealBooze draws a Booze card for each unknown seat, uniformly among the
// deals consistent with the history.
func (b *belief) dealBooze(r *engine.Rand) []pb.BoozeType {
	out := slices.Clone(b.booze)
	used := b.knownTypes()
	for i, seat := range b.unknown {
		pick := int64(r.IntN(int(b.count(i, used))))
		for free := b.allowed[seat] &^ used; free != 0; free &= free - 1 {
			t := free & -free
			if c := b.count(i+1, used|t); pick >= c {
				pick -= c
				continue
			}
			out[seat], used = pb.BoozeType(bits.TrailingZeros16(uint16(t))+1), used|t
			break
		}
	}
	return out
}

// dealDeck puts the cards the seat has not placed into the places it has
// not seen, uniformly.
func (b *belief) dealDeck(r *engine.Rand) []int32 {
	deck := slices.Clone(b.slots[:])
	var free []int32
	placed := [printed.DeckSize]bool{}
	for _, id := range deck {
		if id >= 0 {
			placed[id] = true
		}
	}
	for id := range int32(printed.DeckSize) {
		if !placed[id] {
			free = append(free, id)
		}
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	for i := range deck {
		if deck[i] < 0 {
			deck[i], free = free[0], free[1:]
		}
	}
	return deck
}

// Deal returns a complete game consistent with the belief: its history
// with every Booze card, the deck order and the open round's sealed cards
// filled in. A sealed card is chosen as the heuristic would choose it for
// that seat in the dealt world (the seats model each other by the default
// policy, as the search does).
func (b *belief) Deal(r *engine.Rand) ([]engine.Event, error) {
	booze, deck := b.dealBooze(r), b.dealDeck(r)
	evs := slices.Clone(b.history)
	dealt := engine.Event{Public: evs[b.deal].Public}
	for i, t := range booze {
		dealt.Private = append(dealt.Private, engine.PrivateTo(wrap(&pb.BoozeCard{Seat: int32(i), BoozeType: t}), engine.Seat(i)))
	}
	evs[b.deal] = dealt
	evs[b.shuffle] = engine.Event{Public: evs[b.shuffle].Public, Private: []engine.Secret{{Body: wrap(&pb.DeckOrder{CardIds: deck})}}}
	if len(b.sealed) == 0 {
		return evs, nil
	}
	w, err := search.Fold(Rules{}, evs)
	if err != nil {
		return nil, err
	}
	st := w.(*State)
	for _, i := range b.sealed {
		seat := int(evs[i].Public.(*pb.Event).GetMovementChosen().GetSeat())
		l := newHeuristic(st, seat, nil, r).move()
		evs[i] = withSecret(&pb.MovementChosen{Seat: int32(seat)}, &pb.MovementSealed{Seat: int32(seat), Location: l}, seat)
	}
	return evs, nil
}
