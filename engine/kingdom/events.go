package kingdom

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

var (
	// events and commands are the kinds of the game's Event and Command
	// oneofs.
	events   = engine.KindsOf(&pb.Event{})
	commands = engine.KindsOf(&pb.Command{})
)

// wrap puts one event kind into the game's Event oneof.
func wrap(m proto.Message) *pb.Event { return events.Wrap(m) }

// cmd puts one command kind into the game's Command oneof.
func cmd(k proto.Message) *pb.Command { return commands.Wrap(k) }

// public returns an event with only a public body.
func public(m proto.Message) engine.Event { return engine.PublicEvent(wrap(m)) }

// builder is one decision of the Kingdom's rules: the kit's decision
// builder ([engine.Decision]: each event applied at once to the decision's
// copy of the state, through the very Apply that replay uses, or only a
// check, for the prompts), with a test hook for the dice.
type builder struct {
	*engine.Decision[*state]
	// dice, when set, are the rolls to use before drawing from the
	// decision's generator: tests replay printed fights through the very
	// decisions that draw dice.
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
		out[i] = b.Rand().Die(6)
	}
	return out
}

// pub emits a public event.
func (b *builder) pub(m proto.Message) { b.Emit(public(m)) }

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
	for _, l := range printed.Liquors {
		if counts[l] > 0 {
			out = append(out, &pb.Barrels{Liquor: l, Count: u32(counts[l])})
		}
	}
	return out
}
