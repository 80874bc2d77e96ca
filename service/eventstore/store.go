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
// for idempotency, writes the events and updates the game's record (its
// read model), all or nothing.
//
// Each game has two streams: its events, which the game folds and whose
// sequence numbers its dice are derived from, and its table talk, which
// has sequence numbers of its own and never touches the game's.
package eventstore

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// GameRecord is the store's record of one game: its metadata, written once
// at creation, and the read model of the game that the store keeps on
// every write (its version, seats taken, whether it is over), so that
// listing games is one indexed query that folds nothing.
type GameRecord struct {
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
	// Players is the number of seats; Variant names the variant the table
	// was set as ("" for options no variant names). Written at creation.
	// A record of a game created before the store kept them has Players 0
	// until [Store.Summarise] fills them in.
	Players int
	Variant string
	// Unlisted keeps the table out of listings that ask for listed tables
	// only ([ListFilter.Listed]): it is reached by its ID. Written at
	// creation.
	Unlisted bool
	// CreatorHash is SHA-256 of the creator credential, which manages the
	// table (nil: the game has none). Written at creation.
	CreatorHash []byte

	// The read model, kept by the store (read only; CreateGame ignores it).

	// Version is the sequence number of the game stream's last event.
	Version int64
	// TalkVersion is the sequence number of the talk stream's last message.
	TalkVersion int64
	// SeatsTaken counts the claimed seats, bots' included.
	SeatsTaken int
	// FinishedAt is when the append that ended the game was stored
	// ([AppendRequest.Finished]); zero while it goes on.
	FinishedAt time.Time
	// Cancelled is set when the game ended by a [TableChange] cancelling
	// it (FinishedAt is set with it).
	Cancelled bool
	// Seats are the claims, in seat order, without their token hashes
	// (GetGame and ListGames fill them in).
	Seats []SeatClaim
	// Deadline is the game's earliest pending turn deadline, as the last
	// append that set one left it ([AppendRequest.Deadline]); zero: none.
	// The log holds the deadlines themselves; this indexed copy lets a
	// process find the games whose timers are due ([Store.DueGames])
	// without folding any.
	Deadline time.Time
}

// Status is where a game stands, as the read model has it.
type Status int

// Statuses are bits, so that a [ListFilter] may ask for several.
const (
	// StatusOpen: seats remain to be claimed and the game is not over.
	StatusOpen Status = 1 << iota
	// StatusActive: every seat is claimed and the game goes on.
	StatusActive
	// StatusOver: the game has ended.
	StatusOver
)

// Status returns where the game stands.
func (g GameRecord) Status() Status {
	switch {
	case !g.FinishedAt.IsZero():
		return StatusOver
	case g.SeatsTaken < g.Players:
		return StatusOpen
	}
	return StatusActive
}

// OpenSeats returns how many seats remain to be claimed (0 once over).
func (g GameRecord) OpenSeats() int {
	if !g.FinishedAt.IsZero() {
		return 0
	}
	return max(g.Players-g.SeatsTaken, 0)
}

// Summary is what service/ records of a game created before the store
// kept its read model: what only the game's configuration and log can
// tell ([Store.Summarise]).
type Summary struct {
	Players int
	Variant string
	// FinishedAt is when the game ended (zero: it goes on).
	FinishedAt time.Time
}

// Event is one stored event of a game stream.
type Event struct {
	GameID string
	// Seq numbers the game's events densely from 1, in commit order.
	Seq int64
	// Data is the marshalled event envelope.
	Data       []byte
	RecordedAt time.Time
}

// TalkMessage is one message of a game's table talk. Talk is a stream of
// its own beside the game's events: its messages take no sequence number
// of the game stream and change nothing of the game.
type TalkMessage struct {
	GameID string
	// Seq numbers the game's messages densely from 1, in commit order.
	Seq int64
	// Seat is the sender.
	Seat int
	// MessageID is the sender's id for the message ("": none).
	MessageID string
	// Data is the marshalled message (service/ writes a moonshine.v1
	// message).
	Data       []byte
	RecordedAt time.Time
}

// TalkRequest appends one message to a game's talk stream.
type TalkRequest struct {
	GameID string
	Seat   int
	// MessageID, if set, makes the append once-only per seat: when the
	// seat has sent a message under it already, nothing is written and
	// AppendTalk returns that message with Duplicate set.
	MessageID string
	Data      []byte
}

// TalkResult is the message appended, or for a repeat the first one.
type TalkResult struct {
	Message   TalkMessage
	Duplicate bool
}

// Change says that a game's streams moved: its events to at least
// Version, its talk to at least TalkVersion (0: not known to have moved),
// or, with Seats, that a seat of it was claimed. A Change with none of
// these set says only that something of the game may have moved (a
// notification from a process that did not say what), its seats
// included; one with an empty GameID, that any game may have
// (notifications were lost while the store's connection was down).
type Change struct {
	GameID      string
	Version     int64
	TalkVersion int64
	// Seats: a seat of the game was claimed (ClaimSeat), which changes its
	// record's claims and not its log.
	Seats bool
	// Events, when a store carries them (PostgreSQL, for another
	// process's appends that fit in a notification), are the events that
	// end at Version, in order and without gaps, so that a listener whose
	// copy stops just before them can fold them without reading the log.
	// They may start before what the listener has; nil says nothing.
	Events []Event
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
	// Finished marks the game over in its record (FinishedAt): the events
	// end it. It also clears the record's Deadline.
	Finished bool
	// Deadline, if set, replaces the game's pending deadline in its record
	// (GameRecord.Deadline): a zero time clears it. Nil leaves it as it is.
	Deadline *time.Time
}

// DueGame is a game whose pending turn deadline is due.
type DueGame struct {
	GameID   string
	Deadline time.Time
}

// AppendResult says where the events went.
type AppendResult struct {
	FirstSeq, LastSeq int64
	// RecordedAt is the events' stored time (for a duplicate, the first
	// command's).
	RecordedAt time.Time
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

// ListFilter narrows ListGames. Games are listed newest first: by
// creation time, then by ID, both descending.
type ListFilter struct {
	// Rules, if set, keeps only games of that module.
	Rules string
	// Status, if set, keeps only games in one of these statuses.
	Status Status
	// MinOpenSeats, if set, keeps only games with at least this many seats
	// to claim (and not over).
	MinOpenSeats int
	// Players, if set, keeps only tables of this size.
	Players int
	// Unsummarised keeps only records without their summary (Players 0):
	// games created before the store kept its read model.
	Unsummarised bool
	// Listed keeps only public tables, leaving out unlisted ones (the
	// lobby's listings; the server's own list every game).
	Listed bool
	// AfterID pages: the games listed after the game with this ID (created
	// before it). An ID that names no game yields an empty page.
	AfterID string
	// Limit caps the page; 0 means 100.
	Limit int
}

// Matches reports whether the filter keeps g (AfterID and Limit aside).
func (f ListFilter) Matches(g GameRecord) bool {
	switch {
	case f.Rules != "" && g.Rules != f.Rules,
		f.Status != 0 && f.Status&g.Status() == 0,
		f.MinOpenSeats > 0 && g.OpenSeats() < f.MinOpenSeats,
		f.Players > 0 && g.Players != f.Players,
		f.Unsummarised && g.Players != 0,
		f.Listed && g.Unlisted:
		return false
	}
	return true
}

var (
	// ErrTableStarted refuses a [TableChange] of a game that has started
	// (a command is recorded) or is over; a rotation, of a game that is
	// over.
	ErrTableStarted = errors.New("eventstore: the game has started")
	// ErrSeatNotHeld refuses a [TableChange] that frees a seat the given
	// credential does not hold, or rotates an unclaimed seat's.
	ErrSeatNotHeld = errors.New("eventstore: seat not held by the credential")
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
	if err == nil {
		return false // no target to allocate on every append that landed
	}
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
func ValidateGame(g GameRecord) error {
	if g.ID == "" || !ValidText(g.ID) || !ValidText(g.Rules) || !ValidText(g.Variant) || g.Players < 0 {
		return fmt.Errorf("%w: game id %q, rules %q, variant %q, %d players", ErrInvalidRequest, g.ID, g.Rules, g.Variant, g.Players)
	}
	return nil
}

// ValidateTalk checks an AppendTalk request; the error wraps
// ErrInvalidRequest.
func ValidateTalk(req TalkRequest) error {
	if req.GameID == "" || !ValidText(req.GameID) || !ValidText(req.MessageID) {
		return fmt.Errorf("%w: talk of game %q with message id %q", ErrInvalidRequest, req.GameID, req.MessageID)
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
