package gameservice

import (
	"context"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// List page sizes.
const (
	defaultPage = 50
	maxPage     = 100
)

// GetGame implements moonshinev1.GameServiceServer: the game's record, as
// the store keeps it on every write; nothing is folded.
func (s *Service) GetGame(ctx context.Context, req *moonshinev1.GetGameRequest) (*moonshinev1.GetGameResponse, error) {
	if req.GetGameId() == "" {
		return nil, badRequest("game_id", "required")
	}
	rec, err := s.store.GetGame(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	info, err := recordInfo(rec)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.GetGameResponse{Game: info}, nil
}

// ListGames implements moonshinev1.GameServiceServer: one query of the
// games' records (the store's read model), newest first; nothing is
// folded.
func (s *Service) ListGames(ctx context.Context, req *moonshinev1.ListGamesRequest) (*moonshinev1.ListGamesResponse, error) {
	f, err := listFilter(req)
	if err != nil {
		return nil, err
	}
	recs, err := s.store.ListGames(ctx, f)
	if err != nil {
		return nil, err
	}
	out := &moonshinev1.ListGamesResponse{}
	for _, rec := range recs {
		info, err := recordInfo(rec)
		if err != nil {
			return nil, err
		}
		out.Games = append(out.Games, info)
	}
	if len(recs) == f.Limit {
		out.NextPageToken = recs[len(recs)-1].ID
	}
	return out, nil
}

// listStatus maps the statuses a listing may ask for.
var listStatus = map[moonshinev1.GameStatus]eventstore.Status{
	moonshinev1.GameStatus_GAME_STATUS_UNSPECIFIED: 0,
	moonshinev1.GameStatus_GAME_STATUS_OPEN:        eventstore.StatusOpen,
	moonshinev1.GameStatus_GAME_STATUS_ACTIVE:      eventstore.StatusActive,
	moonshinev1.GameStatus_GAME_STATUS_OVER:        eventstore.StatusOver,
}

// listFilter checks a ListGames request and returns the store's filter.
func listFilter(req *moonshinev1.ListGamesRequest) (eventstore.ListFilter, error) {
	st, ok := listStatus[req.GetStatus()]
	switch {
	case !ok:
		return eventstore.ListFilter{}, badRequest("status", "unknown status %d", req.GetStatus())
	case req.GetPageSize() < 0:
		return eventstore.ListFilter{}, badRequest("page_size", "must not be negative")
	case req.GetMinOpenSeats() < 0:
		return eventstore.ListFilter{}, badRequest("min_open_seats", "must not be negative")
	case req.GetPlayers() < 0:
		return eventstore.ListFilter{}, badRequest("players", "must not be negative")
	}
	size := int(req.GetPageSize())
	if size == 0 {
		size = defaultPage
	}
	return eventstore.ListFilter{Rules: req.GetGame(), Status: st, MinOpenSeats: int(req.GetMinOpenSeats()),
		Players: int(req.GetPlayers()), Listed: true, AfterID: req.GetPageToken(), Limit: min(size, maxPage)}, nil
}

// GetView implements moonshinev1.GameServiceServer.
func (s *Service) GetView(ctx context.Context, req *moonshinev1.GetViewRequest) (*moonshinev1.GetViewResponse, error) {
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	p := perspective{kind: req.GetPerspective(), seat: req.GetSeat()}
	var (
		v       *moonshinev1.GameView
		viewErr error
	)
	snap, err := s.current(ctx, t, req.GetMinVersion(), func(g *engine.Game) {
		var acc access
		if viewErr = s.checkCaller(ctx, t); viewErr != nil {
			return
		}
		if acc, viewErr = resolve(auth.From(ctx), t, p, g.State.Outcome() != nil); viewErr == nil {
			_, span := s.tel.Start(ctx, "project")
			v = view(t, g, t.watch.promptsOf(g), acc)
			v.Clocks = t.clocks.wire(t.cfg.GetTimer(), int(t.cfg.GetPlayers()))
			span.End()
		}
	})
	if err == nil {
		err = viewErr
	}
	if err != nil {
		return nil, err
	}
	if v.Info, err = s.infoAt(ctx, t, snap, false); err != nil {
		return nil, err
	}
	return &moonshinev1.GetViewResponse{View: v}, nil
}

// GetViewAt implements moonshinev1.GameServiceServer.
func (s *Service) GetViewAt(ctx context.Context, req *moonshinev1.GetViewAtRequest) (*moonshinev1.GetViewAtResponse, error) {
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	now, err := s.current(ctx, t, req.GetMinVersion(), nil)
	if err == nil && req.GetSeq() > now.version { // maybe written elsewhere: look
		now, err = s.current(ctx, t, catchUp, nil)
	}
	if err != nil {
		return nil, err
	}
	if req.GetSeq() < 1 || req.GetSeq() > now.version {
		return nil, badRequest("seq", "must be between 1 and the game's version %d", now.version)
	}
	acc, err := resolve(auth.From(ctx), t, perspective{kind: req.GetPerspective(), seat: req.GetSeat()}, now.over)
	if err != nil {
		return nil, err
	}
	var v *moonshinev1.GameView
	if req.GetSeq() == now.version {
		_, err = s.current(ctx, t, 0, func(g *engine.Game) {
			if g.Version == now.version {
				v = view(t, g, t.watch.promptsOf(g), acc)
				v.Clocks = t.clocks.wire(t.cfg.GetTimer(), int(t.cfg.GetPlayers()))
			}
		})
	}
	if v == nil && err == nil { // an earlier version, or the game moved meanwhile
		err = s.foldTo(ctx, t, req.GetSeq(), func(g *engine.Game, clocks *clockState) {
			v = view(t, g, g.State.Prompts(), acc)
			v.Clocks = clocks.wire(t.cfg.GetTimer(), int(t.cfg.GetPlayers()))
		})
	}
	if err != nil {
		return nil, err
	}
	if v.Info, err = s.infoAt(ctx, t, snapshot{version: req.GetSeq(), over: now.over}, false); err != nil {
		return nil, err
	}
	return &moonshinev1.GetViewAtResponse{View: v}, nil
}

// GetHistory implements moonshinev1.GameServiceServer.
func (s *Service) GetHistory(ctx context.Context, req *moonshinev1.GetHistoryRequest) (*moonshinev1.GetHistoryResponse, error) {
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
	snap, err := s.current(ctx, t, catchUp, nil) // it reads the log anyway: to its end
	if err != nil {
		return nil, err
	}
	c := auth.From(ctx)
	complete := snap.over || c.Role == auth.Auditor
	if req.GetRequireComplete() && !complete {
		return nil, refuse(codes.PermissionDenied, ReasonNotVisible, "the complete history is shown to the auditor, or to anyone once the game is over")
	}
	p := perspective{}
	if complete {
		p.kind = moonshinev1.Perspective_PERSPECTIVE_FULL
	}
	acc, err := resolve(c, t, p, snap.over)
	if err != nil {
		return nil, err
	}
	after, last := historyPage(req, snap.version)
	var evs []eventstore.Event
	if last > after { // a limit of 0 would read to the end
		if evs, err = s.store.ReadStream(ctx, t.record.ID, after, int(last-after)); err != nil {
			return nil, err
		}
	}
	out := &moonshinev1.GetHistoryResponse{Complete: complete}
	if last < snap.version {
		out.NextAfterSeq = last
	}
	_, span := s.tel.Start(ctx, "project")
	out.Events, err = projectAll(evs, acc)
	span.End()
	if err != nil {
		return nil, err
	}
	if out.Game, err = s.infoAt(ctx, t, snap, complete); err != nil {
		return nil, err
	}
	if complete {
		out.Commands, err = s.commandLog(ctx, t, acc, after, last)
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
func (s *Service) commandLog(ctx context.Context, t *table, acc access, after, last int64) ([]*moonshinev1.LoggedCommand, error) {
	cmds, err := s.store.Commands(ctx, t.record.ID)
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
		if inner, err := t.module.Command(gc); err == nil {
			lc.Label = t.module.CommandLabel(acc.game, inner)
		}
		out = append(out, lc)
	}
	return out, nil
}
