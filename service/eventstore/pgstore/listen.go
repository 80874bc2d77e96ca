package pgstore

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore/internal/fanout"
)

// listener is the store's one LISTEN connection. It publishes each
// notified change of another process to the hub (waking the game's
// subscribers and telling the listeners) and, after it reconnects, a
// change of every game: notifications sent while it was away are lost, so
// everyone re-reads.
type listener struct {
	cfg      *pgx.ConnConfig
	hub      *fanout.Hub
	instance string // skip notifications from this store
	cancel   context.CancelFunc
	done     chan struct{}

	mu  sync.Mutex
	pid uint32 // backend pid of the current connection (tests kill it)

	connects atomic.Int64 // successful LISTENs, the first included
}

// startListener connects and LISTENs before it returns, so that no append
// committed after Open returns goes unnoticed.
func startListener(ctx context.Context, cfg *pgx.ConnConfig, hub *fanout.Hub, instance string) (*listener, error) {
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	l := &listener{cfg: cfg, hub: hub, instance: instance, cancel: cancel, done: make(chan struct{})}
	conn, err := l.connect(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	go l.run(runCtx, conn)
	return l, nil
}

func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.cfg)
	if err != nil {
		return nil, mapError("listener: connect", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{notifyChannel}.Sanitize()); err != nil {
		_ = conn.Close(context.WithoutCancel(ctx))
		return nil, mapError("listener: listen", err)
	}
	l.mu.Lock()
	l.pid = conn.PgConn().PID()
	l.mu.Unlock()
	l.connects.Add(1)
	return conn, nil
}

// run waits for notifications until ctx ends, reconnecting with backoff.
func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	defer close(l.done)
	const minBackoff, maxBackoff = 50 * time.Millisecond, 5 * time.Second
	backoff := minBackoff
	for {
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				break
			}
			from, c, ok := parsePayload(n.Payload)
			if ok && from != l.instance {
				l.hub.Publish(c)
			}
		}
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		_ = conn.Close(closeCtx)
		cancel()
		for {
			if ctx.Err() != nil {
				return
			}
			var err error
			conn, err = l.connect(ctx)
			if err == nil {
				break
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, maxBackoff)
		}
		backoff = minBackoff
		// Listening again: whatever was notified meanwhile is lost, so
		// every subscriber re-reads.
		l.hub.NotifyAll()
	}
}

func (l *listener) backendPID() uint32 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.pid
}

func (l *listener) stop() {
	l.cancel()
	<-l.done
}
