package gameservice

import (
	"bytes"
	"context"
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

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
	se, err := chatEvent(c, t, req)
	if err != nil {
		return nil, err
	}
	seq, err := s.appendTalk(ctx, t, se, c.Seat, talkID(c.Seat, req.GetMessageId()))
	if err != nil {
		return nil, err
	}
	evs, err := s.store.ReadStream(ctx, t.meta.ID, seq-1, 1)
	if err != nil {
		return nil, err
	}
	acc, err := resolve(c, t, perspective{}, false)
	if err != nil {
		return nil, err
	}
	ev, err := project(evs[0], acc)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.SendMessageResponse{Event: ev}, nil
}

// chatEvent builds the stored event: a public body, or a private part for
// the sender and the recipient only.
func chatEvent(c auth.Caller, t *table, req *moonshinev1.SendMessageRequest) (*moonshinev1.StoredEvent, error) {
	msg := &moonshinev1.ChatMessage{FromSeat: int32(c.Seat), Text: req.GetText(), ToSeat: req.ToSeat}
	body := &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: msg}}
	if req.ToSeat == nil {
		return &moonshinev1.StoredEvent{Public: body}, nil
	}
	to := req.GetToSeat()
	if to < 0 || to >= t.cfg.GetPlayers() || engine.Seat(to) == c.Seat {
		return nil, badRequest("to_seat", "must be another seat of the table")
	}
	seats := []int32{int32(c.Seat), to}
	if to < int32(c.Seat) {
		seats[0], seats[1] = to, int32(c.Seat)
	}
	return &moonshinev1.StoredEvent{Private: []*moonshinev1.PrivatePart{{Seats: seats, Body: body}}}, nil
}

// talkPrefix starts the ids under which messages with a client message id
// are recorded in the store's command log (as the sender's seat's), so
// that the store's once-only guarantee for command ids makes retries safe.
// Such entries are not game commands: the command log shown to clients
// leaves them out.
const talkPrefix = "chat:"

// talkID is the command-log id of a seat's message id ("" for none). The
// store scopes ids by seat; the seat in the id keeps the ids that rows
// recorded before that scoping (under seat 0) unique.
func talkID(seat engine.Seat, messageID string) string {
	if messageID == "" {
		return ""
	}
	return fmt.Sprintf("%s%d:%s", talkPrefix, seat, messageID)
}

// appendTalk appends a table talk event at the game's version (so that the
// cached game stays in step) and returns its sequence number. With an id, a
// repeat returns the first message's sequence number.
func (s *Service) appendTalk(ctx context.Context, t *table, se *moonshinev1.StoredEvent, from engine.Seat, id string) (int64, error) {
	data, err := proto.Marshal(se)
	if err != nil {
		return 0, err
	}
	req := eventstore.AppendRequest{GameID: t.meta.ID, Events: [][]byte{data}}
	if id != "" {
		req.Command = &eventstore.Command{GameID: t.meta.ID, ID: id, Seat: int(from), Data: data}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for attempt := 0; ; attempt++ {
		if err := s.sync(ctx, t); err != nil {
			return 0, err
		}
		req.ExpectedVersion = t.g.Version
		res, err := s.store.Append(ctx, req)
		if eventstore.IsVersionConflict(err) && attempt < raceRetries {
			continue
		}
		switch {
		case err != nil:
			return 0, err
		case res.Duplicate && !bytes.Equal(res.DuplicateOf.Data, data):
			return 0, refuse(codes.AlreadyExists, ReasonCommandIDReused, "message id was used for another message")
		case res.Duplicate:
			return res.FirstSeq, nil
		}
		t.g.Skip(1)
		return res.LastSeq, nil
	}
}
