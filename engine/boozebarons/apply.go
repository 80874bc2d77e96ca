package boozebarons

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// errCorrupt is wrapped by every Apply error: the body does not fit the state.
var errCorrupt = errors.New("boozebarons: event does not fit the state")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errCorrupt, fmt.Sprintf(format, args...))
}

// Apply folds one event body into the state. It never judges the rules; it
// fails only for a foreign body or one that does not fit (a corrupt log).
// It is the one switch over the event kinds: an unknown kind is an error.
func (s *State) Apply(body proto.Message) error {
	ev, ok := body.(*pb.Event)
	if !ok {
		return fmt.Errorf("boozebarons: foreign event body %T", body)
	}
	if _, started := ev.Kind.(*pb.Event_GameStarted); !started && s.players == 0 {
		return corrupt("event before game_started")
	}
	switch k := ev.Kind.(type) {
	case *pb.Event_GameStarted:
		return s.applyStarted(k.GameStarted)
	case *pb.Event_BoozeDealt:
		s.mobs = append(s.mobs[:0], k.BoozeDealt.MobsInPlay...)
	case *pb.Event_BoozeCard:
		return s.withSeat(k.BoozeCard.Seat, func(p *seatState) error { p.booze = k.BoozeCard.BoozeType; return nil })
	case *pb.Event_DeckShuffled, *pb.Event_Looked, *pb.Event_CasinoCards:
		// Public notices and private copies of facts the state already holds.
	case *pb.Event_DeckOrder:
		s.deck = append(s.deck[:0], k.DeckOrder.CardIds...)
	case *pb.Event_DeliveriesDrawn:
		return s.applyDrawn(k.DeliveriesDrawn.CardIds)
	case *pb.Event_RoundStarted:
		s.applyRoundStarted(k.RoundStarted)
	case *pb.Event_MovementChosen:
		return s.applyChosen(k.MovementChosen.Seat)
	case *pb.Event_MovementSealed:
		return s.applySealed(k.MovementSealed)
	case *pb.Event_MovementsRevealed:
		return s.applyRevealed(k.MovementsRevealed.Moves)
	case *pb.Event_Delivered:
		return s.applyDelivered(k.Delivered)
	case *pb.Event_Tailed:
		s.pend = pending{kind: pb.PendingKind_PENDING_KIND_TAIL, actor: int(k.Tailed.Seat), target: int(k.Tailed.Target)}
	case *pb.Event_Stolen:
		return s.applyStolen(k.Stolen)
	case *pb.Event_ExposeAttempted:
		return s.applyExpose(k.ExposeAttempted)
	case *pb.Event_Declined, *pb.Event_Passed:
	case *pb.Event_CasinoRevealed:
		return s.applyCasinoRevealed(k.CasinoRevealed)
	case *pb.Event_CasinoKept:
		return s.applyCasinoKept(k.CasinoKept)
	case *pb.Event_SeedyPetes:
		s.pend = pending{kind: pb.PendingKind_PENDING_KIND_SEEDY_PETES, actor: int(k.SeedyPetes.Seat), target: int(k.SeedyPetes.Target)}
	case *pb.Event_DocksChosen:
		s.pend = pending{kind: pb.PendingKind_PENDING_KIND_DOCKS, actor: int(k.DocksChosen.Seat), target: int(k.DocksChosen.Target)}
	case *pb.Event_DocksCollected:
		return s.applyDocksCollected(k.DocksCollected)
	case *pb.Event_BaronChosen:
		s.nextBaron = int(k.BaronChosen.Target)
	case *pb.Event_TurnEnded:
		return s.applyTurnEnded(int(k.TurnEnded.Seat))
	case *pb.Event_RoundEnded:
		s.baron, s.nextBaron, s.turn = int(k.RoundEnded.NextBaron), -1, -1
	case *pb.Event_DeckExhausted:
		return s.applyExhausted(k.DeckExhausted.Exposures)
	case *pb.Event_GameEnded:
		s.result, s.phase, s.turn = k.GameEnded, pb.Phase_PHASE_ENDED, -1
	case *pb.Event_Resigned:
		return s.applyResigned(k.Resigned)
	default:
		return engine.UnknownEvent(body)
	}
	return nil
}

func (s *State) withSeat(seat int32, f func(*seatState) error) error {
	if seat < 0 || int(seat) >= s.players {
		return corrupt("seat %d out of range", seat)
	}
	return f(&s.seats[seat])
}

func (s *State) applyStarted(g *pb.GameStarted) error {
	if s.players != 0 || g.Players < printed.MinPlayers || g.Players > printed.MaxPlayers || g.Options == nil {
		return corrupt("bad game_started")
	}
	s.players = int(g.Players)
	s.opts = proto.Clone(g.Options).(*pb.Options)
	s.seats = make([]seatState, s.players)
	for i := range s.seats {
		for _, l := range printed.Locations {
			s.seats[i].hand[l] = true
		}
	}
	s.baron = int(g.Options.GetFirstBaron())
	return nil
}

func (s *State) applyDrawn(ids []int32) error {
	for _, id := range ids {
		if len(s.deck) == 0 || s.deck[0] != id {
			return corrupt("card %d is not on top of the deck", id)
		}
		s.deck = s.deck[1:]
		l := printed.Deck[id].Location
		s.at[l] = append(s.at[l], id)
	}
	return nil
}

func (s *State) applyRoundStarted(r *pb.RoundStarted) {
	s.round, s.baron, s.phase, s.turn = int(r.Round), int(r.Baron), pb.Phase_PHASE_MOVE, -1
	s.pend = pending{}
	s.moves.Open(s.players)
	for i := range s.seats {
		p := &s.seats[i]
		p.faceDown = append(p.faceDown, p.faceUp...)
		p.faceUp = nil
		p.acted = false
	}
}

// applyChosen: a seat has sealed its Movement card (the public part).
func (s *State) applyChosen(seat int32) error {
	if err := s.moves.Chose(engine.Seat(seat)); err != nil {
		return corrupt("%v", err)
	}
	return nil
}

// applySealed: the card a seat sealed (the part private to it).
func (s *State) applySealed(m *pb.MovementSealed) error {
	if err := s.moves.Hold(engine.Seat(m.Seat), m.Location); err != nil {
		return corrupt("%v", err)
	}
	return nil
}

func (s *State) applyRevealed(moves []*pb.SeatLocation) error {
	if len(moves) != s.players {
		return corrupt("%d moves for %d seats", len(moves), s.players)
	}
	for _, m := range moves {
		err := s.withSeat(m.Seat, func(p *seatState) error {
			if !printed.ValidLocation(m.Location) || !p.hand[m.Location] {
				return corrupt("seat %d has no Movement card %v", m.Seat, m.Location)
			}
			if p.played != 0 {
				p.hand[p.played] = true
			}
			p.hand[m.Location] = false
			p.played, p.location = m.Location, m.Location
			return nil
		})
		if err != nil {
			return err
		}
	}
	s.moves.Close()
	s.phase, s.turn = pb.Phase_PHASE_ACTION, s.baron
	return nil
}
