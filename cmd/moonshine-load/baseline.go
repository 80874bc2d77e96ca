package main

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// baselineTable is where the baseline inserts; the tool creates it.
const baselineTable = "moonshine_load_baseline"

// baseline is the database's own limit: writers each running a bare
// single-row INSERT transaction (a 200-byte row, an implicit transaction,
// one round trip) in a loop, through pgx, against the servers' database.
type baseline struct {
	pool *pgxpool.Pool
}

// openBaseline connects to DATABASE_URL; nil when the run is not on
// PostgreSQL or the baseline is off.
func openBaseline(ctx context.Context, o options) (*baseline, error) {
	url := os.Getenv("DATABASE_URL")
	if o.baseline <= 0 || url == "" || (o.store != "postgres" && len(o.addrs) == 0) {
		return nil, nil
	}
	pool, err := openInsertPool(ctx, url, o.concurrency)
	if err != nil {
		return nil, err
	}
	return &baseline{pool: pool}, nil
}

// openInsertPool connects to the database at url with a connection for
// each of concurrency writers (at least 4) and creates the table the
// baseline and the floor insert into, if it is not there.
func openInsertPool(ctx context.Context, url string, concurrency int) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = int32(max(concurrency, 4))
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+baselineTable+` (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data bytea NOT NULL)`); err != nil {
		pool.Close()
		return nil, fmt.Errorf("baseline: %w", err)
	}
	return pool, nil
}

func (b *baseline) close() {
	if b != nil {
		b.pool.Close()
	}
}

// run inserts with writers goroutines for d.
func (b *baseline) run(ctx context.Context, writers int, d time.Duration) (*baselineRun, error) {
	if b == nil {
		return nil, nil
	}
	data := make([]byte, 200)
	lat := newLatencies()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	start := time.Now()
	end := start.Add(d)
	mark := markCPU()
	for range writers {
		wg.Go(func() {
			for time.Now().Before(end) {
				t := time.Now()
				if _, err := b.pool.Exec(ctx, `INSERT INTO `+baselineTable+` (data) VALUES ($1)`, data); err != nil {
					errs <- err
					return
				}
				lat.since("insert", t)
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	secs := time.Since(start).Seconds()
	used := mark.since()
	s := lat.summary()["insert"]
	out := &baselineRun{Inserts: s.Calls, Seconds: secs, PerSec: float64(s.Calls) / secs, Latency: s, Concurrent: writers}
	if s.Calls > 0 {
		out.ClientCPUus = float64(used.self.Microseconds()) / float64(s.Calls)
		out.DatabaseCPUus = float64(used.database.Microseconds()) / float64(s.Calls)
		out.MachineCPUus = float64(used.machine.Microseconds()) / float64(s.Calls)
	}
	return out, nil
}
