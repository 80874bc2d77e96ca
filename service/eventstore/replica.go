package eventstore

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// Replica is what a read replica of the store serves: reads that may lag
// behind the primary (pgstore.Replica is one).
type Replica interface {
	ListGames(ctx context.Context, f ListFilter) ([]GameRecord, error)
	ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]Event, error)
	Close() error
}

type preferReplica struct{}

// PreferReplica marks the reads made with the context it returns as ones a
// replica may serve (the server marks the calls of history, views at an
// event and the lobby's listings). Without a replica it changes nothing.
func PreferReplica(ctx context.Context) context.Context {
	return context.WithValue(ctx, preferReplica{}, true)
}

func prefersReplica(ctx context.Context) bool {
	ok, _ := ctx.Value(preferReplica{}).(bool)
	return ok
}

// replicaPoll is how often a read waiting for the replica asks it again.
const replicaPoll = 5 * time.Millisecond

// WithReplica returns primary with the reads that PreferReplica marks
// served by replica, keeping read-your-writes:
//
//   - ListGames: the lobby's listing is a snapshot anyway; it may lag by
//     the replica's delay.
//   - ReadStream with a limit names the version it needs, afterSeq+limit
//     (a history page, a view at an event, an audit up to the version
//     its record had). The replica serves it when it holds every event up
//     to there; when it has not reached it, the read asks again until wait
//     has passed, then the primary serves it. Events are never changed
//     once written, so what the replica returns is what the primary
//     would.
//   - Every other read, and any read that names no version (ReadStream
//     with no limit: to the end, which only the primary knows), goes to
//     the primary, as do the writes.
//
// A replica that fails (down, refusing) sends the read to the primary.
// Close closes both. The returned store declares [Measured]: the
// primary's statistics and the replica reads served and sent on.
func WithReplica(primary Store, replica Replica, wait time.Duration) Store {
	return &replicated{Store: primary, replica: replica, wait: wait}
}

type replicated struct {
	Store
	replica Replica
	wait    time.Duration

	served, passed atomic.Int64
}

// ListGames implements [Games].
func (r *replicated) ListGames(ctx context.Context, f ListFilter) ([]GameRecord, error) {
	if prefersReplica(ctx) {
		if gs, err := r.replica.ListGames(ctx, f); err == nil {
			r.served.Add(1)
			return gs, nil
		}
		r.passed.Add(1)
	}
	return r.Store.ListGames(ctx, f)
}

// ReadStream implements [Log].
func (r *replicated) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]Event, error) {
	if !prefersReplica(ctx) || limit <= 0 {
		return r.Store.ReadStream(ctx, gameID, afterSeq, limit)
	}
	deadline := time.Now().Add(r.wait)
	for {
		evs, err := r.replica.ReadStream(ctx, gameID, afterSeq, limit)
		if err == nil && len(evs) == limit {
			r.served.Add(1)
			return evs, nil
		}
		left := time.Until(deadline)
		if (err != nil && !errors.Is(err, ErrNotFound)) || left <= 0 {
			break // the replica fails, or has not caught up in time
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(replicaPoll, left)):
		}
	}
	r.passed.Add(1)
	return r.Store.ReadStream(ctx, gameID, afterSeq, limit)
}

// Close closes the primary and the replica.
func (r *replicated) Close() error {
	return errors.Join(r.Store.Close(), r.replica.Close())
}

// Measure implements [Measured].
func (r *replicated) Measure(m Meter) {
	if pm, ok := r.Store.(Measured); ok {
		pm.Measure(m)
	}
	m.CounterFunc("replica_reads_total", "Reads the read replica served.", func() float64 { return float64(r.served.Load()) })
	m.CounterFunc("replica_passed_total", "Reads marked for the replica that the primary served: the replica had not reached the version they named in time, or failed.",
		func() float64 { return float64(r.passed.Load()) })
}
