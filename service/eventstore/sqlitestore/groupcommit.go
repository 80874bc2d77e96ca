package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// maxGroup bounds the appends committed in one transaction.
const maxGroup = 64

// groupCommit gathers the appends that arrive while a transaction
// commits, so that the next transaction writes them all and one fsync
// makes them durable: with synchronous=FULL an append no longer costs a
// disk flush of its own, and none is acknowledged before its commit.
//
// There is no background goroutine and no waiting for company: the first
// caller to find nobody committing leads, commits the queue (its own
// append first) and, if more arrived meanwhile, hands the lead to the
// first of them. So a lone append commits at once, and every caller
// returns after the one transaction that holds its append.
type groupCommit struct {
	mu      sync.Mutex
	queue   []*appendCall
	leading bool
}

// appendCall is one queued append.
type appendCall struct {
	ctx  context.Context
	req  eventstore.AppendRequest
	lead chan struct{} // closed when the call is to commit the queue
	done chan struct{} // closed when res and err are set
	res  eventstore.AppendResult
	err  error
}

// do queues req and returns its outcome once commit has written it (or
// refused it). commit runs the calls it is given in one transaction and
// sets each call's outcome.
func (g *groupCommit) do(ctx context.Context, req eventstore.AppendRequest, commit func([]*appendCall)) (eventstore.AppendResult, error) {
	c := &appendCall{ctx: ctx, req: req, lead: make(chan struct{}), done: make(chan struct{})}
	g.mu.Lock()
	g.queue = append(g.queue, c)
	lead := !g.leading
	g.leading = true
	g.mu.Unlock()
	if !lead {
		select {
		case <-c.done:
			return c.res, c.err
		case <-c.lead:
		}
	}
	g.commitNext(commit)
	<-c.done
	return c.res, c.err
}

// commitNext commits the head of the queue (whose first call is the
// caller's) and passes the lead on, or lets it go when the queue is empty.
func (g *groupCommit) commitNext(commit func([]*appendCall)) {
	g.mu.Lock()
	n := min(len(g.queue), maxGroup)
	calls := g.queue[:n:n]
	g.queue = g.queue[n:]
	g.mu.Unlock()
	commit(calls)
	for _, c := range calls {
		close(c.done)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) == 0 {
		g.leading = false
		return
	}
	close(g.queue[0].lead)
}

// commitAppends writes calls in one write transaction, each append in a
// savepoint of its own so that a refused one (a conflict, a repeat, a
// game not found) or a failed one leaves the others' writes in place, and
// commits. Their outcomes are set once the commit is on disk; a failed
// commit fails every append it held. A call whose caller left before its
// turn is not written.
func (s *Store) commitAppends(calls []*appendCall) {
	if len(calls) == 1 {
		s.commitOne(calls[0])
		return
	}
	ctx := context.Background() // one caller leaving must not undo the others
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		for _, c := range calls {
			c.err = fail(err, "append to game %s", c.req.GameID)
		}
		return
	}
	var written []*appendCall
	for i, c := range calls {
		if err := c.ctx.Err(); err != nil {
			c.err = err
			continue
		}
		if _, err := tx.ExecContext(ctx, `SAVEPOINT append`); err != nil {
			s.abandon(tx, calls[i:], written, err)
			return
		}
		res, err := appendIn(ctx, tx, c.req)
		if err != nil {
			if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO append`); rerr != nil {
				// SQLite may have rolled the whole transaction back.
				s.abandon(tx, calls[i:], written, errors.Join(err, rerr))
				return
			}
		}
		if _, rerr := tx.ExecContext(ctx, `RELEASE append`); rerr != nil {
			s.abandon(tx, calls[i:], written, errors.Join(err, rerr))
			return
		}
		c.res, c.err = appendOutcome(c.req, res, err)
		if err == nil {
			written = append(written, c)
		}
	}
	if err := tx.Commit(); err != nil {
		for _, c := range written {
			c.res, c.err = eventstore.AppendResult{}, fail(err, "append to game %s", c.req.GameID)
		}
		return
	}
	for _, c := range written {
		s.hub.Publish(eventstore.Change{GameID: c.req.GameID, Version: c.res.LastSeq})
	}
}

// commitOne writes a lone append in a transaction of its own: the caller
// is the one committing, and a refusal rolls the whole transaction back.
func (s *Store) commitOne(c *appendCall) {
	var res eventstore.AppendResult
	err := s.inTx(c.ctx, func(tx *sql.Tx) error {
		var err error
		res, err = appendIn(c.ctx, tx, c.req)
		return err
	})
	c.res, c.err = appendOutcome(c.req, res, err)
	if err == nil {
		s.hub.Publish(eventstore.Change{GameID: c.req.GameID, Version: res.LastSeq})
	}
}

// abandon rolls tx back after a failure that leaves it unusable: the
// appends written in it so far and those not yet run all fail.
func (s *Store) abandon(tx *sql.Tx, rest, written []*appendCall, err error) {
	_ = tx.Rollback()
	for _, c := range append(written, rest...) {
		c.res, c.err = eventstore.AppendResult{}, fail(fmt.Errorf("group commit: %w", err), "append to game %s", c.req.GameID)
	}
}
