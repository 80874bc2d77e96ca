// Command moonshine-load measures a Moonshine server under load and
// compares it, in the same run, with what the database allows. It is the
// tool behind the service figures in docs/benchmarks.md.
//
// It plays complete games of every game the server hosts (ListRules), each
// seat a separate credential, in one of two client modes:
//
//   - stream (the default) behaves like a real frontend: each seat opens
//     its WatchGame stream once, with prompts, renders from the events and
//     submits one of its legal commands when a prompt says it must act. No
//     GetView per command. With -prompts view, the seat instead reads its
//     view after each event it receives, which is what a frontend had to
//     do before the stream carried prompts.
//   - poll: for each command, the public view, then the acting seat's
//     view, then the submit.
//
// With PostgreSQL it runs a baseline before and after each round at the
// same concurrency against the same database: a bare single-row INSERT
// transaction per operation through pgx. It prints commands/s, baseline
// inserts/s and their ratio, p50/p99/max latency per RPC, from each
// server's /metrics the CPU seconds, allocations and store round trips per
// command and the heap, and the CPU the clients (this process) and the
// whole machine spent per command and per baseline insert.
//
// With no -addr it starts -instances server processes (this binary, run
// with -serve) on the store named by -store: "memory", "sqlite" in a
// temporary directory, or "postgres" at DATABASE_URL. With -addr it loads
// running servers (comma-separated), reading their metrics from -metrics
// (their admin listeners, comma-separated, same order).
//
// Other scenarios replace the games: -watchers N (fan-out: N spectators of
// one game, latency from just before each submit to each delivery),
// -streams N (heap per open stream, over -stream-games games) and
// -cache-games N (bytes per cached game of each kind) and -floor D (the
// least any server keeping the contract does per command: see floor.go).
//
//	go run ./cmd/moonshine-load -store postgres -count 40 -concurrency 8
//	go run ./cmd/moonshine-load -store postgres -instances 2
//	go run ./cmd/moonshine-load -store postgres -watchers 1000
//	go run ./cmd/moonshine-load -floor 10s
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"
)

// clientGCPercent is the clients' GOGC (see run).
const clientGCPercent = 400

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command line.
type options struct {
	// Targets.
	addrs     []string
	metrics   []string
	store     string
	instances int
	cacheMiB  int64
	// The games.
	mode        string
	prompts     string
	batched     bool
	only        []string
	count       int
	concurrency int
	players     int
	maxMoves    int
	rounds      int
	baseline    time.Duration
	seed        int64
	// Other scenarios.
	watchers    int
	appends     int
	streams     int
	streamGames int
	cacheGames  int
	cacheMoves  int
	floor       time.Duration
	withFloor   time.Duration
	// Output.
	profile string
	timeout time.Duration
	json    bool
	// serve runs this process as one server (see serve.go).
	serve bool
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	var addrs, metrics, only string
	fs := flag.NewFlagSet("moonshine-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&addrs, "addr", "", "running servers' gRPC addresses, comma-separated; empty starts -instances servers")
	fs.StringVar(&metrics, "metrics", "", "with -addr: the servers' admin listeners (host:port), comma-separated, in -addr's order")
	fs.StringVar(&o.store, "store", "memory", "store of the servers started: memory, sqlite or postgres (DATABASE_URL)")
	fs.IntVar(&o.instances, "instances", 1, "servers to start on the store (more than one needs postgres)")
	fs.Int64Var(&o.cacheMiB, "cache-mib", 0, "the started servers' game cache budget in MiB (0: the server's default)")
	fs.StringVar(&o.mode, "mode", "stream", "client mode: stream (watch once, act on prompts) or poll (views before every command)")
	fs.StringVar(&o.prompts, "prompts", "stream", "stream mode: where a seat learns it must act, stream (prompt updates) or view (a GetView after each event)")
	fs.BoolVar(&o.batched, "batched", true, "stream mode: watch batched (one response per append: its events and the prompt update), as the project's clients do; false: a message per event and per update")
	fs.StringVar(&only, "games", "", "games to play, comma-separated rules ids (empty: every game the server hosts)")
	fs.IntVar(&o.count, "count", 40, "games played per round, spread over the games")
	fs.IntVar(&o.concurrency, "concurrency", 8, "games in play at once, and the baseline's writers")
	fs.IntVar(&o.players, "players", 5, "seats per game, within each game's range")
	fs.IntVar(&o.maxMoves, "moves", 400, "commands after which a game that has not ended is left")
	fs.IntVar(&o.rounds, "rounds", 1, "rounds of baseline, games, baseline")
	fs.DurationVar(&o.baseline, "baseline", 5*time.Second, "length of each baseline run (postgres; 0: none)")
	fs.Int64Var(&o.seed, "seed", 1, "seed for the seats' choices")
	fs.IntVar(&o.watchers, "watchers", 0, "fan-out scenario: spectators watching one game")
	fs.IntVar(&o.appends, "appends", 40, "fan-out scenario: commands submitted, one at a time")
	fs.IntVar(&o.streams, "streams", 0, "stream memory scenario: open streams")
	fs.IntVar(&o.streamGames, "stream-games", 1000, "stream memory scenario: games they watch")
	fs.IntVar(&o.cacheGames, "cache-games", 0, "cache scenario: games of each kind created and played")
	fs.IntVar(&o.cacheMoves, "cache-moves", 30, "cache scenario: commands played in each game")
	fs.DurationVar(&o.withFloor, "with-floor", 0, "client mode on postgres: also run the grouped floor (see -floor) for this long before and after the service's rounds, and report the service's commands/s as a ratio to the floor's mean, measured in the same run")
	fs.DurationVar(&o.floor, "floor", 0, "floor scenario: for this long each, with a commit per command and with group commit, the least any server does per command in client mode (an insert, a unary call, a message to each seat), against the baseline (DATABASE_URL)")
	fs.StringVar(&o.profile, "profile", "", "directory for the first server's CPU, allocation and heap profiles of the first round")
	fs.DurationVar(&o.timeout, "timeout", 15*time.Minute, "limit for the whole run")
	fs.BoolVar(&o.json, "json", false, "print the report as JSON")
	fs.BoolVar(&o.serve, "serve", false, "run as one server for a parent moonshine-load (internal)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	o.addrs, o.metrics, o.only = split(addrs), split(metrics), split(only)
	switch {
	case o.count < 1 || o.concurrency < 1 || o.players < 1 || o.rounds < 1 || o.instances < 1:
		return o, fmt.Errorf("need -count, -concurrency, -players, -rounds and -instances >= 1")
	case o.mode != "stream" && o.mode != "poll":
		return o, fmt.Errorf("unknown -mode %q", o.mode)
	case o.prompts != "stream" && o.prompts != "view":
		return o, fmt.Errorf("unknown -prompts %q", o.prompts)
	case len(o.metrics) > 0 && len(o.metrics) != len(o.addrs):
		return o, fmt.Errorf("-metrics needs one admin address per -addr")
	case o.instances > 1 && len(o.addrs) == 0 && o.store != "postgres":
		return o, fmt.Errorf("-instances %d needs -store postgres", o.instances)
	}
	return o, nil
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if o.serve {
		return serve(ctx, o, stdout, stderr)
	}
	// The clients share the machine's cores with the servers and the
	// database they measure: their collector, which at their small heap
	// runs every few milliseconds, need not take a tenth of their CPU.
	// The servers started (-serve) keep the runtime's default.
	debug.SetGCPercent(clientGCPercent)
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	rep, err := load(ctx, o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-load:", err)
		return 1
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

// load starts or dials the servers and runs the scenario asked for.
func load(ctx context.Context, o options, stderr io.Writer) (*report, error) {
	if o.floor > 0 {
		rep := &report{Store: "postgres (DATABASE_URL), no server of ours", Mode: "floor", Concurrency: o.concurrency, Machine: machine()}
		return rep, floorRounds(ctx, o, rep)
	}
	fleet, err := startFleet(ctx, o, stderr)
	if err != nil {
		return nil, err
	}
	defer fleet.close()
	rep := &report{Store: fleet.describe(), Mode: o.mode, Concurrency: o.concurrency, Machine: machine()}
	if o.mode == "stream" {
		rep.Mode += ", prompts from " + o.prompts
		if o.batched {
			rep.Mode += ", batched"
		}
	}
	switch {
	case o.watchers > 0:
		rep.Mode = "fan-out"
		err = fanOut(ctx, fleet, o, rep)
	case o.streams > 0:
		rep.Mode = "open streams"
		err = openStreams(ctx, fleet, o, rep)
	case o.cacheGames > 0:
		rep.Mode = "cached games"
		err = cacheGames(ctx, fleet, o, rep)
	default:
		err = playRounds(ctx, fleet, o, rep)
	}
	return rep, err
}
