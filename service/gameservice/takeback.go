package gameservice

import (
	"cmp"
	"context"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
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

// takebackLog is what a takeback decision reads of a game's log: the
// commands still standing with their events, and the open request.
type takebackLog struct {
	moves []engine.Move
	// firsts holds each standing move's first event.
	firsts []int64
	// open is the open request (nil: none), answered the seats that
	// consented to it.
	open     *moonshinev1.TakebackRequested
	answered []int32
}

// readTakebacks reads the log and the commands of t's game (the caller
// holds t.mu and has synced): takebacks are rare, and read the whole log.
func (s *Service) readTakebacks(ctx context.Context, t *table) (takebackLog, error) {
	evs, err := s.store.ReadStream(ctx, t.record.ID, 0, 0)
	if err != nil {
		return takebackLog{}, err
	}
	cmds, err := s.store.Commands(ctx, t.record.ID)
	if err != nil {
		return takebackLog{}, err
	}
	var out takebackLog
	recorded, undos, err := decodeLog(t.module, evs)
	if err != nil {
		return takebackLog{}, err
	}
	standing := engine.Standing(recorded, undos, int64(len(evs)))
	for _, c := range cmds {
		m := engine.Move{Seat: engine.Seat(c.Seat)}
		i, _ := slices.BinarySearchFunc(standing, c.FirstSeq, func(r engine.Recorded, seq int64) int { return cmp.Compare(r.Seq, seq) })
		for ; i < len(standing) && standing[i].Seq <= c.LastSeq; i++ {
			m.Events = append(m.Events, standing[i].Event)
		}
		if len(m.Events) > 0 {
			out.moves, out.firsts = append(out.moves, m), append(out.firsts, c.FirstSeq)
		}
	}
	out.open, out.answered = openRequest(evs)
	return out, nil
}

// decodeLog returns a log's game events and its takebacks.
func decodeLog(mod *games.Module, evs []eventstore.Event) ([]engine.Recorded, []engine.Undo, error) {
	var recorded []engine.Recorded
	var undos []engine.Undo
	for _, ev := range evs {
		se, err := decodeStored(ev)
		if err != nil {
			return nil, nil, err
		}
		if tb := se.GetPublic().GetTable().GetTakenBack(); tb != nil {
			undos = append(undos, engine.Undo{Seq: ev.Seq, From: tb.GetFromSeq()})
		}
		if games.IsPlatform(se) {
			continue
		}
		e, err := mod.DecodeEvent(se)
		if err != nil {
			return nil, nil, err
		}
		recorded = append(recorded, engine.Recorded{Seq: ev.Seq, Event: e})
	}
	return recorded, undos, nil
}

// openRequest returns the takeback request still open at the end of the
// log, and the seats that consented: one made after the last game event
// and not closed since.
func openRequest(evs []eventstore.Event) (*moonshinev1.TakebackRequested, []int32) {
	var answered []int32
	for i := len(evs) - 1; i >= 0; i-- {
		se, err := decodeStored(evs[i])
		if err != nil || !games.IsPlatform(se) {
			return nil, nil
		}
		te := se.GetPublic().GetTable()
		switch {
		case te.GetTakebackRequested() != nil:
			return te.GetTakebackRequested(), answered
		case te.GetTakebackAnswered() != nil:
			answered = append(answered, te.GetTakebackAnswered().GetSeat())
		case te.GetTakenBack() != nil, te.GetTakebackDeclined() != nil:
			return nil, nil
		}
	}
	return nil, nil
}

// refold folds t's game again as of event at, a takeback: the events it
// undoes are left out (engine.Refold). The caller holds t.mu.
func (s *Service) refold(ctx context.Context, t *table, at int64) (*engine.Game, error) {
	evs, err := s.store.ReadStream(ctx, t.record.ID, 0, int(at))
	if err != nil {
		return nil, err
	}
	recorded, undos, err := decodeLog(t.module, evs)
	if err != nil {
		return nil, err
	}
	return engine.Refold(t.module.Rules, t.record.Seed, recorded, undos, at)
}

// isTakenBack reports whether a stored event is a takeback.
func isTakenBack(se *moonshinev1.StoredEvent) bool {
	return se.GetPublic().GetTable().GetTakenBack() != nil
}

// takebackDone is what a takeback call appended.
type takebackDone struct {
	status moonshinev1.TakebackStatus
	res    eventstore.AppendResult
	se     *moonshinev1.StoredEvent
	undone bool
}

// RequestTakeback implements moonshinev1.GameServiceServer.
func (s *Service) RequestTakeback(ctx context.Context, req *moonshinev1.RequestTakebackRequest) (*moonshinev1.RequestTakebackResponse, error) {
	status, ev, err := s.takeback(ctx, req.GetGameId(), req.ExpectedVersion, func(t *table, seat engine.Seat, log takebackLog) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error) {
		return s.decideRequest(t, seat, log, req.GetAskConsent())
	})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.RequestTakebackResponse{Status: status, Event: ev}, nil
}

// AnswerTakeback implements moonshinev1.GameServiceServer.
func (s *Service) AnswerTakeback(ctx context.Context, req *moonshinev1.AnswerTakebackRequest) (*moonshinev1.AnswerTakebackResponse, error) {
	status, ev, err := s.takeback(ctx, req.GetGameId(), req.ExpectedVersion, func(_ *table, seat engine.Seat, log takebackLog) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error) {
		return decideAnswer(seat, log, req.GetAccept())
	})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.AnswerTakebackResponse{Status: status, Event: ev}, nil
}

// takebackDecider decides the table event of a takeback call.
type takebackDecider func(t *table, seat engine.Seat, log takebackLog) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error)

// takeback runs a takeback call: the caller's seat, the table caught up
// under its lock, the decision on the log, the append at the version
// decided on, and the event as the caller sees it.
func (s *Service) takeback(ctx context.Context, gameID string, expected *int64, decide takebackDecider) (moonshinev1.TakebackStatus, *moonshinev1.Event, error) {
	c, err := seatCaller(ctx, gameID)
	if err != nil {
		return 0, nil, err
	}
	t, err := s.tableToChange(ctx, gameID, expected)
	if err != nil {
		return 0, nil, err
	}
	done, err := s.decideTakeback(ctx, t, c.Seat, expected, decide)
	if err != nil {
		return 0, nil, err
	}
	if done.undone && len(t.cfg.GetBotSeats()) > 0 {
		s.bots.kick(gameID) // the game may await a bot again
	}
	acc, err := resolve(c, t, perspective{}, false)
	if err != nil {
		return 0, nil, err
	}
	return done.status, projectStored(done.res.FirstSeq, done.res.RecordedAt, done.se, acc), nil
}

// decideTakeback decides and appends under the table's lock.
func (s *Service) decideTakeback(ctx context.Context, t *table, seat engine.Seat, expected *int64, decide takebackDecider) (takebackDone, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := s.sync(ctx, t); err != nil {
		return takebackDone{}, err
	}
	if err := t.refuseCancelled(); err != nil {
		return takebackDone{}, err
	}
	if expected != nil && *expected != t.folded.Version {
		return takebackDone{}, &eventstore.VersionConflictError{GameID: t.record.ID, ExpectedVersion: *expected, ActualVersion: t.folded.Version}
	}
	if t.folded.State.Outcome() != nil {
		return takebackDone{}, refuse(codes.FailedPrecondition, engine.ReasonTakebackGameOver, "the game is over: its commands stand")
	}
	log, err := s.readTakebacks(ctx, t)
	if err != nil {
		return takebackDone{}, err
	}
	te, status, err := decide(t, seat, log)
	if err != nil {
		return takebackDone{}, err
	}
	se := &moonshinev1.StoredEvent{Public: &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Table{Table: te}}}
	data, err := proto.Marshal(se)
	if err != nil {
		return takebackDone{}, err
	}
	res, err := s.store.Append(ctx, eventstore.AppendRequest{GameID: t.record.ID, ExpectedVersion: t.folded.Version, Events: [][]byte{data}})
	if err != nil {
		return takebackDone{}, err
	}
	if err := s.sync(ctx, t); err != nil {
		return takebackDone{}, err
	}
	return takebackDone{status: status, res: res, se: se, undone: te.GetTakenBack() != nil}, nil
}

// decideRequest applies the policy (engine.TakebackPolicy) to the seat's
// request: taken back at once, asked of the other seats, or refused.
func (s *Service) decideRequest(t *table, seat engine.Seat, log takebackLog, ask bool) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error) {
	if log.open != nil {
		return nil, 0, refuse(codes.FailedPrecondition, ReasonTakebackPending, "a takeback request is open: it must be answered first")
	}
	tb, rerr := engine.TakebackPolicy(t.module.Module, seat, log.moves)
	if rerr != nil {
		return nil, 0, rerr
	}
	from := log.firsts[tb.From]
	if tb.Consent == "" {
		return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakenBack{TakenBack: &moonshinev1.TakenBack{Seat: int32(seat), FromSeq: from}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK, nil
	}
	if !ask {
		return nil, 0, refuse(codes.FailedPrecondition, tb.Consent, "the takeback needs every other seat's consent (ask_consent)")
	}
	var asked []int32
	for i := range t.cfg.GetPlayers() {
		switch {
		case i == int32(seat):
		case slices.Contains(t.cfg.GetBotSeats(), i):
			return nil, 0, refuse(codes.FailedPrecondition, ReasonTakebackBotSeat, "seat %d is a bot's, and bots never consent to a takeback", i)
		default:
			asked = append(asked, i)
		}
	}
	return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakebackRequested{TakebackRequested: &moonshinev1.TakebackRequested{
		Seat: int32(seat), FromSeq: from, Reason: tb.Consent, Asked: asked}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED, nil
}

// decideAnswer records a seat's answer to the open request: a decline
// closes it, the last consent takes the commands back.
func decideAnswer(seat engine.Seat, log takebackLog, accept bool) (*moonshinev1.TableEvent, moonshinev1.TakebackStatus, error) {
	open := log.open
	if open == nil {
		return nil, 0, refuse(codes.FailedPrecondition, ReasonNoTakebackRequest, "no takeback request is open")
	}
	me := int32(seat)
	if !slices.Contains(open.GetAsked(), me) || slices.Contains(log.answered, me) {
		return nil, 0, refuse(codes.FailedPrecondition, ReasonTakebackNotAsked, "the open takeback request does not wait for %v", seat)
	}
	if !accept {
		return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakebackDeclined{TakebackDeclined: &moonshinev1.TakebackDeclined{Seat: me}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_DECLINED, nil
	}
	consented := append(slices.Clone(log.answered), me)
	for _, a := range open.GetAsked() {
		if !slices.Contains(consented, a) {
			return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakebackAnswered{TakebackAnswered: &moonshinev1.TakebackAnswered{Seat: me}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED, nil
		}
	}
	slices.Sort(consented)
	return &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_TakenBack{TakenBack: &moonshinev1.TakenBack{Seat: open.GetSeat(), FromSeq: open.GetFromSeq(), Consented: consented}}}, moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK, nil
}
