package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/turntimer"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// environ returns a getenv over m.
func environ(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// syncBuffer is a bytes.Buffer that the server's logger and the test may
// use at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// started runs moonshined with args in the background and returns its
// addresses once it listens; it is stopped (and must exit cleanly) when
// the test ends.
func started(t *testing.T, args []string, env map[string]string, log io.Writer) listeners {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	up := make(chan listeners, 1)
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, environ(env), io.Discard, log, func(l listeners) { up <- l }) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("moonshined: %v", err)
		}
	})
	select {
	case l := <-up:
		return l
	case err := <-done:
		t.Fatalf("moonshined ended before listening: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("moonshined did not listen within a minute")
	}
	return listeners{}
}

// healthOf asks the server at addr for a health service's status.
func healthOf(t *testing.T, addr net.Addr, service string) healthpb.HealthCheckResponse_ServingStatus {
	t.Helper()
	conn, err := grpc.NewClient(addr.String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	resp, err := healthpb.NewHealthClient(conn).Check(t.Context(), &healthpb.HealthCheckRequest{Service: service})
	if err != nil {
		t.Fatalf("health %q: %v", service, err)
	}
	return resp.GetStatus()
}

// TestSettings checks the defaults, environment and flag precedence, and
// that both sources refuse a bad value alike, naming it.
func TestSettings(t *testing.T) {
	env := map[string]string{"DATABASE_URL": "postgres://env", "MOONSHINE_ADDR": "0.0.0.0:1", "MOONSHINE_COMMAND_RATE": "2.5",
		"MOONSHINE_CREATE_RATE": "0.5", "MOONSHINE_WATCH_OUTAGE": "5s", "MOONSHINE_ALLOW_PLAINTEXT": "true"}
	cases := []struct {
		name  string
		args  []string
		env   map[string]string
		addr  string
		dbURL string
		rate  float64
	}{
		{"defaults", nil, nil, "127.0.0.1:7777", "", 10},
		{"environment", nil, env, "0.0.0.0:1", "postgres://env", 2.5},
		{"flags win", []string{"-addr", ":9", "-database-url", "postgres://flag", "-command-rate=3"}, env, ":9", "postgres://flag", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s serveSettings
			if _, err := newLoader("t", "t", &s, io.Discard).load(c.args, environ(c.env)); err != nil {
				t.Fatal(err)
			}
			if s.Listen.Addr != c.addr || s.Store.DatabaseURL != c.dbURL || s.CommandRate != c.rate {
				t.Errorf("got addr %q url %q rate %v", s.Listen.Addr, s.Store.DatabaseURL, s.CommandRate)
			}
		})
	}
	var s serveSettings
	if _, err := newLoader("t", "t", &s, io.Discard).load([]string{"-create-burst", "3"}, environ(env)); err != nil {
		t.Fatal(err)
	}
	if s.CreateRate != 0.5 || s.CreateBurst != 3 || s.WatchOutage != 5*time.Second || !s.Listen.AllowPlaintext {
		t.Errorf("create rate %v burst %d, watch outage %v, plaintext %v; want 0.5, 3, 5s, true", s.CreateRate, s.CreateBurst, s.WatchOutage, s.Listen.AllowPlaintext)
	}
	for _, bad := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{nil, map[string]string{"MOONSHINE_MAX_STREAMS": "many"}, `MOONSHINE_MAX_STREAMS: invalid value "many"`},
		{[]string{"-max-streams", "many"}, nil, `-max-streams: invalid value "many"`},
		{[]string{"-watch-outage", "soon"}, map[string]string{"MOONSHINE_COMMAND_BURST": "x"}, `MOONSHINE_COMMAND_BURST: invalid value "x"`},
	} {
		var s serveSettings
		_, err := newLoader("t", "t", &s, io.Discard).load(bad.args, environ(bad.env))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%v %v: got %v, want an error saying %s", bad.args, bad.env, err, bad.want)
		}
	}
	if err := run(t.Context(), []string{"serve", "extra"}, environ(nil), io.Discard, io.Discard, nil); err == nil {
		t.Error("stray arguments were accepted")
	}
}

// TestDefaultsAreTheServers checks that the settings' defaults are the
// server package's.
func TestDefaultsAreTheServers(t *testing.T) {
	var s serveSettings
	if _, err := newLoader("t", "t", &s, io.Discard).load(nil, environ(nil)); err != nil {
		t.Fatal(err)
	}
	cfg, err := s.serverConfig()
	if err != nil {
		t.Fatal(err)
	}
	got := []any{cfg.DBPath, cfg.MaxMessageBytes, cfg.CommandRate, cfg.CommandBurst, cfg.MaxStreamsPerCredential, cfg.MaxStreams,
		cfg.APIKeyRate, cfg.APIKeyBurst, cfg.MaxStreamsPerAPIKey, cfg.ConnectTimeout, cfg.HealthInterval, cfg.TimerPoll}
	want := []any{server.DefaultDBPath, server.DefaultMaxMessageBytes, float64(server.DefaultCommandRate), server.DefaultCommandBurst,
		server.DefaultMaxStreamsPerCredential, server.DefaultMaxStreams, float64(server.DefaultAPIKeyRate), server.DefaultAPIKeyBurst,
		server.DefaultMaxStreamsPerAPIKey, server.DefaultConnectTimeout, server.DefaultHealthInterval, turntimer.DefaultPoll}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("defaults %v, the server's %v", got, want)
	}
}

// TestSecretsAreNeverShown sets secrets in the environment and checks
// that neither -h, nor `moonshined config`, nor the start-up log line
// shows them.
func TestSecretsAreNeverShown(t *testing.T) {
	env := map[string]string{"MOONSHINE_AUDITOR_TOKEN": "auditor-secret-value", "DATABASE_URL": "postgres://moonshine:db-secret-value@db/moonshine"}
	var help, out bytes.Buffer
	if err := run(t.Context(), []string{"-h"}, environ(env), io.Discard, &help, nil); err != nil {
		t.Fatal(err)
	}
	if err := run(t.Context(), []string{"config"}, environ(env), &out, io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	var s serveSettings
	if _, err := newLoader("t", "t", &s, io.Discard).load(nil, environ(env)); err != nil {
		t.Fatal(err)
	}
	logged := fmt.Sprint(logAttrs(&s))
	for what, text := range map[string]string{"-h": help.String(), "config": out.String(), "the log": logged} {
		if strings.Contains(text, "secret-value") {
			t.Errorf("%s shows a secret:\n%s", what, text)
		}
	}
	for _, want := range []string{"MOONSHINE_AUDITOR_TOKEN=(set, hidden)", "DATABASE_URL=postgres://moonshine:xxxxx@db/moonshine"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("config does not say %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(help.String(), "-auditor-token  (MOONSHINE_AUDITOR_TOKEN, secret)") {
		t.Errorf("-h does not list the auditor token as a secret:\n%s", help.String())
	}
}

// TestMigrate runs `moonshined migrate` and `migrate -status` on the
// embedded store and on PostgreSQL: the version before and after, then
// every migration applied.
func TestMigrate(t *testing.T) {
	for _, store := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return []string{"-db", filepath.Join(t.TempDir(), "m.db")} }},
		{"postgres", func(t *testing.T) []string { return []string{"-database-url", pgtest.New(t)} }},
	} {
		t.Run(store.name, func(t *testing.T) {
			args := store.args(t)
			var status, migrated, again bytes.Buffer
			for _, step := range []struct {
				args []string
				out  *bytes.Buffer
			}{{append([]string{"migrate", "-status"}, args...), &status}, {append([]string{"migrate"}, args...), &migrated},
				{append([]string{"migrate", "-status"}, args...), &again}} {
				if err := run(t.Context(), step.args, environ(nil), step.out, io.Discard, nil); err != nil {
					t.Fatalf("%v: %v", step.args, err)
				}
			}
			if !strings.Contains(status.String(), store.name+" schema version 0") || !strings.Contains(status.String(), "pending  0001_init.sql") {
				t.Errorf("status of a new database:\n%s", status.String())
			}
			if !strings.Contains(migrated.String(), "schema version before: 0\n") || !strings.Contains(migrated.String(), "applied 0002_commands_per_seat.sql") {
				t.Errorf("migrate:\n%s", migrated.String())
			}
			if strings.Contains(again.String(), "pending") || !strings.Contains(again.String(), "applied  0002_commands_per_seat.sql") {
				t.Errorf("status after migrating:\n%s", again.String())
			}
		})
	}
}

// TestServeStopsOnSignal serves with an admin listener, answers health
// checks (the `health` subcommand included) and the admin endpoints, and
// shuts down cleanly when the context (the signal) ends.
func TestServeStopsOnSignal(t *testing.T) {
	l := started(t, []string{"-addr", "127.0.0.1:0", "-admin-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "m.db")}, nil, io.Discard)
	for _, service := range []string{"", "moonshine.v1.GameService", server.LivenessService} {
		if got := healthOf(t, l.grpc, service); got != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("health %q: %v", service, got)
		}
	}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"health", "-addr", l.grpc.String()}, environ(nil), &out, io.Discard, nil); err != nil || out.String() != "SERVING\n" {
		t.Errorf("moonshined health: %q, %v", out.String(), err)
	}
	for _, path := range []string{"/livez", "/readyz", "/metrics", "/debug/pprof/"} {
		resp, err := http.Get("http://" + l.admin.String() + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s", path, resp.Status)
		}
		if path == "/metrics" && (!strings.Contains(string(body), "\nmoonshine_ready 1\n") || !strings.Contains(string(body), "moonshine_build_info{")) {
			t.Errorf("/metrics has no readiness gauge at 1, or no build info")
		}
	}
}

// TestRefusesPlaintextOnANetwork checks that the server will not serve
// plaintext on an address other than loopback unless told to.
func TestRefusesPlaintextOnANetwork(t *testing.T) {
	err := run(t.Context(), []string{"-addr", "0.0.0.0:0", "-db", filepath.Join(t.TempDir(), "m.db")}, environ(nil), io.Discard, io.Discard, nil)
	if !errors.Is(err, server.ErrPlaintext) || !strings.Contains(err.Error(), "MOONSHINE_ALLOW_PLAINTEXT") {
		t.Fatalf("plaintext on 0.0.0.0: got %v, want ErrPlaintext saying how to allow it", err)
	}
	for _, l := range []listenSettings{{Addr: "0.0.0.0:7777", AllowPlaintext: true}, {Addr: "[::1]:7777"}, {Addr: "0.0.0.0:7777", TLSCert: "c.pem"}} {
		if err := checkPlaintext(l); err != nil {
			t.Errorf("%+v: %v", l, err)
		}
	}
}

// TestServerWaitsForTheDatabase starts the server while PostgreSQL cannot
// be reached: it logs each try, and once the database is back it connects
// and serves.
func TestServerWaitsForTheDatabase(t *testing.T) {
	proxy, url := pgtest.NewProxy(t, pgtest.New(t))
	proxy.Cut()
	log := &syncBuffer{}
	go func() {
		for strings.Count(log.String(), "the event store is unreachable; trying again") < 2 {
			time.Sleep(20 * time.Millisecond)
		}
		if err := proxy.Restore(); err != nil {
			t.Error(err)
		}
	}()
	l := started(t, []string{"-addr", "127.0.0.1:0", "-database-url", url, "-db-connect-timeout", "1m"}, nil, log)
	if got := healthOf(t, l.grpc, ""); got != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health after connecting: %v", got)
	}
	if !strings.Contains(log.String(), "attempt=2") || !strings.Contains(log.String(), "connected to the event store") {
		t.Errorf("the tries are not logged:\n%s", log.String())
	}
}

// TestServerGivesUpOnTheDatabase checks the limit: a database that stays
// away ends the start with an error that says so.
func TestServerGivesUpOnTheDatabase(t *testing.T) {
	proxy, url := pgtest.NewProxy(t, pgtest.New(t))
	proxy.Cut()
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-database-url", url, "-db-connect-timeout", "600ms"}, environ(nil), io.Discard, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), "unreachable after") {
		t.Fatalf("got %v, want the server to give up", err)
	}
}

// TestParseOrigins: MOONSHINE_CORS_ORIGINS takes origins as browsers send
// them, or "*", and refuses anything else by name.
func TestParseOrigins(t *testing.T) {
	got, err := parseOrigins(" https://play.example.com, http://localhost:5173/ ,*")
	if err != nil || strings.Join(got, " ") != "https://play.example.com http://localhost:5173 *" {
		t.Errorf("got %q, %v", got, err)
	}
	for _, bad := range []string{"play.example.com", "ftp://x", "https://x/path", "https://x?q=1"} {
		if _, err := parseOrigins(bad); err == nil || !strings.Contains(err.Error(), "MOONSHINE_CORS_ORIGINS") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
