package projection

import (
	"fmt"
	"time"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Decode returns a stored event's envelope.
func Decode(ev eventstore.Event) (*moonshinev1.StoredEvent, error) {
	se := &moonshinev1.StoredEvent{}
	if err := proto.Unmarshal(ev.Data, se); err != nil {
		return nil, fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
	}
	return se, nil
}

// Event returns the event stored as se at seq as acc may see it, through
// engine.Event.For, each body it shows labelled in the viewer's words. se
// is left as it is (watch streams share it): each body shown is a new
// envelope around the game's own message, which is shared.
func Event(seq int64, at time.Time, se *moonshinev1.StoredEvent, acc Access) *moonshinev1.Event {
	v := acc.Game
	if games.IsPlatform(se) {
		v = acc.Chat
	}
	seen := games.Envelope(se).For(v)
	out := &moonshinev1.Event{Seq: seq, RecordedAt: timestamppb.New(at)}
	label := func(b proto.Message) *moonshinev1.EventBody {
		body := b.(*moonshinev1.EventBody)
		return &moonshinev1.EventBody{Body: body.Body, Label: acc.Module.BodyLabel(v, body)}
	}
	if seen.Public != nil {
		out.Public = label(seen.Public)
	}
	for _, p := range seen.Private {
		out.Private = append(out.Private, &moonshinev1.PrivatePart{Seats: games.WireSeats(p.Seats), Body: label(p.Body)})
	}
	return out
}

// Stored returns a run of stored events as acc may see them.
func Stored(evs []eventstore.Event, acc Access) ([]*moonshinev1.Event, error) {
	out := make([]*moonshinev1.Event, 0, len(evs))
	for _, ev := range evs {
		se, err := Decode(ev)
		if err != nil {
			return nil, err
		}
		out = append(out, Event(ev.Seq, ev.RecordedAt, se, acc))
	}
	return out, nil
}
