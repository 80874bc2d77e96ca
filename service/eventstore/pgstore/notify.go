package pgstore

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/moonshine-games/moonshine/service/eventstore"
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
// one goroutine: the changes added while a NOTIFY is in flight, or within
// notifyGap of the last, go out together in the next one, one payload per
// game with the highest versions. Payloads are "<instance> <game id>
// <version> <talk version>" (see payload) so that a store's listener can
// skip its own (it published them at the commit) and tell its listeners
// how far each game went.
type notifier struct {
	pool     *pgxpool.Pool
	instance string

	mu      sync.Mutex
	pending map[string]eventstore.Change
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

func startNotifier(pool *pgxpool.Pool, instance string) *notifier {
	n := &notifier{pool: pool, instance: instance, pending: make(map[string]eventstore.Change), wake: make(chan struct{}, 1), done: make(chan struct{})}
	go n.run()
	return n
}

// add queues a NOTIFY for a committed change.
func (n *notifier) add(c eventstore.Change) {
	n.mu.Lock()
	if !n.closed {
		p := n.pending[c.GameID]
		n.pending[c.GameID] = eventstore.Change{GameID: c.GameID, Version: max(p.Version, c.Version), TalkVersion: max(p.TalkVersion, c.TalkVersion)}
	}
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// take empties the queue into payloads; closed reports whether stop was
// called.
func (n *notifier) take() (payloads []string, closed bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, c := range n.pending {
		payloads = append(payloads, payload(n.instance, c))
	}
	clear(n.pending)
	return payloads, n.closed
}

// payload is a change's notification from instance.
func payload(instance string, c eventstore.Change) string {
	return fmt.Sprintf("%s %s %d %d", instance, c.GameID, c.Version, c.TalkVersion)
}

// parsePayload reads a notification: the instance that sent it and the
// change. A payload of an older server ("<instance> <game id>") says only
// which game may have moved.
func parsePayload(p string) (from string, c eventstore.Change, ok bool) {
	f := strings.Fields(p)
	if len(f) != 2 && len(f) != 4 {
		return "", eventstore.Change{}, false
	}
	c.GameID = f[1]
	if len(f) == 4 {
		v, err1 := strconv.ParseInt(f[2], 10, 64)
		t, err2 := strconv.ParseInt(f[3], 10, 64)
		if err1 == nil && err2 == nil {
			c.Version, c.TalkVersion = v, t
		}
	}
	return f[0], c, true
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
