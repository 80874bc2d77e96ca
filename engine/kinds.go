package engine

import (
	"fmt"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Kinds is the oneof of a game's top-level message (its Event or its
// Command): it puts one kind message into the oneof and takes it out again,
// and lists every kind. It is the one home of the protoreflect glue that
// every game needs to wrap its event and command kinds. T is the top-level
// message type (*boozebaronsv1.Event).
//
// A message whose oneof is named kind has a generated [KindWrapper]
// (cmd/protoc-gen-moonshine-kinds, run by buf generate): Wrap then puts a
// kind into the oneof with a type switch, a fraction of protoreflect's
// cost on every event a game emits.
type Kinds[T proto.Message] struct {
	proto  T
	oneof  protoreflect.OneofDescriptor
	fields map[protoreflect.FullName]protoreflect.FieldDescriptor
	fast   KindWrapper[T] // nil without a generated switch
}

// KindWrapper is the generated, reflection-free wrapping of a game's
// top-level message: WrapKind returns a new T holding kind, or false when
// kind is not one of T's kinds; KindSet reports whether the oneof is set,
// as protoreflect's WhichOneof does.
type KindWrapper[T any] interface {
	WrapKind(kind proto.Message) (T, bool)
	KindSet() bool
}

// KindsOf returns the kinds of m's one oneof. It panics when m has not
// exactly one oneof: a game's Event and Command are built that way.
func KindsOf[T proto.Message](m T) *Kinds[T] {
	d := m.ProtoReflect().Descriptor()
	var oneofs []protoreflect.OneofDescriptor
	for i := range d.Oneofs().Len() {
		if o := d.Oneofs().Get(i); !o.IsSynthetic() {
			oneofs = append(oneofs, o)
		}
	}
	if len(oneofs) != 1 {
		panic(fmt.Sprintf("engine: %s has %d oneofs, not one", d.FullName(), len(oneofs)))
	}
	k := &Kinds[T]{proto: m, oneof: oneofs[0], fields: map[protoreflect.FullName]protoreflect.FieldDescriptor{}}
	for i := range k.oneof.Fields().Len() {
		f := k.oneof.Fields().Get(i)
		if f.Message() == nil {
			panic(fmt.Sprintf("engine: %s.%s is not a message kind", d.FullName(), f.Name()))
		}
		k.fields[f.Message().FullName()] = f
	}
	if w, ok := any(m).(KindWrapper[T]); ok {
		k.checkFast(w)
		k.fast = w
	}
	return k
}

// checkFast panics unless the generated switch wraps every kind into its
// own field of the oneof, as protoreflect does: a generated file that
// does not match its messages (not regenerated) fails as soon as the
// game's package starts.
func (k *Kinds[T]) checkFast(w KindWrapper[T]) {
	for i := range k.oneof.Fields().Len() {
		f := k.oneof.Fields().Get(i)
		kind := k.proto.ProtoReflect().NewField(f).Message().Interface()
		m, ok := w.WrapKind(kind)
		r := m.ProtoReflect()
		if !ok || r.WhichOneof(k.oneof) != f || r.Get(f).Message().Interface() != kind || !any(m).(KindWrapper[T]).KindSet() {
			panic(fmt.Sprintf("engine: the generated WrapKind of %s does not wrap %s (regenerate: buf generate)", k.oneof.Parent().FullName(), f.Name()))
		}
	}
}

// Wrap returns a new T whose oneof holds kind. It panics when kind is not
// one of T's kinds: a bug in the caller, never a player's input.
func (k *Kinds[T]) Wrap(kind proto.Message) T {
	if k.fast != nil {
		if m, ok := k.fast.WrapKind(kind); ok {
			return m
		}
	}
	f, ok := k.fields[kind.ProtoReflect().Descriptor().FullName()]
	if !ok {
		panic(fmt.Sprintf("engine: %T is not a kind of %s", kind, k.oneof.Parent().FullName()))
	}
	m := k.proto.ProtoReflect().Type().New()
	m.Set(f, protoreflect.ValueOfMessage(kind.ProtoReflect()))
	return m.Interface().(T)
}

// Unwrap returns the kind m holds, or nil when it holds none.
func (k *Kinds[T]) Unwrap(m T) proto.Message {
	r := m.ProtoReflect()
	if !r.IsValid() {
		return nil
	}
	f := r.WhichOneof(k.oneof)
	if f == nil {
		return nil
	}
	return r.Get(f).Message().Interface()
}

// Name returns the oneof field name of the kind m holds ("delivered"), or
// "" when it holds none.
func (k *Kinds[T]) Name(m T) string {
	r := m.ProtoReflect()
	if !r.IsValid() {
		return ""
	}
	if f := r.WhichOneof(k.oneof); f != nil {
		return string(f.Name())
	}
	return ""
}

// All returns one T per kind, each holding an empty kind message, in field
// order: what a test needs to reach every case of a switch over the kinds.
func (k *Kinds[T]) All() []T {
	fields := k.oneof.Fields()
	out := make([]T, fields.Len())
	for i := range fields.Len() {
		m := k.proto.ProtoReflect().Type().New()
		f := fields.Get(i)
		m.Set(f, protoreflect.ValueOfMessage(m.NewField(f).Message()))
		out[i] = m.Interface().(T)
	}
	return out
}
