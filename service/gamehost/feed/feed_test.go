package feed

import (
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	"github.com/moonshine-games/moonshine/service/projection"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// TestSameProjection checks when two audiences may share an event's
// encoding: only when their projections hold the very same bodies with
// the same labels. A private part one of them sees, another label, or a
// body built for one viewer (even if equal in content) keeps them apart,
// so that sharing can never send one audience what only another may see.
func TestSameProjection(t *testing.T) {
	chat := func() *moonshinev1.EventBody {
		return &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: &moonshinev1.ChatMessage{Text: "hello"}}}
	}
	public, secret, lookalike := chat(), chat(), chat()
	ev := func(label string, private ...*moonshinev1.PrivatePart) *moonshinev1.Event {
		return &moonshinev1.Event{Seq: 7, Public: labelled(public, label), Private: private}
	}
	part := func(b *moonshinev1.EventBody, label string, seats ...int32) *moonshinev1.PrivatePart {
		return &moonshinev1.PrivatePart{Seats: seats, Body: labelled(b, label)}
	}
	for _, c := range []struct {
		name string
		x, y *moonshinev1.Event
		want bool
	}{
		{"same bodies, same labels", ev("seat 1 paid"), ev("seat 1 paid"), true},
		{"labels in other words", ev("you paid"), ev("seat 1 paid"), false},
		{"a private part only one sees", ev("seat 1 paid", part(secret, "", 1)), ev("seat 1 paid"), false},
		{"the same private part", ev("seat 1 paid", part(secret, "", 1, 2)), ev("seat 1 paid", part(secret, "", 1, 2)), true},
		{"a private part to other seats", ev("seat 1 paid", part(secret, "", 1)), ev("seat 1 paid", part(secret, "", 2)), false},
		{"an equal body built apart", ev("seat 1 paid", part(secret, "", 1)), ev("seat 1 paid", part(lookalike, "", 1)), false},
		{"no projection yet", nil, ev("seat 1 paid"), false},
	} {
		if got := sameProjection(c.x, c.y); got != c.want {
			t.Errorf("%s: sameProjection = %v, want %v", c.name, got, c.want)
		}
	}
}

// labelled returns a copy of the envelope b with its label set, sharing
// its body, as projections make them.
func labelled(b *moonshinev1.EventBody, label string) *moonshinev1.EventBody {
	return &moonshinev1.EventBody{Body: b.Body, Label: label}
}

// TestRangeSharesProjections: the events a command wrote, as its seat's
// answer shows them (Range), are the projections the seat's watch
// streams send (Since), made once; a range the feed no longer holds, or
// not yet, is not given.
func TestRangeSharesProjections(t *testing.T) {
	mod := games.Default().Modules()[0]
	acc := projection.NewAccess(mod, engine.SeatViewer(1), engine.SeatViewer(1))
	var f Feed
	f.Reset()
	f.Attach()
	body := &moonshinev1.StoredEvent{Public: &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: &moonshinev1.ChatMessage{Text: "hi"}}}}
	for seq := int64(1); seq <= 5; seq++ {
		f.Add(seq, time.Unix(seq, 0), body)
	}
	got, ok := f.Range(2, 4, acc)
	if !ok || len(got) != 2 || got[0].GetSeq() != 3 || got[1].GetSeq() != 4 {
		t.Fatalf("Range(2, 4) = %v, %v", got, ok)
	}
	sent, ok := f.Since(2, 5, acc, nil)
	if !ok || sent[0].Event != got[0] || sent[1].Event != got[1] {
		t.Error("the watch stream's projections are not the answer's")
	}
	for _, r := range [][2]int64{{4, 6}, {3, 3}, {-1, 2}} {
		if _, ok := f.Range(r[0], r[1], acc); ok {
			t.Errorf("Range(%d, %d) given", r[0], r[1])
		}
	}
}
