package sqlitestore

import (
	"context"
	"database/sql"
	"errors"

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

const gameColumns = `id, rules, config, seed, seed_commitment, created_at, version`

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (eventstore.Game, error) {
	var g eventstore.Game
	var created int64
	err := r.Scan(&g.ID, &g.Rules, &g.Config, &g.Seed, &g.SeedCommitment, &created, &g.Version)
	g.CreatedAt = fromMicros(created)
	return g, err
}

// GetGame implements [eventstore.Store].
func (s *Store) GetGame(ctx context.Context, id string) (eventstore.Game, error) {
	g, err := scanGame(s.r.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = eventstore.ErrNotFound
	}
	if err != nil {
		return eventstore.Game{}, fail(err, "game %s", id)
	}
	return g, nil
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

// ListGames implements [eventstore.Store]. An AfterID that names no game
// yields an empty page.
func (s *Store) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, `SELECT `+gameColumns+` FROM games
		WHERE (?1 = '' OR rules = ?1)
		  AND (?2 = '' OR (created_at, id) > (SELECT a.created_at, a.id FROM games a WHERE a.id = ?2))
		ORDER BY created_at, id LIMIT ?3`, f.Rules, f.AfterID, limit)
	games, err := collect(rows, err, scanGame)
	if err != nil {
		return nil, fail(err, "list games")
	}
	return games, nil
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
	err := r.Scan(&e.GameID, &e.Seq, &e.Position.N, &e.Data, &at)
	e.RecordedAt = fromMicros(at)
	return e, err
}

// ReadStream implements [eventstore.Store].
func (s *Store) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, seq, position, data, recorded_at FROM events
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

// ReadAll implements [eventstore.Store]. Positions are rowids assigned by
// the one writer in commit order (Tx is always 0), so none is passed over.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.Event, error) {
	if limit <= 0 {
		limit = 1000
	}
	if after.Tx > 0 {
		return nil, nil // after every position this store hands out
	}
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, seq, position, data, recorded_at FROM events
		WHERE position > ? ORDER BY position LIMIT ?`, after.N, limit)
	evs, err := collect(rows, err, scanEvent)
	if err != nil {
		return nil, fail(err, "read all")
	}
	return evs, nil
}

// Subscribe implements [eventstore.Store]. ErrNotFound if the game does not
// exist.
func (s *Store) Subscribe(ctx context.Context, gameID string) (<-chan struct{}, error) {
	if err := gameExists(ctx, s.r, gameID); err != nil {
		return nil, fail(err, "subscribe to game %s", gameID)
	}
	return s.hub.Subscribe(ctx, gameID), nil
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
