package boozebarons

import (
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// endRound runs End of Round: "The player holding the Booze Baron card passes
// it to the player on their left." Then the refill, the exhausted deck, the
// end of the game or the next round.
func (b decision) endRound() {
	s := b.State()
	next := s.left(s.baron)
	if s.nextBaron >= 0 {
		next = s.nextBaron
	}
	b.Emit(pub(&pb.RoundEnded{Round: int32(s.round), NextBaron: int32(next)}))
	if n := min(printed.RefillCount(s.players, s.opts.GetRefillRounding()), len(s.deck)); n > 0 {
		b.Emit(pub(&pb.DeliveriesDrawn{CardIds: append([]int32(nil), s.deck[:n]...)}))
	}
	if len(s.deck) == 0 {
		if ex := s.poorest(); len(ex) > 0 {
			b.Emit(pub(&pb.DeckExhausted{Exposures: ex}))
		}
	}
	if len(s.unexposed()) < 2 {
		b.Emit(pub(finalScores(s)))
		return
	}
	b.Emit(pub(&pb.RoundStarted{Round: int32(s.round + 1), Baron: int32(s.baron)}))
}

// poorest: "If there are no Delivery cards remaining in the deck, the
// Unexposed player with the fewest Coins is automatically Exposed and must
// place their Movement card corresponding with their current Location back
// in the box. If players are tied for the lowest number of coins, all of
// those players are exposed."
func (s *State) poorest() []*pb.Exposure {
	low := -1
	for _, i := range s.unexposed() {
		if c := s.coins(i).Coins; low < 0 || int(c) < low {
			low = int(c)
		}
	}
	var out []*pb.Exposure
	for _, i := range s.unexposed() {
		if p := s.seats[i]; int(s.coins(i).Coins) == low {
			out = append(out, &pb.Exposure{Seat: int32(i), BoozeType: p.booze, MovementCard: p.played, Coins: int32(low)})
		}
	}
	return out
}
