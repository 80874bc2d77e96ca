// Package memsize measures the bytes a value holds on the heap, by
// reflection: the game host sizes the games it keeps in memory with it,
// apart from the write path.
package memsize

import (
	"reflect"
	"unsafe"

	"google.golang.org/protobuf/proto"
)

// Of measures the bytes a value holds on the heap: what it points to,
// through pointers, slices, maps, strings and interfaces, each allocation
// once, unexported fields included. A generated protobuf message counts
// its fields only: its runtime bookkeeping points into the shared type
// information, which no game owns. Maps are estimated (Go does not expose
// their buckets) at the size of their entries plus an eighth, and
// allocation classes are not rounded up: the figure is a measure, close to
// what the garbage collector keeps, not an exact account.
func Of(v any) int64 {
	m := sizer{seen: map[uintptr]bool{}}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return 0
	}
	return m.indirect(rv)
}

type sizer struct{ seen map[uintptr]bool }

var protoMessage = reflect.TypeFor[proto.Message]()

// first reports whether the allocation at p is counted for the first time.
func (m *sizer) first(p unsafe.Pointer) bool {
	if p == nil || m.seen[uintptr(p)] {
		return false
	}
	m.seen[uintptr(p)] = true
	return true
}

// indirect returns the heap bytes v refers to, beyond v's own size.
func (m *sizer) indirect(v reflect.Value) int64 {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || !m.first(v.UnsafePointer()) {
			return 0
		}
		e := v.Elem()
		return int64(e.Type().Size()) + m.indirect(e)
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		e := v.Elem()
		if e.Kind() == reflect.Pointer {
			return m.indirect(e)
		}
		return int64(e.Type().Size()) + m.indirect(e) // boxed
	case reflect.Slice:
		if v.IsNil() || !m.first(v.UnsafePointer()) {
			return 0
		}
		n := int64(v.Cap()) * int64(v.Type().Elem().Size())
		for i := range v.Len() {
			n += m.indirect(v.Index(i))
		}
		return n
	case reflect.String:
		if v.Len() == 0 || !m.first(unsafe.Pointer(unsafe.StringData(v.String()))) {
			return 0
		}
		return int64(v.Len())
	case reflect.Map:
		return m.mapSize(v)
	case reflect.Struct:
		return m.structSize(v)
	case reflect.Array:
		var n int64
		for i := range v.Len() {
			n += m.indirect(v.Index(i))
		}
		return n
	}
	return 0
}

func (m *sizer) mapSize(v reflect.Value) int64 {
	if v.IsNil() || !m.first(v.UnsafePointer()) {
		return 0
	}
	entry := int64(v.Type().Key().Size() + v.Type().Elem().Size())
	n := int64(v.Len()) * entry * 9 / 8
	for it := v.MapRange(); it.Next(); {
		n += m.indirect(it.Key()) + m.indirect(it.Value())
	}
	return n
}

// structSize counts what the fields refer to: every field, or a generated
// message's exported ones.
func (m *sizer) structSize(v reflect.Value) int64 {
	t := v.Type()
	isMessage := reflect.PointerTo(t).Implements(protoMessage)
	var n int64
	for i := range t.NumField() {
		if isMessage && !t.Field(i).IsExported() {
			continue
		}
		n += m.indirect(v.Field(i)) // reading unexported fields needs no Interface

	}
	return n
}
