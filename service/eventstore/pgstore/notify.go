package pgstore

import (
	"context"
	"encoding/base64"
	"fmt"
	"slices"
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
// append of a game that carries its events when they fit (see payload),
// in the order of the appends, which PostgreSQL keeps, so that a store's
// listener can skip its own (it published them at the commit) and tell its
// listeners how far each game went and what it appended. A game with more
// than maxPayloads appends queued gets one payload with the highest
// versions and no events.
type notifier struct {
	pool     *pgxpool.Pool
	instance string

	mu      sync.Mutex
	pending map[string][]eventstore.Change // per game, in the order of the appends
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

func startNotifier(pool *pgxpool.Pool, instance string) *notifier {
	n := &notifier{pool: pool, instance: instance, pending: make(map[string][]eventstore.Change), wake: make(chan struct{}, 1), done: make(chan struct{})}
	go n.run()
	return n
}

// add queues a NOTIFY for a committed change.
func (n *notifier) add(c eventstore.Change) {
	n.mu.Lock()
	if !n.closed {
		n.pending[c.GameID] = queue(n.pending[c.GameID], c)
	}
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// maxPayloads bounds the payloads of one game in one NOTIFY: past it, the
// game's changes go out as one without events, and its listeners read
// the log.
const maxPayloads = 8

// queue adds a game's change c to those pending for it, q: a change of
// the talk alone merges with the last one (see coalesce); an append is a
// payload of its own, so that each carries its events and their time
// (the order does not matter for correctness: a listener that gets them
// out of order reads the log).
func queue(q []eventstore.Change, c eventstore.Change) []eventstore.Change {
	switch n := len(q); {
	case n == 0:
		return append(q, c)
	case n < maxPayloads && (c.Seats || q[n-1].Seats):
		return append(q, c) // a claim is a payload of its own
	case c.Version == 0 || q[n-1].Version == 0:
		q[n-1] = coalesce(q[n-1], c)
		return q
	case n == maxPayloads:
		m := q[0]
		for _, p := range q[1:] {
			m = coalesce(m, p)
		}
		return []eventstore.Change{coalesce(m, c)}
	}
	return append(q, c)
}

// coalesce merges a game's change c into p, pending before it: the
// highest versions, and the events of both when c's follow p's and share
// their time (or either is of the talk alone); else none, and the
// listeners read the log.
func coalesce(p, c eventstore.Change) eventstore.Change {
	m := eventstore.Change{GameID: c.GameID, Version: max(p.Version, c.Version), TalkVersion: max(p.TalkVersion, c.TalkVersion),
		Seats: p.Seats || c.Seats}
	switch {
	case c.Version == 0:
		m.Events = p.Events
	case p.Version == 0:
		m.Events = c.Events
	case len(p.Events) > 0 && len(c.Events) > 0 && c.Events[0].Seq == p.Version+1 &&
		c.Events[0].RecordedAt.Equal(p.Events[0].RecordedAt):
		m.Events = append(slices.Clip(p.Events), c.Events...)
	}
	return m
}

// take empties the queue into payloads; closed reports whether stop was
// called.
func (n *notifier) take() (payloads []string, closed bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, q := range n.pending {
		for _, c := range q {
			payloads = append(payloads, payload(n.instance, c))
		}
	}
	clear(n.pending)
	return payloads, n.closed
}

// maxPayload is the longest payload sent with events: PostgreSQL refuses
// a NOTIFY payload of 8000 bytes or more. A longer one goes without its
// events.
const maxPayload = 7999

// payload is a change's notification from instance: "<instance> <game id>
// <version> <talk version>", the last field followed, when the change
// carries its events, by ":<recorded at, µs since 1970>:" and the events'
// data in base64, separated by ".": the events of one append, which
// share its time, or of several that happen to; the first's seq is
// version+1-len(events). A server
// that does not know of events reads the fourth field as no number and
// the change as one of unknown extent.
//
// A seat claim is "<instance> <game id> seats", which a server that does
// not know of it ignores (it reads the seats every time). A claim merged
// with appends (past maxPayloads) goes as "<instance> <game id>": a change
// of unknown extent, the seats included.
func payload(instance string, c eventstore.Change) string {
	switch {
	case c.Seats && c.Version == 0 && c.TalkVersion == 0:
		return instance + " " + c.GameID + " seats"
	case c.Seats:
		return instance + " " + c.GameID
	}
	p := fmt.Sprintf("%s %s %d %d", instance, c.GameID, c.Version, c.TalkVersion)
	if len(c.Events) == 0 || c.Events[len(c.Events)-1].Seq != c.Version {
		return p
	}
	var b strings.Builder
	b.WriteString(p)
	b.WriteString(":")
	b.WriteString(strconv.FormatInt(c.Events[len(c.Events)-1].RecordedAt.UnixMicro(), 10))
	for i, ev := range c.Events {
		if !ev.RecordedAt.Equal(c.Events[len(c.Events)-1].RecordedAt) {
			return p
		}
		if i == 0 {
			b.WriteString(":")
		} else {
			b.WriteString(".")
		}
		if b.Len()+base64.RawStdEncoding.EncodedLen(len(ev.Data)) > maxPayload {
			return p
		}
		b.WriteString(base64.RawStdEncoding.EncodeToString(ev.Data))
	}
	return b.String()
}

// parsePayload reads a notification: the instance that sent it and the
// change. A payload of an older server ("<instance> <game id>") says only
// which game may have moved.
func parsePayload(p string) (from string, c eventstore.Change, ok bool) {
	f := strings.Fields(p)
	if len(f) == 3 && f[2] == "seats" {
		return f[0], eventstore.Change{GameID: f[1], Seats: true}, true
	}
	if len(f) != 2 && len(f) != 4 {
		return "", eventstore.Change{}, false
	}
	c.GameID = f[1]
	if len(f) == 4 {
		talk, carried, _ := strings.Cut(f[3], ":")
		v, err1 := strconv.ParseInt(f[2], 10, 64)
		t, err2 := strconv.ParseInt(talk, 10, 64)
		if err1 == nil && err2 == nil {
			c.Version, c.TalkVersion = v, t
			c.Events = parseEvents(c.GameID, v, carried)
		}
	}
	return f[0], c, true
}

// parseEvents reads the events a payload carries, ending at version (nil
// for none or any that do not parse).
func parseEvents(gameID string, version int64, carried string) []eventstore.Event {
	at, data, ok := strings.Cut(carried, ":")
	us, err := strconv.ParseInt(at, 10, 64)
	if !ok || err != nil {
		return nil
	}
	parts := strings.Split(data, ".")
	first := version + 1 - int64(len(parts))
	if first < 1 {
		return nil
	}
	evs := make([]eventstore.Event, len(parts))
	for i, s := range parts {
		b, err := base64.RawStdEncoding.DecodeString(s)
		if err != nil {
			return nil
		}
		evs[i] = eventstore.Event{GameID: gameID, Seq: first + int64(i), Data: b, RecordedAt: time.UnixMicro(us).UTC()}
	}
	return evs
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
