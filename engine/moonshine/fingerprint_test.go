package moonshine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"unsafe"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// fingerprint appends an exact encoding of everything reachable from the
// state (every field, exported or not, through pointers and slices; proto
// messages by their deterministic wire form) to buf. Two states encode the
// same iff they hold the same game, so comparing the encodings before and
// after Decide proves that Decide left the state alone — more strictly than
// comparing auditor views, which are computed from the state, and at a
// fraction of the cost of building and comparing two views.
func fingerprint(buf []byte, s *state) []byte {
	return stateEncoder()(buf, unsafe.Pointer(s))
}

// An encoder appends the value of its type at p. The encoders are compiled
// once from the types by reflection and read memory directly, so that a
// fingerprint costs a few microseconds: the bot takes one before and one
// after every command.
type encoder func(buf []byte, p unsafe.Pointer) []byte

var stateEncoder = sync.OnceValue(func() encoder { return encoderOf(reflect.TypeFor[state]()) })

var protoMessage = reflect.TypeFor[proto.Message]()

func encoderOf(t reflect.Type) encoder {
	switch t.Kind() {
	case reflect.Bool:
		return func(buf []byte, p unsafe.Pointer) []byte {
			if *(*bool)(p) {
				return append(buf, 1)
			}
			return append(buf, 0)
		}
	case reflect.Int, reflect.Int64:
		if t.Size() != 8 {
			return encoderOf(reflect.TypeFor[int32]())
		}
		return func(buf []byte, p unsafe.Pointer) []byte { return binary.AppendVarint(buf, *(*int64)(p)) }
	case reflect.Int32: // proto enums
		return func(buf []byte, p unsafe.Pointer) []byte { return binary.AppendVarint(buf, int64(*(*int32)(p))) }
	case reflect.Uint32:
		return func(buf []byte, p unsafe.Pointer) []byte { return binary.AppendUvarint(buf, uint64(*(*uint32)(p))) }
	case reflect.String:
		return func(buf []byte, p unsafe.Pointer) []byte {
			s := *(*string)(p)
			buf = binary.AppendUvarint(buf, uint64(len(s)))
			return append(buf, s...)
		}
	case reflect.Array:
		elem, n, size := encoderOf(t.Elem()), t.Len(), t.Elem().Size()
		return func(buf []byte, p unsafe.Pointer) []byte {
			for i := range n {
				buf = elem(buf, unsafe.Add(p, uintptr(i)*size))
			}
			return buf
		}
	case reflect.Slice:
		// A nil slice and an empty one hold the same game.
		elem, size := encoderOf(t.Elem()), t.Elem().Size()
		return func(buf []byte, p unsafe.Pointer) []byte {
			v := reflect.NewAt(t, p).Elem()
			n := v.Len()
			buf = binary.AppendUvarint(buf, uint64(n))
			if n == 0 {
				return buf
			}
			data := v.UnsafePointer()
			for i := range n {
				buf = elem(buf, unsafe.Add(data, uintptr(i)*size))
			}
			return buf
		}
	case reflect.Struct:
		type field struct {
			enc    encoder
			offset uintptr
		}
		var fields []field
		for i := range t.NumField() {
			f := t.Field(i)
			fields = append(fields, field{encoderOf(f.Type), f.Offset})
		}
		return func(buf []byte, p unsafe.Pointer) []byte {
			for _, f := range fields {
				buf = f.enc(buf, unsafe.Add(p, f.offset))
			}
			return buf
		}
	case reflect.Pointer:
		if t.Implements(protoMessage) {
			return func(buf []byte, p unsafe.Pointer) []byte {
				ptr := *(*unsafe.Pointer)(p)
				if ptr == nil {
					return append(buf, 0)
				}
				m := reflect.NewAt(t.Elem(), ptr).Interface().(proto.Message)
				b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
				if err != nil {
					panic(err)
				}
				buf = binary.AppendUvarint(append(buf, 1), uint64(len(b)))
				return append(buf, b...)
			}
		}
		elem := encoderOf(t.Elem())
		return func(buf []byte, p unsafe.Pointer) []byte {
			ptr := *(*unsafe.Pointer)(p)
			if ptr == nil {
				return append(buf, 0)
			}
			return elem(append(buf, 1), ptr)
		}
	}
	panic(fmt.Sprintf("fingerprint: no encoding for %v", t))
}

func TestFingerprintSeesEveryChange(t *testing.T) {
	s := started(t, 4)
	s.Fight = &fight{District: harlem, Occupier: none}
	s.Raid = &raid{Target: 1}
	s.Proposal = &pb.PushProposed{Seat: 1}
	s.Deals = []deal{{ID: 1, Terms: []*pb.DealTerm{{Amount: 5}}, Kept: []int{0}, Declared: []int{0}}}
	s.outcome = &engine.Outcome{Summary: "x"}
	base := fingerprint(nil, s)
	if !bytes.Equal(base, fingerprint(nil, s.Clone())) {
		t.Fatal("a clone fingerprints differently")
	}
	changes := map[string]func(s *state){
		"district":   func(s *state) { s.dist(harlem).Mobs[2].Pinned = true },
		"hand":       func(s *state) { s.Seats[3].Hand = append(s.Seats[3].Hand, 99) },
		"favor":      func(s *state) { s.Seats[1].Bought[2] = true },
		"deck":       func(s *state) { s.Decks[2].Draw = s.Decks[2].Draw[1:] },
		"fight":      func(s *state) { s.Fight.Plundered[1]++ },
		"raid":       func(s *state) { s.Raid.Tied = append(s.Raid.Tied, harlem) },
		"proposal":   func(s *state) { s.Proposal.Seat = 2 },
		"deal term":  func(s *state) { s.Deals[0].Terms[0].Amount = 6 },
		"kept":       func(s *state) { s.Deals[0].Kept[0] = 1 },
		"declared":   func(s *state) { s.Deals[0].Declared[0] = 2 },
		"paid":       func(s *state) { s.Deals[0].Paid[1] = 7 },
		"play spent": func(s *state) { s.PlaySpent = []int{2} },
		"outcome":    func(s *state) { s.outcome.Summary = "y" },
		"partner":    func(s *state) { s.Partner[1] = 3 },
		"options":    func(s *state) { s.Opts = &pb.Options{BloodOath: true} },
		"no fight":   func(s *state) { s.Fight = nil },
		"slot owner": func(s *state) { s.Seats[0].SlotOwners[0] = 3 },
	}
	for name, change := range changes {
		// Shared pointers (Proposal, deal terms, outcome) are deep-copied
		// by hand so that base stays as it was.
		c := s.Clone()
		c.Proposal = proto.Clone(s.Proposal).(*pb.PushProposed)
		c.Deals[0].Terms = []*pb.DealTerm{proto.Clone(s.Deals[0].Terms[0]).(*pb.DealTerm)}
		o := *s.outcome
		c.outcome = &o
		change(c)
		if bytes.Equal(base, fingerprint(nil, c)) {
			t.Errorf("%s: the fingerprint did not change", name)
		}
	}
}
