package boozebarons

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Decide checks seat's command and returns the events it causes. It applies
// them to a clone of the state (with the same Apply replay uses) to find what
// follows: the end of a turn, of a round, of the game. The state itself is
// never modified. Booze Barons draws all its randomness at setup, so rng is
// unused.
func (s *State) Decide(seat engine.Seat, cmd proto.Message, _ *engine.Rand) ([]engine.Event, error) {
	if s.players == 0 {
		return nil, engine.Refuse(engine.ReasonNothingToDecide, "the game has not been set up")
	}
	if s.result != nil {
		return nil, engine.ErrGameOver
	}
	c, ok := cmd.(*pb.Command)
	if !ok || c.GetKind() == nil {
		return nil, engine.Malform(engine.ReasonUnknownCommand, "not a Booze Barons command: %T", cmd)
	}
	if err := s.checkSeat(int32(seat)); err != nil {
		return nil, err
	}
	if err := s.check(int(seat), c); err != nil {
		return nil, err
	}
	b := &batch{s: s.clone()}
	b.run(int(seat), c)
	if b.err != nil {
		return nil, fmt.Errorf("boozebarons: internal error: %w", b.err)
	}
	return b.evs, nil
}

// batch collects a decision's events and applies each to its own state copy.
type batch struct {
	s   *State
	evs []engine.Event
	err error
}

func (b *batch) emit(e engine.Event) {
	for _, body := range e.Bodies() {
		if err := b.s.Apply(body); err != nil && b.err == nil {
			b.err = err
		}
	}
	b.evs = append(b.evs, e)
}

// run dispatches one checked command.
func (b *batch) run(seat int, c *pb.Command) {
	switch k := c.Kind.(type) {
	case *pb.Command_ChooseMovement:
		b.choose(seat, k.ChooseMovement.GetLocation())
	case *pb.Command_Deliver:
		b.deliver(seat, k.Deliver.GetCardId())
	case *pb.Command_Tail:
		b.tail(seat, k.Tail.GetTarget())
	case *pb.Command_TriggerEvent:
		b.event(seat, k.TriggerEvent.Target)
	case *pb.Command_Pass:
		b.pass(seat)
	case *pb.Command_Steal:
		b.steal(seat, k.Steal.GetCardId())
	case *pb.Command_Expose:
		b.expose(seat, k.Expose.GetGuess())
	case *pb.Command_Decline:
		b.decline(seat)
	case *pb.Command_CasinoKeep:
		b.casinoKeep(seat, k.CasinoKeep.GetCardIds())
	case *pb.Command_DocksCollect:
		b.docksCollect(seat, k.DocksCollect.GetCardIds())
	}
}

// choose seals a Movement card: public "seat N has chosen", private card.
// When the last seat chooses, one public event reveals every card.
func (b *batch) choose(seat int, l pb.Location) {
	b.emit(withSecret(&pb.MovementChosen{Seat: int32(seat)}, &pb.MovementSealed{Seat: int32(seat), Location: l}, seat))
	moves := make([]*pb.SeatLocation, 0, b.s.players)
	for i, p := range b.s.seats {
		if !p.chosen {
			return
		}
		moves = append(moves, &pb.SeatLocation{Seat: int32(i), Location: p.sealed})
	}
	b.emit(pub(&pb.MovementsRevealed{Moves: moves}))
}
