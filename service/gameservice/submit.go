package gameservice

import (
	"context"
	"errors"
	"strings"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

const (
	// maxCommandID bounds client command and message ids (fields.go).
	maxCommandID = 128
	// botPrefix starts the command ids of bots; clients may not use it.
	botPrefix = "bot:"
	// raceRetries is how often a command lost to a concurrent append is
	// re-decided before ABORTED.
	raceRetries = 5
)

// submission is one command to decide and append.
type submission struct {
	gameID   string
	id       string
	seat     engine.Seat
	cmd      *moonshinev1.GameCommand
	expected *int64
}

// SubmitCommand implements moonshinev1.GameServiceServer.
func (s *Service) SubmitCommand(ctx context.Context, req *moonshinev1.SubmitCommandRequest) (*moonshinev1.SubmitCommandResponse, error) {
	if err := checkSubmit(req); err != nil {
		return nil, err
	}
	c, err := seatCaller(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	if err := s.allowAct(ctx); err != nil {
		return nil, err
	}
	sub := submission{gameID: req.GetGameId(), id: req.GetCommandId(), seat: c.Seat, cmd: req.GetCommand(), expected: req.ExpectedVersion}
	t, res, err := s.submit(ctx, sub)
	if err != nil {
		return nil, err
	}
	evs, err := s.store.ReadStream(ctx, sub.gameID, res.FirstSeq-1, int(res.LastSeq-res.FirstSeq+1))
	if err != nil {
		return nil, err
	}
	acc, err := resolve(c, t, perspective{}, false)
	if err != nil {
		return nil, err
	}
	_, span := s.tel.Start(ctx, "project")
	out, err := projectAll(evs, acc)
	span.End()
	if err != nil {
		return nil, err
	}
	return &moonshinev1.SubmitCommandResponse{FirstSeq: res.FirstSeq, LastSeq: res.LastSeq, Events: out}, nil
}

// checkSubmit checks what the edge's field rules (fields.go) do not.
func checkSubmit(req *moonshinev1.SubmitCommandRequest) error {
	switch id := req.GetCommandId(); {
	case strings.HasPrefix(id, botPrefix) || strings.HasPrefix(id, talkPrefix):
		return badRequest("command_id", "the prefixes %q and %q are reserved", botPrefix, talkPrefix)
	case req.GetCommand() == nil:
		return badRequest("command", "required")
	case req.ExpectedVersion != nil && req.GetExpectedVersion() < 0:
		return badRequest("expected_version", "must not be negative")
	}
	return nil
}

// submit decides and appends one command, or returns the first result of a
// command id seen before. It is the one path for clients and bots.
func (s *Service) submit(ctx context.Context, sub submission) (*table, eventstore.AppendResult, error) {
	t, err := s.table(ctx, sub.gameID)
	if err != nil {
		return nil, eventstore.AppendResult{}, err
	}
	inner, err := t.game.Command(sub.cmd)
	if err != nil {
		return nil, eventstore.AppendResult{}, err
	}
	data, err := proto.Marshal(sub.cmd)
	if err != nil {
		return nil, eventstore.AppendResult{}, err
	}
	res, fresh, err := s.decideAndAppend(ctx, t, sub, inner, data)
	if fresh {
		s.bots.kick(sub.gameID)
	}
	return t, res, err
}

// decideAndAppend decides the command on the cached state under the game's
// lock and appends its events at that version. The cache is trusted first:
// the store's compare-and-set catches a cache that another process has left
// behind, and the table then catches up and decides again (unless the
// client fixed the version). A refusal stands only once the table is caught
// up and the command id is not in the log: a retry of a command that landed
// (here or in another process) gets the first result, not a rule error; a
// retry that decides again is told apart by the store, which records each
// command id once. So the common path costs one append and no reads.
// fresh reports a new append.
func (s *Service) decideAndAppend(ctx context.Context, t *table, sub submission, cmd proto.Message, data []byte) (res eventstore.AppendResult, fresh bool, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	synced := false
	catchUp := func() (moved bool, err error) {
		before := t.g.Version
		synced = true
		err = s.sync(ctx, t)
		return t.g.Version != before, err
	}
	if t.g.Version == 0 { // never folded: a game always has opening events
		if _, err := catchUp(); err != nil {
			return res, false, err
		}
	}
	for attempt := 0; ; attempt++ {
		if sub.expected != nil && *sub.expected != t.g.Version {
			if !synced {
				if _, err := catchUp(); err != nil {
					return res, false, err
				}
				continue
			}
			return s.settle(ctx, sub, &eventstore.VersionConflictError{GameID: sub.gameID, ExpectedVersion: *sub.expected, ActualVersion: t.g.Version})
		}
		_, span := s.tel.Start(ctx, "decide")
		evs, err := t.g.Decide(sub.seat, cmd)
		span.End()
		if err != nil {
			if !synced {
				moved, serr := catchUp()
				if serr != nil {
					return res, false, serr
				}
				if moved {
					continue
				}
			}
			return s.settle(ctx, sub, err)
		}
		res, err = s.appendDecided(ctx, t, sub, evs, data)
		if eventstore.IsVersionConflict(err) && attempt < raceRetries {
			if _, serr := catchUp(); serr != nil {
				return res, false, serr
			}
			continue
		}
		return res, err == nil && !res.Duplicate, err
	}
}

// settle returns the first result of sub's command id if the log holds it,
// else refusal.
func (s *Service) settle(ctx context.Context, sub submission, refusal error) (eventstore.AppendResult, bool, error) {
	prior, err := s.store.LookupCommand(ctx, sub.gameID, int(sub.seat), sub.id)
	switch {
	case err == nil:
		res, err := sameCommand(prior, sub)
		return res, false, err
	case errors.Is(err, eventstore.ErrNotFound):
		return eventstore.AppendResult{}, false, refusal
	default:
		return eventstore.AppendResult{}, false, err
	}
}

// appendDecided appends decided events with the command and folds them into
// the table.
func (s *Service) appendDecided(ctx context.Context, t *table, sub submission, evs []engine.Event, data []byte) (eventstore.AppendResult, error) {
	encoded, err := encodeEvents(t.game, evs)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	res, err := s.store.Append(ctx, eventstore.AppendRequest{
		GameID: sub.gameID, ExpectedVersion: t.g.Version, Events: encoded,
		Command: &eventstore.Command{GameID: sub.gameID, ID: sub.id, Seat: int(sub.seat), Data: data},
	})
	switch {
	case err != nil:
		return res, err
	case res.Duplicate:
		return sameCommand(*res.DuplicateOf, sub)
	}
	if err := t.g.Apply(evs...); err != nil {
		s.tables.drop(sub.gameID, t)
		return eventstore.AppendResult{}, err
	}
	return res, nil
}

// sameCommand returns the first result of a command id the seat used
// before, or ALREADY_EXISTS when it used the id for another command.
func sameCommand(prior eventstore.Command, sub submission) (eventstore.AppendResult, error) {
	first := &moonshinev1.GameCommand{}
	if err := proto.Unmarshal(prior.Data, first); err != nil {
		return eventstore.AppendResult{}, err
	}
	if !proto.Equal(first, sub.cmd) {
		return eventstore.AppendResult{}, refuse(codes.AlreadyExists, ReasonCommandIDReused, "command id %q was used for another command", sub.id)
	}
	return eventstore.AppendResult{FirstSeq: prior.FirstSeq, LastSeq: prior.LastSeq}, nil
}
