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
	// cred is a client's credential key (its hash, hex); "" for bots.
	cred string
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
	sub := submission{gameID: req.GetGameId(), id: req.GetCommandId(), seat: c.Seat, cmd: req.GetCommand(), expected: req.ExpectedVersion, cred: c.Key}
	t, w, err := s.submit(ctx, sub)
	if err != nil {
		return nil, err
	}
	acc, err := resolve(c, t, perspective{}, false)
	if err != nil {
		return nil, err
	}
	_, span := s.tel.Start(ctx, "project")
	out, err := s.projectWritten(ctx, w, acc)
	span.End()
	if err != nil {
		return nil, err
	}
	inner, _ := t.module.Command(sub.cmd) // submit checked it
	return &moonshinev1.SubmitCommandResponse{FirstSeq: w.FirstSeq, LastSeq: w.LastSeq, Events: out,
		Label: t.module.CommandLabel(acc.game, inner)}, nil
}

// written is what a command wrote: its sequence numbers and time, and its
// events as this call stored them. A repeat of a command that landed
// before has no events here: another call, maybe in another process,
// wrote them.
type written struct {
	eventstore.AppendResult
	gameID string
	events []*moonshinev1.StoredEvent
}

// projectWritten returns what a command wrote as acc may see it: the events
// this call encoded, or for a repeat those read back from the log.
func (s *Service) projectWritten(ctx context.Context, w written, acc access) ([]*moonshinev1.Event, error) {
	if w.events == nil {
		evs, err := s.store.ReadStream(ctx, w.gameID, w.FirstSeq-1, int(w.LastSeq-w.FirstSeq+1))
		if err != nil {
			return nil, err
		}
		return projectAll(evs, acc)
	}
	out := make([]*moonshinev1.Event, len(w.events))
	for i, se := range w.events {
		out[i] = projectStored(w.FirstSeq+int64(i), w.RecordedAt, se, acc)
	}
	return out, nil
}

// checkSubmit checks what the edge's field rules (fields.go) do not.
func checkSubmit(req *moonshinev1.SubmitCommandRequest) error {
	switch id := req.GetCommandId(); {
	case strings.HasPrefix(id, botPrefix), strings.HasPrefix(id, timerPrefix):
		return badRequest("command_id", "the prefixes %q and %q are reserved", botPrefix, timerPrefix)
	case req.GetCommand() == nil:
		return badRequest("command", "required")
	case req.ExpectedVersion != nil && req.GetExpectedVersion() < 0:
		return badRequest("expected_version", "must not be negative")
	}
	return nil
}

// submit decides and appends one command, or returns the first result of a
// command id seen before. It is the one path for clients and bots.
func (s *Service) submit(ctx context.Context, sub submission) (*table, written, error) {
	t, err := s.table(ctx, sub.gameID)
	if err != nil {
		return nil, written{}, err
	}
	inner, err := t.module.Command(sub.cmd)
	if err != nil {
		return nil, written{}, err
	}
	data, err := proto.Marshal(sub.cmd)
	if err != nil {
		return nil, written{}, err
	}
	w, err := s.decideAndAppend(ctx, t, sub, inner, data)
	if err == nil && w.events != nil && len(t.cfg.GetBotSeats()) > 0 {
		s.bots.kick(sub.gameID)
	}
	w.gameID = sub.gameID
	return t, w, err
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
func (s *Service) decideAndAppend(ctx context.Context, t *table, sub submission, cmd proto.Message, data []byte) (written, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	synced := false
	catchUp := func() (moved bool, err error) {
		before := t.folded.Version
		synced = true
		err = s.sync(ctx, t)
		return t.folded.Version != before, err
	}
	if t.folded.Version == 0 || t.behind.Load() { // never folded (a game always has opening events), or told it is behind
		if _, err := catchUp(); err != nil {
			return written{}, err
		}
	}
	for attempt := 0; ; attempt++ {
		if sub.expected != nil && *sub.expected != t.folded.Version {
			if !synced {
				if _, err := catchUp(); err != nil {
					return written{}, err
				}
				continue
			}
			return s.settle(ctx, sub, &eventstore.VersionConflictError{GameID: sub.gameID, ExpectedVersion: *sub.expected, ActualVersion: t.folded.Version})
		}
		if err := t.refuseCancelled(); err != nil {
			return s.settle(ctx, sub, err)
		}
		if err := s.checkHolder(ctx, t, sub); err != nil {
			return written{}, err
		}
		_, span := s.tel.Start(ctx, "decide")
		evs, _, err := t.folded.Decide(sub.seat, cmd)
		span.End()
		if err != nil {
			if !synced {
				moved, serr := catchUp()
				if serr != nil {
					return written{}, serr
				}
				if moved {
					continue
				}
			}
			return s.settle(ctx, sub, err)
		}
		w, err := s.appendDecided(ctx, t, sub, evs, data)
		if eventstore.IsVersionConflict(err) && attempt < raceRetries {
			if _, serr := catchUp(); serr != nil {
				return written{}, serr
			}
			continue
		}
		return w, err
	}
}

// settle returns the first result of sub's command id if the log holds it,
// else refusal.
func (s *Service) settle(ctx context.Context, sub submission, refusal error) (written, error) {
	prior, err := s.store.LookupCommand(ctx, sub.gameID, int(sub.seat), sub.id)
	switch {
	case err == nil:
		res, err := sameCommand(prior, sub)
		return written{AppendResult: res}, err
	case errors.Is(err, eventstore.ErrNotFound):
		return written{}, refusal
	default:
		return written{}, err
	}
}

// appendDecided folds decided events and appends them with the command at
// the version they were decided at. Folding first tells whether they end
// the game, which the append records in the game's record with them. The
// events are folded into a copy of the game when it makes copies (every
// game on the kit), which replaces the table's only once the append
// landed; otherwise into the table's game itself, which an append that
// writes nothing (a race lost to another process, a repeat, an outage)
// leaves ahead of the log: it is then unfolded, and the next catch-up
// folds it again from the log.
func (s *Service) appendDecided(ctx context.Context, t *table, sub submission, evs []engine.Event, data []byte) (written, error) {
	stored, encoded, err := encodeEvents(t.module, evs)
	if err != nil {
		return written{}, err
	}
	at := t.folded.Version
	next := cloneGame(t.folded)
	inPlace := next == nil
	if inPlace {
		next = t.folded
	}
	if err := next.Apply(evs...); err != nil {
		s.tables.drop(sub.gameID, t)
		return written{}, err
	}
	ca, err := s.clocksAfter(ctx, t, next, clockTurn{actor: sub.seat, now: s.timers.clock.Now()})
	if err == nil {
		encoded, err = ca.encode(encoded)
	}
	if err != nil {
		if inPlace {
			t.unfold()
		}
		return written{}, err
	}
	next.Version += ca.count() // the clocks' table events take seqs too
	stored = ca.stored(stored)
	t.version.Store(next.Version) // a change told up to it is this append's
	res, err := s.store.Append(ctx, eventstore.AppendRequest{
		GameID: sub.gameID, ExpectedVersion: at, Events: encoded, Finished: next.State.Outcome() != nil, Deadline: ca.deadline,
		Command: &eventstore.Command{GameID: sub.gameID, ID: sub.id, Seat: int(sub.seat), Data: data},
	})
	if err != nil || res.Duplicate {
		// The log may hold what this table has not folded (another
		// process's append, this command's first landing, or this one's,
		// for an outage that hid the commit): the next use catches up.
		if inPlace {
			t.unfold()
		} else {
			t.version.Store(t.folded.Version)
			t.stale()
		}
		if err != nil {
			return written{}, err
		}
		res, err := sameCommand(*res.DuplicateOf, sub)
		return written{AppendResult: res}, err
	}
	s.foldLanded(t, next, stored, res)
	s.landed(t, ca)
	return written{AppendResult: res, events: stored}, nil
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
	return eventstore.AppendResult{FirstSeq: prior.FirstSeq, LastSeq: prior.LastSeq, RecordedAt: prior.RecordedAt}, nil
}
