package boozebarons

import (
	"google.golang.org/protobuf/proto"

	"slices"

	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// deliver: DELIVER, "Take one Delivery card from your current Location and
// place it face-up in front of you."
func (b decision) deliver(seat int, id int32) {
	b.Emit(pub(&pb.Delivered{Seat: int32(seat), CardId: id}))
	b.endTurn(seat)
}

// tail: TAIL, "Look at all of that player's Delivery cards": the look is
// private to the tailer.
func (b decision) tail(seat int, target int32) {
	b.look(&pb.Tailed{Seat: int32(seat), Target: target}, seat, int(target))
}

// look emits a public body with the actor's private look at target's
// face-down cards (its face-up cards are public already).
func (b decision) look(public proto.Message, seat, target int) {
	looked := &pb.Looked{Seat: int32(seat), Target: int32(target), CardIds: sortedIDs(b.State().seats[target].faceDown)}
	b.Emit(withSecret(public, looked, seat))
}

// event: EVENT, "Trigger the Event listed at your current Location."
func (b decision) event(seat int, target *int32) {
	s := b.State()
	switch l := s.seats[seat].location; l {
	case casino:
		n := min(printed.CasinoReveal, len(s.deck))
		cards := &pb.CasinoCards{Seat: int32(seat), CardIds: slices.Clone(s.deck[:n])}
		b.Emit(withSecret(&pb.CasinoRevealed{Seat: int32(seat), Count: int32(n)}, cards, seat))
	case officers, curtain:
		t := s.eventTailTarget(seat, l)
		b.look(&pb.Tailed{Seat: int32(seat), Target: int32(t), Via: l}, seat, t)
	case pete:
		b.look(&pb.SeedyPetes{Seat: int32(seat), Target: *target}, seat, int(*target))
	case docks:
		if s.opts.GetDocksSide() == pb.Side_SIDE_B {
			b.Emit(pub(&pb.BaronChosen{Seat: int32(seat), Target: *target}))
			b.endTurn(seat)
			return
		}
		b.Emit(pub(&pb.DocksChosen{Seat: int32(seat), Target: *target}))
	}
}

// pass: PASS, "You may choose to pass and do nothing on your turn."
func (b decision) pass(seat int) {
	b.Emit(pub(&pb.Passed{Seat: int32(seat)}))
	b.endTurn(seat)
}

// steal: STEAL after a Tail, or at Seedy Pete's, where "If that player still
// has more Delivery cards than you, you may steal a second Delivery card".
func (b decision) steal(seat int, id int32) {
	s := b.State()
	kind, target := s.pend.kind, s.pend.target
	b.Emit(pub(&pb.Stolen{Seat: int32(seat), From: int32(target), CardId: id}))
	if kind == pb.PendingKind_PENDING_KIND_SEEDY_PETES && s.pend.steals < printed.SeedyPetesMaxSteals &&
		s.holdings(target) > s.holdings(seat) {
		return
	}
	b.endTurn(seat)
}

// expose: EXPOSE. "If you guess correctly, that player becomes Exposed ...
// You collect that player's Movement token corresponding with their current
// Location." "If you guess incorrectly ... your turn is over."
func (b decision) expose(seat int, guess pb.BoozeType) {
	s := b.State()
	t := &s.seats[s.pend.target]
	e := &pb.ExposeAttempted{Seat: int32(seat), Target: int32(s.pend.target), Guess: guess, Correct: t.booze == guess}
	if e.Correct {
		e.MovementCard = t.played
		// "The first player to Expose another player takes a Snitch token.
		// If there are seven or more players, the second player to Expose
		// another player also takes a Snitch token": one token per player.
		e.SnitchToken = s.snitches < printed.SnitchTokens(s.players) && s.seats[seat].snitches == 0
	}
	b.Emit(pub(e))
	b.endTurn(seat)
}

// decline ends a look without taking anything.
func (b decision) decline(seat int) {
	b.Emit(pub(&pb.Declined{Seat: int32(seat)}))
	b.endTurn(seat)
}

// casinoKeep: keep matching cards; "Discard any that you do not keep"
// (to the bottom of the deck, unseen).
func (b decision) casinoKeep(seat int, ids []int32) {
	s := b.State()
	kept := &pb.CasinoKept{Seat: int32(seat), CardIds: sortedIDs(ids), Discarded: int32(len(s.pend.casino) - len(ids))}
	b.Emit(pub(kept))
	b.endTurn(seat)
}

// docksCollect: the chosen seat collects; then the Docks player's turn ends.
func (b decision) docksCollect(seat int, ids []int32) {
	s := b.State()
	actor := s.pend.actor
	b.Emit(pub(&pb.DocksCollected{Seat: int32(seat), CardIds: sortedIDs(ids)}))
	b.endTurn(actor)
}

// endTurn ends a seat's turn and, after the last turn, the round.
func (b decision) endTurn(seat int) {
	b.Emit(pub(&pb.TurnEnded{Seat: int32(seat)}))
	if b.State().turn < 0 {
		b.endRound()
	}
}
