package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/durationpb"
)

// session runs the CLI against one in-process server.
type session struct {
	t    *testing.T
	ctx  context.Context
	addr string
	dir  string
}

// newSession starts the real server (memory store) on a loopback port.
func newSession(t *testing.T) *session {
	return newSessionWith(t, server.Config{CommandRate: -1})
}

// newSessionWith is newSession with the server's config (its logger is
// set here, and its store: the memory store unless cfg.DBPath names an
// embedded one).
func newSessionWith(t *testing.T, cfg server.Config) *session {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second) // only against hanging
	t.Cleanup(cancel)
	if cfg.DBPath == "" { // else the embedded store, as moonshined runs by default
		cfg.Store = memstore.New()
	}
	_, addr := servertest.Start(t, ctx, cfg)
	t.Setenv("MOONSHINE_TOKEN", "")
	return &session{t: t, ctx: ctx, addr: addr, dir: t.TempDir()}
}

// run runs one command line and returns its status, stdout and stderr.
func (s *session) run(args ...string) (int, string, string) {
	var out, errw bytes.Buffer
	full := append([]string{"--addr", s.addr, "--config-dir", s.dir}, args...)
	code := run(s.ctx, full, &out, &errw)
	return code, out.String(), errw.String()
}

// ok runs a command that must succeed and returns its stdout.
func (s *session) ok(args ...string) string {
	s.t.Helper()
	code, out, errw := s.run(args...)
	if code != exitOK {
		s.t.Fatalf("moonshine %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errw)
	}
	return out
}

// contains fails unless out contains every want.
func contains(t *testing.T, what, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%s: no %q in:\n%s", what, w, out)
		}
	}
}

// TestSession drives the CLI through a game with one human seat and two
// bots: create, join, view, legal, submit by number, say, history, watch,
// play to the end, replay, verify (online, from a file, and a tampered
// file), and the reporting of refusals.
func TestSession(t *testing.T) {
	s := newSession(t)
	out := s.ok("create", "--players", "3", "--bots", "1,2", "--title", "speakeasy")
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(out)[1]
	contains(t, "create", out, "booze-barons", "seed commitment", "seat 1: bot")
	contains(t, "join", s.ok("join", game, "--name", "alice"), "joined "+game+" as seat 0", "credential: ")
	contains(t, "games", s.ok("games"), game, `"speakeasy"`)
	contains(t, "view", s.ok("view", game), "viewing as seat 0 (alice)", "your Booze card:", "locations:", "Casino Regale:")
	legal := s.ok("legal", game, "--as", "0")
	contains(t, "legal", legal, "  1. move to ")
	first := strings.TrimSpace(strings.SplitN(strings.SplitN(legal, "  1. ", 2)[1], "\n", 2)[0])
	contains(t, "submit", s.ok("submit", game, "1"), "played: "+first, "you sealed")
	s.ok("say", game, "evening, gentlemen")
	contains(t, "say --to", s.ok("say", game, "--to", "1", "the rye is mine"), "you to seat 1 (private): the rye is mine")
	contains(t, "history", s.ok("history", game), "table talk:", "talk 1  you say: evening, gentlemen", "redacted for you")
	contains(t, "history as a spectator", s.ok("history", game, "--config-dir", t.TempDir()), "seat 0 says: evening, gentlemen", "(a private message between other seats)")
	contains(t, "watch", s.ok("watch", game, "--count", "2"), "   1  game started", "   2  Booze cards dealt")
	s.playToEnd(game)
	contains(t, "view at the end", s.ok("view", game), "game over: ")
	contains(t, "replay", s.ok("replay", game, "5"), "version 5", "round 1")
	contains(t, "replay a range", s.ok("replay", game, "4", "--to", "6"), "== as of event 4 ==", "== as of event 6 ==", "version 5", "version 6")
	if lines := strings.Split(strings.TrimSpace(s.ok("--json", "replay", game, "1", "--to", "3")), "\n"); len(lines) != 3 {
		t.Errorf("replay --json --to: %d lines", len(lines))
	}
	contains(t, "replay as another seat", s.ok("replay", game, "5", "--perspective", "seat", "--seat", "1"), "viewing as seat 1 (bot)")
	contains(t, "view full", s.ok("view", game, "--perspective", "full"), "viewing everything")
	contains(t, "watch full", s.ok("watch", game, "--perspective", "full", "--count", "3", "--json"), `"deckOrder"`)
	contains(t, "verify", s.ok("verify", game), "verified: game "+game)
	s.verifyFiles(game)
	s.audits(game)
	s.refusals(game)
}

// playToEnd submits the first legal command whenever the human seat must
// act, and otherwise waits for the bots' next event with watch.
func (s *session) playToEnd(game string) {
	s.t.Helper()
	for range 2000 {
		v := &moonshinev1.GameView{}
		if err := protojson.Unmarshal([]byte(s.ok("view", game, "--json")), v); err != nil {
			s.t.Fatal(err)
		}
		switch {
		case v.GetOutcome() != nil:
			return
		case len(v.GetPrompt().GetLegal()) > 0:
			s.ok("submit", game, "1")
		default:
			s.ok("wait", game, "--quiet")
		}
	}
	s.t.Fatal("the game did not end")
}

// verifyFiles saves the history, verifies the file, then a tampered copy.
func (s *session) verifyFiles(game string) {
	s.t.Helper()
	path := filepath.Join(s.t.TempDir(), "game.json")
	contains(s.t, "history --out", s.ok("history", game, "--out", path), "complete: true")
	contains(s.t, "verify --file", s.ok("verify", "--file", path), "verified: game "+game+" (booze-barons rules ")
	first, _ := os.ReadFile(path)
	s.ok("history", game, "--out", path)
	if again, _ := os.ReadFile(path); len(first) == 0 || !bytes.Equal(first, again) {
		s.t.Errorf("two saves of one history differ")
	}
	h, err := audit.Load(path)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, ev := range h.GetEvents() {
		if r := ev.GetPublic().GetBoozeBarons().GetMovementsRevealed(); r != nil {
			r.Moves[0].Location = r.Moves[0].Location%6 + 1 // another Location
			break
		}
	}
	if err := audit.Save(path, h); err != nil {
		s.t.Fatal(err)
	}
	code, out, _ := s.run("verify", "--file", path)
	if code != exitError {
		s.t.Errorf("verify of a tampered file: exit %d, want %d", code, exitError)
	}
	contains(s.t, "verify tampered", out, "NOT verified", "mismatch at event")
	// Recorded under other rules: verify names both versions.
	h.Game.Config.RulesVersion = "1"
	if err := audit.Save(path, h); err != nil {
		s.t.Fatal(err)
	}
	_, out, _ = s.run("verify", "--file", path)
	contains(s.t, "verify under other rules", out, "NOT verified", "recorded under booze-barons rules 1, re-run under this build's rules ",
		"rules changed at event", "recorded under booze-barons rules 1; this build plays rules ")
}

// refusals checks how errors are reported.
func (s *session) refusals(game string) {
	s.t.Helper()
	code, _, errw := s.run("view", "nosuchgame")
	if code != exitError {
		s.t.Errorf("view of an unknown game: exit %d", code)
	}
	contains(s.t, "unknown game", errw, "moonshine view: no such game [GAME_NOT_FOUND, NotFound]")
	code, _, errw = s.run("submit", game, "--command-json", `{"pass":{}}`)
	if code != exitError {
		s.t.Errorf("submit after the end: exit %d", code)
	}
	contains(s.t, "game over", errw, "[GAME_OVER, FailedPrecondition]")
	if code, _, _ := s.run("frobnicate"); code != exitUsage {
		s.t.Errorf("unknown command: exit %d, want %d", code, exitUsage)
	}
	if code, _, _ := s.run("submit", game); code != exitUsage {
		s.t.Errorf("submit without a command: exit %d, want %d", code, exitUsage)
	}
}

// TestCredentialChoice checks which stored credential a command uses:
// --as picks a seat's, a single stored one is used without --as, several
// without --as are refused with the --as to give, and --token wins over
// them.
func TestCredentialChoice(t *testing.T) {
	s := newSession(t)
	created := s.ok("create", "--players", "3", "--options-json", `{"docksSide":"SIDE_B","firstBaron":2}`)
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(created)[1]
	s.ok("join", game, "--seat", "2", "--name", "carol")
	contains(t, "one credential", s.ok("view", game), "viewing as seat 2 (carol)", "Booze Baron: seat 2", "Docks (side B):")
	out := s.ok("join", game, "--seat", "1", "--name", "bob")
	token := regexp.MustCompile(`credential: (\S+)`).FindStringSubmatch(out)[1]
	code, _, errw := s.run("legal", game)
	if code != exitUsage {
		t.Errorf("two credentials without --as: exit %d, want %d", code, exitUsage)
	}
	contains(t, "two credentials", errw, "you hold 2 seats of game "+game+" here: say which to act as (--as 2 or --as 1), or pass --token")
	contains(t, "--as", s.ok("--as", "2", "view", game), "viewing as seat 2 (carol)")
	contains(t, "--token", s.ok("view", game, "--as", "2", "--token", token), "viewing as seat 1 (bob)")
	code, _, errw = s.run("view", game, "--as", "0")
	if code != exitError {
		t.Errorf("--as a seat without a credential: exit %d", code)
	}
	contains(t, "no credential", errw, "no stored credential for seat 0")
}

// TestParseInterleaved checks flags between arguments and after "--".
func TestParseInterleaved(t *testing.T) {
	c := newCLI(context.Background(), io.Discard, io.Discard)
	fs := c.flags("say")
	to := fs.Int("to", -1, "")
	pos, err := parseInterleaved(fs, []string{"g1", "--to", "2", "--json", "--", "--not-a-flag"})
	if err != nil || *to != 2 || !c.json || !slices.Equal(pos, []string{"g1", "--not-a-flag"}) {
		t.Errorf("got %q, to %d, json %v, err %v", pos, *to, c.json, err)
	}
}

// TestRetriesWhenRateLimited runs the CLI against a server that allows
// one game creation a second: the second `create` is refused
// RATE_LIMITED, and the CLI waits as the RetryInfo says and succeeds.
func TestRetriesWhenRateLimited(t *testing.T) {
	s := newSessionWith(t, server.Config{CommandRate: 1, CommandBurst: 1})
	s.ok("create", "--players", "3")
	code, out, errw := s.run("create", "--players", "3")
	if code != exitOK || !strings.Contains(out, "game id:") {
		t.Fatalf("second create: exit %d\n%s\n%s", code, out, errw)
	}
	if !strings.Contains(errw, "retrying in") {
		t.Errorf("the wait was not told: %q", errw)
	}
}

// TestRetryDelay checks which refusals are retried, and after how long.
func TestRetryDelay(t *testing.T) {
	limited := status.New(codes.ResourceExhausted, "slow down")
	limited, _ = limited.WithDetails(&errdetails.ErrorInfo{Reason: "RATE_LIMITED"}, &errdetails.RetryInfo{RetryDelay: durationpb.New(2 * time.Second)})
	streams := status.New(codes.ResourceExhausted, "too many")
	streams, _ = streams.WithDetails(&errdetails.ErrorInfo{Reason: "TOO_MANY_STREAMS"})
	long := status.New(codes.ResourceExhausted, "slow down")
	long, _ = long.WithDetails(&errdetails.ErrorInfo{Reason: "RATE_LIMITED"}, &errdetails.RetryInfo{RetryDelay: durationpb.New(time.Hour)})
	down := status.New(codes.Unavailable, "down")
	submit, create := moonshinev1.GameService_SubmitCommand_FullMethodName, moonshinev1.GameService_CreateGame_FullMethodName
	for _, c := range []struct {
		method   string
		err      error
		retry    bool
		min, max time.Duration
	}{
		{submit, limited.Err(), true, 2 * time.Second, 2200 * time.Millisecond},
		{submit, long.Err(), true, retryMax, retryMax},
		{submit, down.Err(), true, retryFirst, retryFirst * 11 / 10},
		{create, down.Err(), false, 0, 0},
		{create, limited.Err(), true, 2 * time.Second, 2200 * time.Millisecond},
		{submit, streams.Err(), false, 0, 0},
		{submit, status.Error(codes.InvalidArgument, "no"), false, 0, 0},
	} {
		wait, retry := retryDelay(c.method, c.err, 0)
		if retry != c.retry || wait < c.min || wait > c.max {
			t.Errorf("%s %v: retry %v after %v, want %v in [%v, %v]", c.method, c.err, retry, wait, c.retry, c.min, c.max)
		}
	}
}
