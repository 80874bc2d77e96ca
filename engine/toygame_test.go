package engine_test

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// diceRace is a tiny game used to test the core: each seat is dealt a secret
// number at setup; seats take turns rolling a die; the game ends when the
// total reaches 20. Commands and events are wrapperspb.Int64Value.
//
// Event bodies: setup public = players (as a negative number), setup secret
// = the seat's number + 1000*(seat+1), roll = the face (1-6).
type diceRace struct{}

func (diceRace) Name() string              { return "dice-race" }
func (diceRace) Players() (int, int)       { return 2, 4 }
func (diceRace) NewOptions() proto.Message { return &wrapperspb.Int64Value{} }
func (diceRace) NewCommand() proto.Message { return &wrapperspb.Int64Value{} }
func (diceRace) NewEvent() proto.Message   { return &wrapperspb.Int64Value{} }
func (diceRace) NewState() engine.State    { return &raceState{} }
func (diceRace) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	ev := engine.PublicEvent(wrapperspb.Int64(-int64(cfg.Players)))
	for s := 0; s < cfg.Players; s++ {
		ev.Private = append(ev.Private, engine.PrivateTo(wrapperspb.Int64(int64(1000*(s+1)+rng.IntN(100))), engine.Seat(s)))
	}
	return []engine.Event{ev}, nil
}

type raceState struct {
	players int
	secrets []int
	rolls   []int
	total   int
}

func (s *raceState) Apply(body proto.Message) error {
	v, ok := body.(*wrapperspb.Int64Value)
	if !ok {
		return fmt.Errorf("dice-race: foreign event %T", body)
	}
	switch {
	case v.Value < 0:
		s.players = int(-v.Value)
		s.secrets = make([]int, s.players)
	case v.Value >= 1000:
		s.secrets[v.Value/1000-1] = int(v.Value % 1000)
	default:
		s.rolls = append(s.rolls, int(v.Value))
		s.total += int(v.Value)
	}
	return nil
}

func (s *raceState) turn() engine.Seat { return engine.Seat(len(s.rolls) % s.players) }

func (s *raceState) Decide(seat engine.Seat, cmd proto.Message, rng *engine.Rand) ([]engine.Event, error) {
	if _, ok := cmd.(*wrapperspb.Int64Value); !ok {
		return nil, engine.Malform(engine.ReasonUnknownCommand, "not a dice-race command")
	}
	if seat != s.turn() {
		return nil, engine.RefuseTurn("%s rolls now", s.turn())
	}
	return []engine.Event{engine.PublicEvent(wrapperspb.Int64(int64(rng.Die(6))))}, nil
}

func (s *raceState) View(v engine.Viewer) proto.Message {
	return wrapperspb.Int64(int64(s.total))
}

func (s *raceState) Prompts() []engine.Prompt {
	if s.Outcome() != nil {
		return nil
	}
	return []engine.Prompt{{Seat: s.turn(), MustAct: true, Reason: "roll", Legal: []proto.Message{wrapperspb.Int64(0)}}}
}

func (s *raceState) Outcome() *engine.Outcome {
	if s.total < 20 {
		return nil
	}
	last := engine.Seat((len(s.rolls) - 1) % s.players)
	return &engine.Outcome{Winners: []engine.Seat{last}, Summary: "reached 20"}
}
