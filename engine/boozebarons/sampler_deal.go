package boozebarons

import (
	"math/bits"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

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

// dealDeck picks a reading of the deck's history in proportion to its
// weight and puts the cards it has not placed into the places it has not
// pinned, uniformly. Every reading pins as many places, so each leaves as
// many orders: the deal is uniform among the orders the history allows.
func (b *belief) dealDeck(r *engine.Rand) []int32 {
	pick := r.IntN(b.deck.weight())
	var reading *deckReading
	for _, reading = range b.deck.readings {
		if pick < reading.weight {
			break
		}
		pick -= reading.weight
	}
	deck := slices.Clone(reading.slots[:])
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
