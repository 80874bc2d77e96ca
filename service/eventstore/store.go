// Package eventstore defines the event store that service/ keeps games in,
// and the errors every implementation returns.
//
// It sits between service/ and the storage: the gRPC handlers speak to a
// [Store]; memstore (tests), sqlitestore (the embedded single-file default)
// and pgstore (PostgreSQL) implement it, and storetest holds the one
// conformance suite all three pass.
//
// A store knows nothing of games: events and commands are opaque bytes
// (service/ writes marshalled moonshine.v1 messages). It owns the
// transaction: an append checks the expected version, records the command
// for idempotency, and writes the events, all or nothing.
package eventstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Game is the metadata of one game stream, written once at creation.
type Game struct {
	ID string
	// Rules names the game module, e.g. "booze-barons".
	Rules string
	// Config is the marshalled table configuration (service/ writes a
	// moonshine.v1 message: players, options, bot seats, title).
	Config []byte
	// Seed is the game's secret seed. Stores keep it; service/ reveals it
	// only once the game is over.
	Seed []byte
	// SeedCommitment is SHA-256(Seed), public from creation.
	SeedCommitment []byte
	CreatedAt      time.Time
	// Version is the sequence number of the stream's last event (read only;
	// ignored by CreateGame).
	Version int64
}

// Event is one stored event.
type Event struct {
	GameID string
	// Seq numbers the game's events densely from 1, in commit order.
	Seq int64
	// Position orders events across games; see [Position].
	Position Position
	// Data is the marshalled event envelope.
	Data       []byte
	RecordedAt time.Time
}

// Position is an event's place in the store-wide order used by [Store.ReadAll].
// Tx is the committing transaction's id where the store has one (PostgreSQL's
// xid8), else 0; N is a store-wide counter. Positions compare by (Tx, N).
type Position struct {
	Tx uint64
	N  int64
}

// Less reports whether p comes before q.
func (p Position) Less(q Position) bool {
	if p.Tx != q.Tx {
		return p.Tx < q.Tx
	}
	return p.N < q.N
}

// Command is an accepted command, kept for idempotency and for re-running a
// finished game (verify).
type Command struct {
	GameID string
	// ID is the client's command id. It is unique per seat of a game: two
	// seats may use the same id, and one seat's id never refuses another's.
	ID string
	// Seat is the seat that sent it; with GameID and ID, the command's key.
	Seat int
	// Data is the marshalled command.
	Data []byte
	// FirstSeq and LastSeq are the range of the events it wrote (set by Append).
	FirstSeq, LastSeq int64
	RecordedAt        time.Time
}

// AnyVersion as an expected version skips the optimistic concurrency check.
const AnyVersion int64 = -1

// AppendRequest is an atomic append to one game's stream.
type AppendRequest struct {
	GameID string
	// ExpectedVersion is the version the caller decided against; the append
	// fails with *VersionConflictError unless the stream is at exactly that
	// version. AnyVersion skips the check.
	ExpectedVersion int64
	// Command, if set, is recorded with the events. If a command with the
	// same seat and ID is already recorded for this game, nothing is
	// written and Append returns that command's result with Duplicate set.
	Command *Command
	// Events are the marshalled events, at least one.
	Events [][]byte
}

// AppendResult says where the events went.
type AppendResult struct {
	FirstSeq, LastSeq int64
	// Duplicate is set when the command had been recorded before; FirstSeq
	// and LastSeq are then those of the first time, and DuplicateOf holds
	// the stored command (its Data may differ from the new request's).
	Duplicate   bool
	DuplicateOf *Command
}

// SeatClaim binds a seat to the hash of its bearer credential.
type SeatClaim struct {
	GameID string
	Seat   int
	// TokenHash is SHA-256 of the credential; the credential itself is
	// never stored.
	TokenHash []byte
	// Name is the display name the player gave.
	Name      string
	ClaimedAt time.Time
}

// ListFilter narrows ListGames.
type ListFilter struct {
	// Rules, if set, keeps only games of that module.
	Rules string
	// AfterID pages: games created after the game with this ID (by creation
	// order, then ID).
	AfterID string
	// Limit caps the page; 0 means 100.
	Limit int
}

// Store is the event store. Every implementation passes storetest.Run.
type Store interface {
	// Kind names the implementation for logs: "memory", "sqlite", "postgres".
	Kind() string

	// CreateGame writes a game's metadata and its opening events atomically.
	// ErrGameExists if the ID is taken.
	CreateGame(ctx context.Context, g Game, events [][]byte) (AppendResult, error)
	// GetGame returns a game's metadata and current version; ErrNotFound.
	GetGame(ctx context.Context, id string) (Game, error)
	// ListGames lists games in creation order.
	ListGames(ctx context.Context, f ListFilter) ([]Game, error)

	// Append appends events to a game's stream; see AppendRequest.
	// Errors: ErrNotFound, *VersionConflictError.
	Append(ctx context.Context, req AppendRequest) (AppendResult, error)
	// LookupCommand returns the command a seat recorded under an ID;
	// ErrNotFound.
	LookupCommand(ctx context.Context, gameID string, seat int, commandID string) (Command, error)
	// Commands returns a game's recorded commands in order.
	Commands(ctx context.Context, gameID string) ([]Command, error)

	// ReadStream returns up to limit events of one game with Seq > afterSeq,
	// in order (limit 0: all).
	ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]Event, error)
	// ReadAll returns up to limit events of all games after position, in
	// position order, never passing over an event that commits later with
	// an earlier position (limit 0: 1000).
	ReadAll(ctx context.Context, after Position, limit int) ([]Event, error)
	// Subscribe returns a channel that receives a value whenever events may
	// have been appended to the game, by this process or another sharing the
	// store. Wake-ups may be spurious or coalesced: readers always re-read
	// from their last Seq. The channel is closed when ctx ends.
	Subscribe(ctx context.Context, gameID string) (<-chan struct{}, error)

	// ClaimSeat records a seat's credential hash. ErrSeatTaken if claimed;
	// see ValidateClaim.
	ClaimSeat(ctx context.Context, c SeatClaim) error
	// Seats returns a game's claimed seats in seat order.
	Seats(ctx context.Context, gameID string) ([]SeatClaim, error)
	// SeatByToken finds a claim by credential hash; ErrNotFound.
	SeatByToken(ctx context.Context, tokenHash []byte) (SeatClaim, error)

	// Ping checks the store is reachable.
	Ping(ctx context.Context) error
	// Close releases the store's resources.
	Close() error
}

var (
	// ErrNotFound: no such game, command or seat claim.
	ErrNotFound = errors.New("eventstore: not found")
	// ErrGameExists: CreateGame with an ID already taken.
	ErrGameExists = errors.New("eventstore: game exists")
	// ErrSeatTaken: ClaimSeat for a seat already claimed.
	ErrSeatTaken = errors.New("eventstore: seat already claimed")
	// ErrUnavailable: the store could not be reached or used for now (the
	// database is down, restarting or out of connections, the connection
	// dropped, the file is locked or its disk full). The request may be
	// retried; a write that failed so may or may not have been applied,
	// which a command id makes safe to retry. Stores wrap it with the
	// cause.
	ErrUnavailable = errors.New("eventstore: unavailable")
	// ErrInvalidRequest: a request the store cannot accept whatever its
	// state (an empty game ID, an append of no events, an expected version
	// below AnyVersion, text that is not [ValidText]). Stores wrap it with
	// the reason.
	ErrInvalidRequest = errors.New("eventstore: invalid request")
)

// VersionConflictError: the stream was not at the expected version.
type VersionConflictError struct {
	GameID          string
	ExpectedVersion int64
	ActualVersion   int64
}

// Error implements error.
func (e *VersionConflictError) Error() string {
	return fmt.Sprintf("eventstore: game %s is at version %d, not %d", e.GameID, e.ActualVersion, e.ExpectedVersion)
}

// IsVersionConflict reports whether err is a *VersionConflictError.
func IsVersionConflict(err error) bool {
	var v *VersionConflictError
	return errors.As(err, &v)
}

// ValidText reports whether s may be stored as text (an id, a rules name,
// a seat's name): valid UTF-8 without NUL. PostgreSQL refuses anything
// else in a text column while SQLite keeps it, so every store refuses it
// on writes (ErrInvalidRequest) and finds nothing under it on reads
// (ErrNotFound, or an empty list): all stores answer alike.
func ValidText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// ValidateAppend checks the parts of req that do not depend on the store's
// state; the error wraps ErrInvalidRequest.
func ValidateAppend(req AppendRequest) error {
	switch {
	case req.GameID == "" || !ValidText(req.GameID):
		return fmt.Errorf("%w: game id %q", ErrInvalidRequest, req.GameID)
	case len(req.Events) == 0:
		return fmt.Errorf("%w: append of no events to game %s", ErrInvalidRequest, req.GameID)
	case req.ExpectedVersion < AnyVersion:
		return fmt.Errorf("%w: expected version %d", ErrInvalidRequest, req.ExpectedVersion)
	case req.Command != nil && (req.Command.ID == "" || !ValidText(req.Command.ID)):
		return fmt.Errorf("%w: command id %q", ErrInvalidRequest, req.Command.ID)
	}
	return nil
}

// ValidateGame checks a CreateGame request; the error wraps ErrInvalidRequest.
func ValidateGame(g Game) error {
	if g.ID == "" || !ValidText(g.ID) || !ValidText(g.Rules) {
		return fmt.Errorf("%w: game id %q, rules %q", ErrInvalidRequest, g.ID, g.Rules)
	}
	return nil
}

// ValidateClaim checks a ClaimSeat request; the error wraps
// ErrInvalidRequest.
func ValidateClaim(c SeatClaim) error {
	if !ValidText(c.GameID) || !ValidText(c.Name) {
		return fmt.Errorf("%w: seat claim of game %q named %q", ErrInvalidRequest, c.GameID, c.Name)
	}
	return nil
}
