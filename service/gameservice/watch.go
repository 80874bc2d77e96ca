package gameservice

import (
	"context"
	"errors"
	"strconv"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/telemetry"
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
// A stream takes what it sends from the game's table, which it pins in
// the cache: the events the table appended or caught up with since the
// stream caught up, each decoded once and projected once per audience
// (feed.go), and with prompts, whom the game waits for at each version.
// It reads the store itself only to catch up from an earlier seq. It
// takes the table's moved channel before it looks, so a change made while
// it sends wakes it again; every look starts after the last event sent,
// so there is no gap and no duplicate. The game's events and its talk are
// two streams with a cursor each; talk is read when the store tells of a
// message.
func (s *Service) WatchGame(req *moonshinev1.WatchGameRequest, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse]) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	// The caller on top of the context: every look checks its credential,
	// and a stream's context is a dozen values deep.
	ctx = auth.With(ctx, auth.From(ctx))
	switch {
	case req.GetAfterSeq() < 0:
		return badRequest("after_seq", "must not be negative")
	case req.GetAfterTalkSeq() < 0:
		return badRequest("after_talk_seq", "must not be negative")
	}
	cur := watchCursor{events: req.GetAfterSeq(), talk: req.GetAfterTalkSeq(), withTalk: req.GetTalk(), prompts: req.GetPrompts(), prompted: -1}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return resumable(err, cur)
	}
	snap, err := s.current(ctx, t, 0, nil)
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
	t.pinned.Add(1)
	defer t.pinned.Add(-1)
	t.mu.Lock()
	t.watch.attach()
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.watch.detach()
		t.mu.Unlock()
	}()
	return s.watchLoop(ctx, stream, t, cur, acc, encoderFor(stream.Context(), stream))
}

// watchCursor is where a watch stands: the last event and, when it streams
// the talk, the last message sent; with prompts, the version of the last
// prompt update sent (-1: none yet).
type watchCursor struct {
	events, talk int64
	withTalk     bool
	prompts      bool
	prompted     int64
}

// watchLoop sends events (and talk, and prompts) after the cursor until
// the game is over and every event up to its end (and the talk up to
// then) is sent (then the GameOver message, and OK), the client leaves or
// the server shuts down.
func (s *Service) watchLoop(ctx context.Context, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], t *table, cur watchCursor, acc access, enc *encoder) error {
	talkRead := int64(-1) // the talk seq the store had told of when talk was last read
	// The messages sent are counted once per round, not one by one.
	sends := telemetry.BatchSends(stream.Context())
	for {
		moved := t.movedCh()
		look, err := s.look(ctx, t, cur, acc, enc)
		if err != nil {
			return err
		}
		for _, o := range look.events {
			if err := sendEvent(stream, o); err != nil {
				return err
			}
			cur.events = o.ev.GetSeq()
		}
		more := look.more
		if told := t.talk.Load(); cur.withTalk && told != talkRead {
			talkMore, err := s.sendTalk(ctx, stream, t.record.ID, &cur, acc)
			if err != nil {
				return err
			}
			if !talkMore {
				talkRead = told
			}
			more = more || talkMore
		}
		if more {
			continue
		}
		if look.update != nil && look.update.GetVersion() == cur.events && cur.prompted != cur.events {
			if err := sendUpdate(stream, look); err != nil {
				return err
			}
			cur.prompted = cur.events
		}
		if look.over != nil {
			return stream.Send(&moonshinev1.WatchGameResponse{GameOver: look.over})
		}
		sends.Flush()
		select {
		case <-s.closing:
			return shuttingDown(cur)
		case <-ctx.Done():
			return ctx.Err()
		case <-moved:
		}
	}
}

// sendEvent sends one event, as the bytes encoded for its audience when
// it has them.
func sendEvent(stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], o outgoing) error {
	if o.wire != nil {
		return stream.SendMsg(o.wire)
	}
	return stream.Send(&moonshinev1.WatchGameResponse{Event: o.ev})
}

// sendUpdate sends the look's prompt update, as the bytes encoded for its
// audience when it has them.
func sendUpdate(stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], l look) error {
	if l.updateWire != nil {
		return stream.SendMsg(l.updateWire)
	}
	return stream.Send(&moonshinev1.WatchGameResponse{Prompt: l.update})
}

// look is what a watch finds at its table: the events after its cursor
// (more: there are further ones still), its prompt update at the
// table's version, and the game's end once the cursor is at it.
type look struct {
	events []outgoing
	more   bool
	update *moonshinev1.PromptUpdate
	// updateWire is update encoded, shared with its audience's streams.
	updateWire *grpc.PreparedMsg
	over       *moonshinev1.GameOver
}

// look takes, under the table's lock, what the watch is to send: the
// events after its cursor from the table, catching the table up first
// when the store told of appends it has not folded (one read for all its
// watchers), or for a watch further behind than the table's recent
// events, from the store (its own read, riding out an outage).
func (s *Service) look(ctx context.Context, t *table, cur watchCursor, acc access, enc *encoder) (look, error) {
	t.mu.Lock()
	var err error
	if t.behind.Load() || t.folded.Version == 0 {
		err = s.sync(ctx, t)
	}
	if err == nil {
		err = s.checkCaller(ctx, t) // a watcher whose credential was rotated or freed stops
	}
	if err != nil && !errors.Is(err, eventstore.ErrUnavailable) {
		t.mu.Unlock()
		return look{}, err
	}
	var l look
	evs, ok := t.watch.since(cur.events, t.folded.Version, acc, enc)
	if ok = ok && err == nil; ok { // an outage: the store read below rides it out
		l.events = evs
		if cur.prompts {
			l.update = t.watch.update(t, acc)
			l.updateWire = t.watch.updateWire(l.update, acc, enc)
		}
		if o := t.folded.State.Outcome(); o != nil {
			l.over = &moonshinev1.GameOver{LastSeq: t.folded.Version, Outcome: wireOutcome(o), LastTalkSeq: cur.talk}
		}
	}
	t.mu.Unlock()
	if ok {
		return l, nil
	}
	id := t.record.ID
	stored, err := riding(ctx, s, id, cur, func() ([]eventstore.Event, error) { return s.store.ReadStream(ctx, id, cur.events, watchBatch) })
	if err != nil {
		return look{}, err
	}
	projected, err := projectAll(stored, acc)
	if err != nil {
		return look{}, err
	}
	for _, ev := range projected {
		l.events = append(l.events, outgoing{ev: ev})
	}
	// Look again after events sent (the table may have them now), and
	// once the store answers again after an outage (the table catches
	// up).
	l.more = len(stored) > 0 || t.behind.Load()
	return l, nil
}

// sendTalk sends the messages after the cursor, when the watch streams
// talk; more reports a full batch.
func (s *Service) sendTalk(ctx context.Context, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], id string, cur *watchCursor, acc access) (more bool, err error) {
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
