package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/internal/fanout"
	"github.com/moonshine-games/moonshine/service/eventstore/internal/groupcommit"
)

// pollInterval is how often, while anyone is subscribed, the store looks
// for events appended by other processes.
const pollInterval = 250 * time.Millisecond

// Store is the SQLite event store. Use Open.
type Store struct {
	w   *sql.DB // one connection: the single writer
	r   *sql.DB // readers
	hub *fanout.Hub
	// appends commits the appends that queue up together (groupcommit.go).
	appends groupcommit.Queue[eventstore.AppendRequest, eventstore.AppendResult]

	stopPoll  context.CancelFunc
	pollDone  chan struct{}
	closeOnce sync.Once
	closeErr  error
}

var _ eventstore.Store = (*Store)(nil)

// Open opens (creating if need be) the store in the file at path and
// applies the migrations.
func Open(path string) (*Store, error) {
	return OpenContext(context.Background(), path)
}

// OpenContext is Open with a context for the migrations.
func OpenContext(ctx context.Context, path string) (*Store, error) {
	pragmas := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		pragmas.Add("_pragma", p)
	}
	w, err := sql.Open("sqlite", "file:"+path+"?"+pragmas.Encode()+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlitestore: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if _, err := migrations.ApplySQLite(ctx, w); err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("sqlitestore: %s: %w", path, err)
	}
	pragmas.Add("_pragma", "query_only(1)")
	r, err := sql.Open("sqlite", "file:"+path+"?"+pragmas.Encode())
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("sqlitestore: open %s for reading: %w", path, err)
	}
	r.SetMaxIdleConns(4)
	var last logEnd
	if err := r.QueryRowContext(ctx, `SELECT (SELECT coalesce(max(position), 0) FROM events), (SELECT coalesce(max(position), 0) FROM talk)`).
		Scan(&last.events, &last.talk); err != nil {
		_ = errors.Join(r.Close(), w.Close())
		return nil, fmt.Errorf("sqlitestore: %s: read log end: %w", path, err)
	}
	pollCtx, stop := context.WithCancel(context.Background())
	s := &Store{w: w, r: r, hub: fanout.New(), stopPoll: stop, pollDone: make(chan struct{})}
	go s.poll(pollCtx, last)
	return s, nil
}

// Kind returns "sqlite".
func (s *Store) Kind() string { return "sqlite" }

// Ping implements [eventstore.Store].
func (s *Store) Ping(ctx context.Context) error {
	if err := s.r.PingContext(ctx); err != nil {
		return fail(err, "ping")
	}
	return nil
}

// Close implements [eventstore.Store]: it stops the poll and closes the
// database. It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.stopPoll()
		<-s.pollDone
		s.closeErr = errors.Join(s.r.Close(), s.w.Close())
		if s.closeErr != nil {
			s.closeErr = fmt.Errorf("sqlitestore: close: %w", s.closeErr)
		}
	})
	return s.closeErr
}

// now is the store's clock, at the stored precision.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

func micros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// fail wraps a failed operation's error, marking with
// eventstore.ErrUnavailable what says the file could not be used right now
// (see transient) rather than that the request was wrong.
func fail(err error, format string, args ...any) error {
	op := fmt.Sprintf(format, args...)
	if transient(err) {
		return fmt.Errorf("sqlitestore: %s: %w: %w", op, eventstore.ErrUnavailable, err)
	}
	return fmt.Errorf("sqlitestore: %s: %w", op, err)
}

// transient reports whether err is SQLite failing for a while rather than
// for good: the database locked beyond the busy timeout, an I/O error, a
// full disk, a file that cannot be opened, or memory exhausted.
func transient(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL,
		sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_PROTOCOL:
		return true
	}
	return false
}

// isConstraint reports whether err is a SQLite primary key or unique
// constraint violation.
func isConstraint(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY || e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

// inTx runs fn in a write transaction (BEGIN IMMEDIATE) and commits if it
// returns nil.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// logEnd is the last position (rowid) the poll has seen in the events
// and in the talk.
type logEnd struct{ events, talk int64 }

// poll publishes the changes of games that gained events or talk the
// store did not write itself (another process sharing the file). It looks
// only while someone is subscribed or listening; a change this process
// made itself is published again, with its version, which the contract
// allows and a listener that is at that version already ignores.
func (s *Store) poll(ctx context.Context, last logEnd) {
	defer close(s.pollDone)
	// last starts at the end of the log as Open found it and advances only
	// while someone is subscribed: events appended in between wake the
	// first subscribers spuriously, never too late.
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if !s.hub.Listening() {
			continue
		}
		last.events = s.publishAfter(ctx, "events", last.events, func(id string, v int64) eventstore.Change {
			return eventstore.Change{GameID: id, Version: v}
		})
		last.talk = s.publishAfter(ctx, "talk", last.talk, func(id string, v int64) eventstore.Change {
			return eventstore.Change{GameID: id, TalkVersion: v}
		})
	}
}

// publishAfter publishes the change of each game with rows of table past
// position last, at its highest seq, and returns the new last position.
func (s *Store) publishAfter(ctx context.Context, table string, last int64, change func(id string, seq int64) eventstore.Change) int64 {
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, max(position), max(seq) FROM `+table+` WHERE position > ? GROUP BY game_id`, last)
	if err != nil {
		return last
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var pos, seq int64
		if rows.Scan(&id, &pos, &seq) == nil {
			s.hub.Publish(change(id, seq))
			last = max(last, pos)
		}
	}
	return last
}

// OnChange implements [eventstore.Store]: f is told of this store's
// appends as they commit, and of other processes' when the poll finds
// them (every pollInterval).
func (s *Store) OnChange(f func(eventstore.Change)) (stop func()) { return s.hub.Listen(f) }
