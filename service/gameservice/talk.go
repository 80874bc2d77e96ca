package gameservice

import (
	"bytes"
	"context"
	"github.com/moonshine-games/moonshine/service/rpcstatus"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// Table talk is a stream of its own beside each game's events: a message
// takes a sequence number of the talk stream, never of the game's (whose
// dice are derived from those), and its message id is its own key in the
// store, unique per seat. The game's lock is taken only to check the
// caller's credential against the caught-up game, never across the
// talk's own append.

// SendMessage implements moonshinev1.GameServiceServer.
func (s *Service) SendMessage(ctx context.Context, req *moonshinev1.SendMessageRequest) (*moonshinev1.SendMessageResponse, error) {
	c, err := seatCaller(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	if err := s.limits.act(ctx); err != nil {
		return nil, err
	}
	g, err := s.host.Game(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	// A seat whose credential was rotated or freed (on any server) talks
	// no more than it acts: the game catches up with the store (talk is
	// rare, so one read per message is cheap) and checks the caller again.
	if _, err := s.host.Read(ctx, g, gamehost.ReadToEnd, func(now gamehost.Now) error { return now.CheckCaller(c) }); err != nil {
		return nil, err
	}
	msg, err := chatMessage(c, g, req)
	if err != nil {
		return nil, err
	}
	data, err := proto.Marshal(msg)
	if err != nil {
		return nil, err
	}
	res, err := s.host.Store().AppendTalk(ctx, eventstore.TalkRequest{GameID: g.ID(), Seat: int(c.Seat), MessageID: req.GetMessageId(), Data: data})
	switch {
	case err != nil:
		return nil, err
	case res.Duplicate && !bytes.Equal(res.Message.Data, data):
		return nil, rpcstatus.Refuse(codes.AlreadyExists, rpcstatus.ReasonCommandIDReused, "message id %q was used for another message", req.GetMessageId())
	case res.Duplicate:
		if msg, err = projection.DecodeTalk(res.Message); err != nil {
			return nil, err
		}
	}
	return &moonshinev1.SendMessageResponse{Talk: projection.Talk(res.Message, msg, c.Identity(g.ID()))}, nil
}

// chatMessage builds the message, public or to one other seat of the
// table.
func chatMessage(c auth.Caller, g *gamehost.Game, req *moonshinev1.SendMessageRequest) (*moonshinev1.ChatMessage, error) {
	if req.ToSeat != nil {
		to := req.GetToSeat()
		if to < 0 || to >= g.Players() || engine.Seat(to) == c.Seat {
			return nil, rpcstatus.BadRequest("to_seat", "must be another seat of the table")
		}
	}
	return &moonshinev1.ChatMessage{FromSeat: int32(c.Seat), Text: req.GetText(), ToSeat: req.ToSeat}, nil
}

// maxTalkPage caps GetTalk's page_size; defaultTalkPage is its default.
const maxTalkPage, defaultTalkPage = 10000, 1000

// GetTalk implements moonshinev1.GameServiceServer.
func (s *Service) GetTalk(ctx context.Context, req *moonshinev1.GetTalkRequest) (*moonshinev1.GetTalkResponse, error) {
	switch {
	case req.GetAfterSeq() < 0:
		return nil, rpcstatus.BadRequest("after_seq", "must not be negative")
	case req.GetPageSize() < 0:
		return nil, rpcstatus.BadRequest("page_size", "must not be negative")
	}
	g, err := s.host.Game(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	n := int(req.GetPageSize())
	if n == 0 {
		n = defaultTalkPage
	}
	n = min(n, maxTalkPage)
	ms, err := s.host.Store().ReadTalk(ctx, g.ID(), req.GetAfterSeq(), n+1)
	if err != nil {
		return nil, err
	}
	out := &moonshinev1.GetTalkResponse{}
	if len(ms) > n {
		ms = ms[:n]
		out.NextAfterSeq = ms[n-1].Seq
	}
	out.Talk, err = projection.Talks(ms, auth.From(ctx).Identity(g.ID()))
	return out, err
}
