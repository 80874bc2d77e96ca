package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The round's flow: what the game plays by itself between the seats'
// commands. After each command the decision settles: it emits the next
// event the rules make without a choice (a Non-Player hand's turn, a phase
// opened, a seat passed over, the rolls, the sales, Phase 6, the next
// round) until the game waits for a seat again or is over.

// settle plays on until the game waits for a seat.
func (b decision) settle() {
	for b.next() {
	}
}

// next emits the next event the game makes by itself, reporting whether
// there was one.
func (b decision) next() bool {
	s := b.State()
	if s.result != nil {
		return false
	}
	switch s.phase {
	case muscle:
		if s.step != pb.Step_STEP_SELECTION {
			return false
		}
		if s.turn >= len(s.order) {
			b.beginPhase(sendIn)
			return true
		}
		if c := s.order[s.turn]; c.seat == noSeat {
			b.nonPlayerTurn(c.hand)
			return true
		}
		return false
	case sendIn:
		seat := s.current()
		switch {
		case seat == noSeat:
			b.beginPhase(fireUp)
		case s.passedOver(seat):
			b.emit(&pb.BoysSent{Seat: int32(seat), PassedOver: true})
		default:
			return false
		}
		return true
	case fireUp:
		return b.fireUp()
	case runIt:
		if seat := s.current(); seat != noSeat {
			if !s.idleCasinoOwner(seat) {
				return false
			}
			b.emit(&pb.WhiskeyRun{Seat: int32(seat), PassedOver: true})
			return true
		}
		b.beginPhase(password)
		return true
	case password:
		return b.sell()
	case theHeat:
		b.startRound(s.round + 1)
		return true
	}
	return false
}

// fireUp plays Phase 3: every Mobster's production at once, in Muscle
// order, or (Play it Cool) the turn of a Mobster with no choice (ruling 30).
func (b decision) fireUp() bool {
	s := b.State()
	if s.step != pb.Step_STEP_TURNS {
		for _, c := range s.order {
			if c.seat != noSeat {
				b.emit(b.State().production(c.seat, false, b.Rand()))
			}
		}
		b.beginPhase(runIt)
		return true
	}
	seat := s.current()
	switch {
	case seat == noSeat:
		b.beginPhase(runIt)
	case !s.mayPlayCool(seat):
		b.emit(s.production(seat, false, b.Rand()))
	default:
		return false
	}
	return true
}

// beginPhase opens a phase: in turns for Phases 2 and 4 (and 3 with Play it
// Cool outside the ramp rounds), played by the engine otherwise.
func (b decision) beginPhase(ph pb.Phase) {
	s := b.State()
	step := pb.Step_STEP_UNSPECIFIED
	if ph == sendIn || ph == runIt || ph == fireUp && s.coolRound() {
		step = pb.Step_STEP_TURNS
	}
	b.emit(&pb.PhaseBegan{Round: int32(s.round), Phase: ph, Step: step})
}

// startRound moves the round marker and turns over the offer, reshuffling
// the Men of Action discards under the deck when it runs short
// (rulings 15, 17).
func (b decision) startRound(round int) {
	b.emit(&pb.RoundStarted{Round: int32(round)})
	s := b.State()
	if len(s.menDeck) < printed.OfferSize(s.players, s.opts) && len(s.menDiscard) > 0 {
		order := slices.Concat(s.menDeck, shuffled(s.menDiscard, b.Rand()))
		b.Emit(shuffleEvent(pb.Deck_DECK_MEN_OF_ACTION, order, true))
	}
	b.reshuffleCasinos()
	b.emit(b.State().nextOffer())
}

// endOrHeat ends the game after Phase 5 of round 12, or of a round in which
// a Mobster has the money that ends it (rulings 45, 47, 64); else it plays
// Phase 6.
func (b decision) endOrHeat() {
	s := b.State()
	rich := EarlyEnd(s.opts) && slices.ContainsFunc(s.seats, func(p seatState) bool { return p.money >= printed.EndMoney(s.opts) })
	switch {
	case s.round >= printed.Rounds:
		b.emit(s.gameEnded(pb.EndReason_END_REASON_LAST_ROUND))
	case rich:
		b.emit(s.gameEnded(pb.EndReason_END_REASON_MONEY))
	default:
		b.emit(s.heat())
	}
}

// heat is Phase 6 (ruling 46): the Copper goes to the round's biggest
// producer from round 3 on (ruling 32), the offer is cleared, the round's
// Muscle cards are discarded face up.
func (s *State) heat() *pb.TheHeat {
	out := &pb.TheHeat{}
	if printed.CopperInPlay(s.opts) && s.round >= printed.CopperFirstRound-1 {
		best := noSeat
		for i, p := range s.seats {
			if p.produced > 0 && (best == noSeat || p.produced > s.seats[best].produced ||
				p.produced == s.seats[best].produced && p.muscle > s.seats[best].muscle) {
				best = i
			}
		}
		if best != noSeat {
			out.Copper, out.Produced = ptr(int32(best)), int32(s.seats[best].produced)
		}
	}
	for _, sl := range s.offer.slots {
		if sl.card != noCard {
			out.Discarded = append(out.Discarded, int32(sl.card))
		}
	}
	if s.offer.truck != noTruck {
		out.TruckToBottom = ptr(int32(s.offer.truck))
	}
	out.CasinoDiscarded = int32s(s.casinoLeft())
	var played []int
	for _, p := range s.seats {
		played = append(played, p.muscle)
	}
	for _, h := range s.nonPlayers {
		played = append(played, h.muscle)
	}
	out.MuscleDiscarded = int32s(sortedCopy(played))
	return out
}

// gameEnded ranks the Mobsters: "Player with the most money wins"; a tie
// goes to the higher Muscle card of the last round (rulings 4, 47, 64).
// The unplayed Muscle cards are revealed.
func (s *State) gameEnded(reason pb.EndReason) *pb.GameEnded {
	seats := make([]int, s.players)
	for i := range seats {
		seats[i] = i
	}
	slices.SortFunc(seats, s.byStanding)
	out := &pb.GameEnded{Reason: reason, Round: int32(s.round), Winner: int32(seats[0])}
	for rank, i := range seats {
		out.Standings = append(out.Standings, &pb.Standing{Seat: int32(i), Money: int32(s.seats[i].money),
			Rank: int32(rank + 1), Muscle: int32(s.seats[i].muscle), Unplayed: int32s(s.seats[i].hand)})
	}
	return out
}
