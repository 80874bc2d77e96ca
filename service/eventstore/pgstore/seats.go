package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// claimSQL records a claim and counts it in the game's record, in one
// statement: a taken seat or token aborts both (a unique violation), an
// unknown game too (a foreign key violation).
const claimSQL = `
WITH c AS (
	INSERT INTO seats (game_id, seat, token_hash, name, claimed_at)
	VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, statement_timestamp()))
	RETURNING game_id
)
UPDATE games SET seats_taken = seats_taken + 1 WHERE id = (SELECT game_id FROM c)`

// ClaimSeat implements [eventstore.Store].
func (s *Store) ClaimSeat(ctx context.Context, c eventstore.SeatClaim) error {
	if err := eventstore.ValidateClaim(c); err != nil {
		return err
	}
	var at *time.Time
	if !c.ClaimedAt.IsZero() {
		at = &c.ClaimedAt
	}
	_, err := s.pool.Exec(ctx, claimSQL, c.GameID, c.Seat, nonNil(c.TokenHash), c.Name, at)
	if err != nil {
		return mapError(fmt.Sprintf("claim seat %d of game %s", c.Seat, c.GameID), err)
	}
	ch := eventstore.Change{GameID: c.GameID, Seats: true}
	s.hub.Publish(ch)
	s.notifier.add(ch)
	return nil
}

const seatColumns = `game_id, seat, token_hash, name, claimed_at`

func scanSeat(r pgx.Row) (eventstore.SeatClaim, error) {
	var c eventstore.SeatClaim
	err := r.Scan(&c.GameID, &c.Seat, &c.TokenHash, &c.Name, &c.ClaimedAt)
	c.ClaimedAt = c.ClaimedAt.UTC()
	return c, err
}

// Seats implements [eventstore.Store].
func (s *Store) Seats(ctx context.Context, gameID string) ([]eventstore.SeatClaim, error) {
	if err := findable(gameID); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+seatColumns+` FROM seats WHERE game_id = $1 ORDER BY seat`, gameID)
	if err != nil {
		return nil, mapError("seats of game "+gameID, err)
	}
	seats, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventstore.SeatClaim, error) { return scanSeat(r) })
	if err != nil {
		return nil, mapError("seats of game "+gameID, err)
	}
	if len(seats) == 0 {
		if err := s.gameExists(ctx, gameID); err != nil {
			return nil, err
		}
	}
	return seats, nil
}

// SeatByToken implements [eventstore.Store].
func (s *Store) SeatByToken(ctx context.Context, tokenHash []byte) (eventstore.SeatClaim, error) {
	c, err := scanSeat(s.pool.QueryRow(ctx, acrossCredential+`SELECT `+seatColumns+` FROM seats WHERE token_hash = $1`, nonNil(tokenHash)))
	if errors.Is(err, pgx.ErrNoRows) {
		return eventstore.SeatClaim{}, fmt.Errorf("pgstore: seat by token: %w", eventstore.ErrNotFound)
	}
	if err != nil {
		return eventstore.SeatClaim{}, mapError("seat by token", err)
	}
	return c, nil
}
