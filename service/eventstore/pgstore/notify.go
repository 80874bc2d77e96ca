package pgstore

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// notifySQL sends each payload in $2 once. NOTIFY gives its transaction
// an xid, so its commit would wait for a WAL flush like an append's; with
// synchronous_commit off for this one transaction it does not (the
// notification is only a hint, and it is delivered at commit either way).
const notifySQL = `SELECT pg_notify($1, id)
FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async, unnest($2::text[]) AS id`

// notifyGap is the least time between two NOTIFY statements of one store:
// it bounds their cost at high append rates (ids queued meanwhile go out
// together) and adds at most this much to another process's wake-up.
const notifyGap = time.Millisecond

// notifier sends NOTIFY for committed appends, after their commit, from
// one goroutine: the game ids added while a NOTIFY is in flight, or within
// notifyGap of the last, go out together in the next one, each id once.
// Payloads are "<instance> <game id>" so that a store's listener can skip
// its own (their subscribers were woken at the commit).
type notifier struct {
	pool     *pgxpool.Pool
	instance string

	mu      sync.Mutex
	pending map[string]struct{}
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

func startNotifier(pool *pgxpool.Pool, instance string) *notifier {
	n := &notifier{pool: pool, instance: instance, pending: make(map[string]struct{}), wake: make(chan struct{}, 1), done: make(chan struct{})}
	go n.run()
	return n
}

// add queues a NOTIFY for gameID.
func (n *notifier) add(gameID string) {
	n.mu.Lock()
	if !n.closed {
		n.pending[n.instance+" "+gameID] = struct{}{}
	}
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// take empties the queue; closed reports whether stop was called.
func (n *notifier) take() (ids []string, closed bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for id := range n.pending {
		ids = append(ids, id)
	}
	clear(n.pending)
	return ids, n.closed
}

func (n *notifier) run() {
	defer close(n.done)
	for {
		<-n.wake
		ids, closed := n.take()
		start := time.Now()
		if len(ids) > 0 {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			// Best effort: a failed NOTIFY only delays other processes'
			// watchers until the next one.
			_, _ = n.pool.Exec(ctx, notifySQL, notifyChannel, ids)
			cancel()
		}
		if closed {
			return
		}
		time.Sleep(notifyGap - time.Since(start))
	}
}

// stop sends what is queued and ends the goroutine.
func (n *notifier) stop() {
	n.mu.Lock()
	n.closed = true
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
	<-n.done
}
