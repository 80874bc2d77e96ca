package engine

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"
)

// Sealed holds one round of sealed simultaneous choices (Booze Barons'
// Movement cards, Bootleggers' Muscle bids): which seats must choose, which
// have, and what each chose, which only the chooser may know until the
// reveal. It is a part of a game's state: the game's Apply opens it,
// records each choice and closes it; its rules check a choice with
// [Sealed.Check] and emit it with [Seal]. T is the choice, a value type.
//
// The events follow one pattern. Each choice is an event whose public body
// says only that the seat has chosen and whose private body, for that seat,
// holds the choice; after the last choice one public event reveals them
// all. Who has yet to choose is public; what anyone chose is not.
type Sealed[T any] struct {
	seats []sealedSeat[T] // by seat, while a round is open
}

// sealedSeat is one seat's part of a round of choices.
type sealedSeat[T any] struct {
	open   bool // must choose in this round
	chosen bool
	choice T
}

// Open starts a round of choices at a table of players seats: every seat
// must choose, or only the given ones.
func (s *Sealed[T]) Open(players int, seats ...Seat) {
	s.seats = slices.Grow(s.seats[:0], players)[:players]
	for i := range s.seats {
		s.seats[i] = sealedSeat[T]{open: len(seats) == 0 || slices.Contains(seats, Seat(i))}
	}
}

// Chose folds the public part of a choice: seat has chosen. It fails when
// seat had no choice to make (a corrupt log).
func (s *Sealed[T]) Chose(seat Seat) error {
	if !s.Awaits(seat) {
		return fmt.Errorf("engine: %v has no sealed choice to make", seat)
	}
	s.seats[seat].chosen = true
	return nil
}

// Hold folds the private part of a choice: what seat chose. It fails when
// seat has not chosen (a corrupt log).
func (s *Sealed[T]) Hold(seat Seat, v T) error {
	if !s.HasChosen(seat) {
		return fmt.Errorf("engine: %v has not chosen", seat)
	}
	s.seats[seat].choice = v
	return nil
}

// Close ends the round of choices once they are revealed.
func (s *Sealed[T]) Close() {
	clear(s.seats)
	s.seats = s.seats[:0]
}

// Awaits reports whether seat must still choose.
func (s *Sealed[T]) Awaits(seat Seat) bool {
	return s.inRange(seat) && s.seats[seat].open && !s.seats[seat].chosen
}

// HasChosen reports whether seat has chosen in this round (public).
func (s *Sealed[T]) HasChosen(seat Seat) bool { return s.inRange(seat) && s.seats[seat].chosen }

// Choice returns what seat chose, or the zero T. It is hidden: only the
// chooser's view, the auditor's and the reveal may read it.
func (s *Sealed[T]) Choice(seat Seat) T {
	var zero T
	if !s.HasChosen(seat) {
		return zero
	}
	return s.seats[seat].choice
}

// Waiting returns the seats that must still choose, in seat order.
func (s *Sealed[T]) Waiting() []Seat {
	var out []Seat
	for i := range s.seats {
		if s.Awaits(Seat(i)) {
			out = append(out, Seat(i))
		}
	}
	return out
}

// Complete reports whether a round is open and every seat that must choose
// has chosen.
func (s *Sealed[T]) Complete() bool {
	open := false
	for _, p := range s.seats {
		if p.open && !p.chosen {
			return false
		}
		open = open || p.open
	}
	return open
}

// Check refuses a choice that seat may not make now: the seat has chosen
// already (ALREADY_CHOSEN), or has no choice to make in this round. what
// names the choice in the message ("a Movement card").
func (s *Sealed[T]) Check(seat Seat, what string) *RuleError {
	switch {
	case s.HasChosen(seat):
		return Refuse(ReasonAlreadyChosen, "%v has already sealed %s", seat, what)
	case !s.Awaits(seat):
		return RefuseTurn("%v does not choose %s now", seat, what)
	}
	return nil
}

// Clone returns a deep copy, for the game state's Clone.
func (s Sealed[T]) Clone() Sealed[T] { return Sealed[T]{seats: slices.Clone(s.seats)} }

func (s *Sealed[T]) inRange(seat Seat) bool { return seat >= 0 && int(seat) < len(s.seats) }

// Seal emits seat's sealed choice, then, if it was the last one awaited,
// the reveal. chosen is the public body (seat has chosen), choice the
// private body for seat (what it chose): both are the game's event bodies.
// sealed finds the game's Sealed in its state; reveal builds the public
// body that shows every choice, from the state after the last choice. Seal
// reports whether it revealed: the rule then goes on from the state the
// reveal left.
func Seal[S State, T any](d *Decision[S], sealed func(S) *Sealed[T], seat Seat, chosen, choice proto.Message, reveal func(S) proto.Message) bool {
	d.Emit(Event{Public: chosen, Private: []Secret{PrivateTo(choice, seat)}})
	if !sealed(d.State()).Complete() {
		return false
	}
	d.Emit(PublicEvent(reveal(d.State())))
	return true
}
