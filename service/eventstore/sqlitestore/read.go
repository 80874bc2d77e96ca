package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// querier is a *sql.DB or *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func gameExists(ctx context.Context, q querier, id string) error {
	var ok bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = ?)`, id).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return eventstore.ErrNotFound
	}
	return nil
}

// gameColumns are a games row's columns, as scanRecords reads them.
const gameColumns = `g.id, g.rules, g.config, g.seed, g.seed_commitment, g.created_at, g.players, g.variant,
	g.version, g.talk_version, g.seats_taken, g.finished_at, g.unlisted,
	g.creator_hash, g.cancelled, g.deadline_at`

// recordsSQL reads the games rows a subquery selects (%s: its WHERE, ORDER
// and LIMIT) with their seat claims, one row per claim (or one without),
// newest first, in one query.
const recordsSQL = `SELECT ` + gameColumns + `, s.seat, s.name, s.claimed_at
FROM (SELECT * FROM games g %s) g
LEFT JOIN seats s ON s.game_id = g.id
ORDER BY g.created_at DESC, g.id DESC, s.seat`

type scanner interface{ Scan(dest ...any) error }

// scanRecords collects the rows of recordsSQL into records.
func scanRecords(rows *sql.Rows, err error) ([]eventstore.GameRecord, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []eventstore.GameRecord
	for rows.Next() {
		var g eventstore.GameRecord
		var created int64
		var finished, deadline, seat, claimed sql.NullInt64
		var name sql.NullString
		err := rows.Scan(&g.ID, &g.Rules, &g.Config, &g.Seed, &g.SeedCommitment, &created, &g.Players, &g.Variant,
			&g.Version, &g.TalkVersion, &g.SeatsTaken, &finished, &g.Unlisted, &g.CreatorHash, &g.Cancelled, &deadline, &seat, &name, &claimed)
		if err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].ID != g.ID {
			g.CreatedAt = fromMicros(created)
			if finished.Valid {
				g.FinishedAt = fromMicros(finished.Int64)
			}
			if deadline.Valid {
				g.Deadline = fromMicros(deadline.Int64)
			}
			out = append(out, g)
		}
		if seat.Valid {
			last := &out[len(out)-1]
			last.Seats = append(last.Seats, eventstore.SeatClaim{GameID: g.ID, Seat: int(seat.Int64), Name: name.String, ClaimedAt: fromMicros(claimed.Int64)})
		}
	}
	return out, rows.Err()
}

// GetGame implements [eventstore.Store].
func (s *Store) GetGame(ctx context.Context, id string) (eventstore.GameRecord, error) {
	rows, err := s.r.QueryContext(ctx, fmt.Sprintf(recordsSQL, `WHERE id = ?`), id)
	gs, err := scanRecords(rows, err)
	if err == nil && len(gs) == 0 {
		err = eventstore.ErrNotFound
	}
	if err != nil {
		return eventstore.GameRecord{}, fail(err, "game %s", id)
	}
	return gs[0], nil
}

// collect scans every row with scan.
func collect[T any](rows *sql.Rows, err error, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ListGames implements [eventstore.Store]: one query, with only the
// conditions the filter sets. An AfterID that names no game yields an
// empty page.
func (s *Store) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.GameRecord, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	where, args := listWhere(f)
	rows, err := s.r.QueryContext(ctx, fmt.Sprintf(recordsSQL, where+` ORDER BY created_at DESC, id DESC LIMIT ?`), append(args, limit)...)
	games, err := scanRecords(rows, err)
	if err != nil {
		return nil, fail(err, "list games")
	}
	return games, nil
}

// listWhere returns the WHERE clause of a listing and its arguments.
func listWhere(f eventstore.ListFilter) (string, []any) {
	var conds []string
	var args []any
	const open, active, over = `finished_at IS NULL AND seats_taken < players`, `finished_at IS NULL AND seats_taken >= players`, `finished_at IS NOT NULL`
	if f.Rules != "" {
		conds, args = append(conds, `rules = ?`), append(args, f.Rules)
	}
	var alts []string
	for _, c := range []struct {
		st   eventstore.Status
		cond string
	}{{eventstore.StatusOpen, open}, {eventstore.StatusActive, active}, {eventstore.StatusOver, over}} {
		if f.Status&c.st != 0 {
			alts = append(alts, "("+c.cond+")")
		}
	}
	if len(alts) == 1 || len(alts) == 2 {
		conds = append(conds, "("+strings.Join(alts, " OR ")+")")
	}
	if f.MinOpenSeats > 0 {
		conds, args = append(conds, open, `players - seats_taken >= ?`), append(args, f.MinOpenSeats)
	}
	if f.Players > 0 {
		conds, args = append(conds, `players = ?`), append(args, f.Players)
	}
	if f.Unsummarised {
		conds = append(conds, `players = 0`)
	}
	if f.Listed {
		conds = append(conds, `unlisted = 0`)
	}
	if f.AfterID != "" {
		conds, args = append(conds, `(created_at, id) < (SELECT a.created_at, a.id FROM games a WHERE a.id = ?)`), append(args, f.AfterID)
	}
	if len(conds) == 0 {
		return "", args
	}
	return "WHERE " + strings.Join(conds, " AND "), args
}

func lookupCommand(ctx context.Context, q querier, gameID string, seat int, commandID string) (eventstore.Command, error) {
	c := eventstore.Command{GameID: gameID, ID: commandID, Seat: seat}
	var at int64
	err := q.QueryRowContext(ctx, `SELECT data, first_seq, last_seq, recorded_at FROM commands
		WHERE game_id = ? AND seat = ? AND command_id = ?`, gameID, seat, commandID).Scan(&c.Data, &c.FirstSeq, &c.LastSeq, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return eventstore.Command{}, eventstore.ErrNotFound
	}
	c.RecordedAt = fromMicros(at)
	return c, err
}

// LookupCommand implements [eventstore.Store].
func (s *Store) LookupCommand(ctx context.Context, gameID string, seat int, commandID string) (eventstore.Command, error) {
	c, err := lookupCommand(ctx, s.r, gameID, seat, commandID)
	if err != nil {
		return eventstore.Command{}, fail(err, "command %s of seat %d of game %s", commandID, seat, gameID)
	}
	return c, nil
}

// Commands implements [eventstore.Store].
func (s *Store) Commands(ctx context.Context, gameID string) ([]eventstore.Command, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT command_id, seat, data, first_seq, last_seq, recorded_at FROM commands
		WHERE game_id = ? ORDER BY first_seq`, gameID)
	cmds, err := collect(rows, err, func(r scanner) (eventstore.Command, error) {
		c := eventstore.Command{GameID: gameID}
		var at int64
		err := r.Scan(&c.ID, &c.Seat, &c.Data, &c.FirstSeq, &c.LastSeq, &at)
		c.RecordedAt = fromMicros(at)
		return c, err
	})
	if err == nil && len(cmds) == 0 {
		err = gameExists(ctx, s.r, gameID)
	}
	if err != nil {
		return nil, fail(err, "commands of game %s", gameID)
	}
	return cmds, nil
}

func scanEvent(r scanner) (eventstore.Event, error) {
	var e eventstore.Event
	var at int64
	err := r.Scan(&e.GameID, &e.Seq, &e.Data, &at)
	e.RecordedAt = fromMicros(at)
	return e, err
}

// ReadStream implements [eventstore.Store].
func (s *Store) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, seq, data, recorded_at FROM events
		WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?`, gameID, afterSeq, limit)
	evs, err := collect(rows, err, scanEvent)
	if err == nil && len(evs) == 0 {
		err = gameExists(ctx, s.r, gameID)
	}
	if err != nil {
		return nil, fail(err, "read game %s", gameID)
	}
	return evs, nil
}

const talkColumns = `game_id, seq, seat, coalesce(message_id, ''), data, recorded_at`

func scanTalk(r scanner) (eventstore.TalkMessage, error) {
	var m eventstore.TalkMessage
	var at int64
	err := r.Scan(&m.GameID, &m.Seq, &m.Seat, &m.MessageID, &m.Data, &at)
	m.RecordedAt = fromMicros(at)
	return m, err
}

// ReadTalk implements [eventstore.Store].
func (s *Store) ReadTalk(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.TalkMessage, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := s.r.QueryContext(ctx, `SELECT `+talkColumns+` FROM talk
		WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?`, gameID, afterSeq, limit)
	ms, err := collect(rows, err, scanTalk)
	if err == nil && len(ms) == 0 {
		err = gameExists(ctx, s.r, gameID)
	}
	if err != nil {
		return nil, fail(err, "read talk of game %s", gameID)
	}
	return ms, nil
}

const seatColumns = `game_id, seat, token_hash, name, claimed_at`

func scanSeat(r scanner) (eventstore.SeatClaim, error) {
	var c eventstore.SeatClaim
	var at int64
	err := r.Scan(&c.GameID, &c.Seat, &c.TokenHash, &c.Name, &at)
	c.ClaimedAt = fromMicros(at)
	return c, err
}

// Seats implements [eventstore.Store].
func (s *Store) Seats(ctx context.Context, gameID string) ([]eventstore.SeatClaim, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+seatColumns+` FROM seats WHERE game_id = ? ORDER BY seat`, gameID)
	seats, err := collect(rows, err, scanSeat)
	if err == nil && len(seats) == 0 {
		err = gameExists(ctx, s.r, gameID)
	}
	if err != nil {
		return nil, fail(err, "seats of game %s", gameID)
	}
	return seats, nil
}

// SeatByToken implements [eventstore.Store].
func (s *Store) SeatByToken(ctx context.Context, tokenHash []byte) (eventstore.SeatClaim, error) {
	c, err := scanSeat(s.r.QueryRowContext(ctx, `SELECT `+seatColumns+` FROM seats WHERE token_hash = ?`, nonNil(tokenHash)))
	if errors.Is(err, sql.ErrNoRows) {
		err = eventstore.ErrNotFound
	}
	if err != nil {
		return eventstore.SeatClaim{}, fail(err, "seat by token")
	}
	return c, nil
}
