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
//	moonshined help                  list the commands
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

// subcommand is one of moonshined's commands.
type subcommand struct {
	name, args, summary string
}

// subcommands of moonshined, in help order (runnerOf runs each).
var subcommands = []subcommand{
	{"serve", "[flags]", "serve (the default: `moonshined` alone serves)"},
	{"migrate", "[-status] [flags]", "apply the store's migrations, or list them, and exit"},
	{"health", "[-service S] [flags]", "ask a running server's gRPC health; exit 0 when SERVING"},
	{"config", "[flags]", "print the effective settings, secrets masked; refuse what serve would refuse"},
	{"api-key", "[-name N]", "make a new API key and print its MOONSHINE_API_KEYS entry"},
	{"recheck", "[flags] [ID...]", "re-run the stored games under this binary's rules; fail if any would differ"},
}

// runner runs one subcommand.
type runner func(ctx context.Context, args []string, getenv func(string) string, w stdio, listening func(listeners)) error

// runnerOf returns the subcommand named name, or nil.
func runnerOf(name string) runner {
	switch name {
	case "serve":
		return runServe
	case "migrate":
		return runMigrate
	case "health":
		return runHealth
	case "config":
		return runConfig
	case "api-key":
		return runAPIKey
	case "recheck":
		return runRecheck
	}
	return nil
}

// commandList writes the subcommands with their summaries, as -h shows
// them before serve's settings.
func commandList(w io.Writer) {
	fmt.Fprintln(w, "commands (each takes -h):")
	for _, c := range subcommands {
		fmt.Fprintf(w, "  moonshined %-8s %-22s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintln(w)
}

// run runs one command line. listening, if set, is called with the
// addresses once the server listens.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, listening func(listeners)) error {
	name := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		commandList(stdout)
		fmt.Fprintln(stdout, "`moonshined -h` lists serve's settings too")
		return nil
	}
	if cmd := runnerOf(name); cmd != nil {
		err := cmd(ctx, args, getenv, stdio{stdout, stderr}, listening)
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	var names []string
	for _, cmd := range subcommands {
		names = append(names, cmd.name)
	}
	return fmt.Errorf("unknown command %q (commands: %s; `moonshined help` says what each does)", name, strings.Join(names, ", "))
}

// noArgs refuses positional arguments.
func noArgs(rest []string) error {
	if len(rest) > 0 {
		return fmt.Errorf("unexpected arguments %q", rest)
	}
	return nil
}
