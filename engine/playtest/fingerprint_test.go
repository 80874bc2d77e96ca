package playtest_test

import (
	"bytes"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// printed is a state-like value with every kind of field a game state holds.
type printed struct {
	n      int
	name   string
	flags  [3]bool
	list   []int32
	byName map[string]int
	ptr    *printed
	any    any
	msg    *pb.Event
	loc    pb.Location
	sealed engine.Sealed[pb.Location]
}

func TestFingerprintSeesEveryChange(t *testing.T) {
	base := func() *printed {
		p := &printed{n: 1, name: "a", list: []int32{1, 2}, byName: map[string]int{"x": 1, "y": 2},
			ptr: &printed{n: 2}, any: 3, loc: pb.Location_LOCATION_DOCKS,
			msg: &pb.Event{Kind: &pb.Event_Delivered{Delivered: &pb.Delivered{Seat: 1, CardId: 4}}}}
		p.sealed.Open(3)
		return p
	}
	want := playtest.Fingerprint(base())
	if !bytes.Equal(want, playtest.Fingerprint(base())) {
		t.Fatal("equal values fingerprint differently")
	}
	changes := map[string]func(p *printed){
		"int":         func(p *printed) { p.n = 2 },
		"string":      func(p *printed) { p.name = "b" },
		"array":       func(p *printed) { p.flags[2] = true },
		"slice":       func(p *printed) { p.list[1] = 3 },
		"longer":      func(p *printed) { p.list = append(p.list, 0) },
		"map value":   func(p *printed) { p.byName["y"] = 3 },
		"map key":     func(p *printed) { delete(p.byName, "y"); p.byName["z"] = 2 },
		"pointee":     func(p *printed) { p.ptr.n = 3 },
		"nil pointer": func(p *printed) { p.ptr = nil },
		"interface":   func(p *printed) { p.any = int64(3) },
		"message":     func(p *printed) { p.msg.GetDelivered().CardId = 5 },
		"oneof":       func(p *printed) { p.msg.Kind = &pb.Event_Passed{Passed: &pb.Passed{Seat: 1}} },
		"enum":        func(p *printed) { p.loc = pb.Location_LOCATION_CASINO_REGALE },
		"sealed":      func(p *printed) { _ = p.sealed.Chose(1) },
	}
	for name, change := range changes {
		p := base()
		change(p)
		if bytes.Equal(want, playtest.Fingerprint(p)) {
			t.Errorf("%s: the fingerprint did not change", name)
		}
	}
}

func TestFingerprintIgnoresWhatHoldsNoGame(t *testing.T) {
	a := &printed{byName: map[string]int{}, list: []int32{}}
	b := &printed{}
	if !bytes.Equal(playtest.Fingerprint(a), playtest.Fingerprint(b)) {
		t.Fatal("empty and nil slices or maps fingerprint differently")
	}
	m1, m2 := map[string]int{}, map[string]int{}
	for i, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		m1[k] = i
	}
	for i, k := range []string{"h", "g", "f", "e", "d", "c", "b", "a"} {
		m2[k] = 7 - i
	}
	if !bytes.Equal(playtest.Fingerprint(m1), playtest.Fingerprint(m2)) {
		t.Fatal("map order shows in the fingerprint")
	}
	msg := &pb.Event{Kind: &pb.Event_Passed{Passed: &pb.Passed{Seat: 1}}}
	before := playtest.Fingerprint(msg)
	proto.Size(msg) // fills the message's size cache
	if !bytes.Equal(before, playtest.Fingerprint(msg)) {
		t.Fatal("a message's bookkeeping shows in the fingerprint")
	}
}
