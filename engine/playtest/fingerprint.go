package playtest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sync"

	"google.golang.org/protobuf/proto"
)

// Fingerprint returns an exact encoding of everything reachable from v (a
// game's state, through pointers, slices, maps and interfaces, every field
// exported or not; protobuf messages by their fields). Two values encode
// the same exactly when they hold the same game, so comparing fingerprints
// taken before and after Decide, or Prompts, proves that neither changed
// the state: more strictly than comparing views, which are computed from
// the state and may leave parts of it out. A nil slice and an empty one,
// or a nil map and an empty one, hold the same game. v must not be cyclic
// and must hold no functions or channels.
func Fingerprint(v any) []byte {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return []byte{0}
	}
	return encoderOf(rv.Type())(nil, rv)
}

// An encoder appends the encoding of a value of its type.
type encoder func(buf []byte, v reflect.Value) []byte

// encoders caches one encoder per type; they are built once by reflection,
// so that a fingerprint costs a walk of the value and no more.
var encoders sync.Map // reflect.Type -> encoder

var protoMessage = reflect.TypeFor[proto.Message]()

func encoderOf(t reflect.Type) encoder {
	if e, ok := encoders.Load(t); ok {
		return e.(encoder)
	}
	// A recursive type refers to itself through a pointer, a slice or a
	// map: those look the element's encoder up when they run.
	var e encoder
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		e = containerEncoder(t)
	case reflect.Struct:
		e = structEncoder(t)
	case reflect.Array:
		elem := encoderOf(t.Elem())
		e = func(buf []byte, v reflect.Value) []byte {
			for i := range v.Len() {
				buf = elem(buf, v.Index(i))
			}
			return buf
		}
	default:
		e = scalarEncoder(t)
	}
	encoders.Store(t, e)
	return e
}

func scalarEncoder(t reflect.Type) encoder {
	switch t.Kind() {
	case reflect.Bool:
		return func(buf []byte, v reflect.Value) []byte {
			if v.Bool() {
				return append(buf, 1)
			}
			return append(buf, 0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(buf []byte, v reflect.Value) []byte { return binary.AppendVarint(buf, v.Int()) }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(buf []byte, v reflect.Value) []byte { return binary.AppendUvarint(buf, v.Uint()) }
	case reflect.Float32, reflect.Float64:
		return func(buf []byte, v reflect.Value) []byte {
			return binary.BigEndian.AppendUint64(buf, math.Float64bits(v.Float()))
		}
	case reflect.String:
		return func(buf []byte, v reflect.Value) []byte {
			buf = binary.AppendUvarint(buf, uint64(v.Len()))
			return append(buf, v.String()...)
		}
	}
	panic(fmt.Sprintf("playtest: cannot fingerprint a %v", t))
}

// structEncoder encodes every field in order. A generated protobuf message
// is encoded by its exported fields only: the others are the runtime's
// bookkeeping (size cache, unknown fields), not the message.
func structEncoder(t reflect.Type) encoder {
	isMessage := reflect.PointerTo(t).Implements(protoMessage)
	var fields []int
	for i := range t.NumField() {
		if !isMessage || t.Field(i).IsExported() {
			fields = append(fields, i)
		}
	}
	encs := make([]encoder, len(fields))
	for i, f := range fields {
		encs[i] = encoderOf(t.Field(f).Type)
	}
	return func(buf []byte, v reflect.Value) []byte {
		for i, f := range fields {
			buf = encs[i](buf, v.Field(f))
		}
		return buf
	}
}

func containerEncoder(t reflect.Type) encoder {
	switch t.Kind() {
	case reflect.Pointer:
		return func(buf []byte, v reflect.Value) []byte {
			if v.IsNil() {
				return append(buf, 0)
			}
			return encoderOf(t.Elem())(append(buf, 1), v.Elem())
		}
	case reflect.Interface:
		return func(buf []byte, v reflect.Value) []byte {
			if v.IsNil() {
				return append(buf, 0)
			}
			e := v.Elem()
			name := e.Type().String()
			buf = binary.AppendUvarint(append(buf, 1), uint64(len(name)))
			return encoderOf(e.Type())(append(buf, name...), e)
		}
	case reflect.Slice:
		return func(buf []byte, v reflect.Value) []byte {
			buf = binary.AppendUvarint(buf, uint64(v.Len()))
			elem := encoderOf(t.Elem())
			for i := range v.Len() {
				buf = elem(buf, v.Index(i))
			}
			return buf
		}
	}
	return mapEncoder(t)
}

// mapEncoder encodes the entries sorted by their encoded keys, so that map
// order never shows.
func mapEncoder(t reflect.Type) encoder {
	return func(buf []byte, v reflect.Value) []byte {
		key, val := encoderOf(t.Key()), encoderOf(t.Elem())
		type entry struct{ k, v []byte }
		entries := make([]entry, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			entries = append(entries, entry{key(nil, it.Key()), val(nil, it.Value())})
		}
		slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.k, b.k) })
		buf = binary.AppendUvarint(buf, uint64(len(entries)))
		for _, e := range entries {
			buf = append(append(buf, e.k...), e.v...)
		}
		return buf
	}
}
