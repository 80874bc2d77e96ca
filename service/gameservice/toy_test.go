package gameservice_test

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	"google.golang.org/protobuf/proto"
)

// toy is a small game for the service tests, written with Booze Barons'
// messages so that it fits the envelopes. Setup deals each seat a secret
// (a BoozeCard private to it) and shuffles a deck (a DeckOrder private to
// nobody: auditor only). Seats take turns; a turn is Deliver a free card
// 0-35 (Delivered) or Pass (Passed). The game ends after toyMoves turns.
type toy struct{}

const toyMoves = 6

// toyModule is the toy game as the service tests register it.
func toyModule() engine.Module {
	return engine.Module{Rules: toy{}, Title: "Toy", Variants: []engine.Variant{{Name: "standard", Title: "Toy", MinPlayers: 2, MaxPlayers: 4}}}
}

func (toy) Name() string              { return "toy" }
func (toy) Players() (int, int)       { return 2, 4 }
func (toy) NewOptions() proto.Message { return &pb.Options{} }
func (toy) NewCommand() proto.Message { return &pb.Command{} }
func (toy) NewEvent() proto.Message   { return &pb.Event{} }
func (toy) NewState() engine.State    { return &toyState{} }

func (toy) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	start := engine.PublicEvent(&pb.Event{Kind: &pb.Event_GameStarted{GameStarted: &pb.GameStarted{Players: int32(cfg.Players)}}})
	for s := range cfg.Players {
		card := &pb.BoozeCard{Seat: int32(s), BoozeType: pb.BoozeType(1 + rng.IntN(9))}
		start.Private = append(start.Private, engine.PrivateTo(&pb.Event{Kind: &pb.Event_BoozeCard{BoozeCard: card}}, engine.Seat(s)))
	}
	deck := &pb.DeckOrder{}
	for _, c := range rng.Perm(36) {
		deck.CardIds = append(deck.CardIds, int32(c))
	}
	order := engine.Event{Private: []engine.Secret{engine.PrivateTo(&pb.Event{Kind: &pb.Event_DeckOrder{DeckOrder: deck}})}}
	return []engine.Event{start, order}, nil
}

type toyState struct {
	players int
	secrets []pb.BoozeType
	deck    []int32
	taken   []int32
	moves   int
}

func (s *toyState) Clone() engine.State {
	c := *s
	c.secrets, c.deck, c.taken = slices.Clone(s.secrets), slices.Clone(s.deck), slices.Clone(s.taken)
	return &c
}

func (s *toyState) Apply(body proto.Message) error {
	ev, ok := body.(*pb.Event)
	if !ok {
		return fmt.Errorf("toy: foreign body %T", body)
	}
	switch k := ev.Kind.(type) {
	case *pb.Event_GameStarted:
		s.players = int(k.GameStarted.Players)
		s.secrets = make([]pb.BoozeType, s.players)
	case *pb.Event_BoozeCard:
		s.secrets[k.BoozeCard.Seat] = k.BoozeCard.BoozeType
	case *pb.Event_DeckOrder:
		s.deck = k.DeckOrder.CardIds
	case *pb.Event_Delivered:
		s.taken = append(s.taken, k.Delivered.CardId)
		s.moves++
	case *pb.Event_Passed:
		s.moves++
	default:
		return fmt.Errorf("toy: unknown event %T", k)
	}
	return nil
}

func (s *toyState) turn() engine.Seat { return engine.Seat(s.moves % s.players) }

// Decide decides as decide does and hands back the state its events
// lead to.
func (s *toyState) Decide(seat engine.Seat, cmd proto.Message, _ *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, err := s.decide(seat, cmd)
	if err != nil {
		return nil, nil, err
	}
	next, err := engine.Next(s, evs)
	return evs, next, err
}

func (s *toyState) decide(seat engine.Seat, cmd proto.Message) ([]engine.Event, error) {
	if s.Outcome() != nil {
		return nil, engine.ErrGameOver // a game on the kit gets this from engine.Decider
	}
	c, ok := cmd.(*pb.Command)
	if !ok {
		return nil, engine.Malform(engine.ReasonUnknownCommand, "not a command")
	}
	if seat != s.turn() {
		return nil, engine.RefuseTurn("%s plays now", s.turn())
	}
	switch k := c.Kind.(type) {
	case *pb.Command_Deliver:
		id := k.Deliver.CardId
		if id < 0 || id > 35 {
			return nil, engine.Malform("BAD_CARD", "no card %d", id)
		}
		if slices.Contains(s.taken, id) {
			return nil, engine.Refuse("CARD_TAKEN", "card %d is taken", id)
		}
		return []engine.Event{engine.PublicEvent(&pb.Event{Kind: &pb.Event_Delivered{Delivered: &pb.Delivered{Seat: int32(seat), CardId: id}}})}, nil
	case *pb.Command_Pass:
		return []engine.Event{engine.PublicEvent(&pb.Event{Kind: &pb.Event_Passed{Passed: &pb.Passed{Seat: int32(seat)}}})}, nil
	}
	return nil, engine.Malform(engine.ReasonUnknownCommand, "unknown command")
}

// View shows the turn and, in deck, the secrets the viewer may know.
func (s *toyState) View(v engine.Viewer) proto.Message {
	out := &pb.View{Players: int32(s.players), Round: int32(s.moves)}
	for i, sec := range s.secrets {
		if v.SeesAll() || v.IsSeat(engine.Seat(i)) {
			out.Deck = append(out.Deck, int32(sec))
		}
	}
	if v.SeesAll() {
		out.Deck = append(out.Deck, s.deck...)
	}
	return out
}

func (s *toyState) Prompts() []engine.Prompt {
	if s.Outcome() != nil {
		return nil
	}
	p := engine.Prompt{Seat: s.turn(), MustAct: true, Reason: "play"}
	for id := int32(0); len(p.Legal) < 2; id++ {
		if !slices.Contains(s.taken, id) {
			p.Legal = append(p.Legal, deliver(id))
		}
	}
	p.Legal = append(p.Legal, pass())
	return []engine.Prompt{p}
}

func (s *toyState) Outcome() *engine.Outcome {
	if s.moves < toyMoves {
		return nil
	}
	return &engine.Outcome{Winners: []engine.Seat{0}, Scores: make([]int, s.players), Summary: "seat 1 wins"}
}

func deliver(id int32) *pb.Command {
	return &pb.Command{Kind: &pb.Command_Deliver{Deliver: &pb.Deliver{CardId: id}}}
}

func pass() *pb.Command { return &pb.Command{Kind: &pb.Command_Pass{Pass: &pb.Pass{}}} }
