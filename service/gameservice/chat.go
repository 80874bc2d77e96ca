package gameservice

import (
	"bytes"
	"context"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Table talk is a stream of its own beside each game's events: a message
// takes a sequence number of the talk stream, never of the game's (whose
// dice are derived from those), and its message id is its own key in the
// store, unique per seat. The game's lock is taken only to check the
// caller's credential against the caught-up table, never across the
// talk's own append.

// SendMessage implements moonshinev1.GameServiceServer.
func (s *Service) SendMessage(ctx context.Context, req *moonshinev1.SendMessageRequest) (*moonshinev1.SendMessageResponse, error) {
	c, err := seatCaller(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	if err := s.allowAct(ctx); err != nil {
		return nil, err
	}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	// A seat whose credential was rotated or freed (on any server) talks
	// no more than it acts: the table catches up with the store (talk is
	// rare, so one read per message is cheap) and checks the caller again.
	var credErr error
	if _, err := s.current(ctx, t, -1, func(*engine.Game) { credErr = s.checkCaller(ctx, t) }); err != nil {
		return nil, err
	}
	if credErr != nil {
		return nil, credErr
	}
	msg, err := chatMessage(c, t, req)
	if err != nil {
		return nil, err
	}
	data, err := proto.Marshal(msg)
	if err != nil {
		return nil, err
	}
	res, err := s.store.AppendTalk(ctx, eventstore.TalkRequest{GameID: t.record.ID, Seat: int(c.Seat), MessageID: req.GetMessageId(), Data: data})
	switch {
	case err != nil:
		return nil, err
	case res.Duplicate && !bytes.Equal(res.Message.Data, data):
		return nil, refuse(codes.AlreadyExists, ReasonCommandIDReused, "message id %q was used for another message", req.GetMessageId())
	case res.Duplicate:
		if msg, err = decodeTalk(res.Message); err != nil {
			return nil, err
		}
	}
	return &moonshinev1.SendMessageResponse{Talk: talkEvent(res.Message, msg, c.Identity(t.record.ID))}, nil
}

// chatMessage builds the message, public or to one other seat of the
// table.
func chatMessage(c auth.Caller, t *table, req *moonshinev1.SendMessageRequest) (*moonshinev1.ChatMessage, error) {
	if req.ToSeat != nil {
		to := req.GetToSeat()
		if to < 0 || to >= t.cfg.GetPlayers() || engine.Seat(to) == c.Seat {
			return nil, badRequest("to_seat", "must be another seat of the table")
		}
	}
	return &moonshinev1.ChatMessage{FromSeat: int32(c.Seat), Text: req.GetText(), ToSeat: req.ToSeat}, nil
}

// decodeTalk returns a stored message.
func decodeTalk(m eventstore.TalkMessage) (*moonshinev1.ChatMessage, error) {
	msg := &moonshinev1.ChatMessage{}
	if err := proto.Unmarshal(m.Data, msg); err != nil {
		return nil, err
	}
	return msg, nil
}

// talkEvent returns a message as v may see it, through engine.Event.For: a
// public message is everyone's, a private one its two parties' and the
// auditor's.
func talkEvent(m eventstore.TalkMessage, msg *moonshinev1.ChatMessage, v engine.Viewer) *moonshinev1.TalkEvent {
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

// talkEvents returns stored messages as v may see them.
func talkEvents(ms []eventstore.TalkMessage, v engine.Viewer) ([]*moonshinev1.TalkEvent, error) {
	out := make([]*moonshinev1.TalkEvent, 0, len(ms))
	for _, m := range ms {
		msg, err := decodeTalk(m)
		if err != nil {
			return nil, err
		}
		out = append(out, talkEvent(m, msg, v))
	}
	return out, nil
}

// maxTalkPage caps GetTalk's page_size; defaultTalkPage is its default.
const maxTalkPage, defaultTalkPage = 10000, 1000

// GetTalk implements moonshinev1.GameServiceServer.
func (s *Service) GetTalk(ctx context.Context, req *moonshinev1.GetTalkRequest) (*moonshinev1.GetTalkResponse, error) {
	switch {
	case req.GetAfterSeq() < 0:
		return nil, badRequest("after_seq", "must not be negative")
	case req.GetPageSize() < 0:
		return nil, badRequest("page_size", "must not be negative")
	}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	n := int(req.GetPageSize())
	if n == 0 {
		n = defaultTalkPage
	}
	n = min(n, maxTalkPage)
	ms, err := s.store.ReadTalk(ctx, t.record.ID, req.GetAfterSeq(), n+1)
	if err != nil {
		return nil, err
	}
	out := &moonshinev1.GetTalkResponse{}
	if len(ms) > n {
		ms = ms[:n]
		out.NextAfterSeq = ms[n-1].Seq
	}
	out.Talk, err = talkEvents(ms, auth.From(ctx).Identity(t.record.ID))
	return out, err
}
