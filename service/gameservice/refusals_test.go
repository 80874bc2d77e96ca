package gameservice_test

import (
	"context"
	"strings"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestRefusals checks the code and reason of each class of refusal, and
// that no refusal changes the log.
func TestRefusals(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	otherTok := e.join(e.create(2).GetGameId(), 0)
	e.mustSubmit(tok[0], id, "c1", cmdDeliver(0)) // now seat 1's turn
	before, err := e.store.GetGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	one := int64(1)
	long := strings.Repeat("x", 501)
	cases := []struct {
		name   string
		call   func() error
		code   codes.Code
		reason string
	}{
		{"malformed request", func() error { _, err := e.submit(tok[1], id, "", cmdPass()); return err }, codes.InvalidArgument, "BAD_REQUEST"},
		{"malformed by the rules", func() error { _, err := e.submit(tok[1], id, "c2", cmdDeliver(99)); return err }, codes.InvalidArgument, "BAD_CARD"},
		{"no game in the command", func() error { _, err := e.submit(tok[1], id, "c2", &moonshinev1.GameCommand{}); return err }, codes.InvalidArgument, "WRONG_GAME"},
		{"reserved command id", func() error { _, err := e.submit(tok[1], id, "bot:9:1", cmdPass()); return err }, codes.InvalidArgument, "BAD_REQUEST"},
		{"illegal", func() error { _, err := e.submit(tok[1], id, "c2", cmdDeliver(0)); return err }, codes.FailedPrecondition, "CARD_TAKEN"},
		{"not your turn", func() error { _, err := e.submit(tok[0], id, "c2", cmdPass()); return err }, codes.FailedPrecondition, "NOT_YOUR_TURN"},
		{"command id reused", func() error { _, err := e.submit(tok[0], id, "c1", cmdPass()); return err }, codes.AlreadyExists, "COMMAND_ID_REUSED"},
		{"version conflict", func() error {
			_, err := e.client.SubmitCommand(as(tok[1]), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "c3", Command: cmdPass(), ExpectedVersion: &one})
			return err
		}, codes.Aborted, "VERSION_CONFLICT"},
		{"no credential", func() error { _, err := e.submit("", id, "c2", cmdPass()); return err }, codes.Unauthenticated, "CREDENTIAL_REQUIRED"},
		{"bad credential", func() error {
			_, err := e.client.GetGame(as("not-a-token"), &moonshinev1.GetGameRequest{GameId: id})
			return err
		}, codes.Unauthenticated, "BAD_CREDENTIAL"},
		{"another game's seat", func() error { _, err := e.submit(otherTok, id, "c2", cmdPass()); return err }, codes.PermissionDenied, "NOT_YOUR_GAME"},
		{"auditor acting", func() error { _, err := e.submit(auditorToken, id, "c2", cmdPass()); return err }, codes.PermissionDenied, "SEAT_REQUIRED"},
		{"another seat's view", func() error {
			_, err := e.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id, Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: 0})
			return err
		}, codes.PermissionDenied, "NOT_YOUR_SEAT"},
		{"full view before the end", func() error {
			_, err := e.client.GetView(as(tok[1]), &moonshinev1.GetViewRequest{GameId: id, Perspective: moonshinev1.Perspective_PERSPECTIVE_FULL})
			return err
		}, codes.PermissionDenied, "NOT_VISIBLE"},
		{"complete history before the end", func() error {
			_, err := e.client.GetHistory(as(tok[0]), &moonshinev1.GetHistoryRequest{GameId: id, RequireComplete: true})
			return err
		}, codes.PermissionDenied, "NOT_VISIBLE"},
		{"unknown game", func() error {
			_, err := e.client.GetView(as(""), &moonshinev1.GetViewRequest{GameId: "nosuch"})
			return err
		}, codes.NotFound, "GAME_NOT_FOUND"},
		{"seat taken", func() error {
			seat := int32(0)
			_, err := e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: id, Seat: &seat})
			return err
		}, codes.AlreadyExists, "SEAT_TAKEN"},
		{"table full", func() error {
			_, err := e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: id})
			return err
		}, codes.FailedPrecondition, "TABLE_FULL"},
		{"message too long", func() error {
			_, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: long})
			return err
		}, codes.InvalidArgument, "BAD_REQUEST"},
		{"message to oneself", func() error {
			to := int32(0)
			_, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "hi", ToSeat: &to})
			return err
		}, codes.InvalidArgument, "BAD_REQUEST"},
		{"unknown game to create", func() error {
			_, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "chess", Config: &moonshinev1.GameConfig{Players: 2}})
			return err
		}, codes.InvalidArgument, "BAD_REQUEST"},
		{"player count", func() error {
			_, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "toy", Config: &moonshinev1.GameConfig{Players: 9}})
			return err
		}, codes.InvalidArgument, "BAD_PLAYER_COUNT"},
		{"view before the first event", func() error {
			_, err := e.client.GetViewAt(as(""), &moonshinev1.GetViewAtRequest{GameId: id, Seq: 0})
			return err
		}, codes.InvalidArgument, "BAD_REQUEST"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, reason := reasonOf(c.call())
			if code != c.code || reason != c.reason {
				t.Errorf("got %v %s, want %v %s", code, reason, c.code, c.reason)
			}
		})
	}
	after, err := e.store.GetGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != before.Version {
		t.Errorf("refusals changed the log: version %d -> %d", before.Version, after.Version)
	}
}

// TestMalformedNamesTheField checks the BadRequest detail.
func TestMalformedNamesTheField(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	_, err := e.submit(tok[0], id, "", cmdPass())
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok && br.GetFieldViolations()[0].GetField() == "command_id" {
			return
		}
	}
	t.Fatalf("no BadRequest naming command_id in %v", st.Details())
}

// TestRateLimit checks that a credential over its rate is refused with a
// retry delay, and that others are not affected.
func TestRateLimit(t *testing.T) {
	e := newEnv(t, nil, func(c *server.Config) { c.CommandRate, c.CommandBurst = 0.001, 2 })
	g := e.create(2)                 // the anonymous caller's first request
	tok0 := e.join(g.GetGameId(), 0) // its second
	_, err := e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: g.GetGameId()})
	if code, reason := reasonOf(err); code != codes.ResourceExhausted || reason != "RATE_LIMITED" {
		t.Fatalf("third anonymous request: got %v %s", code, reason)
	}
	st, _ := status.FromError(err)
	var delay time.Duration
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			delay = ri.GetRetryDelay().AsDuration()
		}
	}
	if delay <= 0 {
		t.Errorf("no RetryInfo delay in %v", st.Details())
	}
	for i := range 2 {
		if _, err := e.client.SendMessage(as(tok0), &moonshinev1.SendMessageRequest{GameId: g.GetGameId(), Text: "hi"}); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	_, err = e.client.SendMessage(as(tok0), &moonshinev1.SendMessageRequest{GameId: g.GetGameId(), Text: "hi"})
	if code, reason := reasonOf(err); code != codes.ResourceExhausted || reason != "RATE_LIMITED" {
		t.Fatalf("third message: got %v %s", code, reason)
	}
}

// TestCreationCountsPerClient: games and seats count against the client's
// address whatever credential it sends, so seat credentials from earlier
// joins buy no extra games; commands and messages count per seat and are
// not held back by it.
func TestCreationCountsPerClient(t *testing.T) {
	e := newEnv(t, nil, func(c *server.Config) { c.CreateRate, c.CreateBurst = 0.001, 3 })
	g := e.create(2)
	tok := []string{e.join(g.GetGameId(), 0), e.join(g.GetGameId(), 1)} // the address's three
	for _, who := range []string{"", tok[0], tok[1], auditorToken} {
		_, err := e.client.CreateGame(as(who), &moonshinev1.CreateGameRequest{Game: "toy", Config: &moonshinev1.GameConfig{Players: 2}})
		if code, reason := reasonOf(err); code != codes.ResourceExhausted || reason != "RATE_LIMITED" {
			t.Errorf("CreateGame with credential %q after the address's burst: %v, want RATE_LIMITED", who, err)
		}
		_, err = e.client.JoinGame(as(who), &moonshinev1.JoinGameRequest{GameId: g.GetGameId()})
		if code, reason := reasonOf(err); code != codes.ResourceExhausted || reason != "RATE_LIMITED" {
			t.Errorf("JoinGame with credential %q after the address's burst: %v, want RATE_LIMITED", who, err)
		}
	}
	e.mustSubmit(tok[0], g.GetGameId(), "c1", cmdDeliver(1))
	if _, err := e.client.SendMessage(as(tok[1]), &moonshinev1.SendMessageRequest{GameId: g.GetGameId(), Text: "hi"}); err != nil {
		t.Errorf("a seat's message once creation is spent: %v", err)
	}
}

// TestStreamLimit checks the per-credential cap on open watch streams.
func TestStreamLimit(t *testing.T) {
	e := newEnv(t, nil, func(c *server.Config) { c.MaxStreamsPerCredential = 1 })
	id, tok := e.table(2)
	ctx, cancel := context.WithCancel(as(tok[0]))
	defer cancel()
	first, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	recv(t, first, 1) // the stream is open and counted
	second, err := e.client.WatchGame(as(tok[0]), &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	_, err = second.Recv()
	if code, reason := reasonOf(err); code != codes.ResourceExhausted || reason != "TOO_MANY_STREAMS" {
		t.Fatalf("second stream: got %v %s", code, reason)
	}
	ctx1, cancel1 := context.WithCancel(as(tok[1]))
	defer cancel1()
	third, err := e.client.WatchGame(ctx1, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	recv(t, third, 1)
}
