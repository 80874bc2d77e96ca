package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

const gameColumns = `id, rules, config, seed, seed_commitment, created_at, version`

func scanGame(row pgx.Row) (eventstore.Game, error) {
	var g eventstore.Game
	err := row.Scan(&g.ID, &g.Rules, &g.Config, &g.Seed, &g.SeedCommitment, &g.CreatedAt, &g.Version)
	g.CreatedAt = g.CreatedAt.UTC()
	return g, err
}

// findable returns ErrNotFound for a key PostgreSQL would refuse as text
// (see eventstore.ValidText): no such key was ever stored.
func findable(keys ...string) error {
	for _, k := range keys {
		if !eventstore.ValidText(k) {
			return fmt.Errorf("pgstore: %q: %w", k, eventstore.ErrNotFound)
		}
	}
	return nil
}

// GetGame implements [eventstore.Store].
func (s *Store) GetGame(ctx context.Context, id string) (eventstore.Game, error) {
	if err := findable(id); err != nil {
		return eventstore.Game{}, err
	}
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return eventstore.Game{}, fmt.Errorf("pgstore: game %s: %w", id, eventstore.ErrNotFound)
	}
	if err != nil {
		return eventstore.Game{}, mapError("get game "+id, err)
	}
	return g, nil
}

// ListGames implements [eventstore.Store]. An AfterID that names no game
// yields an empty page.
func (s *Store) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	if findable(f.Rules, f.AfterID) != nil {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT `+gameColumns+` FROM games
		WHERE ($1 = '' OR rules = $1)
		  AND ($2 = '' OR (created_at, id) > (SELECT a.created_at, a.id FROM games a WHERE a.id = $2))
		ORDER BY created_at, id LIMIT $3`, f.Rules, f.AfterID, limit)
	if err != nil {
		return nil, mapError("list games", err)
	}
	games, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventstore.Game, error) { return scanGame(r) })
	if err != nil {
		return nil, mapError("list games", err)
	}
	return games, nil
}

// gameExists distinguishes an unknown game from an empty result.
func (s *Store) gameExists(ctx context.Context, id string) error {
	if err := findable(id); err != nil {
		return err
	}
	var ok bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, id).Scan(&ok); err != nil {
		return mapError("find game "+id, err)
	}
	if !ok {
		return fmt.Errorf("pgstore: game %s: %w", id, eventstore.ErrNotFound)
	}
	return nil
}

// LookupCommand implements [eventstore.Store].
func (s *Store) LookupCommand(ctx context.Context, gameID string, seat int, commandID string) (eventstore.Command, error) {
	if err := findable(gameID, commandID); err != nil {
		return eventstore.Command{}, err
	}
	c := eventstore.Command{GameID: gameID, ID: commandID, Seat: seat}
	err := s.pool.QueryRow(ctx, `SELECT data, first_seq, last_seq, recorded_at FROM commands
		WHERE game_id = $1 AND seat = $2 AND command_id = $3`, gameID, seat, commandID).Scan(&c.Data, &c.FirstSeq, &c.LastSeq, &c.RecordedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return eventstore.Command{}, fmt.Errorf("pgstore: command %s of seat %d of game %s: %w", commandID, seat, gameID, eventstore.ErrNotFound)
	}
	if err != nil {
		return eventstore.Command{}, mapError("lookup command", err)
	}
	c.RecordedAt = c.RecordedAt.UTC()
	return c, nil
}

// Commands implements [eventstore.Store].
func (s *Store) Commands(ctx context.Context, gameID string) ([]eventstore.Command, error) {
	if err := findable(gameID); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT command_id, seat, data, first_seq, last_seq, recorded_at FROM commands
		WHERE game_id = $1 ORDER BY first_seq`, gameID)
	if err != nil {
		return nil, mapError("commands of game "+gameID, err)
	}
	cmds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventstore.Command, error) {
		c := eventstore.Command{GameID: gameID}
		err := r.Scan(&c.ID, &c.Seat, &c.Data, &c.FirstSeq, &c.LastSeq, &c.RecordedAt)
		c.RecordedAt = c.RecordedAt.UTC()
		return c, err
	})
	if err != nil {
		return nil, mapError("commands of game "+gameID, err)
	}
	if len(cmds) == 0 {
		if err := s.gameExists(ctx, gameID); err != nil {
			return nil, err
		}
	}
	return cmds, nil
}

func scanEvent(r pgx.CollectableRow) (eventstore.Event, error) {
	var e eventstore.Event
	err := r.Scan(&e.GameID, &e.Seq, &e.Position.Tx, &e.Position.N, &e.Data, &e.RecordedAt)
	e.RecordedAt = e.RecordedAt.UTC()
	return e, err
}

// ReadStream implements [eventstore.Store]. The writers of one game
// serialise on its row, so any snapshot sees a gap-free prefix.
func (s *Store) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	if err := findable(gameID); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, seq, tx_id, position, data, recorded_at FROM events
		WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT NULLIF($3::bigint, 0)`, gameID, afterSeq, limit)
	if err != nil {
		return nil, mapError("read game "+gameID, err)
	}
	evs, err := pgx.CollectRows(rows, scanEvent)
	if err != nil {
		return nil, mapError("read game "+gameID, err)
	}
	if len(evs) == 0 {
		if err := s.gameExists(ctx, gameID); err != nil {
			return nil, err
		}
	}
	return evs, nil
}

// ReadAll implements [eventstore.Store]. It reads only events whose
// transaction id is below the oldest transaction still running: every
// transaction below it has ended, and later ones get higher ids, so
// nothing can later appear before the last event returned. A long-running
// transaction therefore holds readers back until it ends.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.Event, error) {
	if limit <= 0 {
		limit = 1000
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, seq, tx_id, position, data, recorded_at FROM events
		WHERE (tx_id, position) > ($1::xid8, $2::bigint)
		  AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
		ORDER BY tx_id, position LIMIT $3`, after.Tx, after.N, limit)
	if err != nil {
		return nil, mapError("read all", err)
	}
	evs, err := pgx.CollectRows(rows, scanEvent)
	if err != nil {
		return nil, mapError("read all", err)
	}
	return evs, nil
}

// Subscribe implements [eventstore.Store]. ErrNotFound if the game does not
// exist.
func (s *Store) Subscribe(ctx context.Context, gameID string) (<-chan struct{}, error) {
	if err := s.gameExists(ctx, gameID); err != nil {
		return nil, err
	}
	return s.hub.Subscribe(ctx, gameID), nil
}
