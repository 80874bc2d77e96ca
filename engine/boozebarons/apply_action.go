package boozebarons

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

func (s *State) applyDelivered(d *pb.Delivered) error {
	if !printed.ValidCard(d.CardId) {
		return corrupt("card %d", d.CardId)
	}
	l := printed.Deck[d.CardId].Location
	var ok bool
	if s.at[l], ok = removeID(s.at[l], d.CardId); !ok {
		return corrupt("card %d is not at its Location", d.CardId)
	}
	return s.withSeat(d.Seat, func(p *seatState) error { p.faceUp = append(p.faceUp, d.CardId); return nil })
}

func (s *State) applyStolen(st *pb.Stolen) error {
	if err := s.withSeat(st.From, func(p *seatState) error {
		var ok bool
		if p.faceDown, ok = removeID(p.faceDown, st.CardId); !ok {
			return corrupt("seat %d holds no face-down card %d", st.From, st.CardId)
		}
		return nil
	}); err != nil {
		return err
	}
	if s.pend.kind == pb.PendingKind_PENDING_KIND_SEEDY_PETES {
		s.pend.steals++
	}
	return s.withSeat(st.Seat, func(p *seatState) error { p.faceUp = append(p.faceUp, st.CardId); return nil })
}

func (s *State) applyExpose(e *pb.ExposeAttempted) error {
	if !e.Correct {
		return nil
	}
	if e.Target < 0 || int(e.Target) >= s.players || e.Seat < 0 || int(e.Seat) >= s.players {
		return corrupt("expose seats %d, %d", e.Seat, e.Target)
	}
	t := &s.seats[e.Target]
	if t.exposed || t.booze != e.Guess || t.played != e.MovementCard || t.played == 0 {
		return corrupt("seat %d cannot be exposed for %v", e.Target, e.MovementCard)
	}
	s.exposures++
	t.exposed, t.exposedAt, t.played = true, s.exposures, 0
	g := &s.seats[e.Seat]
	g.collected = append(g.collected, collectedCard{from: int(e.Target), loc: e.MovementCard})
	if e.SnitchToken {
		g.snitches++
		s.snitches++
	}
	return nil
}

func (s *State) applyCasinoRevealed(c *pb.CasinoRevealed) error {
	n := int(c.Count)
	if n <= 0 || n > len(s.deck) {
		return corrupt("casino reveals %d of %d", n, len(s.deck))
	}
	s.pend = pending{kind: pb.PendingKind_PENDING_KIND_CASINO, actor: int(c.Seat), casino: slices.Clone(s.deck[:n])}
	s.deck = s.deck[n:]
	return nil
}

func (s *State) applyCasinoKept(c *pb.CasinoKept) error {
	rest := slices.Clone(s.pend.casino)
	for _, id := range c.CardIds {
		var ok bool
		if rest, ok = removeID(rest, id); !ok {
			return corrupt("card %d was not revealed", id)
		}
	}
	if err := s.withSeat(c.Seat, func(p *seatState) error { p.faceUp = append(p.faceUp, c.CardIds...); return nil }); err != nil {
		return err
	}
	s.deck = append(s.deck, rest...)
	s.pend.casino = nil
	return nil
}

func (s *State) applyDocksCollected(d *pb.DocksCollected) error {
	for _, id := range d.CardIds {
		if !printed.ValidCard(id) {
			return corrupt("card %d", id)
		}
		l := printed.Deck[id].Location
		var ok bool
		if s.at[l], ok = removeID(s.at[l], id); !ok {
			return corrupt("card %d is not at its Location", id)
		}
	}
	return s.withSeat(d.Seat, func(p *seatState) error { p.faceUp = append(p.faceUp, d.CardIds...); return nil })
}

func (s *State) applyTurnEnded(seat int) error {
	if seat < 0 || seat >= s.players || s.seats[seat].acted {
		return corrupt("turn of seat %d cannot end", seat)
	}
	s.seats[seat].acted = true
	s.pend = pending{}
	s.turn = s.left(seat)
	if s.seats[s.turn].acted {
		s.turn = -1
	}
	return nil
}

func (s *State) applyExhausted(ex []*pb.Exposure) error {
	s.exposures++
	for _, e := range ex {
		err := s.withSeat(e.Seat, func(p *seatState) error {
			if p.exposed || p.booze != e.BoozeType || p.played != e.MovementCard || p.played == 0 {
				return corrupt("seat %d cannot be exposed by the deck", e.Seat)
			}
			p.exposed, p.exposedAt = true, s.exposures
			p.boxed = append(p.boxed, p.played)
			p.played = 0
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
