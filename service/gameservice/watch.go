package gameservice

import (
	"context"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// watchBatch is how many events a watch reads at a time.
const watchBatch = 256

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
		return err
	}
	snap, err := s.current(ctx, t, nil)
	if err != nil {
		return err
	}
	acc, err := resolve(auth.From(ctx), t, perspective{kind: req.GetPerspective(), seat: req.GetSeat()}, snap.over)
	if err != nil {
		return err
	}
	release, err := s.streams.Acquire(limitKey(ctx))
	if err != nil {
		return err
	}
	defer release()
	wake, err := s.store.Subscribe(ctx, t.meta.ID)
	if err != nil {
		return err
	}
	return s.watchLoop(ctx, stream, t.meta.ID, req.GetAfterSeq(), acc, wake)
}

// watchLoop sends events after last until the client leaves or the server
// shuts down.
func (s *Service) watchLoop(ctx context.Context, stream grpc.ServerStreamingServer[moonshinev1.WatchGameResponse], id string, last int64, acc access, wake <-chan struct{}) error {
	for {
		evs, err := s.store.ReadStream(ctx, id, last, watchBatch)
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
		select {
		case <-s.closing:
			return refuse(codes.Unavailable, ReasonShuttingDown, "the server is shutting down; watch again from seq %d", last)
		case <-ctx.Done():
			return ctx.Err()
		case _, ok := <-wake:
			if !ok {
				return ctx.Err()
			}
		}
	}
}
