package boozebarons

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// decider is how Booze Barons decides: the kit's precheck (with Awaits),
// then rule.
var decider = engine.Decider[*State, *pb.Command]{Game: "Booze Barons", Rule: rule}

// Decide checks seat's command and returns the events it causes. The events
// are applied to a copy of the state (with the same Apply replay uses) to
// find what follows: the end of a turn, of a round, of the game. The state
// itself is never modified. Booze Barons draws all its randomness at setup,
// so rng is unused.
func (s *State) Decide(seat engine.Seat, cmd proto.Message, rng *engine.Rand) ([]engine.Event, engine.State, error) {
	return decider.Decide(s, seat, cmd, rng)
}

// rule checks a prechecked command in full, stops there in a check (the
// prompts' legal lists), and otherwise emits its events.
func rule(d *engine.Decision[*State], seat engine.Seat, c *pb.Command) *engine.RuleError {
	if err := d.State().check(int(seat), c); err != nil {
		return err
	}
	if d.Checking() {
		return nil
	}
	decision{d}.run(int(seat), c)
	decision{d}.standIn()
	return nil
}

// check runs the rules' checks of a prechecked command.
func (s *State) check(seat int, c *pb.Command) *engine.RuleError {
	switch k := c.Kind.(type) {
	case *pb.Command_ChooseMovement:
		return s.checkChoose(seat, k.ChooseMovement.GetLocation())
	case *pb.Command_Deliver:
		return s.checkDeliver(seat, k.Deliver.GetCardId())
	case *pb.Command_Tail:
		return s.checkTail(seat, k.Tail.GetTarget(), 0)
	case *pb.Command_TriggerEvent:
		return s.checkEvent(seat, k.TriggerEvent.Target)
	case *pb.Command_Pass, *pb.Command_Decline, *pb.Command_Resign:
		return nil // the precheck has checked the step
	case *pb.Command_Steal:
		return s.checkSteal(seat, k.Steal.GetCardId())
	case *pb.Command_Expose:
		return s.checkExpose(k.Expose.GetGuess())
	case *pb.Command_CasinoKeep:
		return s.checkCasinoKeep(seat, k.CasinoKeep.GetCardIds())
	case *pb.Command_DocksCollect:
		return s.checkDocksCollect(seat, k.DocksCollect.GetCardIds())
	}
	return engine.Malform(engine.ReasonUnknownCommand, "unknown command %T", c.Kind)
}

// decision is a Booze Barons decision under way: the kit's Decision, with
// the game's actions as methods.
type decision struct{ *engine.Decision[*State] }

// run emits the events of one checked command.
func (b decision) run(seat int, c *pb.Command) {
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
	case *pb.Command_Resign:
		b.resign(seat)
	}
}

// choose seals a Movement card: public "seat N has chosen", private card.
// When the last seat chooses, one public event reveals every card.
func (b decision) choose(seat int, l pb.Location) {
	chosen := wrap(&pb.MovementChosen{Seat: int32(seat)})
	sealed := wrap(&pb.MovementSealed{Seat: int32(seat), Location: l})
	engine.Seal(b.Decision, (*State).movements, engine.Seat(seat), chosen, sealed, revealMoves)
}

// revealMoves: "Each player reveals their chosen card at the same time".
func revealMoves(s *State) proto.Message {
	moves := make([]*pb.SeatLocation, 0, s.players)
	for i := range s.players {
		moves = append(moves, &pb.SeatLocation{Seat: int32(i), Location: s.moves.Choice(engine.Seat(i))})
	}
	return wrap(&pb.MovementsRevealed{Moves: moves})
}
