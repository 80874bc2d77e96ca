package gameservice

import (
	"context"
	"errors"
	"strconv"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

const (
	// watchBatch is how many events a watch reads at a time.
	watchBatch = 256
	// DefaultWatchOutage is how long an open watch rides out an outage of
	// the store by default (Options.WatchOutage).
	DefaultWatchOutage = 30 * time.Second
	// watchRetryMin and watchRetryMax bound the pause between a watch's
	// reads while the store is unavailable.
	watchRetryMin, watchRetryMax = 100 * time.Millisecond, 2 * time.Second
)

// WatchGame implements moonshinev1.GameServiceServer.
//
// It subscribes to the game's wake-ups before reading anything, then reads
// from its last sequence number after every wake-up: an event appended while
// the catch-up is read wakes the loop again, and every read starts after the
// last event sent, so there is no gap and no duplicate.
func (s *Service) WatchGame(req *moonshinev1.WatchGameRequest, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse]) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	if req.GetAfterSeq() < 0 {
		return badRequest("after_seq", "must not be negative")
	}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return resumable(err, req.GetAfterSeq())
	}
	snap, err := s.current(ctx, t, nil)
	if err != nil {
		return resumable(err, req.GetAfterSeq())
	}
	acc, err := resolve(auth.From(ctx), t, perspective{kind: req.GetPerspective(), seat: req.GetSeat()}, snap.over)
	if err != nil {
		return err
	}
	release, err := s.openStream(ctx)
	if err != nil {
		return err
	}
	defer release()
	wake, err := s.store.Subscribe(ctx, t.meta.ID)
	if err != nil {
		return resumable(err, req.GetAfterSeq())
	}
	return s.watchLoop(ctx, stream, t, req.GetAfterSeq(), acc, wake)
}

// watchLoop sends events after last until the game is over and every
// event up to its end is sent (then the GameOver message, and OK), the
// client leaves or the server shuts down.
func (s *Service) watchLoop(ctx context.Context, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], t *table, last int64, acc access, wake <-chan struct{}) error {
	id := t.meta.ID
	for {
		evs, err := s.readWatched(ctx, id, last)
		if err != nil {
			return err
		}
		for _, ev := range evs {
			out, err := project(ev, acc)
			if err != nil {
				return err
			}
			if err := stream.Send(&moonshinev1.WatchGameResponse{Event: out}); err != nil {
				return err
			}
			last = ev.Seq
		}
		if len(evs) == watchBatch {
			continue
		}
		if over := s.overAt(ctx, t, last); over != nil {
			return stream.Send(&moonshinev1.WatchGameResponse{GameOver: over})
		}
		select {
		case <-s.closing:
			return shuttingDown(last)
		case <-ctx.Done():
			return ctx.Err()
		case _, ok := <-wake:
			if !ok {
				return ctx.Err()
			}
		}
	}
}

// overAt returns the end of the game if it is over and last is its last
// event, else nil. The table is trusted when it has folded last already
// (this process appended it, or read it); otherwise it catches up first.
// A failed catch-up is no end: the next read retries or ends the stream.
func (s *Service) overAt(ctx context.Context, t *table, last int64) *moonshinev1.GameOver {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.g.Version < last && s.sync(ctx, t) != nil {
		return nil
	}
	o := t.g.State.Outcome()
	if o == nil || t.g.Version > last {
		return nil
	}
	return &moonshinev1.GameOver{LastSeq: last, Outcome: wireOutcome(o)}
}

// readWatched reads the events after last. While the store is unavailable
// it retries, backing off, for up to Options.WatchOutage from the first
// failure: a short outage (a database restart, a failover) costs the
// client nothing but the wait. A longer one ends the stream UNAVAILABLE
// with the seq to watch again after.
func (s *Service) readWatched(ctx context.Context, id string, last int64) ([]eventstore.Event, error) {
	var deadline time.Time
	pause := watchRetryMin
	for {
		evs, err := s.store.ReadStream(ctx, id, last, watchBatch)
		if err == nil || !errors.Is(err, eventstore.ErrUnavailable) {
			return evs, err
		}
		if deadline.IsZero() {
			deadline = time.Now().Add(s.watchOutage)
		}
		left := time.Until(deadline)
		if left <= 0 {
			s.log.WarnContext(ctx, "watch ended by an outage of the event store", "game", id, "after_seq", last, "err", err)
			return nil, resumable(err, last)
		}
		select {
		case <-s.closing:
			return nil, shuttingDown(last)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(pause, left)):
		}
		pause = min(2*pause, watchRetryMax)
	}
}

// resumeKey is the ErrorInfo metadata key of the seq after which a watch
// that ended UNAVAILABLE resumes: the last it sent (or the request's
// after_seq).
const resumeKey = "resume_after_seq"

// resumable returns err, or for an outage of the store the stream's end:
// UNAVAILABLE, STORE_UNAVAILABLE, with RetryInfo and the seq to resume
// after.
func resumable(err error, last int64) error {
	if !errors.Is(err, eventstore.ErrUnavailable) {
		return err
	}
	ref := refuse(codes.Unavailable, ReasonStoreUnavailable, "the game store cannot be reached; watch again after seq %d", last)
	ref.meta = map[string]string{resumeKey: strconv.FormatInt(last, 10)}
	ref.retry = storeRetryDelay
	return ref
}

// shuttingDown ends a stream at shutdown.
func shuttingDown(last int64) error {
	ref := refuse(codes.Unavailable, ReasonShuttingDown, "the server is shutting down; watch again after seq %d", last)
	ref.meta = map[string]string{resumeKey: strconv.FormatInt(last, 10)}
	return ref
}
