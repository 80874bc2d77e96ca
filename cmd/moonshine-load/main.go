// Command moonshine-load plays many complete Booze Barons games against a
// Moonshine server at once, every seat a separate credential choosing among
// the legal commands its own view offers, and reports throughput and latency.
// It is the tool behind the service figures in docs/benchmarks.md.
//
// With no -addr it starts the real server in-process on a loopback port, on
// the store named by -store ("memory", "sqlite" in a temporary directory, or
// "postgres" at DATABASE_URL), so that one command measures one setup. Its
// work is bounded: -games games, each within -timeout.
//
//	go run ./cmd/moonshine-load -store postgres -games 40 -concurrency 8 -players 5
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command line.
type options struct {
	addr        string
	store       string
	games       int
	concurrency int
	players     int
	seed        int64
	timeout     time.Duration
	json        bool
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("moonshine-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", "", "server address; empty starts one in-process")
	fs.StringVar(&o.store, "store", "memory", "in-process store: memory, sqlite or postgres (DATABASE_URL)")
	fs.IntVar(&o.games, "games", 20, "games to play to the end")
	fs.IntVar(&o.concurrency, "concurrency", 4, "games in play at once")
	fs.IntVar(&o.players, "players", 5, "seats per game (3-9)")
	fs.Int64Var(&o.seed, "seed", 1, "seed for the seats' choices")
	fs.DurationVar(&o.timeout, "timeout", 5*time.Minute, "limit for the whole run")
	fs.BoolVar(&o.json, "json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.games < 1 || o.concurrency < 1 || o.players < 3 || o.players > 9 {
		return o, fmt.Errorf("need -games >= 1, -concurrency >= 1 and -players in 3..9")
	}
	return o, nil
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	addr, stop, err := target(ctx, o)
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-load:", err)
		return 1
	}
	defer stop()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-load:", err)
		return 1
	}
	defer conn.Close()
	rep, err := drive(ctx, conn, o)
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-load:", err)
		return 1
	}
	rep.Store = o.store
	if o.addr != "" {
		rep.Store = "remote " + o.addr
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(rep)
	} else {
		rep.print(stdout)
	}
	return 0
}

// target returns the address to load: -addr, or an in-process server.
func target(ctx context.Context, o options) (string, func(), error) {
	if o.addr != "" {
		return o.addr, func() {}, nil
	}
	cfg := server.Config{
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		CommandRate: 1e6, CommandBurst: 1e6,
	}
	var cleanup []func()
	switch o.store {
	case "memory":
		cfg.Store = memstore.New()
	case "sqlite":
		dir, err := os.MkdirTemp("", "moonshine-load")
		if err != nil {
			return "", nil, err
		}
		cleanup = append(cleanup, func() { os.RemoveAll(dir) })
		cfg.DBPath = filepath.Join(dir, "load.db")
	case "postgres":
		cfg.DatabaseURL = os.Getenv("DATABASE_URL")
		if cfg.DatabaseURL == "" {
			return "", nil, fmt.Errorf("-store postgres needs DATABASE_URL")
		}
	default:
		return "", nil, fmt.Errorf("unknown -store %q", o.store)
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		return "", nil, err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	go func() { _ = srv.Serve(lis) }()
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		for _, f := range cleanup {
			f()
		}
	}
	return lis.Addr().String(), stop, nil
}

// heapMiB reads the in-process heap in use, in MiB.
func heapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}
