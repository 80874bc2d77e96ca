package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
)

// StoreConfig names the event store by its URL and configures it.
type StoreConfig struct {
	// URL chooses the store by its scheme: a PostgreSQL URL
	// (postgres://, postgresql://, or a keyword/value string such as
	// "host=db dbname=moonshine"), sqlite:PATH or a file path for the
	// embedded store, memory: for one in memory that keeps nothing.
	// Empty: the embedded store at DBPath.
	URL string
	// DBPath is the embedded store's file when URL is empty.
	DBPath string
	// DirectURL (PostgreSQL) is a session connection straight to the
	// primary, for what needs a session: LISTEN and the migrations'
	// advisory lock. Set it when URL goes through a pooler in
	// transaction mode (PgBouncer); see pgstore.Options.
	DirectURL string
	// ReadURL (PostgreSQL) is a read replica for the reads that may be
	// served from one (history, views at an event, the lobby's
	// listings); ReadWait is how long such a read waits for the replica
	// to reach the version it names before the primary serves it. See
	// eventstore.WithReplica.
	ReadURL  string
	ReadWait time.Duration
}

// Store kinds, as StoreConfig's URL names them.
const (
	kindPostgres = "postgres"
	kindSQLite   = "sqlite"
	kindMemory   = "memory"
)

// scheme matches a URL's scheme (two letters at least, so that a Windows
// drive is a path).
var scheme = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]+):`)

// kind returns which store the configuration names and where: the
// PostgreSQL URL, the embedded store's path, or nothing for memory.
func (c StoreConfig) kind() (kind, target string, err error) {
	u := strings.TrimSpace(c.URL)
	m := scheme.FindStringSubmatch(u)
	switch {
	case u == "":
		return kindSQLite, c.DBPath, nil
	case m == nil && strings.Contains(u, "="):
		return kindPostgres, u, nil // keyword/value
	case m == nil:
		return kindSQLite, u, nil // a file path
	}
	switch strings.ToLower(m[1]) {
	case "postgres", "postgresql":
		return kindPostgres, u, nil
	case "sqlite":
		path := strings.TrimPrefix(strings.TrimPrefix(u, m[0]), "//")
		if path == "" {
			return "", "", errors.New("server: store URL sqlite: names no file (sqlite:PATH)")
		}
		return kindSQLite, path, nil
	case "memory":
		return kindMemory, "", nil
	}
	return "", "", fmt.Errorf("server: store URL scheme %q is not one of postgres:, postgresql:, sqlite:, memory: (or a file path for the embedded store)", m[1])
}

// OpenStore opens the store c names (see StoreConfig.URL). PostgreSQL
// and the embedded store apply their migrations on open. It logs which
// (never a URL, which may hold a password).
func OpenStore(ctx context.Context, c StoreConfig, log *slog.Logger) (eventstore.Store, error) {
	kind, target, err := c.kind()
	if err != nil {
		return nil, err
	}
	if kind != kindPostgres && (c.DirectURL != "" || c.ReadURL != "") {
		return nil, fmt.Errorf("server: a direct or read URL is for PostgreSQL, and the store URL names the %s store", kind)
	}
	switch kind {
	case kindMemory:
		log.Warn("event store: in memory; nothing is kept when the process ends")
		return memstore.New(), nil
	case kindSQLite:
		log.Info("event store: embedded SQLite", "path", target)
		return sqlitestore.OpenContext(ctx, target)
	}
	log.Info("event store: PostgreSQL", "direct_url", c.DirectURL != "", "read_url", c.ReadURL != "")
	pg, err := pgstore.OpenOptions(ctx, target, pgstore.Options{DirectURL: c.DirectURL})
	if err != nil || c.ReadURL == "" {
		return pg, err
	}
	replica, err := pgstore.OpenReplica(ctx, c.ReadURL)
	if err != nil {
		pg.Close()
		return nil, err
	}
	return eventstore.WithReplica(pg, replica, c.ReadWait), nil
}

// Backoff between tries to reach the database at start.
const (
	connectPauseMin = 250 * time.Millisecond
	connectPauseMax = 5 * time.Second
)

// openRetrying opens the configured store, trying again while it cannot
// be reached (eventstore.ErrUnavailable: the database is not up yet, or
// restarting) for up to cfg.ConnectTimeout, backing off and logging each
// try. Any other error (a bad URL, a refused password, a failed
// migration) ends it at once.
func openRetrying(ctx context.Context, cfg Config, log *slog.Logger) (eventstore.Store, error) {
	deadline := time.Now().Add(cfg.ConnectTimeout)
	pause := connectPauseMin
	for attempt := 1; ; attempt++ {
		st, err := OpenStore(ctx, cfg.storeConfig(), log)
		if err == nil {
			if attempt > 1 {
				log.Info("connected to the event store", "attempt", attempt)
			}
			return st, nil
		}
		if !errors.Is(err, eventstore.ErrUnavailable) {
			return nil, err
		}
		if cfg.ConnectTimeout < 0 || time.Now().Add(pause).After(deadline) {
			return nil, fmt.Errorf("server: the event store is unreachable after %d tries in %s: %w", attempt, cfg.ConnectTimeout, err)
		}
		log.Warn("the event store is unreachable; trying again", "attempt", attempt, "retry_in", pause, "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, connectPauseMax)
	}
}
