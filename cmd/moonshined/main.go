// Command moonshined is the Moonshine game server.
//
// It sits at the top of the service/ tree: it reads its settings from
// flags and environment (config.go, settings.go), then hands over to
// service/server, which opens the event store (PostgreSQL when
// DATABASE_URL is set, else the embedded store in MOONSHINE_DB_PATH),
// serves moonshine.v1.GameService with gRPC health and reflection, and
// shuts down gracefully on SIGINT or SIGTERM. An admin listener, when
// configured, serves metrics, health and the profiler over HTTP.
//
// Usage:
//
//	moonshined [serve] [flags]       serve
//	moonshined migrate [-status]     apply the store's migrations (or list them) and exit
//	moonshined health [-service S]   ask a running server's gRPC health (for container health checks)
//	moonshined config [flags]        print the effective settings, secrets masked
//	moonshined api-key [-name N]     make a new API key and print its configuration line
//	moonshined recheck [flags] [ID...] re-run the stored games (-game G, -sample N) under this
//	                                 binary's rules; report each that would differ; fail if any does
//
// Every flag has an environment variable; the flag wins when both are set.
// `moonshined -h` lists them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "moonshined:", err)
		os.Exit(1)
	}
}

// listeners are the addresses the server listens on (admin: nil when
// there is no admin listener).
type listeners struct {
	grpc, admin net.Addr
}

// stdio is where a command writes.
type stdio struct {
	out, err io.Writer
}

// subcommands of moonshined.
var subcommands = map[string]func(ctx context.Context, args []string, getenv func(string) string, w stdio, listening func(listeners)) error{
	"serve":   runServe,
	"migrate": runMigrate,
	"health":  runHealth,
	"config":  runConfig,
	"api-key": runAPIKey,
	"recheck": runRecheck,
}

// run runs one command line. listening, if set, is called with the
// addresses once the server listens.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, listening func(listeners)) error {
	name := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	cmd, ok := subcommands[name]
	if !ok {
		return fmt.Errorf("unknown command %q (commands: serve, migrate, health, config, api-key, recheck)", name)
	}
	err := cmd(ctx, args, getenv, stdio{stdout, stderr}, listening)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// noArgs refuses positional arguments.
func noArgs(rest []string) error {
	if len(rest) > 0 {
		return fmt.Errorf("unexpected arguments %q", rest)
	}
	return nil
}
