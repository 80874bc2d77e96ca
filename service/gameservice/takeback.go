package gameservice

import (
	"context"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/grpc/codes"
)

// Reasons of takeback refusals the service makes (the policy's own are
// engine.ReasonTakeback*).
const (
	// ReasonTakebackPending: a takeback request is open; answer it first.
	ReasonTakebackPending = "TAKEBACK_PENDING"
	// ReasonNoTakebackRequest: no takeback request is open (none was made,
	// it was answered, or a command played since lapsed it).
	ReasonNoTakebackRequest = "NO_TAKEBACK_REQUEST"
	// ReasonTakebackNotAsked: the open request does not ask this seat, or
	// it has answered.
	ReasonTakebackNotAsked = "TAKEBACK_NOT_ASKED"
	// ReasonTakebackBotSeat: a bot holds a seat whose consent is needed,
	// and bots never consent.
	ReasonTakebackBotSeat = "TAKEBACK_BOT_SEAT"
)

// RequestTakeback implements moonshinev1.GameServiceServer.
func (s *Service) RequestTakeback(ctx context.Context, req *moonshinev1.RequestTakebackRequest) (*moonshinev1.RequestTakebackResponse, error) {
	var status moonshinev1.TakebackStatus
	ev, err := s.takeback(ctx, req.GetGameId(), req.ExpectedVersion, func(g *gamehost.Game, seat engine.Seat, log gamehost.TakebackLog) (*moonshinev1.TableEvent, error) {
		te, st, err := decideRequest(g, seat, log, req.GetAskConsent())
		status = st
		return te, err
	})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.RequestTakebackResponse{Status: status, Event: ev}, nil
}

// AnswerTakeback implements moonshinev1.GameServiceServer.
func (s *Service) AnswerTakeback(ctx context.Context, req *moonshinev1.AnswerTakebackRequest) (*moonshinev1.AnswerTakebackResponse, error) {
	var status moonshinev1.TakebackStatus
	ev, err := s.takeback(ctx, req.GetGameId(), req.ExpectedVersion, func(_ *gamehost.Game, seat engine.Seat, log gamehost.TakebackLog) (*moonshinev1.TableEvent, error) {
		te, st, err := decideAnswer(seat, log, req.GetAccept())
		status = st
		return te, err
	})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.AnswerTakebackResponse{Status: status, Event: ev}, nil
}

// takeback runs a takeback call: the caller's seat, the decision on the
// game's log and its append through the host, and the event as the
// caller sees it.
func (s *Service) takeback(ctx context.Context, gameID string, expected *int64,
	decide func(*gamehost.Game, engine.Seat, gamehost.TakebackLog) (*moonshinev1.TableEvent, error)) (*moonshinev1.Event, error) {
	c, err := seatCaller(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if expected != nil && *expected < 0 {
		return nil, rpcstatus.BadRequest("expected_version", "must not be negative")
	}
	if err := s.limits.act(ctx); err != nil {
		return nil, err
	}
	g, err := s.host.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	w, err := s.host.Takeback(ctx, g, expected, func(log gamehost.TakebackLog) (*moonshinev1.TableEvent, error) {
		return decide(g, c.Seat, log)
	})
	if err != nil {
		return nil, err
	}
	acc, err := accessFor(c, g, perspective{}, false)
	if err != nil {
		return nil, err
	}
	return projection.Event(w.FirstSeq, w.RecordedAt, w.Stored[0], acc), nil
}

// decideRequest applies the policy (engine.TakebackPolicy) to the seat's
// request: taken back at once, asked of the other seats, or refused.
func decideRequest(g *gamehost.Game, seat engine.Seat, log gamehost.TakebackLog, ask bool) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error) {
	if log.Open != nil {
		return nil, 0, rpcstatus.Refuse(codes.FailedPrecondition, ReasonTakebackPending, "a takeback request is open: it must be answered first")
	}
	tb, rerr := engine.TakebackPolicy(g.Module().Module, seat, log.Moves)
	if rerr != nil {
		return nil, 0, rerr
	}
	from := log.Firsts[tb.From]
	if tb.Consent == "" {
		return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakenBack{TakenBack: &moonshinev1.TakenBack{Seat: int32(seat), FromSeq: from}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK, nil
	}
	if !ask {
		return nil, 0, rpcstatus.Refuse(codes.FailedPrecondition, tb.Consent, "the takeback needs every other seat's consent (ask_consent)")
	}
	var asked []int32
	for i := range g.Players() {
		switch {
		case i == int32(seat):
		case g.IsBotSeat(i):
			return nil, 0, rpcstatus.Refuse(codes.FailedPrecondition, ReasonTakebackBotSeat, "seat %d is a bot's, and bots never consent to a takeback", i)
		default:
			asked = append(asked, i)
		}
	}
	return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakebackRequested{TakebackRequested: &moonshinev1.TakebackRequested{
		Seat: int32(seat), FromSeq: from, Reason: tb.Consent, Asked: asked}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED, nil
}

// decideAnswer records a seat's answer to the open request: a decline
// closes it, the last consent takes the commands back.
func decideAnswer(seat engine.Seat, log gamehost.TakebackLog, accept bool) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error) {
	open := log.Open
	if open == nil {
		return nil, 0, rpcstatus.Refuse(codes.FailedPrecondition, ReasonNoTakebackRequest, "no takeback request is open")
	}
	me := int32(seat)
	if !slices.Contains(open.GetAsked(), me) || slices.Contains(log.Answered, me) {
		return nil, 0, rpcstatus.Refuse(codes.FailedPrecondition, ReasonTakebackNotAsked, "the open takeback request does not wait for %v", seat)
	}
	if !accept {
		return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakebackDeclined{TakebackDeclined: &moonshinev1.TakebackDeclined{Seat: me}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_DECLINED, nil
	}
	consented := append(slices.Clone(log.Answered), me)
	for _, a := range open.GetAsked() {
		if !slices.Contains(consented, a) {
			return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakebackAnswered{TakebackAnswered: &moonshinev1.TakebackAnswered{Seat: me}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED, nil
		}
	}
	slices.Sort(consented)
	return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakenBack{TakenBack: &moonshinev1.TakenBack{Seat: open.GetSeat(), FromSeq: open.GetFromSeq(), Consented: consented}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK, nil
}
