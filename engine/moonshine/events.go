package moonshine

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// wrap puts one event kind into the game's Event oneof.
func wrap(m proto.Message) *pb.Event {
	e := &pb.Event{}
	switch x := m.(type) {
	case *pb.GameStarted:
		e.Kind = &pb.Event_GameStarted{GameStarted: x}
	case *pb.DayStarted:
		e.Kind = &pb.Event_DayStarted{DayStarted: x}
	case *pb.BrewDrafted:
		e.Kind = &pb.Event_BrewDrafted{BrewDrafted: x}
	case *pb.Blowback:
		e.Kind = &pb.Event_Blowback{Blowback: x}
	case *pb.ContractStaked:
		e.Kind = &pb.Event_ContractStaked{ContractStaked: x}
	case *pb.Funded:
		e.Kind = &pb.Event_Funded{Funded: x}
	case *pb.OperationsStarted:
		e.Kind = &pb.Event_OperationsStarted{OperationsStarted: x}
	case *pb.InfluenceSpent:
		e.Kind = &pb.Event_InfluenceSpent{InfluenceSpent: x}
	case *pb.Moved:
		e.Kind = &pb.Event_Moved{Moved: x}
	case *pb.Pushed:
		e.Kind = &pb.Event_Pushed{Pushed: x}
	case *pb.Recruited:
		e.Kind = &pb.Event_Recruited{Recruited: x}
	case *pb.ContractsDrawn:
		e.Kind = &pb.Event_ContractsDrawn{ContractsDrawn: x}
	case *pb.ContractsReceived:
		e.Kind = &pb.Event_ContractsReceived{ContractsReceived: x}
	case *pb.ContractsDiscarded:
		e.Kind = &pb.Event_ContractsDiscarded{ContractsDiscarded: x}
	case *pb.ContractsDiscardedCards:
		e.Kind = &pb.Event_ContractsDiscardedCards{ContractsDiscardedCards: x}
	case *pb.DeckReshuffled:
		e.Kind = &pb.Event_DeckReshuffled{DeckReshuffled: x}
	case *pb.Secured:
		e.Kind = &pb.Event_Secured{Secured: x}
	case *pb.Smuggled:
		e.Kind = &pb.Event_Smuggled{Smuggled: x}
	case *pb.Extorted:
		e.Kind = &pb.Event_Extorted{Extorted: x}
	case *pb.Fixed:
		e.Kind = &pb.Event_Fixed{Fixed: x}
	case *pb.Unloaded:
		e.Kind = &pb.Event_Unloaded{Unloaded: x}
	case *pb.Rose:
		e.Kind = &pb.Event_Rose{Rose: x}
	case *pb.Bribed:
		e.Kind = &pb.Event_Bribed{Bribed: x}
	case *pb.Ratted:
		e.Kind = &pb.Event_Ratted{Ratted: x}
	case *pb.LaidLow:
		e.Kind = &pb.Event_LaidLow{LaidLow: x}
	case *pb.TurnPassed:
		e.Kind = &pb.Event_TurnPassed{TurnPassed: x}
	case *pb.RaidStarted:
		e.Kind = &pb.Event_RaidStarted{RaidStarted: x}
	case *pb.RaidStrike:
		e.Kind = &pb.Event_RaidStrike{RaidStrike: x}
	case *pb.RaidResolved:
		e.Kind = &pb.Event_RaidResolved{RaidResolved: x}
	case *pb.RaidEnded:
		e.Kind = &pb.Event_RaidEnded{RaidEnded: x}
	case *pb.Swept:
		e.Kind = &pb.Event_Swept{Swept: x}
	case *pb.TitleChanged:
		e.Kind = &pb.Event_TitleChanged{TitleChanged: x}
	case *pb.ContractReckoned:
		e.Kind = &pb.Event_ContractReckoned{ContractReckoned: x}
	case *pb.CommissionTaken:
		e.Kind = &pb.Event_CommissionTaken{CommissionTaken: x}
	case *pb.GameEnded:
		e.Kind = &pb.Event_GameEnded{GameEnded: x}
	case *pb.StandoffChosen:
		e.Kind = &pb.Event_StandoffChosen{StandoffChosen: x}
	case *pb.CombatRound:
		e.Kind = &pb.Event_CombatRound{CombatRound: x}
	case *pb.FightEnded:
		e.Kind = &pb.Event_FightEnded{FightEnded: x}
	case *pb.Withdrew:
		e.Kind = &pb.Event_Withdrew{Withdrew: x}
	case *pb.SpoilsTaken:
		e.Kind = &pb.Event_SpoilsTaken{SpoilsTaken: x}
	case *pb.HeatDrawn:
		e.Kind = &pb.Event_HeatDrawn{HeatDrawn: x}
	default:
		panic(fmt.Sprintf("moonshine: %T is not an event kind", m))
	}
	return e
}

// public returns an event with only a public body.
func public(m proto.Message) engine.Event { return engine.PublicEvent(wrap(m)) }

// builder collects the events of one decision and applies each to a
// private clone as it goes, so that later steps read the updated state
// through the very Apply that replay uses.
type builder struct {
	s   *state
	evs []engine.Event
	rng *engine.Rand
	// dry marks a check-only run on the real state: it stops at the first
	// event (see state.accepts).
	dry bool
	// dice, when set, are the rolls to use before drawing from rng: tests
	// replay printed fights through the very decisions that draw dice.
	dice []int
}

// roll draws n six-sided dice.
func (b *builder) roll(n int) []int {
	out := make([]int, n)
	for i := range out {
		if len(b.dice) > 0 {
			out[i], b.dice = b.dice[0], b.dice[1:]
			continue
		}
		out[i] = b.rng.Die(6)
	}
	return out
}

func (s *state) builder() *builder { return &builder{s: s.clone()} }

func (b *builder) emit(ev engine.Event) {
	if b.dry {
		panic(dryRunAccepted{})
	}
	for _, body := range ev.Bodies() {
		if err := b.s.Apply(body); err != nil {
			panic("moonshine: decide built an event apply refuses: " + err.Error())
		}
	}
	b.evs = append(b.evs, ev)
}

func (b *builder) pub(m proto.Message) { b.emit(public(m)) }

func u32(n int) uint32 { return uint32(n) }

func optSeat(n int) *uint32 {
	if n == none {
		return nil
	}
	v := uint32(n)
	return &v
}

func barrelsList(counts [5]int) []*pb.Barrels {
	var out []*pb.Barrels
	for _, l := range Liquors {
		if counts[l] > 0 {
			out = append(out, &pb.Barrels{Liquor: l, Count: u32(counts[l])})
		}
	}
	return out
}
