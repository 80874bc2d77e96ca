package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/internal/groupcommit"
)

// appendCall is one append waiting for its commit.
type appendCall = groupcommit.Call[eventstore.AppendRequest, eventstore.AppendResult]

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
			c.Err = fail(err, "append to game %s", c.Req.GameID)
		}
		return
	}
	var written []*appendCall
	for i, c := range calls {
		if err := c.Ctx.Err(); err != nil {
			c.Err = err
			continue
		}
		if _, err := tx.ExecContext(ctx, `SAVEPOINT append`); err != nil {
			s.abandon(tx, calls[i:], written, err)
			return
		}
		res, err := appendIn(ctx, tx, c.Req)
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
		c.Res, c.Err = appendOutcome(c.Req, res, err)
		if err == nil {
			written = append(written, c)
		}
	}
	if err := tx.Commit(); err != nil {
		for _, c := range written {
			c.Res, c.Err = eventstore.AppendResult{}, fail(err, "append to game %s", c.Req.GameID)
		}
		return
	}
	for _, c := range written {
		s.hub.Publish(eventstore.Change{GameID: c.Req.GameID, Version: c.Res.LastSeq})
	}
}

// commitOne writes a lone append in a transaction of its own: the caller
// is the one committing, and a refusal rolls the whole transaction back.
func (s *Store) commitOne(c *appendCall) {
	var res eventstore.AppendResult
	err := s.inTx(c.Ctx, func(tx *sql.Tx) error {
		var err error
		res, err = appendIn(c.Ctx, tx, c.Req)
		return err
	})
	c.Res, c.Err = appendOutcome(c.Req, res, err)
	if err == nil {
		s.hub.Publish(eventstore.Change{GameID: c.Req.GameID, Version: res.LastSeq})
	}
}

// abandon rolls tx back after a failure that leaves it unusable: the
// appends written in it so far and those not yet run all fail.
func (s *Store) abandon(tx *sql.Tx, rest, written []*appendCall, err error) {
	_ = tx.Rollback()
	for _, c := range append(written, rest...) {
		c.Res, c.Err = eventstore.AppendResult{}, fail(fmt.Errorf("group commit: %w", err), "append to game %s", c.Req.GameID)
	}
}
