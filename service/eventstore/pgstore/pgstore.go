package pgstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/puddle/v2"

	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/internal/fanout"
)

// notifyChannel is the LISTEN/NOTIFY channel; payloads are game ids.
const notifyChannel = "moonshine_events"

// Store is the PostgreSQL event store. Use Open.
type Store struct {
	pool      *pgxpool.Pool
	hub       *fanout.Hub
	lis       *listener
	notifier  *notifier
	instance  string // tags this store's notifications
	closeOnce sync.Once
}

var _ eventstore.Store = (*Store)(nil)

// DefaultMaxConns is the pool size Open uses when url does not set
// pool_max_conns. An append holds its connection through the commit's WAL
// flush, waiting on the disk rather than on a CPU, so a pool sized to the
// CPUs (pgx's default: the larger of 4 and their number) makes concurrent
// games queue for a connection while the database could commit for them
// together: measured with moonshine-load on 2 cores and 8 games at once,
// 4 connections spent about half of each append waiting for one, and 16
// gave 20-50% more commands/s (docs/benchmarks.md).
const DefaultMaxConns = 16

// Open connects to the database at url (a postgres:// URL or keyword/value
// string, as pgx parses it), applies the migrations, and starts the
// listener that serves OnChange. The pool holds DefaultMaxConns
// connections unless url sets pool_max_conns. A database that cannot be
// reached is eventstore.ErrUnavailable (the caller may retry).
func Open(ctx context.Context, url string) (*Store, error) {
	return OpenOptions(ctx, url, Options{})
}

// Options configure OpenOptions beyond the pool's URL.
type Options struct {
	// DirectURL, if set, is a session connection straight to the primary
	// for what needs a session of its own: the LISTEN connection and the
	// migrations' advisory lock. Set it when the pool's URL goes through
	// a pooler in transaction mode (PgBouncer's pool_mode=transaction),
	// which hands each transaction whichever server connection is free:
	// LISTEN would be lost with its session. The pool then runs its
	// statements unnamed (pgx's cache_describe mode: each statement's
	// description is cached in the process, and no statement is prepared
	// by name on a server connection that the next transaction may not
	// get), unless the URL sets default_query_exec_mode itself (a pooler
	// that keeps prepared statements, such as PgBouncer 1.21 and later with
	// max_prepared_statements, may take cache_statement).
	DirectURL string
}

// OpenOptions is Open with options.
func OpenOptions(ctx context.Context, url string, o Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("pgstore: parse database URL: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = DefaultMaxConns
	}
	if o.DirectURL == "" {
		return open(ctx, cfg, cfg.ConnConfig)
	}
	direct, err := pgx.ParseConfig(o.DirectURL)
	if err != nil {
		return nil, fmt.Errorf("pgstore: parse direct database URL: %w", err)
	}
	if !strings.Contains(url, "default_query_exec_mode") {
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheDescribe
	}
	return open(ctx, cfg, direct)
}

// OpenConfig is Open with a parsed pool configuration.
func OpenConfig(ctx context.Context, cfg *pgxpool.Config) (*Store, error) {
	return open(ctx, cfg, cfg.ConnConfig)
}

// open migrates through a session of session's, opens the pool of cfg
// and listens on a session of session's.
func open(ctx context.Context, cfg *pgxpool.Config, session *pgx.ConnConfig) (*Store, error) {
	if err := migrateConfig(ctx, session); err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, mapError("connect", err)
	}
	s := &Store{pool: pool, hub: fanout.New()}
	s.instance = newInstanceID()
	s.notifier = startNotifier(pool, s.instance)
	s.lis, err = startListener(ctx, session.Copy(), s.hub, s.instance)
	if err != nil {
		s.notifier.stop()
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Migrate applies the PostgreSQL migrations to the database pool connects
// to, on a connection of its own. Applying twice is a no-op; concurrent
// callers serialise on tern's advisory lock.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return migrateConfig(ctx, pool.Config().ConnConfig)
}

// MigrateURL is Migrate for a database URL.
func MigrateURL(ctx context.Context, url string) error {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return fmt.Errorf("pgstore: parse database URL: %w", err)
	}
	return migrateConfig(ctx, cfg)
}

func migrateConfig(ctx context.Context, cfg *pgx.ConnConfig) error {
	// A connection of its own: tern holds a session advisory lock on it,
	// which must not go back to a pool if unlocking fails.
	conn, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		return mapError("connect to migrate", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := migrations.ApplyPostgres(ctx, conn); err != nil {
		return fmt.Errorf("pgstore: %w", err)
	}
	return nil
}

// newInstanceID returns a random id for a store's notifications.
func newInstanceID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Kind returns "postgres".
func (s *Store) Kind() string { return "postgres" }

// Pool returns the store's connection pool (for metrics and tests).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// ListenerReconnects returns how often the LISTEN connection has been
// made again since Open (after the database restarted, failed over or
// dropped it).
func (s *Store) ListenerReconnects() int64 { return s.lis.connects.Load() - 1 }

// Ping implements [eventstore.Store].
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return mapError("ping", err)
	}
	return nil
}

// Close implements [eventstore.Store]: it stops the notifier and the
// listener, and closes the pool. It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.notifier.stop()
		s.lis.stop()
		s.pool.Close()
	})
	return nil
}

// Every statement reads or writes one game's rows, named by its id,
// except those that begin with one of these comments: the lobby read
// model's listings (games across games) and the credential lookup (a
// seat by its token's hash). A sharded store would run these across
// shards; shard_test.go checks that no other statement spans games.
const (
	acrossLobby      = "/* across games: the lobby read model */ "
	acrossCredential = "/* across games: the credential lookup */ "
)

// Constraint names from migrations/postgres, mapped to store errors.
const (
	gamesPKey     = "games_pkey"
	eventsPKey    = "events_pkey"
	commandsPKey  = "commands_pkey"
	seatsPKey     = "seats_pkey"
	seatsTokenKey = "seats_token_hash_key"
)

// unavailable reports whether err says that the database could not be
// reached or used for now, rather than that it refused the statement: no
// connection could be made, the connection broke (pgconn's own verdict
// that nothing was sent, a network error, an unexpected end of stream),
// the pool is closed, or the server answered with an error of an outage:
// connection exceptions (class 08), shutting down or starting up (57P01 to
// 57P03), a statement timeout (57014), insufficient resources (class 53:
// too many connections, disk full, out of memory), a system or I/O error
// (class 58), a read-only server (25006, a primary demoted in a
// failover), or a serialization failure or deadlock (40001, 40P01). The
// caller's own cancellation or deadline is not an outage.
func unavailable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch c := pgErr.Code; {
		case strings.HasPrefix(c, "08"), strings.HasPrefix(c, "53"), strings.HasPrefix(c, "58"):
			return true
		case c == "57P01", c == "57P02", c == "57P03", c == "57014", c == "25006", c == "40001", c == "40P01":
			return true
		}
		return false
	}
	var connErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connErr) || pgconn.SafeToRetry(err) || pgconn.Timeout(err) || errors.As(err, &netErr) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, puddle.ErrClosedPool)
}

// isUniqueViolation reports whether err is a unique violation of the
// named constraint.
func isUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == constraint
}

// mapError turns a PostgreSQL error into a store error: unique violations
// (23505) by constraint name, foreign key violations (23503: the game does
// not exist) to ErrNotFound, an outage (see unavailable) to
// ErrUnavailable. A unique violation never leaves as itself.
func mapError(op string, err error) error {
	if unavailable(err) {
		return fmt.Errorf("pgstore: %s: %w: %w", op, eventstore.ErrUnavailable, err)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return fmt.Errorf("pgstore: %s: %w", op, err)
	}
	switch pgErr.Code {
	case "23505":
		switch pgErr.ConstraintName {
		case gamesPKey:
			return fmt.Errorf("pgstore: %s: %w", op, eventstore.ErrGameExists)
		case seatsPKey, seatsTokenKey:
			return fmt.Errorf("pgstore: %s: %w", op, eventstore.ErrSeatTaken)
		default:
			// events_pkey and commands_pkey cannot fire: the version
			// compare-and-set and ON CONFLICT DO NOTHING come first.
			return fmt.Errorf("pgstore: %s: unexpected duplicate key on %s", op, pgErr.ConstraintName)
		}
	case "23503":
		return fmt.Errorf("pgstore: %s: %w", op, eventstore.ErrNotFound)
	}
	return fmt.Errorf("pgstore: %s: %w", op, err)
}

// Replica is a read replica of the PostgreSQL store: a hot standby (or
// any copy that follows the primary) that serves the reads
// eventstore.WithReplica sends it. It writes nothing, applies no
// migration and listens to nothing.
type Replica struct{ s *Store }

var _ eventstore.Replica = (*Replica)(nil)

// OpenReplica opens a pool on the replica at url. It does not wait for
// the replica: a read it cannot serve goes to the primary.
func OpenReplica(ctx context.Context, url string) (*Replica, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("pgstore: parse read replica URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, mapError("connect to the read replica", err)
	}
	return &Replica{s: &Store{pool: pool}}, nil
}

// ListGames implements [eventstore.Replica].
func (r *Replica) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.GameRecord, error) {
	return r.s.ListGames(ctx, f)
}

// ReadStream implements [eventstore.Replica].
func (r *Replica) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	return r.s.ReadStream(ctx, gameID, afterSeq, limit)
}

// Close implements [eventstore.Replica].
func (r *Replica) Close() error {
	r.s.pool.Close()
	return nil
}
