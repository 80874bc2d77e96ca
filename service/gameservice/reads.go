package gameservice

import (
	"context"
	"github.com/moonshine-games/moonshine/service/rpcstatus"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Reading a game: its view now or after any event, and its history.

// GetView implements moonshinev1.GameServiceServer.
func (s *Service) GetView(ctx context.Context, req *moonshinev1.GetViewRequest) (*moonshinev1.GetViewResponse, error) {
	g, err := s.host.Game(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	p := perspective{kind: req.GetPerspective(), seat: req.GetSeat()}
	caller := auth.From(ctx)
	var v *moonshinev1.GameView
	at, err := s.host.Read(ctx, g, req.GetMinVersion(), func(now gamehost.Now) error {
		if err := now.CheckCaller(caller); err != nil {
			return err
		}
		acc, err := accessFor(caller, g, p, now.Over())
		if err != nil {
			return err
		}
		_, span := s.tel.Start(ctx, "project")
		v = projection.View(now.State(), now.Prompts(), acc)
		v.Clocks = now.WireClocks()
		span.End()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if v.Info, err = s.host.Info(ctx, g, at, false); err != nil {
		return nil, err
	}
	return &moonshinev1.GetViewResponse{View: v}, nil
}

// GetViewAt implements moonshinev1.GameServiceServer.
func (s *Service) GetViewAt(ctx context.Context, req *moonshinev1.GetViewAtRequest) (*moonshinev1.GetViewAtResponse, error) {
	g, err := s.host.Game(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	now, err := s.host.Read(ctx, g, req.GetMinVersion(), nil)
	if err == nil && req.GetSeq() > now.Version { // maybe written elsewhere: look
		now, err = s.host.Read(ctx, g, gamehost.ReadToEnd, nil)
	}
	if err != nil {
		return nil, err
	}
	if req.GetSeq() < 1 || req.GetSeq() > now.Version {
		return nil, rpcstatus.BadRequest("seq", "must be between 1 and the game's version %d", now.Version)
	}
	acc, err := accessFor(auth.From(ctx), g, perspective{kind: req.GetPerspective(), seat: req.GetSeat()}, now.Over)
	if err != nil {
		return nil, err
	}
	var v *moonshinev1.GameView
	overThen := false
	err = s.host.ReadAt(ctx, g, req.GetSeq(), func(then gamehost.Then) {
		v = projection.View(then.State(), then.Prompts(), acc)
		v.Clocks = then.WireClocks()
		overThen = then.State().Outcome() != nil
	})
	if err != nil {
		return nil, err
	}
	// The game as it stood then: over only if it had ended by seq (the
	// access above is decided by whether it is over now, as the secrets a
	// finished game reveals are public from its end on).
	if v.Info, err = s.host.Info(ctx, g, projection.At{Version: req.GetSeq(), Over: overThen}, false); err != nil {
		return nil, err
	}
	return &moonshinev1.GetViewAtResponse{View: v}, nil
}

// GetHistory implements moonshinev1.GameServiceServer.
func (s *Service) GetHistory(ctx context.Context, req *moonshinev1.GetHistoryRequest) (*moonshinev1.GetHistoryResponse, error) {
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
	at, err := s.host.Read(ctx, g, gamehost.ReadToEnd, nil) // it reads the log anyway: to its end
	if err != nil {
		return nil, err
	}
	c := auth.From(ctx)
	complete := at.Over || c.Role == auth.Auditor
	if req.GetRequireComplete() && !complete {
		return nil, rpcstatus.Refuse(codes.PermissionDenied, rpcstatus.ReasonNotVisible, "the complete history is shown to the auditor, or to anyone once the game is over")
	}
	p := perspective{}
	if complete {
		p.kind = moonshinev1.Perspective_PERSPECTIVE_FULL
	}
	acc, err := accessFor(c, g, p, at.Over)
	if err != nil {
		return nil, err
	}
	after, last := historyPage(req, at.Version)
	var evs []eventstore.Event
	if last > after { // a limit of 0 would read to the end
		if evs, err = s.host.Store().ReadStream(ctx, g.ID(), after, int(last-after)); err != nil {
			return nil, err
		}
	}
	out := &moonshinev1.GetHistoryResponse{Complete: complete}
	if last < at.Version {
		out.NextAfterSeq = last
	}
	_, span := s.tel.Start(ctx, "project")
	out.Events, err = projection.Stored(evs, acc)
	span.End()
	if err != nil {
		return nil, err
	}
	if out.Game, err = s.host.Info(ctx, g, at, complete); err != nil {
		return nil, err
	}
	if complete {
		out.Commands, err = commandLog(ctx, s.host.Store(), g, acc, after, last)
	}
	return out, err
}

// maxHistoryPage caps GetHistory's page_size.
const maxHistoryPage = 10000

// historyPage returns the range (after, last] of sequence numbers a history
// request reads from a game at version.
func historyPage(req *moonshinev1.GetHistoryRequest, version int64) (after, last int64) {
	after, last = min(req.GetAfterSeq(), version), version
	if n := int64(min(req.GetPageSize(), maxHistoryPage)); n > 0 && after+n < last {
		last = after + n
	}
	return after, last
}

// commandLog returns a game's accepted commands whose first event is in
// (after, last], labelled for acc.
func commandLog(ctx context.Context, store eventstore.Store, g *gamehost.Game, acc projection.Access, after, last int64) ([]*moonshinev1.LoggedCommand, error) {
	cmds, err := store.Commands(ctx, g.ID())
	if err != nil {
		return nil, err
	}
	out := make([]*moonshinev1.LoggedCommand, 0, len(cmds))
	for _, c := range cmds {
		if c.FirstSeq <= after || c.FirstSeq > last {
			continue
		}
		gc := &moonshinev1.GameCommand{}
		if err := proto.Unmarshal(c.Data, gc); err != nil {
			return nil, err
		}
		lc := &moonshinev1.LoggedCommand{CommandId: c.ID, Seat: int32(c.Seat), Command: gc,
			FirstSeq: c.FirstSeq, LastSeq: c.LastSeq, RecordedAt: timestamppb.New(c.RecordedAt)}
		if inner, err := g.Module().Command(gc); err == nil {
			lc.Label = g.Module().CommandLabel(acc.Game, inner)
		}
		out = append(out, lc)
	}
	return out, nil
}
