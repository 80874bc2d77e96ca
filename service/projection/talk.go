package projection

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// DecodeTalk returns a stored message.
func DecodeTalk(m eventstore.TalkMessage) (*moonshinev1.ChatMessage, error) {
	msg := &moonshinev1.ChatMessage{}
	if err := proto.Unmarshal(m.Data, msg); err != nil {
		return nil, err
	}
	return msg, nil
}

// Talk returns a message as v may see it, through engine.Event.For: a
// public message is everyone's, a private one its two parties' and the
// auditor's.
func Talk(m eventstore.TalkMessage, msg *moonshinev1.ChatMessage, v engine.Viewer) *moonshinev1.TalkEvent {
	ev := engine.PublicEvent(msg)
	if msg.ToSeat != nil {
		ev = engine.Event{Private: []engine.Secret{engine.PrivateTo(msg, engine.Seat(msg.GetFromSeat()), engine.Seat(msg.GetToSeat()))}}
	}
	out := &moonshinev1.TalkEvent{Seq: m.Seq, RecordedAt: timestamppb.New(m.RecordedAt)}
	if seen := ev.For(v); seen.Public != nil || len(seen.Private) > 0 {
		out.Message, out.Label = msg, games.TalkLabel(v, msg)
	}
	return out
}

// Talks returns stored messages as v may see them.
func Talks(ms []eventstore.TalkMessage, v engine.Viewer) ([]*moonshinev1.TalkEvent, error) {
	out := make([]*moonshinev1.TalkEvent, 0, len(ms))
	for _, m := range ms {
		msg, err := DecodeTalk(m)
		if err != nil {
			return nil, err
		}
		out = append(out, Talk(m, msg, v))
	}
	return out, nil
}
