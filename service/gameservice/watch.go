package gameservice

import (
	"context"
	"errors"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"log/slog"
	"strconv"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/gamehost/feed"
	"github.com/moonshine-games/moonshine/service/projection"
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
// A stream takes what it sends from the game host, which keeps the game
// pinned in memory while it is watched: the events the game appended or
// caught up with since the stream caught up, each decoded once and
// projected once per audience, and with prompts, whom the game waits for
// at each version. It reads the store itself only to catch up from an
// earlier seq. It takes the game's moved channel before it looks, so a
// change made while it sends wakes it again; every look starts after the
// last event sent, so there is no gap and no duplicate. The game's events
// and its talk are two streams with a cursor each; talk is read when the
// store tells of a message.
func (s *Service) WatchGame(req *moonshinev1.WatchGameRequest, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse]) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	// The caller on top of the context: every look checks its credential,
	// and a stream's context is a dozen values deep.
	ctx = auth.With(ctx, auth.From(ctx))
	switch {
	case req.GetAfterSeq() < 0:
		return rpcstatus.BadRequest("after_seq", "must not be negative")
	case req.GetAfterTalkSeq() < 0:
		return rpcstatus.BadRequest("after_talk_seq", "must not be negative")
	}
	cur := watchCursor{events: req.GetAfterSeq(), talk: req.GetAfterTalkSeq(), withTalk: req.GetTalk(), prompts: req.GetPrompts(),
		batched: req.GetBatched(), prompted: -1}
	g, unpin, err := s.host.Pinned(ctx, req.GetGameId())
	if err != nil {
		return resumable(err, cur)
	}
	defer unpin()
	at, err := s.host.Read(ctx, g, 0, nil)
	if err != nil {
		return resumable(err, cur)
	}
	acc, err := accessFor(auth.From(ctx), g, perspective{kind: req.GetPerspective(), seat: req.GetSeat()}, at.Over)
	if err != nil {
		return err
	}
	release, err := s.limits.openStream(ctx)
	if err != nil {
		return err
	}
	defer release()
	defer s.host.Watch(g)()
	w := &watch{host: s.host, log: s.log, tel: s.tel, closing: s.closing, outage: s.watchOutage, stream: stream, g: g, acc: acc,
		enc: feed.EncoderFor(stream.Context(), stream)}
	return w.loop(ctx, cur)
}

// watchCursor is where a watch stands: the last event and, when it streams
// the talk, the last message sent; with prompts, the version of the last
// prompt update sent (-1: none yet).
type watchCursor struct {
	events, talk int64
	withTalk     bool
	prompts      bool
	batched      bool
	prompted     int64
}

// watch is one WatchGame stream: the game it watches, for whom, and where
// it sends.
type watch struct {
	host    *gamehost.Host
	log     *slog.Logger
	tel     *telemetry.Telemetry
	closing <-chan struct{}
	// outage is Options.WatchOutage.
	outage time.Duration
	stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse]
	g      *gamehost.Game
	acc    projection.Access
	enc    *feed.Encoder
}

// loop sends events (and talk, and prompts) after the cursor until the
// game is over and every event up to its end (and the talk up to then) is
// sent (then the GameOver message, and OK), the client leaves or the
// server shuts down.
func (w *watch) loop(ctx context.Context, cur watchCursor) error {
	g, stream := w.g, w.stream
	talkRead := int64(-1) // the talk seq the store had told of when talk was last read
	// The messages sent are counted once per round, not one by one.
	sends := telemetry.BatchSends(stream.Context())
	caller := auth.From(ctx)
	for {
		moved := g.Moved()
		l, err := w.host.Look(ctx, g, caller, gamehost.Cursor{After: cur.events, Prompted: cur.prompted, Prompts: cur.prompts, Batched: cur.batched}, w.acc, w.enc)
		if err != nil {
			return err
		}
		more := false
		if !l.InMemory { // further behind than the game's recent events, or an outage
			if l.Events, more, err = w.readEvents(ctx, cur); err != nil {
				return err
			}
		}
		if cur.batched {
			if err := w.sendBatch(&cur, l); err != nil {
				return err
			}
			l.Events = nil
		}
		for _, o := range l.Events {
			if err := sendEvent(stream, o); err != nil {
				return err
			}
			cur.events = o.Event.GetSeq()
			if l.InMemory { // delivered live, not read back to catch up
				w.tel.WatchDelivered(time.Since(o.Event.GetRecordedAt().AsTime()))
			}
		}
		if told := g.TalkVersion(); cur.withTalk && told != talkRead {
			talkMore, err := w.sendTalk(ctx, &cur)
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
		if l.Update != nil && l.Update.GetVersion() == cur.events && cur.prompted != cur.events {
			if err := sendUpdate(stream, l); err != nil {
				return err
			}
			cur.prompted = cur.events
		}
		if l.Outcome != nil && l.InMemory && cur.events == l.Version {
			return stream.Send(&moonshinev1.WatchGameResponse{GameOver: &moonshinev1.GameOver{LastSeq: l.Version, Outcome: l.Outcome, LastTalkSeq: cur.talk}})
		}
		sends.Flush()
		select {
		case <-w.closing:
			return shuttingDown(cur)
		case <-ctx.Done():
			return ctx.Err()
		case <-moved:
		}
	}
}

// sendBatch sends, on a batched stream, what the look found: the events
// read from the store in one response, or the game's batch (its events
// and the prompt update at their end).
func (w *watch) sendBatch(cur *watchCursor, l gamehost.Look) error {
	if !l.InMemory {
		if len(l.Events) == 0 {
			return nil
		}
		resp := &moonshinev1.WatchGameResponse{Events: make([]*moonshinev1.Event, len(l.Events))}
		for i, o := range l.Events {
			resp.Events[i] = o.Event
		}
		last := resp.Events[len(resp.Events)-1].GetSeq()
		if u := l.Update; u != nil && u.GetVersion() == last && cur.prompted != last { // caught up: the update goes with them
			resp.Prompt, cur.prompted = u, last
		}
		if err := w.stream.Send(resp); err != nil {
			return err
		}
		cur.events = last
		return nil
	}
	if l.Batch == nil {
		return nil
	}
	var err error
	if l.BatchWire != nil {
		err = w.stream.SendMsg(l.BatchWire)
	} else {
		err = w.stream.Send(l.Batch)
	}
	if err != nil {
		return err
	}
	for _, ev := range l.Batch.GetEvents() {
		w.tel.WatchDelivered(time.Since(ev.GetRecordedAt().AsTime()))
	}
	cur.events = l.Version
	if l.Batch.GetPrompt() != nil {
		cur.prompted = l.Version
	}
	return nil
}

// sendEvent sends one event, as the bytes encoded for its audience when
// it has them.
func sendEvent(stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], o feed.Outgoing) error {
	if o.Wire != nil {
		return stream.SendMsg(o.Wire)
	}
	return stream.Send(&moonshinev1.WatchGameResponse{Event: o.Event})
}

// sendUpdate sends the look's prompt update, as the bytes encoded for its
// audience when it has them.
func sendUpdate(stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], l gamehost.Look) error {
	if l.UpdateWire != nil {
		return stream.SendMsg(l.UpdateWire)
	}
	return stream.Send(&moonshinev1.WatchGameResponse{Prompt: l.Update})
}

// readEvents reads from the store, riding out an outage, the events after
// the cursor that the game does not hold in memory; more reports that it
// should look again at once (events were read, and the game may have the
// rest now, or it is behind after an outage).
func (w *watch) readEvents(ctx context.Context, cur watchCursor) ([]feed.Outgoing, bool, error) {
	stored, err := riding(ctx, w, cur, func() ([]eventstore.Event, error) {
		return w.host.Store().ReadStream(ctx, w.g.ID(), cur.events, watchBatch)
	})
	if err != nil {
		return nil, false, err
	}
	projected, err := projection.Stored(stored, w.acc)
	if err != nil {
		return nil, false, err
	}
	out := make([]feed.Outgoing, len(projected))
	for i, ev := range projected {
		out[i] = feed.Outgoing{Event: ev}
	}
	return out, len(stored) > 0 || w.g.Behind(), nil
}

// sendTalk sends the messages after the cursor, when the watch streams
// talk; more reports a full batch.
func (w *watch) sendTalk(ctx context.Context, cur *watchCursor) (more bool, err error) {
	ms, err := riding(ctx, w, *cur, func() ([]eventstore.TalkMessage, error) {
		return w.host.Store().ReadTalk(ctx, w.g.ID(), cur.talk, watchBatch)
	})
	if err != nil {
		return false, err
	}
	out, err := projection.Talks(ms, w.acc.Chat)
	if err != nil {
		return false, err
	}
	for i, m := range out {
		if err := w.stream.Send(&moonshinev1.WatchGameResponse{Talk: m}); err != nil {
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
func riding[T any](ctx context.Context, w *watch, cur watchCursor, read func() ([]T, error)) ([]T, error) {
	var deadline time.Time
	pause := watchRetryMin
	for {
		got, err := read()
		if err == nil || !errors.Is(err, eventstore.ErrUnavailable) {
			return got, err
		}
		if deadline.IsZero() {
			deadline = time.Now().Add(w.outage)
		}
		left := time.Until(deadline)
		if left <= 0 {
			w.log.WarnContext(ctx, "watch ended by an outage of the event store", "game", w.g.ID(), "after_seq", cur.events, "err", err)
			return nil, resumable(err, cur)
		}
		select {
		case <-w.closing:
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
	ref := rpcstatus.Refuse(codes.Unavailable, rpcstatus.ReasonStoreUnavailable, "the game store cannot be reached; watch again after seq %d", cur.events)
	ref.Meta = resumeMeta(cur)
	ref.Retry = rpcstatus.StoreRetryDelay
	return ref
}

// shuttingDown ends a stream at shutdown.
func shuttingDown(cur watchCursor) error {
	ref := rpcstatus.Refuse(codes.Unavailable, rpcstatus.ReasonShuttingDown, "the server is shutting down; watch again after seq %d", cur.events)
	ref.Meta = resumeMeta(cur)
	return ref
}
