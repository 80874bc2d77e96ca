package gamehost

import (
	"reflect"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/protobuf/proto"
)

// decide decides seat's command on eg: its events and the game they lead
// to, eg unchanged.
func decide(eg *engine.Game, seat engine.Seat, cmd proto.Message) ([]engine.Event, *engine.Game, error) {
	evs, err := eg.Decide(seat, cmd)
	if err != nil {
		return nil, nil, err
	}
	next := cloneGame(eg)
	if err := next.Apply(evs...); err != nil {
		return nil, nil, err
	}
	return evs, next, nil
}

// cloneGame returns a deep copy of eg.
func cloneGame(eg *engine.Game) *engine.Game {
	m := reflect.ValueOf(eg.State).MethodByName("Clone")
	st := m.Call(nil)[0].Interface().(engine.State)
	c := *eg
	c.State = st
	return &c
}

// decodeAt returns a stored event's envelope.
func decodeAt(ev eventstore.Event) (*moonshinev1.StoredEvent, error) { return projection.Decode(ev) }
