package games

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// The envelopes of moonshine.v1 carry a game's messages in one oneof whose
// fields are named alike in every envelope (Module.field). Their Set and
// Message methods are generated (cmd/protoc-gen-moonshine-kinds): type
// switches, with no reflection on a command's or an event's path.

// put stores inner with set (an envelope's generated Set method); an inner
// message that is not one of the envelope's kinds is a bug in the caller.
func put(set func(proto.Message) bool, inner proto.Message) {
	if !set(inner) {
		panic(fmt.Sprintf("games: %T is not a kind of its envelope", inner))
	}
}

// take returns inner, the message of the envelope's field name, when the
// field is the game's, else ErrWrongGame.
func (g *Module) take(name string, inner proto.Message) (proto.Message, error) {
	if name != string(g.field) {
		return nil, ErrWrongGame
	}
	return inner, nil
}

// Options returns the game's options from the envelope: nil (the defaults)
// when it is unset, ErrWrongGame when it holds another game's.
func (g *Module) Options(o *moonshinev1.GameOptions) (proto.Message, error) {
	name, inner := o.GameMessage()
	if name == "" {
		return nil, nil
	}
	return g.take(name, inner)
}

// WrapOptions returns the envelope for the game's options (nil: unset).
func (g *Module) WrapOptions(opts proto.Message) *moonshinev1.GameOptions {
	env := &moonshinev1.GameOptions{}
	if opts != nil {
		put(env.SetGame, opts)
	}
	return env
}

// Command returns the game's command from the envelope, or ErrWrongGame.
func (g *Module) Command(c *moonshinev1.GameCommand) (proto.Message, error) {
	return g.take(c.GameMessage())
}

// WrapCommand returns the envelope for one of the game's commands.
func (g *Module) WrapCommand(cmd proto.Message) *moonshinev1.GameCommand {
	env := &moonshinev1.GameCommand{}
	put(env.SetGame, cmd)
	return env
}

// WrapView sets the game's view in v.
func (g *Module) WrapView(v *moonshinev1.GameView, view proto.Message) {
	if view != nil {
		put(v.SetView, view)
	}
}

// WrapBody returns the envelope for one of the game's event bodies.
func (g *Module) WrapBody(body proto.Message) *moonshinev1.EventBody {
	if body == nil {
		return nil
	}
	env := &moonshinev1.EventBody{}
	put(env.SetBody, body)
	return env
}

// EncodeEvent returns the stored form of one of the game's events.
func (g *Module) EncodeEvent(ev engine.Event) *moonshinev1.StoredEvent {
	out := &moonshinev1.StoredEvent{Public: g.WrapBody(ev.Public)}
	for _, s := range ev.Private {
		out.Private = append(out.Private, &moonshinev1.PrivatePart{Seats: WireSeats(s.Seats), Body: g.WrapBody(s.Body)})
	}
	return out
}

// DecodeEvent returns the game's event from its stored form, or
// ErrWrongGame when a body is not the game's (table talk, or corruption).
func (g *Module) DecodeEvent(se *moonshinev1.StoredEvent) (engine.Event, error) {
	var ev engine.Event
	if se.GetPublic() != nil {
		b, err := g.take(se.GetPublic().BodyMessage())
		if err != nil {
			return engine.Event{}, err
		}
		ev.Public = b
	}
	for _, p := range se.GetPrivate() {
		b, err := g.take(p.GetBody().BodyMessage())
		if err != nil {
			return engine.Event{}, err
		}
		ev.Private = append(ev.Private, engine.PrivateTo(b, Seats(p.GetSeats())...))
	}
	return ev, nil
}

// IsChat reports whether a stored event is table talk (a platform event the
// game does not fold).
func IsChat(se *moonshinev1.StoredEvent) bool {
	if se.GetPublic() != nil {
		return se.GetPublic().GetChat() != nil
	}
	ps := se.GetPrivate()
	return len(ps) > 0 && ps[0].GetBody().GetChat() != nil
}

// IsTable reports whether a stored event is a change of the table (a
// seat left, the table cancelled): a platform event, always public, that
// the game does not fold.
func IsTable(se *moonshinev1.StoredEvent) bool {
	return se.GetPublic().GetTable() != nil
}

// IsPlatform reports whether a stored event is the platform's, not the
// game's: table talk or a change of the table. Folds and verification
// skip it; it keeps its sequence number.
func IsPlatform(se *moonshinev1.StoredEvent) bool { return IsChat(se) || IsTable(se) }

// Envelope returns the stored event as an engine.Event whose bodies are the
// moonshine.v1.EventBody envelopes themselves, so that engine.Event.For can
// redact any stored event, the game's or table talk.
func Envelope(se *moonshinev1.StoredEvent) engine.Event {
	var ev engine.Event
	if se.GetPublic() != nil {
		ev.Public = se.GetPublic()
	}
	for _, p := range se.GetPrivate() {
		ev.Private = append(ev.Private, engine.PrivateTo(p.GetBody(), Seats(p.GetSeats())...))
	}
	return ev
}

// Seats converts wire seat numbers to engine seats.
func Seats(in []int32) []engine.Seat {
	out := make([]engine.Seat, len(in))
	for i, s := range in {
		out[i] = engine.Seat(s)
	}
	return out
}

// WireSeats converts engine seats to wire seat numbers.
func WireSeats(in []engine.Seat) []int32 {
	out := make([]int32, len(in))
	for i, s := range in {
		out[i] = int32(s)
	}
	return out
}
