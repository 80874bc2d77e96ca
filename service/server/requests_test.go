package server_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// lockedBuffer is a buffer the server logs to while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// lines returns the JSON log records with msg.
func (l *lockedBuffer) lines(t *testing.T, msg string) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(l.b.Bytes()))
	for sc.Scan() {
		rec := map[string]any{}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		if rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

// TestRequestLogLine checks the log line of a refused command: method,
// game, seat, command id, code and reason, and the request id the client
// got in its response header; the credential appears nowhere. A request
// id the client sends is kept.
func TestRequestLogLine(t *testing.T) {
	logs := &lockedBuffer{}
	log, err := telemetry.NewLogger(logs, "json", "debug")
	if err != nil {
		t.Fatal(err)
	}
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: memstore.New(), Logger: log}))
	id, tok := table(t, c, 3)
	var header metadata.MD
	ctx := metadata.AppendToOutgoingContext(as(tok[1]), "x-request-id", "lb-1234")
	_, err = c.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "cmd-7", Command: &moonshinev1.GameCommand{}}, grpc.Header(&header))
	if err == nil {
		t.Fatal("an empty command was accepted")
	}
	if got := header.Get("x-request-id"); len(got) != 1 || got[0] != "lb-1234" {
		t.Errorf("x-request-id in the response header: %v, want the client's lb-1234", got)
	}
	var fresh metadata.MD
	if _, err := c.GetGame(as(""), &moonshinev1.GetGameRequest{GameId: id}, grpc.Header(&fresh)); err != nil || len(fresh.Get("x-request-id")) != 1 {
		t.Errorf("a request without an id got none back: %v %v", fresh, err)
	}
	var line map[string]any
	for _, rec := range logs.lines(t, "request") {
		if rec["method"] == moonshinev1.GameService_SubmitCommand_FullMethodName && rec["command_id"] == "cmd-7" {
			line = rec
		}
	}
	if line == nil {
		t.Fatal("no log line for the command")
	}
	want := map[string]any{"game_id": id, "game": "booze-barons", "role": "seat", "seat": 1.0, "code": "InvalidArgument",
		"reason": "WRONG_GAME", "request_id": "lb-1234"}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("log line %s = %v, want %v (%v)", k, line[k], v, line)
		}
	}
	logs.mu.Lock()
	defer logs.mu.Unlock()
	for _, secret := range tok {
		if secret != "" && strings.Contains(logs.b.String(), secret) {
			t.Fatal("a credential is in the log")
		}
	}
}

// TestAPIKeyHasItsOwnBucket checks that a client with an API key creates
// games on the key's rate, not its address's, and that an unknown key is
// refused.
func TestAPIKeyHasItsOwnBucket(t *testing.T) {
	keys, err := limits.ParseAPIKeys("backend:" + limits.HashAPIKey("the-backend-key") + ":0.001:5")
	if err != nil {
		t.Fatal(err)
	}
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: memstore.New(), CommandRate: 0.001, CommandBurst: 1, APIKeys: keys}))
	create := func(key string) error {
		ctx := as("")
		if key != "" {
			ctx = metadata.AppendToOutgoingContext(ctx, "x-api-key", key)
		}
		_, err := c.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: 3}})
		return err
	}
	if err := create(""); err != nil {
		t.Fatal(err)
	}
	if err := create(""); reasonOf(err) != "RATE_LIMITED" {
		t.Fatalf("the address's second game: %v, want RATE_LIMITED", err)
	}
	for i := range 5 {
		if err := create("the-backend-key"); err != nil {
			t.Fatalf("the backend's game %d: %v", i+1, err)
		}
	}
	if err := create("the-backend-key"); reasonOf(err) != "RATE_LIMITED" {
		t.Fatalf("past the key's burst: %v, want RATE_LIMITED", err)
	}
	if err := create("a-guessed-key"); reasonOf(err) != "BAD_API_KEY" {
		t.Fatalf("an unknown key: %v, want BAD_API_KEY", err)
	}
}

// reasonOf returns the ErrorInfo reason of a refusal.
func reasonOf(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetReason()
		}
	}
	return ""
}

// TestAuditorWarning checks that a server with an auditor token says so
// loudly at start, and one without says nothing of it.
func TestAuditorWarning(t *testing.T) {
	for _, token := range []string{"", "short"} {
		logs := &lockedBuffer{}
		log, err := telemetry.NewLogger(logs, "json", "info")
		if err != nil {
			t.Fatal(err)
		}
		srv, err := server.New(t.Context(), server.Config{Store: memstore.New(), Logger: log, AuditorToken: token})
		if err != nil {
			t.Fatal(err)
		}
		srv.Shutdown(t.Context())
		warned := false
		for _, rec := range logs.lines(t, "AUDITOR ACCESS IS ENABLED: the auditor token reads every seat's secrets and the seed of every game in progress; keep it secret and unset it when no audit needs it") {
			warned = warned || rec["level"] == "WARN"
		}
		if warned != (token != "") {
			t.Errorf("token %q: warned %v", token, warned)
		}
		if token != "" && len(logs.lines(t, "the auditor token is short: use at least 32 random characters")) != 1 {
			t.Errorf("no warning for a short token")
		}
	}
}
