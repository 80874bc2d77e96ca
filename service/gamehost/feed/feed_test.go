package feed

import (
	"testing"

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
