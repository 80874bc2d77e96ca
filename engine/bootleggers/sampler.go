package bootleggers

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// What a seat may not know in Bootleggers, and so what a sampler deals
// (View is the one redaction path, ruling 70; the events hide the same):
//   - the other Mobsters' Muscle hands (MuscleHand, private to its seat),
//     of which the public knows the count per band (MuscleBandCounts) and
//     every card revealed in Phase 1;
//   - the Muscle cards set aside and the Non-Player hands of the 2-player
//     variant (MuscleSetAside, private to nobody), of which each hand's
//     top card is revealed round by round;
//   - the order of the Men of Action, Truck and Casino decks (DeckOrder,
//     private to nobody), of which every card turned up is public;
//   - the Muscle cards the others sealed in the open bidding (MuscleSealed,
//     private to its seat).
// Every die is rolled when a command is decided and written into a public
// event: nothing about the dice is hidden beforehand.

// belief is what one seat's history says of the hidden facts.
type belief struct {
	seat    engine.Seat
	history []engine.Event
	players int
	opts    *pb.Options
	// mine is the seat's own Muscle hand as dealt.
	mine []int
	// revealed maps a Muscle card revealed in Phase 1 by another Mobster to
	// that seat: it was dealt to it.
	revealed map[int]int
	// nonPlayer holds each Non-Player hand's cards revealed so far, top
	// first.
	nonPlayer [][]int
	// sealed maps the index of another seat's MuscleChosen event to the
	// card that round's reveal shows for it; an event of the open bidding
	// is absent.
	sealed map[int]int
	// policy plays the sealed cards of the open bidding in a dealt world
	// (nil: uniformly from the hand).
	policy engine.Policy
}

// infer reads k's history into the seat's belief.
func infer(k engine.Knowledge, policy engine.Policy) (*belief, error) {
	b := &belief{seat: k.Seat, history: k.History, revealed: map[int]int{}, sealed: map[int]int{}, policy: policy}
	open := map[int]int{} // seat -> index of its MuscleChosen of the bidding not yet revealed
	for i, ev := range k.History {
		e, _ := ev.Public.(*pb.Event)
		switch kind := e.GetKind().(type) {
		case *pb.Event_GameStarted:
			b.players, b.opts = int(kind.GameStarted.GetPlayers()), kind.GameStarted.GetOptions()
			b.nonPlayer = make([][]int, 0, printed.NonPlayerHands)
		case *pb.Event_MuscleDealt:
			b.nonPlayer = make([][]int, kind.MuscleDealt.GetNonPlayerHands())
			for _, s := range ev.Private {
				if h := s.Body.(*pb.Event).GetMuscleHand(); h != nil && int(h.GetSeat()) == int(k.Seat) {
					b.mine = ints(h.GetCards())
				}
			}
		case *pb.Event_MuscleChosen:
			if seat := int(kind.MuscleChosen.GetSeat()); seat != int(k.Seat) {
				open[seat] = i
			}
		case *pb.Event_MuscleRevealed:
			if err := b.reveal(kind.MuscleRevealed.GetOrder(), open); err != nil {
				return nil, err
			}
			clear(open)
		}
	}
	if b.players == 0 || len(b.mine) != printed.MuscleBands*printed.MusclePerBand {
		return nil, fmt.Errorf("bootleggers: the history of %v holds no deal of its hand", k.Seat)
	}
	return b, nil
}

// reveal notes the cards of one Phase 1 reveal: each Mobster's was dealt
// to it and is the card it sealed; each Non-Player hand's was its top card.
func (b *belief) reveal(order []*pb.Contender, open map[int]int) error {
	for _, c := range order {
		card := int(c.GetMuscle())
		switch w := c.Who.(type) {
		case *pb.Contender_Seat:
			if int(w.Seat) == int(b.seat) {
				continue
			}
			b.revealed[card] = int(w.Seat)
			if i, ok := open[int(w.Seat)]; ok {
				b.sealed[i] = card
			}
		case *pb.Contender_NonPlayerHand:
			h := int(w.NonPlayerHand)
			if h < 0 || h >= len(b.nonPlayer) {
				return fmt.Errorf("bootleggers: a reveal of Non-Player hand %d of %d", h, len(b.nonPlayer))
			}
			b.nonPlayer[h] = append(b.nonPlayer[h], card)
		}
	}
	return nil
}

// Deal deals a complete game consistent with the seat's knowledge: the
// hidden Muscle cards uniformly among the deals that give every seat and
// hand the cards it revealed, each deck's unseen places uniformly, and
// each sealed card of the open bidding as the policy would seal it.
func (b *belief) Deal(r *engine.Rand) ([]engine.Event, error) {
	hands, aside, nonPlayers, err := b.dealMuscle(r)
	if err != nil {
		return nil, err
	}
	w := &world{State: Rules{}.NewState().(*State), r: r, decks: map[pb.Deck]*deckOrder{}}
	out := make([]engine.Event, len(b.history))
	for i, ev := range b.history {
		full, err := b.complete(w, i, ev, hands, aside, nonPlayers)
		if err != nil {
			return nil, fmt.Errorf("bootleggers: event %d: %w", i+1, err)
		}
		for _, body := range full.Bodies() {
			if err := w.Apply(body); err != nil {
				return nil, fmt.Errorf("bootleggers: event %d of the dealt world: %w", i+1, err)
			}
		}
		out[i] = full
	}
	return out, nil
}

// world is the game being dealt, folded as far as it is dealt, with the
// deck orders it has dealt (which later draws rearrange).
type world struct {
	*State
	r     *engine.Rand
	decks map[pb.Deck]*deckOrder
}

// deckOrder is one dealt DeckOrder and how many cards were drawn from it.
type deckOrder struct {
	order *pb.DeckOrder
	drawn int
}

// complete returns the full event of history event i: its hidden bodies
// dealt, its draws arranged on the decks.
func (b *belief) complete(w *world, i int, ev engine.Event, hands [][]int, aside []int, nonPlayers [][]int) (engine.Event, error) {
	e, _ := ev.Public.(*pb.Event)
	switch kind := e.GetKind().(type) {
	case *pb.Event_MuscleDealt:
		full := engine.Event{Public: ev.Public}
		for s, hand := range hands {
			if s == int(b.seat) && len(ev.Private) == 1 {
				full.Private = append(full.Private, ev.Private[0]) // the seat's own, as it saw it
				continue
			}
			full.Private = append(full.Private, engine.PrivateTo(wrap(&pb.MuscleHand{Seat: int32(s), Cards: int32s(sortedCopy(hand))}), engine.Seat(s)))
		}
		set := &pb.MuscleSetAside{SetAside: int32s(sortedCopy(aside))}
		for h, cards := range nonPlayers {
			set.NonPlayerHands = append(set.NonPlayerHands, &pb.NonPlayerHand{Hand: int32(h), Cards: int32s(cards)})
		}
		full.Private = append(full.Private, engine.PrivateTo(wrap(set)))
		return full, nil
	case *pb.Event_DeckShuffled:
		return w.shuffle(ev, kind.DeckShuffled)
	case *pb.Event_MuscleChosen:
		seat := int(kind.MuscleChosen.GetSeat())
		if seat == int(b.seat) {
			return ev, nil
		}
		card, ok := b.sealed[i]
		if !ok {
			card = w.seal(seat, b.policy)
		}
		sealed := wrap(&pb.MuscleSealed{Seat: int32(seat), Card: int32(card)})
		return engine.Event{Public: ev.Public, Private: []engine.Secret{engine.PrivateTo(sealed, engine.Seat(seat))}}, nil
	case *pb.Event_OfferTurnedUp:
		return ev, w.turnUp(kind.OfferTurnedUp)
	}
	return ev, nil
}

// shuffle deals the order of a deck shuffled: the whole deck at setup;
// at a reshuffle, the rules' order, the deck left on top of its discards
// shuffled.
func (w *world) shuffle(ev engine.Event, d *pb.DeckShuffled) (engine.Event, error) {
	var order []int
	switch deck := d.GetDeck(); {
	case !d.GetReshuffle() && deck == pb.Deck_DECK_MEN_OF_ACTION:
		order = shuffled(printed.CardIDs(), w.r)
	case !d.GetReshuffle() && deck == pb.Deck_DECK_TRUCK:
		order = shuffled(printed.TruckCardIDs(), w.r)
	case !d.GetReshuffle() && deck == pb.Deck_DECK_CASINO:
		order = shuffled(printed.CasinoCardIDs(w.opts), w.r)
	case deck == pb.Deck_DECK_MEN_OF_ACTION:
		order = slices.Concat(w.menDeck, shuffled(w.menDiscard, w.r))
	case deck == pb.Deck_DECK_CASINO:
		order = slices.Concat(w.casinoDeck, shuffled(w.casinoDiscard, w.r))
	default:
		return engine.Event{}, fmt.Errorf("a reshuffle of deck %v", deck)
	}
	if len(order) != int(d.GetSize()) {
		return engine.Event{}, fmt.Errorf("deck %v of %d cards, the history shuffles %d", d.GetDeck(), len(order), d.GetSize())
	}
	o := &pb.DeckOrder{Deck: d.GetDeck(), Ids: int32s(order)}
	w.decks[d.GetDeck()] = &deckOrder{order: o}
	return engine.Event{Public: ev.Public, Private: []engine.Secret{engine.PrivateTo(wrap(o))}}, nil
}

// turnUp arranges the dealt decks so that the cards the offer turns up
// are on top, in order: each card is swapped with the one on top, in the
// world and in the deck's dealt order, which keeps the unseen places
// uniform among the orders consistent with every card turned up.
func (w *world) turnUp(o *pb.OfferTurnedUp) error {
	var men, casino []int
	for _, sl := range o.GetSlots() {
		men = append(men, int(sl.GetCardId()))
	}
	for _, sl := range o.GetCasinoSlots() {
		casino = append(casino, int(sl.GetCardId()))
	}
	if err := w.draw(pb.Deck_DECK_MEN_OF_ACTION, w.menDeck, men); err != nil {
		return err
	}
	if o.Truck != nil {
		if err := w.draw(pb.Deck_DECK_TRUCK, w.truckDeck, []int{int(o.GetTruck())}); err != nil {
			return err
		}
	}
	return w.draw(pb.Deck_DECK_CASINO, w.casinoDeck, casino)
}

// draw puts want on top of deck, in order, mirroring each swap in the
// deck's dealt order (a card put back below the dealt order, an impounded
// truck, is known and is never swapped).
func (w *world) draw(deck pb.Deck, cards []int, want []int) error {
	if len(want) == 0 {
		return nil
	}
	d := w.decks[deck]
	if d == nil || len(cards) < len(want) {
		return fmt.Errorf("%d cards drawn from deck %v of %d", len(want), deck, len(cards))
	}
	for i, c := range want {
		j := slices.Index(cards[i:], c)
		if j < 0 {
			return fmt.Errorf("card %d of deck %v is not in the dealt deck", c, deck)
		}
		j += i
		if j == i {
			continue
		}
		a, z := d.drawn+i, d.drawn+j
		if z >= len(d.order.Ids) {
			return fmt.Errorf("card %d of deck %v lies below its dealt order", c, deck)
		}
		cards[i], cards[j] = cards[j], cards[i]
		d.order.Ids[a], d.order.Ids[z] = d.order.Ids[z], d.order.Ids[a]
	}
	d.drawn += len(want)
	return nil
}

// seal returns the card seat seals in the open bidding of the dealt world:
// the policy's choice from the seat's view there, or a card of its hand
// drawn uniformly.
func (w *world) seal(seat int, policy engine.Policy) int {
	hand := w.seats[seat].hand
	if policy != nil {
		for _, p := range w.Prompts() {
			if int(p.Seat) != seat {
				continue
			}
			c, _ := policy.Choose(w.View(engine.SeatViewer(p.Seat)), p, w.r).(*pb.Command)
			if card := int(c.GetChooseMuscle().GetCard()); slices.Contains(hand, card) {
				return card
			}
		}
	}
	return hand[w.r.IntN(len(hand))]
}

// Seat returns the seat whose knowledge the belief holds.
func (b *belief) Seat() engine.Seat { return b.seat }
