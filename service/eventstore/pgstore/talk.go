package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// talkSQL appends one message in one statement: it moves the game's
// talk_version and inserts the message at it. A (game, seat, message id)
// recorded before aborts the statement with talk_message_key's unique
// violation, which undoes the move: no seq is lost. No row: no game.
//
// $1 game, $2 seat, $3 message id (NULL: none), $4 data.
const talkSQL = `
WITH g AS (
	UPDATE games SET talk_version = talk_version + 1 WHERE id = $1
	RETURNING talk_version
)
INSERT INTO talk (game_id, seq, seat, message_id, data)
SELECT $1, g.talk_version, $2, $3, $4 FROM g
RETURNING seq, recorded_at`

// talkKey is the constraint of a message id, by seat.
const talkKey = "talk_message_key"

// AppendTalk implements [eventstore.Store].
func (s *Store) AppendTalk(ctx context.Context, req eventstore.TalkRequest) (eventstore.TalkResult, error) {
	if err := eventstore.ValidateTalk(req); err != nil {
		return eventstore.TalkResult{}, err
	}
	var id any
	if req.MessageID != "" {
		id = req.MessageID
	}
	m := eventstore.TalkMessage{GameID: req.GameID, Seat: req.Seat, MessageID: req.MessageID, Data: nonNil(req.Data)}
	err := s.pool.QueryRow(ctx, talkSQL, req.GameID, req.Seat, id, m.Data).Scan(&m.Seq, &m.RecordedAt)
	switch {
	case err == nil:
		m.RecordedAt = m.RecordedAt.UTC()
		c := eventstore.Change{GameID: req.GameID, TalkVersion: m.Seq}
		s.hub.Publish(c)
		s.notifier.add(c)
		return eventstore.TalkResult{Message: m}, nil
	case errors.Is(err, pgx.ErrNoRows):
		return eventstore.TalkResult{}, fmt.Errorf("pgstore: talk of game %s: %w", req.GameID, eventstore.ErrNotFound)
	case isUniqueViolation(err, talkKey):
		first, err := s.talkByID(ctx, req)
		return eventstore.TalkResult{Message: first, Duplicate: true}, err
	}
	return eventstore.TalkResult{}, mapError("talk of game "+req.GameID, err)
}

// talkByID returns the message a seat sent under an id.
func (s *Store) talkByID(ctx context.Context, req eventstore.TalkRequest) (eventstore.TalkMessage, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+talkColumns+` FROM talk WHERE game_id = $1 AND seat = $2 AND message_id = $3`,
		req.GameID, req.Seat, req.MessageID)
	if err != nil {
		return eventstore.TalkMessage{}, mapError("talk of game "+req.GameID, err)
	}
	m, err := pgx.CollectExactlyOneRow(rows, scanTalk)
	if err != nil {
		return eventstore.TalkMessage{}, mapError("talk of game "+req.GameID, err)
	}
	return m, nil
}

const talkColumns = `game_id, seq, seat, coalesce(message_id, ''), data, recorded_at`

func scanTalk(r pgx.CollectableRow) (eventstore.TalkMessage, error) {
	var m eventstore.TalkMessage
	var at time.Time
	err := r.Scan(&m.GameID, &m.Seq, &m.Seat, &m.MessageID, &m.Data, &at)
	m.RecordedAt = at.UTC()
	return m, err
}

// ReadTalk implements [eventstore.Store].
func (s *Store) ReadTalk(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.TalkMessage, error) {
	if err := findable(gameID); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+talkColumns+` FROM talk
		WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT NULLIF($3::bigint, 0)`, gameID, afterSeq, limit)
	if err != nil {
		return nil, mapError("read talk of game "+gameID, err)
	}
	ms, err := pgx.CollectRows(rows, scanTalk)
	if err != nil {
		return nil, mapError("read talk of game "+gameID, err)
	}
	if len(ms) == 0 {
		if err := s.gameExists(ctx, gameID); err != nil {
			return nil, err
		}
	}
	return ms, nil
}
