package eventstore

import (
	"context"
	"time"
)

// The store's contract is split by role, so that a caller names the part
// it uses: the game host the [Log], the lobby the [Games], credentials the
// [Seats], chat the [Talk], the turn timers the [Deadlines]. A [Store]
// plays every role; every implementation passes storetest.Run.

// Log is a role of the store: each game's event stream and the commands
// that wrote it.
type Log interface {
	// CreateGame writes a game's metadata and its opening events atomically.
	// ErrGameExists if the ID is taken.
	CreateGame(ctx context.Context, g GameRecord, events [][]byte) (AppendResult, error)
	// Append appends events to a game's stream; see AppendRequest.
	// Errors: ErrNotFound, *VersionConflictError.
	Append(ctx context.Context, req AppendRequest) (AppendResult, error)
	// ReadStream returns up to limit events of one game with Seq > afterSeq,
	// in order (limit 0: all).
	ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]Event, error)
	// LookupCommand returns the command a seat recorded under an ID;
	// ErrNotFound.
	LookupCommand(ctx context.Context, gameID string, seat int, commandID string) (Command, error)
	// Commands returns a game's recorded commands in order.
	Commands(ctx context.Context, gameID string) ([]Command, error)
	// OnChange has f told of every append the store learns of, events and
	// talk, until stop is called: this process's appends as they commit,
	// and those of other processes sharing the store as the store hears of
	// them (PostgreSQL: their notifications; SQLite: a poll of the file).
	// f runs on the store's goroutine and must not block. It lets a
	// process that keeps games in memory know when its copy is behind the
	// log without reading the log, and a watcher when to read again.
	OnChange(f func(Change)) (stop func())
}

// Games is a role of the store: the games' records and the read model
// kept on every write, which the lobby lists.
type Games interface {
	// GetGame returns a game's record, read model and seat claims
	// included; ErrNotFound.
	GetGame(ctx context.Context, id string) (GameRecord, error)
	// ListGames lists the records that f keeps, newest first, with their
	// seat claims, in one query.
	ListGames(ctx context.Context, f ListFilter) ([]GameRecord, error)
	// Summarise fills in the summary of a game created before the store
	// kept its read model (a record with Players 0); a record that has one
	// is left as it is. ErrNotFound.
	Summarise(ctx context.Context, id string, s Summary) error
}

// Seats is a role of the store: the seats' claims and credentials, and
// the changes of a table before its game starts.
type Seats interface {
	// ClaimSeat records a seat's credential hash and counts it in the
	// game's SeatsTaken. ErrSeatTaken if claimed; see ValidateClaim.
	ClaimSeat(ctx context.Context, c SeatClaim) error
	// Seats returns a game's claimed seats in seat order.
	Seats(ctx context.Context, gameID string) ([]SeatClaim, error)
	// SeatByToken finds a claim by credential hash; ErrNotFound.
	SeatByToken(ctx context.Context, tokenHash []byte) (SeatClaim, error)
	// ChangeTable appends one table event and, in the same transaction,
	// frees a seat or cancels the game (before the start) or rotates a
	// seat's credential (until the end); see TableChange. Errors:
	// ErrNotFound, *VersionConflictError, ErrTableStarted,
	// ErrSeatNotHeld.
	ChangeTable(ctx context.Context, c TableChange) (AppendResult, error)
}

// Talk is a role of the store: each game's table talk, a stream of its
// own beside the game's events.
type Talk interface {
	// AppendTalk appends a message to a game's talk stream; see
	// TalkRequest. ErrNotFound.
	AppendTalk(ctx context.Context, req TalkRequest) (TalkResult, error)
	// ReadTalk returns up to limit messages of one game with Seq >
	// afterSeq, in order (limit 0: all).
	ReadTalk(ctx context.Context, gameID string, afterSeq int64, limit int) ([]TalkMessage, error)
}

// Deadlines is a role of the store: the games whose turn timers are due.
type Deadlines interface {
	// DueGames returns up to limit games (0: 100) not over whose pending
	// deadline ([GameRecord.Deadline]) is at or before until, earliest
	// first: one indexed query.
	DueGames(ctx context.Context, until time.Time, limit int) ([]DueGame, error)
}

// Store is the event store: every role, and the store's own life.
type Store interface {
	Log
	Games
	Seats
	Talk
	Deadlines

	// Kind names the implementation for logs: "memory", "sqlite", "postgres".
	Kind() string
	// Ping checks the store is reachable.
	Ping(ctx context.Context) error
	// Close releases the store's resources.
	Close() error
}

// Meter registers metrics that are read at each scrape
// (telemetry.Telemetry is one).
type Meter interface {
	// GaugeFunc registers a gauge read from f.
	GaugeFunc(name, help string, f func() float64)
	// CounterFunc registers a counter read from f.
	CounterFunc(name, help string, f func() float64)
}

// Measured is a capability a store may declare: it has statistics of its
// own (PostgreSQL: its connection pool and LISTEN reconnects), which
// Measure registers on m. The server registers them for any store that
// declares it.
type Measured interface {
	Measure(m Meter)
}
