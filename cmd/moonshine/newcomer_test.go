package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/encoding/protojson"
)

// TestRefusalsInWords: a refusal is said once, with its reason and code;
// with --json it is one JSON object with code, reason, message and
// details; a usage mistake under --json is JSON too.
func TestRefusalsInWords(t *testing.T) {
	s := newSession(t)
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(s.ok("create", "--players", "3"))[1]
	code, _, errw := s.run("join", game, "--seat", "5", "--name", "x")
	if code != exitError {
		t.Fatalf("join seat 5: exit %d", code)
	}
	msg := strings.TrimPrefix(strings.TrimSpace(errw), "moonshine join: ")
	if i := strings.Index(msg, " ["); i < 0 || strings.Count(msg, msg[:i]) != 1 || !strings.HasSuffix(msg, ", InvalidArgument]") {
		t.Errorf("refusal not said once with its reason and code: %q", errw)
	}
	code, out, errw := s.run("--json", "view", "nosuchgame")
	var f failure
	if err := json.Unmarshal([]byte(errw), &f); err != nil || code != exitError || out != "" {
		t.Fatalf("--json refusal: exit %d, stdout %q, stderr %q (%v)", code, out, errw, err)
	}
	if f.Code != "NotFound" || f.Reason != "GAME_NOT_FOUND" || f.Message != "no such game" || len(f.Details) == 0 ||
		!strings.Contains(string(f.Details[0]), `"@type":"type.googleapis.com/google.rpc.ErrorInfo"`) {
		t.Errorf("--json refusal: %+v", f)
	}
	code, _, errw = s.run("--json", "submit", game)
	if err := json.Unmarshal([]byte(errw), &f); err != nil || code != exitUsage || f.Code != "Usage" || !strings.HasPrefix(f.Usage, "moonshine submit ") {
		t.Errorf("--json usage mistake: exit %d, %q (%v)", code, errw, err)
	}
}

// TestServerDown: with no server at the address, the CLI retries a bounded
// number of times, then says in a sentence that no server answers there,
// how to start one, and no raw dial error.
func TestServerDown(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close() // nothing listens there now
	first := retryFirst
	retryFirst = time.Millisecond
	t.Cleanup(func() { retryFirst = first })
	s := &session{t: t, ctx: t.Context(), addr: addr, dir: t.TempDir()}
	code, _, errw := s.run("view", "g1")
	if code != exitError {
		t.Fatalf("exit %d", code)
	}
	if n := strings.Count(errw, "retrying in"); n != retryAttempts {
		t.Errorf("%d retries, want %d:\n%s", n, retryAttempts, errw)
	}
	last := errw[strings.LastIndex(strings.TrimSpace(errw), "\n")+1:]
	contains(t, "server down", last, "moonshine view: cannot reach a Moonshine server at "+addr+" (nothing listens there): start one with `moonshined`")
	if strings.Contains(errw, "dial tcp") || strings.Contains(errw, "connection error") {
		t.Errorf("a raw dial error:\n%s", errw)
	}
}

// TestSubmitRetryByID: `submit N --id X`, then the same id again after the
// legal list has changed, resends the command first sent under X, which
// the server answers with the first result (the same events); and a
// command given as the envelope is taken like the game's own message.
func TestSubmitRetryByID(t *testing.T) {
	s := newSession(t)
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(s.ok("create", "--players", "3", "--bots", "1,2"))[1]
	s.ok("join", game, "--name", "alice")
	first := s.ok("submit", game, "2", "--id", "my-move")
	first = first[strings.Index(first, "played: "):] // after what the bots did before it, shown once
	code, again, errw := s.run("submit", game, "1", "--id", "my-move")
	if code != exitOK || again != first || !strings.Contains(errw, "resending the command first sent with id my-move") {
		t.Errorf("retry: exit %d\nfirst %s\nagain %s\n%s", code, first, again, errw)
	}
	if b, err := os.ReadFile(filepath.Join(s.dir, sentFile)); err != nil || !strings.Contains(string(b), `"id": "my-move"`) {
		t.Errorf("the sent command is not remembered: %s %v", b, err)
	}
	s.ok("wait", game, "--quiet")
	if code, _, errw := s.run("submit", game, "--command-json", `{"boozeBarons":{"nothing":{}}}`); code != exitUsage ||
		!strings.Contains(errw, `unknown field "nothing"`) {
		t.Errorf("a bad envelope: exit %d %s", code, errw)
	}
	if code, _, errw := s.run("submit", game, "--command-json", `{"boozeBarons":{"pass":{}}}`); code == exitUsage {
		t.Errorf("the envelope's shape refused: %s", errw)
	}
}

// TestWatchFinishedGame: `watch --from N` on a finished game starts at
// event N and ends with the outcome, without --count.
func TestWatchFinishedGame(t *testing.T) {
	s := newSession(t)
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(s.ok("create", "--players", "3", "--bots", "1,2"))[1]
	s.ok("join", game, "--name", "alice")
	s.playToEnd(game)
	out := s.ok("watch", game, "--from", "4")
	if !strings.HasPrefix(out, "   4  ") || !strings.Contains(out, "game over after event ") {
		t.Errorf("watch --from 4 of a finished game:\n%s", out)
	}
}

// TestWatchResumes: a watch stream cut by the server going away is opened
// again, after a backoff, from the event after the last one printed, and
// goes on with the events played once the server is back.
func TestWatchResumes(t *testing.T) {
	first := retryFirst
	retryFirst = 100 * time.Millisecond
	t.Cleanup(func() { retryFirst = first })
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	db := filepath.Join(t.TempDir(), "moonshine.db")
	serve := func(lis net.Listener) *server.Server {
		srv, err := server.New(ctx, server.Config{DBPath: db, CommandRate: -1, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		go srv.Serve(lis)
		return srv
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(lis)
	t.Setenv("MOONSHINE_TOKEN", "")
	s := &session{t: t, ctx: ctx, addr: lis.Addr().String(), dir: t.TempDir()}
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(s.ok("create", "--players", "3", "--bots", "1,2"))[1]
	s.ok("join", game, "--name", "alice")
	v := &moonshinev1.GameView{}
	for { // the bots think off the request path: wait until only alice is awaited
		if err := protojson.Unmarshal([]byte(s.ok("view", game, "--json")), v); err != nil {
			t.Fatal(err)
		}
		if w := v.GetWaiting(); len(w) == 1 && w[0].GetSeat() == 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the bots never sealed: waiting for %v", v.GetWaiting())
		}
		time.Sleep(20 * time.Millisecond)
	}
	version := v.GetInfo().GetVersion()
	type result struct {
		code      int
		out, errw string
	}
	watched := make(chan result, 1)
	go func() {
		code, out, errw := s.run("watch", game, "--count", strconv.FormatInt(version+2, 10)) // the events now, then 2 more
		watched <- result{code, out, errw}
	}()
	time.Sleep(200 * time.Millisecond) // the watch has caught up and waits for live events
	shutdown, stop := context.WithTimeout(ctx, 5*time.Second)
	srv.Shutdown(shutdown)
	stop()
	lis, err = net.Listen("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	srv = serve(lis)
	t.Cleanup(func() { srv.Shutdown(context.Background()) })
	s.ok("submit", game, "1")
	r := <-watched
	if r.code != exitOK || !strings.Contains(r.errw, fmt.Sprintf("resuming from event %d", version+1)) ||
		!strings.Contains(r.out, fmt.Sprintf("\n%4d  ", version+2)) || strings.Count(r.out, fmt.Sprintf("\n%4d  ", version)) != 1 {
		t.Errorf("watch across a restart: exit %d\n%s\n%s", r.code, r.out, r.errw)
	}
}
