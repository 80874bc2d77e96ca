package moonshine

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// oneofFields maps each kind's message to its field of the "kind" oneof of
// the game's top-level message m (Event or Command).
func oneofFields(m proto.Message) map[protoreflect.FullName]protoreflect.FieldDescriptor {
	out := map[protoreflect.FullName]protoreflect.FieldDescriptor{}
	fields := m.ProtoReflect().Descriptor().Oneofs().ByName("kind").Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		out[f.Message().FullName()] = f
	}
	return out
}

var (
	eventFields   = oneofFields(&pb.Event{})
	commandFields = oneofFields(&pb.Command{})
)

// intoOneof sets kind as the field of container's oneof that holds its
// message type; it panics on a message that is not one of the kinds.
func intoOneof[T proto.Message](container T, fields map[protoreflect.FullName]protoreflect.FieldDescriptor, kind proto.Message) T {
	f, ok := fields[kind.ProtoReflect().Descriptor().FullName()]
	if !ok {
		panic(fmt.Sprintf("moonshine: %T is not a kind of %T", kind, container))
	}
	container.ProtoReflect().Set(f, protoreflect.ValueOfMessage(kind.ProtoReflect()))
	return container
}

// WrapEvent puts one event kind (such as *kingdomv1.Moved) into the game's
// Event oneof. It panics on any other message.
func WrapEvent(kind proto.Message) *pb.Event { return intoOneof(&pb.Event{}, eventFields, kind) }

// WrapCommand puts one command kind (such as *kingdomv1.Move) into the
// game's Command oneof. It panics on any other message.
func WrapCommand(kind proto.Message) *pb.Command {
	return intoOneof(&pb.Command{}, commandFields, kind)
}

// wrap puts one event kind into the game's Event oneof.
func wrap(m proto.Message) *pb.Event { return WrapEvent(m) }

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
	for _, l := range Liquors {
		if counts[l] > 0 {
			out = append(out, &pb.Barrels{Liquor: l, Count: u32(counts[l])})
		}
	}
	return out
}
