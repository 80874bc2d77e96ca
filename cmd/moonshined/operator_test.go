package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	_ "modernc.org/sqlite"
)

// TestHelpListsCommands: `moonshined -h` and `moonshined help` list every
// subcommand; -h goes on with serve's settings.
func TestHelpListsCommands(t *testing.T) {
	var help, list bytes.Buffer
	if err := run(t.Context(), []string{"-h"}, environ(nil), io.Discard, &help, nil); err != nil {
		t.Fatal(err)
	}
	if err := run(t.Context(), []string{"help"}, environ(nil), &list, io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range subcommands {
		for what, out := range map[string]string{"-h": help.String(), "help": list.String()} {
			if !strings.Contains(out, "moonshined "+c.name+" ") {
				t.Errorf("%s does not list %s:\n%s", what, c.name, out)
			}
		}
		if runnerOf(c.name) == nil {
			t.Errorf("%s has no runner", c.name)
		}
	}
	if !strings.Contains(help.String(), "-log-level  (MOONSHINE_LOG_LEVEL") {
		t.Errorf("-h does not go on with serve's settings:\n%s", help.String())
	}
	err := run(t.Context(), []string{"serev"}, environ(nil), io.Discard, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), "commands: serve, migrate, health, config, api-key, recheck") {
		t.Errorf("an unknown command: %v", err)
	}
}

// TestConfigRefusesWhatServeRefuses: a value serve refuses before it
// starts is refused by `moonshined config` too, with the same words,
// instead of printed.
func TestConfigRefusesWhatServeRefuses(t *testing.T) {
	for _, env := range []map[string]string{
		{"MOONSHINE_LOG_LEVEL": "verbose"},
		{"MOONSHINE_LOG_FORMAT": "xml"},
		{"MOONSHINE_TRACE_SAMPLE": "2"},
		{"MOONSHINE_OTLP_ENDPOINT": "ftp://collector:4317"},
		{"MOONSHINE_CORS_ORIGINS": "play.example.com"},
		{"MOONSHINE_API_KEYS": "web"},
		{"MOONSHINE_ADDR": "0.0.0.0:7777"},
	} {
		var out bytes.Buffer
		cerr := run(t.Context(), []string{"config"}, environ(env), &out, io.Discard, nil)
		serr := run(t.Context(), []string{"serve", "-db", filepath.Join(t.TempDir(), "m.db")}, environ(env), io.Discard, io.Discard, nil)
		if cerr == nil || serr == nil || cerr.Error() != serr.Error() || out.Len() > 0 {
			t.Errorf("%v: config %v (printed %q), serve %v", env, cerr, out.String(), serr)
		}
	}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"config"}, environ(map[string]string{"MOONSHINE_LOG_LEVEL": "debug"}), &out, io.Discard, nil); err != nil ||
		!strings.Contains(out.String(), "MOONSHINE_LOG_LEVEL=debug\n") {
		t.Errorf("a good value: %v\n%s", err, out.String())
	}
}

// TestMigrateNewerSchema: on a database a newer binary migrated,
// `migrate -status` lists it and exits non-zero, and `migrate` and serve
// refuse it, each saying plainly that the schema is newer than the
// binary and pointing at the roll-back steps.
func TestMigrateNewerSchema(t *testing.T) {
	for _, store := range []struct {
		name string
		args func(t *testing.T) ([]string, func(version int))
	}{
		{"sqlite", func(t *testing.T) ([]string, func(int)) {
			path := filepath.Join(t.TempDir(), "m.db")
			return []string{"-db", path}, func(v int) {
				db, err := sql.Open("sqlite", "file:"+path)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				if _, err := db.Exec(`UPDATE moonshine_schema_version SET version = ?`, v); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"postgres", func(t *testing.T) ([]string, func(int)) {
			url := pgtest.New(t)
			return []string{"-database-url", url}, func(v int) {
				conn, err := pgx.Connect(context.Background(), url)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close(context.Background())
				if _, err := conn.Exec(context.Background(), "UPDATE "+migrations.PostgresVersionTable+" SET version = $1", v); err != nil {
					t.Fatal(err)
				}
			}
		}},
	} {
		t.Run(store.name, func(t *testing.T) {
			args, setVersion := store.args(t)
			if err := run(t.Context(), append([]string{"migrate"}, args...), environ(nil), io.Discard, io.Discard, nil); err != nil {
				t.Fatal(err)
			}
			setVersion(99)
			var status bytes.Buffer
			for what, err := range map[string]error{
				"migrate -status": run(t.Context(), append([]string{"migrate", "-status"}, args...), environ(nil), &status, io.Discard, nil),
				"migrate":         run(t.Context(), append([]string{"migrate"}, args...), environ(nil), io.Discard, io.Discard, nil),
				"serve":           run(t.Context(), append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), environ(nil), io.Discard, io.Discard, nil),
			} {
				var newer *migrations.SchemaNewerError
				if !errors.As(err, &newer) || newer.Version != 99 || !strings.Contains(err.Error(), "schema is at version 99, newer than this binary's newest migration") ||
					!strings.Contains(err.Error(), "Roll back") {
					t.Errorf("%s: %v", what, err)
				}
			}
			if !strings.Contains(status.String(), "schema version 99") {
				t.Errorf("migrate -status:\n%s", status.String())
			}
		})
	}
}

// TestHealthSaysTLS: `moonshined health` against a TLS server without
// -tls says the server speaks TLS, and with -tls it answers.
func TestHealthSaysTLS(t *testing.T) {
	cert, key := servertest.WriteCert(t)
	l := started(t, []string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "m.db"), "-tls-cert", cert, "-tls-key", key}, nil, io.Discard)
	err := run(t.Context(), []string{"health", "-addr", l.grpc.String()}, environ(nil), io.Discard, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), "this server speaks TLS: pass -tls") {
		t.Errorf("health without -tls: %v", err)
	}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"health", "-tls", "-addr", l.grpc.String()}, environ(nil), &out, io.Discard, nil); err != nil || out.String() != "SERVING\n" {
		t.Errorf("health -tls: %q %v", out.String(), err)
	}
}
