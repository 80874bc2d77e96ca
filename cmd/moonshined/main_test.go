package main

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// TestParse checks defaults, environment and flag precedence, and the
// migrate subcommand.
func TestParse(t *testing.T) {
	env := map[string]string{"DATABASE_URL": "postgres://env", "MOONSHINE_ADDR": "0.0.0.0:1", "MOONSHINE_COMMAND_RATE": "2.5",
		"MOONSHINE_CREATE_RATE": "0.5", "MOONSHINE_WATCH_OUTAGE": "5s"}
	cases := []struct {
		name    string
		args    []string
		env     map[string]string
		addr    string
		dbURL   string
		rate    float64
		migrate bool
	}{
		{"defaults", nil, nil, "127.0.0.1:7777", "", 10, false},
		{"environment", nil, env, "0.0.0.0:1", "postgres://env", 2.5, false},
		{"flags win", []string{"-addr", ":9", "-database-url", "postgres://flag"}, env, ":9", "postgres://flag", 2.5, false},
		{"migrate", []string{"migrate", "-database-url", "postgres://m"}, nil, "127.0.0.1:7777", "postgres://m", 10, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := parse(c.args, func(k string) string { return c.env[k] }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if o.addr != c.addr || o.cfg.DatabaseURL != c.dbURL || o.cfg.CommandRate != c.rate || o.migrate != c.migrate {
				t.Errorf("got addr %q url %q rate %v migrate %v", o.addr, o.cfg.DatabaseURL, o.cfg.CommandRate, o.migrate)
			}
		})
	}
	o, err := parse([]string{"-create-burst", "3"}, func(k string) string { return env[k] }, io.Discard)
	if err != nil || o.cfg.CreateRate != 0.5 || o.cfg.CreateBurst != 3 || o.cfg.WatchOutage != 5*time.Second {
		t.Errorf("create rate %v burst %d, watch outage %v (%v); want 0.5, 3, 5s", o.cfg.CreateRate, o.cfg.CreateBurst, o.cfg.WatchOutage, err)
	}
	if o, _ := parse(nil, func(string) string { return "" }, io.Discard); o.cfg.CreateRate != 0 || o.cfg.WatchOutage != 30*time.Second {
		t.Errorf("defaults: create rate %v (want 0: the command rate), watch outage %v", o.cfg.CreateRate, o.cfg.WatchOutage)
	}
	if _, err := parse([]string{"serve", "extra"}, func(string) string { return "" }, io.Discard); err == nil {
		t.Error("stray arguments were accepted")
	}
}

// TestMigrateEmbedded runs `moonshined migrate` on the embedded store.
func TestMigrateEmbedded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	if err := run(t.Context(), []string{"migrate", "-db", path}, func(string) string { return "" }, io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// TestServeStopsOnSignal serves, answers a health check, and shuts down
// cleanly when the context (the signal) ends.
func TestServeStopsOnSignal(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var health error
	listening := func(addr net.Addr) {
		defer cancel()
		conn, err := grpc.NewClient(addr.String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			health = err
			return
		}
		defer conn.Close()
		_, health = healthpb.NewHealthClient(conn).Check(t.Context(), &healthpb.HealthCheckRequest{})
	}
	args := []string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "m.db")}
	if err := run(ctx, args, func(string) string { return "" }, io.Discard, listening); err != nil {
		t.Fatal(err)
	}
	if health != nil {
		t.Errorf("health check: %v", health)
	}
}
