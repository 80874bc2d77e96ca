// Package groupcommit gathers the writes that arrive while a transaction
// commits, so that the next transaction writes them all and one commit
// (one WAL flush, one fsync) makes them durable. It sits under
// service/eventstore, used by the stores that write to disk (sqlitestore,
// pgstore); the stores own the transactions.
//
// There is no background goroutine and no waiting for company: the first
// caller to find nobody committing leads, commits the queue (its own call
// first) and, if more arrived meanwhile, hands the lead to the first of
// them. So a lone write commits at once, and every caller returns after
// the one commit that holds its write, never before.
package groupcommit

import (
	"context"
	"errors"
	"sync"
)

// Call is one queued write: the caller's context and request, and the
// outcome the commit sets.
type Call[Req, Res any] struct {
	Ctx  context.Context
	Req  Req
	Res  Res
	Err  error
	lead chan struct{} // closed when the call is to commit the queue
	done chan struct{} // closed when Res and Err are set
}

// Queue is the writes waiting for a commit. The zero value is ready; Max
// bounds the calls committed together (0: 64).
type Queue[Req, Res any] struct {
	Max     int
	mu      sync.Mutex
	queue   []*Call[Req, Res]
	leading bool
}

// Do queues req and returns its outcome once commit has run it. commit
// writes the calls it is given (the first is always the caller's own when
// there is one) in one transaction and sets each call's outcome; it must
// set none as written before that transaction has committed.
func (q *Queue[Req, Res]) Do(ctx context.Context, req Req, commit func([]*Call[Req, Res])) (Res, error) {
	c := &Call[Req, Res]{Ctx: ctx, Req: req, lead: make(chan struct{}), done: make(chan struct{})}
	q.mu.Lock()
	q.queue = append(q.queue, c)
	lead := !q.leading
	q.leading = true
	q.mu.Unlock()
	if !lead {
		select {
		case <-c.done:
			return c.Res, c.Err
		case <-c.lead:
		}
	}
	q.commitNext(commit)
	<-c.done
	return c.Res, c.Err
}

// commitNext commits the head of the queue, whose first call is the
// caller's, and passes the lead on, or lets it go when the queue is empty.
func (q *Queue[Req, Res]) commitNext(commit func([]*Call[Req, Res])) {
	limit := q.Max
	if limit <= 0 {
		limit = 64
	}
	q.mu.Lock()
	n := min(len(q.queue), limit)
	calls := q.queue[:n:n]
	q.queue = q.queue[n:]
	q.mu.Unlock()
	committed := false
	defer func() { // also when commit panics: nobody waits forever
		for _, c := range calls {
			if !committed {
				c.Err = errPanicked
			}
			close(c.done)
		}
		q.mu.Lock()
		defer q.mu.Unlock()
		if len(q.queue) == 0 {
			q.leading = false
			return
		}
		close(q.queue[0].lead)
	}()
	commit(calls)
	committed = true
}

// errPanicked is the outcome of the calls of a commit that panicked.
var errPanicked = errors.New("groupcommit: the commit panicked")
