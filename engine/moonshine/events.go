package moonshine

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// eventFields maps each event kind's message to its field of the Event
// oneof.
var eventFields = func() map[protoreflect.FullName]protoreflect.FieldDescriptor {
	out := map[protoreflect.FullName]protoreflect.FieldDescriptor{}
	fields := (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("kind").Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		out[f.Message().FullName()] = f
	}
	return out
}()

// wrap puts one event kind into the game's Event oneof.
func wrap(m proto.Message) *pb.Event {
	f, ok := eventFields[m.ProtoReflect().Descriptor().FullName()]
	if !ok {
		panic(fmt.Sprintf("moonshine: %T is not an event kind", m))
	}
	e := &pb.Event{}
	e.ProtoReflect().Set(f, protoreflect.ValueOfMessage(m.ProtoReflect()))
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
