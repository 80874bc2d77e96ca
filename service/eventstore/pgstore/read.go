package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// gameColumns are a games row's columns, as scanRecord reads them.
const gameColumns = `g.id, g.rules, g.config, g.seed, g.seed_commitment, g.created_at, g.players, g.variant,
	g.version, g.talk_version, g.seats_taken, g.finished_at, g.unlisted,
	g.creator_hash, g.cancelled, g.deadline_at`

// recordsSQL reads the games rows a subquery selects (%s: its WHERE, ORDER
// and LIMIT) with their seat claims, one row per claim (or one without),
// newest first: a listing is one query, whose subquery an index serves.
const recordsSQL = `SELECT ` + gameColumns + `, s.seat, s.name, s.claimed_at
FROM (SELECT * FROM games g %s) g
LEFT JOIN seats s ON s.game_id = g.id
ORDER BY g.created_at DESC, g.id DESC, s.seat`

// scanRecords collects the rows of recordsSQL into records.
func scanRecords(rows pgx.Rows) ([]eventstore.GameRecord, error) {
	defer rows.Close()
	var out []eventstore.GameRecord
	for rows.Next() {
		var g eventstore.GameRecord
		var finished, deadline, claimed *time.Time
		var seat *int
		var name *string
		err := rows.Scan(&g.ID, &g.Rules, &g.Config, &g.Seed, &g.SeedCommitment, &g.CreatedAt, &g.Players, &g.Variant,
			&g.Version, &g.TalkVersion, &g.SeatsTaken, &finished, &g.Unlisted, &g.CreatorHash, &g.Cancelled, &deadline, &seat, &name, &claimed)
		if err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].ID != g.ID {
			g.CreatedAt = g.CreatedAt.UTC()
			if finished != nil {
				g.FinishedAt = finished.UTC()
			}
			if deadline != nil {
				g.Deadline = deadline.UTC()
			}
			out = append(out, g)
		}
		if seat != nil {
			last := &out[len(out)-1]
			last.Seats = append(last.Seats, eventstore.SeatClaim{GameID: g.ID, Seat: *seat, Name: *name, ClaimedAt: claimed.UTC()})
		}
	}
	return out, rows.Err()
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
func (s *Store) GetGame(ctx context.Context, id string) (eventstore.GameRecord, error) {
	if err := findable(id); err != nil {
		return eventstore.GameRecord{}, err
	}
	rows, err := s.pool.Query(ctx, fmt.Sprintf(recordsSQL, `WHERE id = $1`), id)
	var gs []eventstore.GameRecord
	if err == nil {
		gs, err = scanRecords(rows)
	}
	switch {
	case err != nil:
		return eventstore.GameRecord{}, mapError("get game "+id, err)
	case len(gs) == 0:
		return eventstore.GameRecord{}, fmt.Errorf("pgstore: game %s: %w", id, eventstore.ErrNotFound)
	}
	return gs[0], nil
}

// ListGames implements [eventstore.Store]: one query, whose conditions are
// only those the filter sets, so that the planner sees the index each
// listing needs (games_created_idx, games_rules_created_idx walked
// backwards, or their games_listed_ twins for listed tables;
// games_open_idx for the lobby). An AfterID that names no game
// yields an empty page.
func (s *Store) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.GameRecord, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	if findable(f.Rules, f.AfterID) != nil {
		return nil, nil
	}
	where, args := listWhere(f)
	args = append(args, limit)
	sub := fmt.Sprintf(`%s ORDER BY created_at DESC, id DESC LIMIT $%d`, where, len(args))
	rows, err := s.pool.Query(ctx, acrossLobby+fmt.Sprintf(recordsSQL, sub), args...)
	var games []eventstore.GameRecord
	if err == nil {
		games, err = scanRecords(rows)
	}
	if err != nil {
		return nil, mapError("list games", err)
	}
	return games, nil
}

// listWhere returns the WHERE clause of a listing and its arguments.
func listWhere(f eventstore.ListFilter) (string, []any) {
	var conds []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	const open, active, over = `finished_at IS NULL AND seats_taken < players`, `finished_at IS NULL AND seats_taken >= players`, `finished_at IS NOT NULL`
	if f.Rules != "" {
		conds = append(conds, `rules = `+arg(f.Rules))
	}
	if st := statusConds(f.Status, open, active, over); st != "" {
		conds = append(conds, st)
	}
	if f.MinOpenSeats > 0 {
		conds = append(conds, open, `players - seats_taken >= `+arg(f.MinOpenSeats))
	}
	if f.Players > 0 {
		conds = append(conds, `players = `+arg(f.Players))
	}
	if f.Unsummarised {
		conds = append(conds, `players = 0`)
	}
	if f.Listed {
		conds = append(conds, `NOT unlisted`)
	}
	if f.AfterID != "" {
		conds = append(conds, `(created_at, id) < (SELECT a.created_at, a.id FROM games a WHERE a.id = `+arg(f.AfterID)+`)`)
	}
	if len(conds) == 0 {
		return "", args
	}
	return "WHERE " + strings.Join(conds, " AND "), args
}

// statusConds returns the condition for a set of statuses ("" for any),
// given each status's own.
func statusConds(set eventstore.Status, open, active, over string) string {
	var alts []string
	for _, c := range []struct {
		st   eventstore.Status
		cond string
	}{{eventstore.StatusOpen, open}, {eventstore.StatusActive, active}, {eventstore.StatusOver, over}} {
		if set&c.st != 0 {
			alts = append(alts, c.cond)
		}
	}
	switch len(alts) {
	case 0, 3:
		return ""
	case 1:
		return alts[0]
	}
	return "((" + strings.Join(alts, ") OR (") + "))"
}

// Summarise implements [eventstore.Store].
func (s *Store) Summarise(ctx context.Context, id string, sum eventstore.Summary) error {
	if err := findable(id); err != nil {
		return err
	}
	var finished *time.Time
	if !sum.FinishedAt.IsZero() {
		finished = &sum.FinishedAt
	}
	if _, err := s.pool.Exec(ctx, `UPDATE games SET players = $2, variant = $3, finished_at = $4 WHERE id = $1 AND players = 0`,
		id, sum.Players, sum.Variant, finished); err != nil {
		return mapError("summarise game "+id, err)
	}
	return s.gameExists(ctx, id)
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
	err := r.Scan(&e.GameID, &e.Seq, &e.Data, &e.RecordedAt)
	e.RecordedAt = e.RecordedAt.UTC()
	return e, err
}

// ReadStream implements [eventstore.Store]. The writers of one game
// serialise on its row, so any snapshot sees a gap-free prefix.
func (s *Store) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	if err := findable(gameID); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, seq, data, recorded_at FROM events
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

// OnChange implements [eventstore.Store]: f is told of this store's
// appends as they commit and of other processes' as their notifications
// arrive, and, after the listening connection was lost and made again, of
// a change of every game.
func (s *Store) OnChange(f func(eventstore.Change)) (stop func()) { return s.hub.Listen(f) }
