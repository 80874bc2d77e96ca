package kingdom

import (
	"errors"
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The one fact the Kingdom hides is a Contract hand: which cards each other
// seat drew ("ContractsReceived" is private to its drawer; the view shows
// only hand_size). Everything else (dice, the decks' sizes, discards, which
// are face up, staked cards) is public. A seat's belief is therefore the
// draws it did not see, and what the table learned of them later: a card
// another seat staked or discarded was drawn by that seat, in one of its
// unseen draws of the card's tier, after the card was last seen elsewhere.
type belief struct {
	seat    int
	history []engine.Event
	// draws are the history's draws by other seats, in order.
	draws []hiddenDraw
	// seen holds, per card, the history indexes where the seat saw it
	// placed (drawn by itself, staked, discarded, reckoned), in order.
	seen map[int][]int
	// reveals are the cards other seats staked or discarded, each with
	// the unseen draws (slots) it may have come from.
	reveals []reveal
}

// hiddenDraw is one draw the seat did not see into.
type hiddenDraw struct {
	index int // in the history
	seat  int
	tiers []pb.Tier
}

// drawSlot is one card of one hidden draw: draws[draw].tiers[pos].
type drawSlot struct{ draw, pos int }

// reveal is a card another seat showed, and the slots it may have been
// drawn in.
type reveal struct {
	card  int
	slots []drawSlot
}

// errHistory is wrapped by every inconsistency found in a history.
var errHistory = errors.New("kingdom: the history is not a game a seat could have seen")

func badHistory(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errHistory, fmt.Sprintf(format, args...))
}

// infer reads a seat's knowledge into its belief.
func infer(k engine.Knowledge) (*belief, error) {
	b := &belief{seat: int(k.Seat), history: k.History, seen: map[int][]int{}}
	// toDiscard[c]: the last time c was seen, it went to a discard pile.
	toDiscard := map[int]bool{}
	reshuffles := map[pb.Tier][]int{}
	started := false
	for i, ev := range k.History {
		for _, body := range ev.Bodies() {
			e, ok := body.(*pb.Event)
			if !ok {
				return nil, badHistory("event %d is %T", i+1, body)
			}
			if _, ok := e.Kind.(*pb.Event_GameStarted); ok {
				started = true
			} else if !started {
				return nil, badHistory("event %d comes before game_started", i+1)
			}
			if err := b.read(i, ev, e, toDiscard, reshuffles); err != nil {
				return nil, fmt.Errorf("event %d: %w", i+1, err)
			}
		}
	}
	if !started {
		return nil, badHistory("no game_started")
	}
	return b, nil
}

// read folds one event body into the belief.
func (b *belief) read(i int, ev engine.Event, e *pb.Event, toDiscard map[int]bool, reshuffles map[pb.Tier][]int) error {
	switch x := e.Kind.(type) {
	case *pb.Event_ContractsDrawn:
		if int(x.ContractsDrawn.Seat) != b.seat && len(ev.Private) == 0 {
			b.draws = append(b.draws, hiddenDraw{index: i, seat: int(x.ContractsDrawn.Seat), tiers: x.ContractsDrawn.Decks})
		}
	case *pb.Event_ContractsReceived:
		if int(x.ContractsReceived.Seat) != b.seat {
			return badHistory("the seat sees another seat's draw")
		}
		for _, c := range x.ContractsReceived.Cards {
			b.place(i, int(c), false, toDiscard)
		}
	case *pb.Event_ContractsDiscardedCards:
		if int(x.ContractsDiscardedCards.Seat) != b.seat {
			return badHistory("a discard recorded under rules version 1, which the bots do not read")
		}
	case *pb.Event_ContractsDiscarded:
		for _, c := range x.ContractsDiscarded.Cards {
			if err := b.shown(i, int(x.ContractsDiscarded.Seat), int(c), toDiscard, reshuffles); err != nil {
				return err
			}
			b.place(i, int(c), true, toDiscard)
		}
	case *pb.Event_ContractStaked:
		c := int(x.ContractStaked.Card)
		if err := b.shown(i, int(x.ContractStaked.Seat), c, toDiscard, reshuffles); err != nil {
			return err
		}
		b.place(i, c, false, toDiscard)
	case *pb.Event_ContractReckoned:
		if r := x.ContractReckoned; r.Deadline {
			b.place(i, int(r.Card), !r.Completed, toDiscard)
		}
	case *pb.Event_DeckReshuffled:
		reshuffles[x.DeckReshuffled.Deck] = append(reshuffles[x.DeckReshuffled.Deck], i)
	}
	return nil
}

func (b *belief) place(i, c int, discarded bool, toDiscard map[int]bool) {
	b.seen[c] = append(b.seen[c], i)
	toDiscard[c] = discarded
}

// shown records card c shown from the hand of seat at history index i: if
// another seat's, it came from one of that seat's unseen draws of its tier
// since the card was last seen (and, if it was then discarded, since its
// deck was next reshuffled).
func (b *belief) shown(i, seat, c int, toDiscard map[int]bool, reshuffles map[pb.Tier][]int) error {
	card, ok := printed.Card(c)
	if !ok {
		return badHistory("no Contract %d", c)
	}
	if seat == b.seat {
		return nil
	}
	after := -1
	if s := b.seen[c]; len(s) > 0 {
		after = s[len(s)-1]
		if toDiscard[c] {
			k, _ := slices.BinarySearch(reshuffles[card.Tier], after)
			if k == len(reshuffles[card.Tier]) {
				return badHistory("Contract %d is shown from a hand while in its discard pile", c)
			}
			after = reshuffles[card.Tier][k]
		}
	}
	rv := reveal{card: c}
	for d, h := range b.draws {
		if h.seat != seat || h.index <= after || h.index >= i {
			continue
		}
		for pos, t := range h.tiers {
			if t == card.Tier {
				rv.slots = append(rv.slots, drawSlot{d, pos})
			}
		}
	}
	if len(rv.slots) == 0 {
		return badHistory("seat %d shows Contract %d, which it cannot have drawn", seat, c)
	}
	b.reveals = append(b.reveals, rv)
	return nil
}

// dealTries bounds the attempts of one Deal: an attempt fails only when
// its choice of slots for the shown cards leaves a draw no card to deal.
const dealTries = 16

// Deal returns the history with every unseen draw dealt: the shown cards in
// the draws they may have come from, the others at random among the cards
// then in the deck that the seat never sees placed again.
func (b *belief) Deal(r *engine.Rand) ([]engine.Event, error) {
	var err error
	for i := range dealTries {
		var cards [][]int
		if cards, err = b.try(r, i > 0); err == nil {
			return b.events(cards), nil
		}
	}
	return nil, err
}

// try deals each unseen draw its cards, or fails. Each shown card goes, in
// the order shown, to the earliest of its free slots (the greedy order
// that fits them all when any order does, and leaves the most cards in the
// decks for the other draws), or, when shuffle, to a random one.
func (b *belief) try(r *engine.Rand, shuffle bool) ([][]int, error) {
	cards := make([][]int, len(b.draws))
	for d, h := range b.draws {
		cards[d] = make([]int, len(h.tiers))
	}
	for _, rv := range b.reveals {
		free := slices.DeleteFunc(slices.Clone(rv.slots), func(s drawSlot) bool { return cards[s.draw][s.pos] != 0 })
		if len(free) == 0 {
			return nil, badHistory("no draw left for Contract %d", rv.card)
		}
		s := free[0]
		if shuffle {
			s = free[r.IntN(len(free))]
		}
		cards[s.draw][s.pos] = rv.card
	}
	return cards, b.fill(cards, r)
}

// fill walks the history with the decks' draw piles and deals the slots
// not pinned by a reveal; it checks that every pinned card is in its deck
// when drawn.
func (b *belief) fill(cards [][]int, r *engine.Rand) error {
	var draw [4][]int
	var discard [4][]int
	next := 0
	for i, ev := range b.history {
		if next < len(b.draws) && b.draws[next].index == i {
			if err := b.fillDraw(i, b.draws[next].tiers, cards[next], &draw, r); err != nil {
				return err
			}
			next++
			continue
		}
		for _, body := range ev.Bodies() {
			trackDecks(body.(*pb.Event), &draw, &discard)
		}
	}
	return nil
}

func (b *belief) fillDraw(i int, tiers []pb.Tier, got []int, draw *[4][]int, r *engine.Rand) error {
	for pos, t := range tiers {
		if c := got[pos]; c != 0 {
			if !slices.Contains(draw[t], c) {
				return badHistory("Contract %d is not in its deck at event %d", c, i+1)
			}
			draw[t] = removeOne(draw[t], c)
		}
	}
	for pos, t := range tiers {
		if got[pos] != 0 {
			continue
		}
		pool := slices.DeleteFunc(slices.Clone(draw[t]), func(c int) bool { return b.seenAfter(c, i) })
		if len(pool) == 0 {
			return badHistory("no card left to deal at event %d", i+1)
		}
		got[pos] = pool[r.IntN(len(pool))]
		draw[t] = removeOne(draw[t], got[pos])
	}
	return nil
}

// seenAfter reports whether the seat sees card c placed after history
// index i (then c cannot go to an unseen hand at i unless it is shown from
// it, which the reveals deal).
func (b *belief) seenAfter(c, i int) bool {
	s := b.seen[c]
	return len(s) > 0 && s[len(s)-1] > i
}

// trackDecks follows the Contract decks through one event, as apply does.
func trackDecks(e *pb.Event, draw, discard *[4][]int) {
	switch x := e.Kind.(type) {
	case *pb.Event_GameStarted:
		for _, t := range []pb.Tier{gig, racket, score} {
			draw[t] = printed.DeckOf(t)
		}
	case *pb.Event_ContractsReceived:
		for _, c := range x.ContractsReceived.Cards {
			card, _ := printed.Card(int(c))
			draw[card.Tier] = removeOne(draw[card.Tier], int(c))
		}
	case *pb.Event_ContractsDiscarded:
		for _, c := range x.ContractsDiscarded.Cards {
			card, _ := printed.Card(int(c))
			discard[card.Tier] = append(discard[card.Tier], int(c))
		}
	case *pb.Event_ContractsDiscardedCards:
		for _, c := range x.ContractsDiscardedCards.Cards {
			card, _ := printed.Card(int(c))
			discard[card.Tier] = append(discard[card.Tier], int(c))
		}
	case *pb.Event_ContractReckoned:
		if r := x.ContractReckoned; r.Deadline && !r.Completed {
			card, _ := printed.Card(int(r.Card))
			discard[card.Tier] = append(discard[card.Tier], int(r.Card))
		}
	case *pb.Event_DeckReshuffled:
		t := x.DeckReshuffled.Deck
		draw[t] = append(draw[t], discard[t]...)
		slices.Sort(draw[t])
		discard[t] = nil
	}
}

// events returns the history with the dealt draws' private parts.
func (b *belief) events(cards [][]int) []engine.Event {
	out := slices.Clone(b.history)
	for d, h := range b.draws {
		got := make([]uint32, len(cards[d]))
		for i, c := range cards[d] {
			got[i] = u32(c)
		}
		ev := out[h.index]
		ev.Private = []engine.Secret{engine.PrivateTo(wrap(&pb.ContractsReceived{Seat: u32(h.seat), Cards: got}), engine.Seat(h.seat))}
		out[h.index] = ev
	}
	return out
}
