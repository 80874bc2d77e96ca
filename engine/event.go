package engine

import (
	"slices"

	"google.golang.org/protobuf/proto"
)

// Event is one recorded fact of a game, split by who may see it.
//
// Public is seen by everyone, spectators included; it may be nil when the
// whole fact is private (but then at least one Secret is present). Each
// Secret is seen only by the seats it names (and by the auditor). Bodies are
// always the game's own event message (for Booze Barons,
// *boozebaronsv1.Event).
type Event struct {
	Public  proto.Message
	Private []Secret
}

// Secret is a private part of an event, visible to the named seats only.
type Secret struct {
	Seats []Seat
	Body  proto.Message
}

// PublicEvent returns an event with only a public body.
func PublicEvent(body proto.Message) Event { return Event{Public: body} }

// PrivateTo returns a Secret for the given seats.
func PrivateTo(body proto.Message, seats ...Seat) Secret {
	return Secret{Seats: slices.Clone(seats), Body: body}
}

// Bodies returns every body of the event in apply order: the public body
// first, then the private ones in order.
func (e Event) Bodies() []proto.Message {
	out := make([]proto.Message, 0, 1+len(e.Private))
	if e.Public != nil {
		out = append(out, e.Public)
	}
	for _, s := range e.Private {
		out = append(out, s.Body)
	}
	return out
}

// EachBody yields every body of the event in apply order, as Bodies lists
// them, without building the list (for the folds a decision makes).
func (e Event) EachBody(yield func(proto.Message) bool) {
	if e.Public != nil && !yield(e.Public) {
		return
	}
	for _, s := range e.Private {
		if !yield(s.Body) {
			return
		}
	}
}

// Sees reports whether viewer v may see the secret.
func (s Secret) Sees(v Viewer) bool {
	if v.SeesAll() {
		return true
	}
	return v.Kind == Player && slices.Contains(s.Seats, v.Seat)
}

// For returns the part of the event that v may see: the public body and the
// secrets addressed to v. This is the one redaction path for event streams.
// The result may have neither public body nor secrets (the event happened,
// but v learns nothing beyond that).
func (e Event) For(v Viewer) Event {
	out := Event{Public: e.Public}
	for _, s := range e.Private {
		if s.Sees(v) {
			out.Private = append(out.Private, s)
		}
	}
	return out
}
