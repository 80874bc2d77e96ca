package pgstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// createSQL writes a game and its opening events in one statement (one
// implicit transaction). A taken id inserts nothing, including no events.
const createSQL = `
WITH g AS (
	INSERT INTO games (id, rules, config, seed, seed_commitment, created_at, version, players, variant, unlisted, creator_hash)
	VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, statement_timestamp()), $7, $9, $10, $11, $12)
	ON CONFLICT (id) DO NOTHING
	RETURNING id
), e AS (
	INSERT INTO events (game_id, seq, data)
	SELECT g.id, t.i, t.d FROM g, unnest($8::bytea[]) WITH ORDINALITY AS t(d, i)
	RETURNING 1
)
SELECT count(*), now() FROM g`

// CreateGame implements [eventstore.Store].
func (s *Store) CreateGame(ctx context.Context, g eventstore.GameRecord, events [][]byte) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateGame(g); err != nil {
		return eventstore.AppendResult{}, err
	}
	var created *time.Time
	if !g.CreatedAt.IsZero() {
		created = &g.CreatedAt
	}
	n := int64(len(events))
	var inserted int
	var at time.Time
	err := s.pool.QueryRow(ctx, createSQL, g.ID, g.Rules, nonNil(g.Config), nonNil(g.Seed), nonNil(g.SeedCommitment),
		created, n, nonNilAll(events), g.Players, g.Variant, g.Unlisted, g.CreatorHash).Scan(&inserted, &at)
	if err != nil {
		return eventstore.AppendResult{}, mapError("create game "+g.ID, err)
	}
	if inserted == 0 {
		return eventstore.AppendResult{}, fmt.Errorf("pgstore: create game %s: %w", g.ID, eventstore.ErrGameExists)
	}
	if n == 0 {
		return eventstore.AppendResult{}, nil
	}
	return eventstore.AppendResult{FirstSeq: 1, LastSeq: n, RecordedAt: at.UTC()}, nil
}

// appendSQL is a whole append in one statement, so one round trip and one
// implicit transaction: it moves the version (compare-and-set), records the
// command and writes the events, the last two only if the version moved. It
// returns the new version, NULL when the compare-and-set failed (nothing
// was written), and the transaction's time, which the events' recorded_at
// defaults to. A command the seat recorded before fails the command's
// insert on commands_pkey, which aborts the statement and so undoes the
// version move and the events: a plain insert, not ON CONFLICT, because a
// duplicate must write nothing, and a speculative insertion costs a WAL
// record more on every append for an answer the abort already gives. With
// $8, the game's record is marked finished (and its pending deadline
// cleared); with $9, its deadline is set to $10.
//
// $1 game, $2 event count, $3 expected version (-1: any), $4 command id
// (NULL: none), $5 seat, $6 command data, $7 events, $8 finished, $9
// whether to set the pending deadline, $10 the deadline (NULL: none).
const appendSQL = `
WITH g AS (
	UPDATE games SET version = version + $2,
		finished_at = CASE WHEN $8::boolean THEN coalesce(finished_at, now()) ELSE finished_at END,
		deadline_at = CASE WHEN $8::boolean THEN NULL WHEN $9::boolean THEN $10::timestamptz ELSE deadline_at END
	WHERE id = $1 AND ($3::bigint < 0 OR version = $3)
	RETURNING version
), c AS (
	INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq)
	SELECT $1, $4, $5, $6, g.version - $2 + 1, g.version FROM g WHERE $4::text IS NOT NULL
), e AS (
	INSERT INTO events (game_id, seq, data)
	SELECT $1, g.version - $2 + t.i, t.d
	FROM g, unnest($7::bytea[]) WITH ORDINALITY AS t(d, i)
)
SELECT (SELECT version FROM g), now()`

// rejectedSQL explains an append that wrote nothing: no game row (not
// found), a command the seat recorded under the id (duplicate), or else a
// version conflict. $1 game, $2 seat, $3 command id.
const rejectedSQL = `
SELECT g.version, c.command_id IS NOT NULL, coalesce(c.data, ''::bytea),
	coalesce(c.first_seq, 0), coalesce(c.last_seq, 0), coalesce(c.recorded_at, now())
FROM games g LEFT JOIN commands c ON c.game_id = g.id AND c.seat = $2 AND c.command_id = $3
WHERE g.id = $1`

// Append implements [eventstore.Store]. It is one statement, one round
// trip (see appendSQL); a rejected append takes a second to explain itself.
//
// Subscribers are told after the commit, never by a NOTIFY inside the
// appending transaction: such a NOTIFY holds a cluster-wide lock from its
// commit through the WAL flush, capping notifying appends at one per commit
// latency. This process's subscribers and listeners are told at once;
// other processes' through the notifier, which coalesces the game ids of appends made while
// its previous NOTIFY was in flight into one statement. A notification
// lost (the process dies between commit and NOTIFY) only delays watchers,
// who re-read from their last seq on any wake-up.
func (s *Store) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateAppend(req); err != nil {
		return eventstore.AppendResult{}, err
	}
	var cmdID any
	var seat int
	var cmdData []byte
	if c := req.Command; c != nil {
		cmdID, seat, cmdData = c.ID, c.Seat, nonNil(c.Data)
	}
	n := int64(len(req.Events))
	var version *int64
	var at time.Time
	var deadline *time.Time
	if req.Deadline != nil && !req.Deadline.IsZero() {
		deadline = req.Deadline
	}
	err := s.pool.QueryRow(ctx, appendSQL, req.GameID, n, req.ExpectedVersion, cmdID, seat, cmdData, nonNilAll(req.Events), req.Finished,
		req.Deadline != nil, deadline).
		Scan(&version, &at)
	switch {
	case err == nil && version != nil:
		c := eventstore.Change{GameID: req.GameID, Version: *version}
		s.hub.Publish(c)
		s.notifier.add(carrying(c, req.Events, at.UTC()))
		return eventstore.AppendResult{FirstSeq: *version - n + 1, LastSeq: *version, RecordedAt: at.UTC()}, nil
	case err == nil, isUniqueViolation(err, commandsPKey):
		return s.rejected(ctx, req)
	}
	return eventstore.AppendResult{}, mapError("append to game "+req.GameID, err)
}

// rejected explains an append that wrote nothing.
func (s *Store) rejected(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	c := eventstore.Command{GameID: req.GameID}
	if req.Command != nil {
		c.ID, c.Seat = req.Command.ID, req.Command.Seat
	}
	var version int64
	var dup bool
	err := s.pool.QueryRow(ctx, rejectedSQL, req.GameID, c.Seat, c.ID).Scan(&version, &dup, &c.Data, &c.FirstSeq, &c.LastSeq, &c.RecordedAt)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return eventstore.AppendResult{}, fmt.Errorf("pgstore: append to game %s: %w", req.GameID, eventstore.ErrNotFound)
	case err != nil:
		return eventstore.AppendResult{}, mapError("append to game "+req.GameID, err)
	case dup && req.Command != nil:
		c.RecordedAt = c.RecordedAt.UTC()
		return eventstore.AppendResult{FirstSeq: c.FirstSeq, LastSeq: c.LastSeq, RecordedAt: c.RecordedAt, Duplicate: true, DuplicateOf: &c}, nil
	}
	return eventstore.AppendResult{}, &eventstore.VersionConflictError{GameID: req.GameID, ExpectedVersion: req.ExpectedVersion, ActualVersion: version}
}

// nonNil returns b, or an empty slice for nil: the columns are NOT NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func nonNilAll(bs [][]byte) [][]byte {
	for i, b := range bs {
		if b == nil {
			out := slices.Clone(bs)
			for j := i; j < len(out); j++ {
				out[j] = nonNil(out[j])
			}
			return out
		}
	}
	return bs
}

// carrying is an append's change with its events, for the notification
// that tells other processes of it (notify.go).
func carrying(c eventstore.Change, data [][]byte, at time.Time) eventstore.Change {
	c.Events = make([]eventstore.Event, len(data))
	first := c.Version - int64(len(data)) + 1
	for i, d := range data {
		c.Events[i] = eventstore.Event{GameID: c.GameID, Seq: first + int64(i), Data: d, RecordedAt: at}
	}
	return c
}
