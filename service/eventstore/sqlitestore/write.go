package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// maxRowsPerInsert keeps a multi-row INSERT under SQLite's bound-variable
// limit.
const maxRowsPerInsert = 500

// insertEvents writes events as seqs after..after+len(events) in order, so
// their positions (rowids) ascend with seq.
func insertEvents(ctx context.Context, tx *sql.Tx, gameID string, after int64, events [][]byte, at int64) error {
	for len(events) > 0 {
		chunk := events[:min(len(events), maxRowsPerInsert)]
		events = events[len(chunk):]
		var q strings.Builder
		q.WriteString(`INSERT INTO events (game_id, seq, data, recorded_at) VALUES `)
		args := make([]any, 0, 4*len(chunk))
		for i, d := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?)")
			if d == nil {
				d = []byte{}
			}
			after++
			args = append(args, gameID, after, d, at)
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("insert events: %w", err)
		}
	}
	return nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// CreateGame implements [eventstore.Store].
func (s *Store) CreateGame(ctx context.Context, g eventstore.GameRecord, events [][]byte) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateGame(g); err != nil {
		return eventstore.AppendResult{}, err
	}
	at := now()
	created := g.CreatedAt
	if created.IsZero() {
		created = at
	}
	n := int64(len(events))
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO games (id, rules, config, seed, seed_commitment, created_at, version, players, variant, unlisted, creator_hash)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
			g.ID, g.Rules, nonNil(g.Config), nonNil(g.Seed), nonNil(g.SeedCommitment), micros(created), n, g.Players, g.Variant, g.Unlisted, g.CreatorHash)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil || k == 0 {
			return errors.Join(eventstore.ErrGameExists, err)
		}
		return insertEvents(ctx, tx, g.ID, 0, events, micros(at))
	})
	if err != nil {
		return eventstore.AppendResult{}, fail(err, "create game %s", g.ID)
	}
	if n == 0 {
		return eventstore.AppendResult{}, nil
	}
	return eventstore.AppendResult{FirstSeq: 1, LastSeq: n, RecordedAt: at}, nil
}

// errDuplicate carries a duplicate's result out of the transaction.
type errDuplicate struct{ c eventstore.Command }

func (e *errDuplicate) Error() string { return "duplicate command " + e.c.ID }

// Append implements [eventstore.Store]. One writer at a time: the
// version check, the command check and the writes see no interleaving.
// Appends that arrive while another commits are committed together, each
// in a savepoint of one transaction (see commitAppends), and each returns
// once that transaction is on disk.
func (s *Store) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateAppend(req); err != nil {
		return eventstore.AppendResult{}, err
	}
	return s.appends.Do(ctx, req, s.commitAppends)
}

// appendIn runs one append in tx: it returns the append's result, an
// *errDuplicate for a command recorded before, or a refusal; only a nil
// error has written anything.
func appendIn(ctx context.Context, tx *sql.Tx, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	var version int64
	err := tx.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, req.GameID).Scan(&version)
	if errors.Is(err, sql.ErrNoRows) {
		return eventstore.AppendResult{}, eventstore.ErrNotFound
	}
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	if c := req.Command; c != nil {
		stored, err := lookupCommand(ctx, tx, req.GameID, c.Seat, c.ID)
		if err == nil {
			return eventstore.AppendResult{}, &errDuplicate{stored}
		}
		if !errors.Is(err, eventstore.ErrNotFound) {
			return eventstore.AppendResult{}, err
		}
	}
	if req.ExpectedVersion != eventstore.AnyVersion && req.ExpectedVersion != version {
		return eventstore.AppendResult{}, &eventstore.VersionConflictError{GameID: req.GameID, ExpectedVersion: req.ExpectedVersion, ActualVersion: version}
	}
	n := int64(len(req.Events))
	t := now()
	res := eventstore.AppendResult{FirstSeq: version + 1, LastSeq: version + n, RecordedAt: t}
	at := micros(t)
	if err := insertEvents(ctx, tx, req.GameID, version, req.Events, at); err != nil {
		return eventstore.AppendResult{}, err
	}
	if c := req.Command; c != nil {
		if _, err := tx.ExecContext(ctx, `INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq, recorded_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, req.GameID, c.ID, c.Seat, nonNil(c.Data), res.FirstSeq, res.LastSeq, at); err != nil {
			return eventstore.AppendResult{}, fmt.Errorf("record command: %w", err)
		}
	}
	var deadline any // NULL: none
	if req.Deadline != nil && !req.Deadline.IsZero() {
		deadline = micros(*req.Deadline)
	}
	_, err = tx.ExecContext(ctx, `UPDATE games SET version = ?,
		finished_at = CASE WHEN ? THEN coalesce(finished_at, ?) ELSE finished_at END,
		deadline_at = CASE WHEN ? THEN NULL WHEN ? THEN ? ELSE deadline_at END WHERE id = ?`,
		res.LastSeq, req.Finished, at, req.Finished, req.Deadline != nil, deadline, req.GameID)
	return res, err
}

// appendOutcome turns what appendIn returned into Append's answer.
func appendOutcome(req eventstore.AppendRequest, res eventstore.AppendResult, err error) (eventstore.AppendResult, error) {
	var dup *errDuplicate
	var conflict *eventstore.VersionConflictError
	switch {
	case errors.As(err, &dup):
		return eventstore.AppendResult{FirstSeq: dup.c.FirstSeq, LastSeq: dup.c.LastSeq, RecordedAt: dup.c.RecordedAt, Duplicate: true, DuplicateOf: &dup.c}, nil
	case errors.As(err, &conflict):
		return eventstore.AppendResult{}, conflict
	case err != nil:
		return eventstore.AppendResult{}, fail(err, "append to game %s", req.GameID)
	}
	return res, nil
}

// ClaimSeat implements [eventstore.Store].
func (s *Store) ClaimSeat(ctx context.Context, c eventstore.SeatClaim) error {
	if err := eventstore.ValidateClaim(c); err != nil {
		return err
	}
	at := c.ClaimedAt
	if at.IsZero() {
		at = now()
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := gameExists(ctx, tx, c.GameID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, token_hash, name, claimed_at) VALUES (?, ?, ?, ?, ?)`,
			c.GameID, c.Seat, nonNil(c.TokenHash), c.Name, micros(at))
		if isConstraint(err) {
			return eventstore.ErrSeatTaken
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET seats_taken = seats_taken + 1 WHERE id = ?`, c.GameID)
		return err
	})
	if err != nil {
		return fail(err, "claim seat %d of game %s", c.Seat, c.GameID)
	}
	s.hub.Publish(eventstore.Change{GameID: c.GameID, Seats: true})
	return nil
}

// Summarise implements [eventstore.Store].
func (s *Store) Summarise(ctx context.Context, id string, sum eventstore.Summary) error {
	var finished any
	if !sum.FinishedAt.IsZero() {
		finished = micros(sum.FinishedAt)
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := gameExists(ctx, tx, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET players = ?, variant = ?, finished_at = ? WHERE id = ? AND players = 0`,
			sum.Players, sum.Variant, finished, id)
		return err
	})
	if err != nil {
		return fail(err, "summarise game %s", id)
	}
	return nil
}

// AppendTalk implements [eventstore.Store]. One writer at a time: the
// message id's check and the write see no interleaving.
func (s *Store) AppendTalk(ctx context.Context, req eventstore.TalkRequest) (eventstore.TalkResult, error) {
	if err := eventstore.ValidateTalk(req); err != nil {
		return eventstore.TalkResult{}, err
	}
	var res eventstore.TalkResult
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var version int64
		err := tx.QueryRowContext(ctx, `SELECT talk_version FROM games WHERE id = ?`, req.GameID).Scan(&version)
		if errors.Is(err, sql.ErrNoRows) {
			return eventstore.ErrNotFound
		}
		if err != nil {
			return err
		}
		if req.MessageID != "" {
			first, err := scanTalk(tx.QueryRowContext(ctx, `SELECT `+talkColumns+` FROM talk WHERE game_id = ? AND seat = ? AND message_id = ?`,
				req.GameID, req.Seat, req.MessageID))
			if err == nil {
				res = eventstore.TalkResult{Message: first, Duplicate: true}
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		m := eventstore.TalkMessage{GameID: req.GameID, Seq: version + 1, Seat: req.Seat, MessageID: req.MessageID, Data: nonNil(req.Data), RecordedAt: now()}
		var id any
		if req.MessageID != "" {
			id = req.MessageID
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO talk (game_id, seq, seat, message_id, data, recorded_at) VALUES (?, ?, ?, ?, ?, ?)`,
			m.GameID, m.Seq, m.Seat, id, m.Data, micros(m.RecordedAt)); err != nil {
			return err
		}
		res = eventstore.TalkResult{Message: m}
		_, err = tx.ExecContext(ctx, `UPDATE games SET talk_version = ? WHERE id = ?`, m.Seq, req.GameID)
		return err
	})
	if err != nil {
		return eventstore.TalkResult{}, fail(err, "talk of game %s", req.GameID)
	}
	if !res.Duplicate {
		s.hub.Publish(eventstore.Change{GameID: req.GameID, TalkVersion: res.Message.Seq})
	}
	return res, nil
}
