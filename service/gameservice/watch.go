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
// from its last sequence numbers after every wake-up: an event or message
// appended while the catch-up is read wakes the loop again, and every read
// starts after the last one sent, so there is no gap and no duplicate. The
// game's events and its talk are two streams with a cursor each.
func (s *Service) WatchGame(req *moonshinev1.WatchGameRequest, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse]) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	switch {
	case req.GetAfterSeq() < 0:
		return badRequest("after_seq", "must not be negative")
	case req.GetAfterTalkSeq() < 0:
		return badRequest("after_talk_seq", "must not be negative")
	}
	cur := watchCursor{events: req.GetAfterSeq(), talk: req.GetAfterTalkSeq(), withTalk: req.GetTalk()}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return resumable(err, cur)
	}
	snap, err := s.current(ctx, t, nil)
	if err != nil {
		return resumable(err, cur)
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
	wake, err := s.store.Subscribe(ctx, t.record.ID)
	if err != nil {
		return resumable(err, cur)
	}
	return s.watchLoop(ctx, stream, t, cur, acc, wake)
}

// watchCursor is where a watch stands: the last event and, when it streams
// the talk, the last message sent.
type watchCursor struct {
	events, talk int64
	withTalk     bool
}

// watchLoop sends events (and talk) after the cursor until the game is
// over and every event up to its end (and the talk up to then) is sent
// (then the GameOver message, and OK), the client leaves or the server
// shuts down.
func (s *Service) watchLoop(ctx context.Context, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], t *table, cur watchCursor, acc access, wake <-chan struct{}) error {
	id := t.record.ID
	for {
		evs, err := riding(ctx, s, id, cur, func() ([]eventstore.Event, error) { return s.store.ReadStream(ctx, id, cur.events, watchBatch) })
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
			cur.events = ev.Seq
		}
		more, err := s.sendTalk(ctx, stream, id, &cur, acc)
		if err != nil {
			return err
		}
		if len(evs) == watchBatch || more {
			continue
		}
		if over := s.overAt(ctx, t, cur); over != nil {
			return stream.Send(&moonshinev1.WatchGameResponse{GameOver: over})
		}
		select {
		case <-s.closing:
			return shuttingDown(cur)
		case <-ctx.Done():
			return ctx.Err()
		case _, ok := <-wake:
			if !ok {
				return ctx.Err()
			}
		}
	}
}

// sendTalk sends the messages after the cursor, when the watch streams
// talk; more reports a full batch.
func (s *Service) sendTalk(ctx context.Context, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], id string, cur *watchCursor, acc access) (more bool, err error) {
	if !cur.withTalk {
		return false, nil
	}
	ms, err := riding(ctx, s, id, *cur, func() ([]eventstore.TalkMessage, error) { return s.store.ReadTalk(ctx, id, cur.talk, watchBatch) })
	if err != nil {
		return false, err
	}
	out, err := talkEvents(ms, acc.chat)
	if err != nil {
		return false, err
	}
	for i, m := range out {
		if err := stream.Send(&moonshinev1.WatchGameResponse{Talk: m}); err != nil {
			return false, err
		}
		cur.talk = ms[i].Seq
	}
	return len(ms) == watchBatch, nil
}

// overAt returns the end of the game if it is over and cur.events is its
// last event, else nil. The table is trusted when it has folded that event
// already (this process appended it, or read it); otherwise it catches up
// first. A failed catch-up is no end: the next read retries or ends the
// stream.
func (s *Service) overAt(ctx context.Context, t *table, cur watchCursor) *moonshinev1.GameOver {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.folded.Version < cur.events && s.sync(ctx, t) != nil {
		return nil
	}
	o := t.folded.State.Outcome()
	if o == nil || t.folded.Version > cur.events {
		return nil
	}
	return &moonshinev1.GameOver{LastSeq: cur.events, Outcome: wireOutcome(o), LastTalkSeq: cur.talk}
}

// riding runs a watch's read. While the store is unavailable it retries,
// backing off, for up to Options.WatchOutage from the first failure: a
// short outage (a database restart, a failover) costs the client nothing
// but the wait. A longer one ends the stream UNAVAILABLE with the cursor
// to watch again after.
func riding[T any](ctx context.Context, s *Service, id string, cur watchCursor, read func() ([]T, error)) ([]T, error) {
	var deadline time.Time
	pause := watchRetryMin
	for {
		got, err := read()
		if err == nil || !errors.Is(err, eventstore.ErrUnavailable) {
			return got, err
		}
		if deadline.IsZero() {
			deadline = time.Now().Add(s.watchOutage)
		}
		left := time.Until(deadline)
		if left <= 0 {
			s.log.WarnContext(ctx, "watch ended by an outage of the event store", "game", id, "after_seq", cur.events, "err", err)
			return nil, resumable(err, cur)
		}
		select {
		case <-s.closing:
			return nil, shuttingDown(cur)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(pause, left)):
		}
		pause = min(2*pause, watchRetryMax)
	}
}

// resumeKey and resumeTalkKey are the ErrorInfo metadata keys of the seqs
// after which a watch that ended UNAVAILABLE resumes: the last event and
// the last message it sent (or the request's after_seq and
// after_talk_seq).
const (
	resumeKey     = "resume_after_seq"
	resumeTalkKey = "resume_after_talk_seq"
)

// resumeMeta is the ErrorInfo metadata of a watch's end.
func resumeMeta(cur watchCursor) map[string]string {
	meta := map[string]string{resumeKey: strconv.FormatInt(cur.events, 10)}
	if cur.withTalk {
		meta[resumeTalkKey] = strconv.FormatInt(cur.talk, 10)
	}
	return meta
}

// resumable returns err, or for an outage of the store the stream's end:
// UNAVAILABLE, STORE_UNAVAILABLE, with RetryInfo and the seqs to resume
// after.
func resumable(err error, cur watchCursor) error {
	if !errors.Is(err, eventstore.ErrUnavailable) {
		return err
	}
	ref := refuse(codes.Unavailable, ReasonStoreUnavailable, "the game store cannot be reached; watch again after seq %d", cur.events)
	ref.meta = resumeMeta(cur)
	ref.retry = storeRetryDelay
	return ref
}

// shuttingDown ends a stream at shutdown.
func shuttingDown(cur watchCursor) error {
	ref := refuse(codes.Unavailable, ReasonShuttingDown, "the server is shutting down; watch again after seq %d", cur.events)
	ref.meta = resumeMeta(cur)
	return ref
}
