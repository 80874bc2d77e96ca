package boozebarons

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// typeMask is a set of Booze types: bit t-1 for type t.
type typeMask uint16

// allTypes holds the twelve Booze types.
const allTypes typeMask = 1<<12 - 1

func typeBit(t pb.BoozeType) typeMask {
	if !printed.ValidBooze(t) {
		return 0
	}
	return 1 << (t - 1)
}

// faceMask is the set of types Delivery card id shows.
func faceMask(id int32) typeMask {
	var m typeMask
	for _, t := range printed.Deck[id].Types {
		m |= typeBit(t)
	}
	return m
}

// mobMask is the set of a Mob's four types.
func mobMask(m pb.Mob) typeMask {
	var out typeMask
	for _, t := range printed.BoozeTypes {
		if printed.MobOf(t) == m {
			out |= typeBit(t)
		}
	}
	return out
}

// types lists the types of a mask in enum order.
func (m typeMask) types() []pb.BoozeType {
	var out []pb.BoozeType
	for _, t := range printed.BoozeTypes {
		if m&typeBit(t) != 0 {
			out = append(out, t)
		}
	}
	return out
}

func (m typeMask) count() int { return bits.OnesCount16(uint16(m)) }

// belief is what one seat has learned from its history, as the constraints
// a world dealt for it must keep (see docs/bots.md):
//   - every Booze card it has seen (its own, each Exposed one);
//   - the types each other seat may hold: "You may only collect Delivery
//     cards that match your Booze type (regardless of how you obtain
//     them)", so every card a seat delivered, stole, kept or collected (all
//     public) and every card the seat saw it hold shows its type, and a
//     wrong Expose guess is not its type;
//   - the Mobs' sizes the Dealing Booze table allows;
//   - the deck: which cards were drawn from which of its original places
//     (public draws, the seat's own Casino cards and where its discards
//     went), as one or more readings where a Casino's kept cards leave
//     their places in doubt; every other card may be in any place not yet
//     drawn;
//   - the Movement cards sealed in the open Move Phase by seats whose card
//     it has not seen, which a world must choose for them.
type belief struct {
	seat    int
	players int
	history []engine.Event
	deal    int // index in history of the BoozeDealt event
	shuffle int // and of the DeckShuffled one
	booze   []pb.BoozeType
	allowed []typeMask
	deck    deckTrack
	sealed  []int // history indexes of the open round's MovementChosen events the seat cannot see into
	// unknown are the seats whose Booze card the seat has not seen;
	// counts[i<<12|used] is the number of ways to deal unknown[i:] the
	// types outside used within the Mobs' sizes (-1: not yet counted).
	unknown        []int
	counts         []int64
	mobMin, mobMax int
}

// errHistory is wrapped by every inconsistency found in a history.
var errHistory = errors.New("boozebarons: the history is not a game a seat could have seen")

func badHistory(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errHistory, fmt.Sprintf(format, args...))
}

// infer reads a seat's knowledge into its belief.
func infer(k engine.Knowledge) (*belief, error) {
	b := &belief{seat: int(k.Seat), history: k.History, deal: -1, shuffle: -1}
	d := &b.deck
	for i, ev := range k.History {
		for _, body := range ev.Bodies() {
			e, ok := body.(*pb.Event)
			if !ok {
				return nil, badHistory("event %d is %T", i+1, body)
			}
			if err := b.read(i, e, d); err != nil {
				return nil, fmt.Errorf("event %d: %w", i+1, err)
			}
		}
	}
	if b.players == 0 || b.deal < 0 || b.shuffle < 0 || !printed.ValidBooze(b.booze[b.seat]) {
		return nil, badHistory("no table, deal, shuffle or own Booze card")
	}
	b.bounds()
	if b.count(0, b.knownTypes()) == 0 {
		return nil, badHistory("no deal of the Booze cards fits what %v has seen", k.Seat)
	}
	return b, nil
}

// read folds one event body into the belief.
func (b *belief) read(i int, e *pb.Event, d *deckTrack) error {
	if _, ok := e.Kind.(*pb.Event_GameStarted); !ok && b.players == 0 {
		return badHistory("an event before game_started")
	}
	switch k := e.Kind.(type) {
	case *pb.Event_GameStarted:
		return b.start(k.GameStarted)
	case *pb.Event_BoozeDealt:
		b.deal = i
	case *pb.Event_BoozeCard:
		return b.know(k.BoozeCard.Seat, k.BoozeCard.BoozeType)
	case *pb.Event_DeckShuffled:
		b.shuffle = i
		return d.shuffled(int(k.DeckShuffled.Size))
	case *pb.Event_DeckOrder:
		return d.order(k.DeckOrder.CardIds)
	case *pb.Event_DeliveriesDrawn:
		return d.draw(k.DeliveriesDrawn.CardIds)
	case *pb.Event_CasinoRevealed:
		return d.reveal(int(k.CasinoRevealed.Count))
	case *pb.Event_CasinoCards:
		return d.seen(k.CasinoCards.CardIds)
	case *pb.Event_CasinoKept:
		b.holds(k.CasinoKept.Seat, k.CasinoKept.CardIds...)
		return d.kept(k.CasinoKept.CardIds)
	case *pb.Event_Delivered:
		b.holds(k.Delivered.Seat, k.Delivered.CardId)
	case *pb.Event_Stolen:
		b.holds(k.Stolen.Seat, k.Stolen.CardId)
	case *pb.Event_DocksCollected:
		b.holds(k.DocksCollected.Seat, k.DocksCollected.CardIds...)
	case *pb.Event_Looked:
		b.holds(k.Looked.Target, k.Looked.CardIds...)
	case *pb.Event_ExposeAttempted:
		return b.guessed(k.ExposeAttempted)
	case *pb.Event_DeckExhausted:
		for _, x := range k.DeckExhausted.Exposures {
			if err := b.know(x.Seat, x.BoozeType); err != nil {
				return err
			}
		}
	case *pb.Event_GameEnded:
		for _, p := range k.GameEnded.Players {
			if err := b.know(p.Seat, p.BoozeType); err != nil {
				return err
			}
		}
	case *pb.Event_RoundStarted, *pb.Event_MovementsRevealed:
		b.sealed = b.sealed[:0]
	case *pb.Event_MovementChosen:
		if int(k.MovementChosen.Seat) != b.seat {
			b.sealed = append(b.sealed, i)
		}
	}
	return nil
}

func (b *belief) start(g *pb.GameStarted) error {
	if b.players != 0 || g.Players < printed.MinPlayers || g.Players > printed.MaxPlayers {
		return badHistory("bad game_started")
	}
	b.players = int(g.Players)
	b.booze = make([]pb.BoozeType, b.players)
	b.allowed = make([]typeMask, b.players)
	for i := range b.allowed {
		b.allowed[i] = allTypes
	}
	return nil
}

func (b *belief) inRange(seat int32) bool { return seat >= 0 && int(seat) < b.players }

// know records a seen Booze card.
func (b *belief) know(seat int32, t pb.BoozeType) error {
	if !b.inRange(seat) || !printed.ValidBooze(t) || b.allowed[seat]&typeBit(t) == 0 {
		return badHistory("seat %d cannot hold %v", seat, t)
	}
	b.booze[seat], b.allowed[seat] = t, typeBit(t)
	return nil
}

// holds records cards seat held: each shows its type.
func (b *belief) holds(seat int32, ids ...int32) {
	if !b.inRange(seat) {
		return
	}
	for _, id := range ids {
		if printed.ValidCard(id) {
			b.allowed[seat] &= faceMask(id)
		}
	}
}

// guessed records an Expose: a right guess shows the card, a wrong one
// rules the type out.
func (b *belief) guessed(x *pb.ExposeAttempted) error {
	if x.Correct {
		return b.know(x.Target, x.Guess)
	}
	if b.inRange(x.Target) {
		b.allowed[x.Target] &^= typeBit(x.Guess)
	}
	return nil
}

// knownTypes is the set of Booze cards the seat has seen.
func (b *belief) knownTypes() typeMask {
	var m typeMask
	for _, t := range b.booze {
		m |= typeBit(t)
	}
	return m
}

// suspects returns the types seat's holder may have as the belief's seat
// sees it: its own card when known, else the types left to it.
func (b *belief) suspects(seat int) typeMask {
	if b.booze[seat] != 0 {
		return typeBit(b.booze[seat])
	}
	return b.allowed[seat] &^ b.knownTypes()
}
