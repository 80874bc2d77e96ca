package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// server is a provisioned PostgreSQL server.
type server struct {
	url   string        // admin URL (a database we may CREATE DATABASE from)
	how   string        // how it was provisioned, for logs
	admin *pgxpool.Pool // runs CREATE and DROP DATABASE
	stop  func() error  // releases the container or cluster; nil for DATABASE_URL
}

var (
	mainCalled atomic.Bool
	once       sync.Once
	srv        *server
	srvErr     error
	dbCount    atomic.Int64
	runID      = randomHex(4)
)

// Main runs the package's tests and then stops any server pgtest started.
// Call it from TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
func Main(m *testing.M) {
	mainCalled.Store(true)
	code := m.Run()
	if err := shutdown(); err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

func shutdown() error {
	if srv == nil {
		return nil
	}
	srv.admin.Close()
	if srv.stop != nil {
		return srv.stop()
	}
	return nil
}

// New returns the URL of a new, empty database for t on a PostgreSQL server
// provisioned once per test binary (see the package doc), and drops the
// database when t ends. It skips t under -short.
func New(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("pgtest: PostgreSQL tests are skipped under -short")
	}
	if !mainCalled.Load() {
		t.Fatal("pgtest: call pgtest.Main(m) from the package's TestMain so the server is stopped at the end")
	}
	once.Do(func() { srv, srvErr = provision() })
	if srvErr != nil {
		t.Fatalf("pgtest: %v", srvErr)
	}
	name := fmt.Sprintf("moonshine_test_%s_%d", runID, dbCount.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := srv.admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create database %s on %s: %v", name, srv.how, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := srv.admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})
	u, err := withDatabase(srv.url, name)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Logf("pgtest: database %s on %s", name, srv.how)
	return u
}

// provision finds or starts a server, in the package doc's order.
func provision() (*server, error) {
	var s *server
	var err error
	var tried []string
	switch {
	case os.Getenv("DATABASE_URL") != "":
		s = &server{url: os.Getenv("DATABASE_URL"), how: "DATABASE_URL"}
	default:
		s, err = startContainer()
		if err != nil {
			tried = append(tried, err.Error())
			s, err = startLocal()
			if err != nil {
				tried = append(tried, err.Error())
				return nil, fmt.Errorf("no PostgreSQL server available:\n  %s\n"+
					"Set DATABASE_URL to a server whose role may CREATE DATABASE, start a Docker engine "+
					"(testcontainers-go runs postgres in it), or install PostgreSQL server binaries "+
					"(e.g. apt-get install postgresql); or run with -short to skip these tests",
					strings.Join(tried, "\n  "))
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg, err := pgxpool.ParseConfig(s.url)
	if err != nil {
		return nil, fmt.Errorf("parse URL of %s: %w", s.how, err)
	}
	cfg.MaxConns = 4
	s.admin, err = pgxpool.NewWithConfig(ctx, cfg)
	if err == nil {
		err = s.admin.Ping(ctx)
	}
	if err != nil {
		if s.stop != nil {
			_ = s.stop()
		}
		return nil, fmt.Errorf("connect to %s: %w", s.how, err)
	}
	return s, nil
}

// withDatabase returns dsn (a URL or keyword/value string) naming database db.
func withDatabase(dsn, db string) (string, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return "", fmt.Errorf("parse database URL: %w", err)
		}
		u.Path = "/" + db
		q := u.Query()
		q.Del("dbname")
		u.RawQuery = q.Encode()
		return u.String(), nil
	}
	// Keyword/value form: a later keyword overrides an earlier one.
	return dsn + " dbname=" + db, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
