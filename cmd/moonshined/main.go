// Command moonshined is the Moonshine game server.
//
// It sits at the top of the service/ tree: it reads flags and environment,
// then hands over to service/server, which opens the event store (PostgreSQL
// when DATABASE_URL is set, else the embedded store in MOONSHINE_DB_PATH),
// serves moonshine.v1.GameService with gRPC health and reflection, and
// shuts down gracefully on SIGINT or SIGTERM.
//
// Usage:
//
//	moonshined [flags]          serve
//	moonshined migrate [flags]  apply the store's migrations and exit
//
// Every flag has an environment variable; the flag wins when both are set.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/moonshine-games/moonshine/service/gameservice"
	"github.com/moonshine-games/moonshine/service/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "moonshined:", err)
		os.Exit(1)
	}
}

// options are the command line.
type options struct {
	addr    string
	migrate bool
	cfg     server.Config
}

// parse reads flags over environment defaults.
func parse(args []string, getenv func(string) string, stderr io.Writer) (options, error) {
	var o options
	if len(args) > 0 && args[0] == "migrate" {
		o.migrate, args = true, args[1:]
	}
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	num := func(key string, def int) int {
		n, err := strconv.Atoi(env(key, strconv.Itoa(def)))
		if err != nil {
			return def
		}
		return n
	}
	rate, err := strconv.ParseFloat(env("MOONSHINE_COMMAND_RATE", strconv.Itoa(server.DefaultCommandRate)), 64)
	if err != nil {
		return o, fmt.Errorf("MOONSHINE_COMMAND_RATE: %w", err)
	}
	createRate, err := strconv.ParseFloat(env("MOONSHINE_CREATE_RATE", "0"), 64)
	if err != nil {
		return o, fmt.Errorf("MOONSHINE_CREATE_RATE: %w", err)
	}
	outage, err := time.ParseDuration(env("MOONSHINE_WATCH_OUTAGE", gameservice.DefaultWatchOutage.String()))
	if err != nil {
		return o, fmt.Errorf("MOONSHINE_WATCH_OUTAGE: %w", err)
	}
	fs := flag.NewFlagSet("moonshined", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", env("MOONSHINE_ADDR", "127.0.0.1:7777"), "listen address (MOONSHINE_ADDR)")
	fs.StringVar(&o.cfg.DatabaseURL, "database-url", env("DATABASE_URL", ""), "PostgreSQL URL; empty: the embedded store (DATABASE_URL)")
	fs.StringVar(&o.cfg.DBPath, "db", env("MOONSHINE_DB_PATH", "moonshine.db"), "embedded store file (MOONSHINE_DB_PATH)")
	fs.StringVar(&o.cfg.AuditorToken, "auditor-token", env("MOONSHINE_AUDITOR_TOKEN", ""), "auditor credential; prefer the environment (MOONSHINE_AUDITOR_TOKEN)")
	fs.IntVar(&o.cfg.MaxMessageBytes, "max-message-bytes", num("MOONSHINE_MAX_MESSAGE_BYTES", server.DefaultMaxMessageBytes), "largest request accepted (MOONSHINE_MAX_MESSAGE_BYTES)")
	fs.Float64Var(&o.cfg.CommandRate, "command-rate", rate, "commands and messages per second per seat credential; negative: no limit (MOONSHINE_COMMAND_RATE)")
	fs.IntVar(&o.cfg.CommandBurst, "command-burst", num("MOONSHINE_COMMAND_BURST", server.DefaultCommandBurst), "burst above the rate (MOONSHINE_COMMAND_BURST)")
	fs.Float64Var(&o.cfg.CreateRate, "create-rate", createRate, "games created and seats claimed per second per client address; 0: the command rate; negative: no limit (MOONSHINE_CREATE_RATE)")
	fs.IntVar(&o.cfg.CreateBurst, "create-burst", num("MOONSHINE_CREATE_BURST", 0), "burst above the create rate; 0: the command burst (MOONSHINE_CREATE_BURST)")
	fs.IntVar(&o.cfg.MaxStreamsPerCredential, "max-streams-per-credential", num("MOONSHINE_MAX_STREAMS_PER_CREDENTIAL", server.DefaultMaxStreamsPerCredential), "open watch streams per credential (MOONSHINE_MAX_STREAMS_PER_CREDENTIAL)")
	fs.IntVar(&o.cfg.MaxStreams, "max-streams", num("MOONSHINE_MAX_STREAMS", server.DefaultMaxStreams), "open watch streams in all (MOONSHINE_MAX_STREAMS)")
	fs.DurationVar(&o.cfg.WatchOutage, "watch-outage", outage, "how long an open watch stream rides out a database outage; negative: not at all (MOONSHINE_WATCH_OUTAGE)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, nil
}

// run serves (or migrates) until ctx ends. listening, if set, is called
// with the address once the server listens.
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer, listening func(net.Addr)) error {
	o, err := parse(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	o.cfg.Logger = log
	if o.migrate {
		return server.Migrate(ctx, o.cfg.DatabaseURL, o.cfg.DBPath, log)
	}
	return serve(ctx, o, log, listening)
}

// serve runs the server until ctx ends, then shuts it down gracefully.
func serve(ctx context.Context, o options, log *slog.Logger, listening func(net.Addr)) error {
	srv, err := server.New(ctx, o.cfg)
	if err != nil {
		return err
	}
	lis, err := net.Listen("tcp", o.addr)
	if err != nil {
		srv.Shutdown(context.Background())
		return err
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()
	if listening != nil {
		listening(lis.Addr())
	}
	select {
	case err := <-served:
		srv.Shutdown(context.Background())
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", server.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), server.ShutdownTimeout)
	defer cancel()
	err = srv.Shutdown(sctx)
	if serr := <-served; err == nil {
		err = serr
	}
	return err
}
