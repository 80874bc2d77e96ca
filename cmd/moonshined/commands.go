package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/moonshine-games/moonshine/cmd/internal/tlsprobe"
	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// runMigrate applies the migrations and prints the schema version before
// and after, or with -status lists the migrations and which are applied.
func runMigrate(ctx context.Context, args []string, getenv func(string) string, w stdio, _ func(listeners)) error {
	var s migrateSettings
	l := newLoader("moonshined migrate", "moonshined migrate [-status] [flags]", &s, w.err)
	status := l.fs.Bool("status", false, "list the migrations and which are applied; change nothing")
	rest, err := l.load(args, getenv)
	if err != nil {
		return err
	}
	if err := noArgs(rest); err != nil {
		return err
	}
	if *status {
		sc, err := server.SchemaStatus(ctx, s.Store.config())
		if err != nil {
			return err
		}
		fmt.Fprintf(w.out, "%s schema version %d (this binary's newest: %d)\n", sc.Store, sc.Version, sc.Latest())
		for _, f := range sc.Files {
			state := "pending"
			if f.Version <= sc.Version {
				state = "applied"
			}
			fmt.Fprintf(w.out, "  %-8s %s\n", state, f.Name)
		}
		if sc.Version > sc.Latest() {
			return &migrations.SchemaNewerError{Store: sc.Store, Version: sc.Version, Latest: sc.Latest()}
		}
		return nil
	}
	log := slog.New(slog.NewTextHandler(w.err, nil))
	before, after, err := server.Migrate(ctx, s.Store.config(), log)
	if err != nil {
		return err
	}
	fmt.Fprintf(w.out, "%s schema version before: %d\n%s schema version after: %d\n", before.Store, before.Version, after.Store, after.Version)
	for _, f := range after.Files {
		if f.Version > before.Version && f.Version <= after.Version {
			fmt.Fprintf(w.out, "  applied %s\n", f.Name)
		}
	}
	return nil
}

// runHealth asks the server at -addr for its gRPC health and fails unless
// it is SERVING: the container health check (distroless has no shell).
func runHealth(ctx context.Context, args []string, getenv func(string) string, w stdio, _ func(listeners)) error {
	var s healthSettings
	l := newLoader("moonshined health", "moonshined health [-service S] [-timeout D] [flags]", &s, w.err)
	service := l.fs.String("service", "", `health service: "" (readiness: the store answers), "`+server.LivenessService+`" (the process serves)`)
	timeout := l.fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	useTLS := l.fs.Bool("tls", false, "speak TLS to the server (as a set MOONSHINE_TLS_CERT does), without verifying its certificate")
	rest, err := l.load(args, getenv)
	if err != nil {
		return err
	}
	if err := noArgs(rest); err != nil {
		return err
	}
	*useTLS = *useTLS || s.TLSCert != ""
	creds := insecure.NewCredentials()
	if *useTLS {
		// The check runs beside the server (a container's HEALTHCHECK) and
		// sends nothing secret: it need not verify whose certificate it is.
		creds = credentials.NewTLS(&tls.Config{InsecureSkipVerify: true, MinVersion: tls.VersionTLS12})
	}
	conn, err := grpc.NewClient(localAddr(s.Addr), grpc.WithTransportCredentials(creds))
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{Service: *service})
	if err != nil {
		switch tlsprobe.Probe(context.WithoutCancel(ctx), localAddr(s.Addr)) {
		case tlsprobe.TLS:
			if !*useTLS {
				return fmt.Errorf("health of %s: this server speaks TLS: pass -tls (or set MOONSHINE_TLS_CERT, as the server has it)", s.Addr)
			}
		case tlsprobe.Plaintext:
			if *useTLS {
				return fmt.Errorf("health of %s: this server does not speak TLS: drop -tls and MOONSHINE_TLS_CERT", s.Addr)
			}
		}
		return fmt.Errorf("health of %s: %w", s.Addr, err)
	}
	fmt.Fprintln(w.out, resp.GetStatus())
	if resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		return errors.New("not serving")
	}
	return nil
}

// localAddr turns a listen address into one to dial on this host: an
// unspecified host (":7777", "0.0.0.0:7777", "[::]:7777") is loopback.
func localAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// runConfig prints the effective settings of `moonshined serve` with the
// same flags and environment, secrets masked.
func runConfig(_ context.Context, args []string, getenv func(string) string, w stdio, _ func(listeners)) error {
	var s serveSettings
	rest, err := newLoader("moonshined config", "moonshined config [serve flags]", &s, w.err).load(args, getenv)
	if err != nil {
		return err
	}
	if err := noArgs(rest); err != nil {
		return err
	}
	if _, err := s.check(); err != nil {
		return err
	}
	printSettings(w.out, &s)
	return nil
}

// runAPIKey makes a new API key: the key goes to the client, only its
// hash to the server's MOONSHINE_API_KEYS.
func runAPIKey(_ context.Context, args []string, _ func(string) string, w stdio, _ func(listeners)) error {
	fs := newLoader("moonshined api-key", "moonshined api-key [-name NAME]", &struct{}{}, w.err).fs
	name := fs.String("name", "backend", "the key's name in logs and metrics")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := noArgs(fs.Args()); err != nil {
		return err
	}
	key, err := auth.NewToken()
	if err != nil {
		return err
	}
	entry := *name + ":" + limits.HashAPIKey(key)
	if _, err := limits.ParseAPIKeys(entry); err != nil {
		return err
	}
	fmt.Fprintf(w.out, "key (give it to the client, which sends it as %s): %s\n", auth.APIKeyMetadataKey, key)
	fmt.Fprintf(w.out, "server entry (add it to MOONSHINE_API_KEYS; append :RATE:BURST for limits of its own): %s\n", entry)
	return nil
}
