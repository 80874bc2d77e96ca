package bootleggers

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// decider is how Bootleggers decides: the kit's precheck (with Awaits),
// then rule.
var decider = engine.Decider[*State, *pb.Command]{Game: "Bootleggers", Rule: rule}

var (
	_ engine.State                  = (*State)(nil)
	_ engine.Decidable[*pb.Command] = (*State)(nil)
)

// Decide checks seat's command and returns the events it causes: the
// command's own, then every event the game plays by itself until it waits
// for a seat again (a Non-Player hand's turn, the rolls of Phase 3, the
// selling of Phase 5, the next round). Each event is applied to a copy of
// the state with the Apply replay uses; the state itself never changes.
// Every roll and reshuffle is drawn from rng and written into the events.
func (s *State) Decide(seat engine.Seat, cmd proto.Message, rng *engine.Rand) ([]engine.Event, engine.State, error) {
	return decider.Decide(s, seat, cmd, rng)
}

// PlayerCount returns the number of seats (0 before setup).
func (s *State) PlayerCount() int { return s.players }

// rule checks a prechecked command in full, stops there in a check (the
// prompts' legal lists), and otherwise emits its events and plays on.
func rule(d *engine.Decision[*State], seat engine.Seat, c *pb.Command) *engine.RuleError {
	if err := playOne(d, seat, c); err != nil || d.Checking() {
		return err
	}
	decision{d}.standIn()
	return nil
}

// playOne checks and plays one command and what follows it until the game
// waits for a seat: a seat's own, or a resigned seat's default (standIn).
func playOne(d *engine.Decision[*State], seat engine.Seat, c *pb.Command) *engine.RuleError {
	s, i := d.State(), int(seat)
	var err *engine.RuleError
	var emit func(decision)
	switch k := c.Kind.(type) {
	case *pb.Command_ChooseMuscle:
		emit, err = s.chooseMuscle(i, k.ChooseMuscle)
	case *pb.Command_TakeMenOfAction:
		emit, err = s.takeMenOfAction(i, k.TakeMenOfAction)
	case *pb.Command_TakeCasinoCard:
		emit, err = s.takeCasinoCard(i, k.TakeCasinoCard)
	case *pb.Command_CutOmalleys:
		emit, err = s.cutOMalleys(i, k.CutOmalleys)
	case *pb.Command_PlayCasinoCard:
		emit, err = s.playCasinoCard(i, k.PlayCasinoCard)
	case *pb.Command_PassCasinoCards:
		emit, err = s.passCasinoCards(i)
	case *pb.Command_AnswerCommission:
		emit, err = s.answerCommission(i, k.AnswerCommission)
	case *pb.Command_BuyTruck:
		emit, err = s.buyTruck(i)
	case *pb.Command_PassSelection:
		emit = func(b decision) { b.emit(&pb.SelectionPassed{Seat: int32(i)}) }
	case *pb.Command_PlayCard:
		emit, err = s.playCard(i, k.PlayCard)
	case *pb.Command_SendInTheBoys:
		emit, err = s.sendInTheBoys(i, k.SendInTheBoys)
	case *pb.Command_FireUpTheStill:
		emit, err = s.fireUpTheStill(i, k.FireUpTheStill)
	case *pb.Command_ProposeTrade:
		emit, err = s.proposeTrade(i, k.ProposeTrade)
	case *pb.Command_AnswerTrade:
		emit, err = s.answerTrade(i, k.AnswerTrade)
	case *pb.Command_WithdrawTrade:
		emit, err = s.withdrawTrade(i, k.WithdrawTrade)
	case *pb.Command_RunTheWhiskey:
		emit, err = s.runTheWhiskey(i, k.RunTheWhiskey)
	case *pb.Command_CallTheOrder:
		emit, err = s.callTheOrder(i, k.CallTheOrder)
	case *pb.Command_Resign:
		emit, err = s.resign(i)
	default:
		return engine.Malform(engine.ReasonUnknownCommand, "unknown command %T", c.Kind)
	}
	if err != nil || d.Checking() {
		return err
	}
	b := decision{d}
	emit(b)
	b.settle()
	return nil
}

// decision is a Bootleggers decision under way: the kit's Decision, with
// the game's own steps as methods.
type decision struct{ *engine.Decision[*State] }

// emit emits one public event.
func (b decision) emit(kind proto.Message) { b.Emit(publicEvent(kind)) }
