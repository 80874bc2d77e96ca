package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
)

// TestPreviousReleaseStore opens a store written by the release before
// the game host (testdata/release-5fe65db): `moonshined recheck` finds
// every stored game re-runs the same under this build, those over and
// those in progress, the Bootleggers games under the rules version they
// were recorded with; and a server of this build plays on in the games in
// progress: each human seat's credential still holds, its table talk is
// there, and a legal command of its is accepted, after which the bots
// play on.
func TestPreviousReleaseStore(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "moonshine.db")
	data, err := os.ReadFile("testdata/release-5fe65db/moonshine.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"recheck", "-all", "-migrate", "-db", db}, environ(nil), &out, io.Discard, nil); err != nil {
		t.Fatalf("recheck: %v\n%s", err, &out)
	}
	if !strings.Contains(out.String(), "7 games rechecked: 7 the same, 0 differ, 0 failed") ||
		!strings.Contains(out.String(), "(bootleggers, 362 events; recorded under rules 2, this build plays 3)") {
		t.Errorf("recheck:\n%s", &out)
	}

	var seats []struct {
		Game       string `json:"game"`
		Seat       int32  `json:"seat"`
		Credential string `json:"credential"`
	}
	b, err := os.ReadFile("testdata/release-5fe65db/seats.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &seats); err != nil || len(seats) != 3 {
		t.Fatalf("seats.json: %v (%d seats)", err, len(seats))
	}
	l := started(t, []string{"serve", "-db", db, "-addr", "127.0.0.1:0", "-web=false"}, nil, io.Discard)
	conn, err := grpc.NewClient(l.grpc.String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := moonshinev1.NewGameServiceClient(conn)
	for _, s := range seats {
		k, v := auth.Credentials(s.Credential)
		ctx := metadata.AppendToOutgoingContext(t.Context(), k, v)
		talk, err := client.GetTalk(ctx, &moonshinev1.GetTalkRequest{GameId: s.Game})
		if err != nil || len(talk.GetTalk()) != 1 || talk.GetTalk()[0].GetMessage().GetText() != "evening, gentlemen" {
			t.Errorf("%s: the talk stored before: %v, %v", s.Game, talk.GetTalk(), err)
		}
		p := promptOf(t, ctx, client, s.Game)
		if len(p.GetLegal()) == 0 {
			t.Fatalf("%s: seat %d's prompt lists no command: %v", s.Game, s.Seat, p)
		}
		resp, err := client.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: s.Game, CommandId: "after-the-release",
			Command: p.GetLegal()[0]})
		if err != nil || len(resp.GetEvents()) == 0 {
			t.Fatalf("%s: a command after the release: %v", s.Game, err)
		}
		promptOf(t, ctx, client, s.Game) // the bots have played on to the seat's next decision
	}
}

// promptOf waits until the game awaits the caller's seat (the bots play
// meanwhile) and returns its prompt.
func promptOf(t *testing.T, ctx context.Context, client moonshinev1.GameServiceClient, game string) *moonshinev1.Prompt {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		v, err := client.GetView(ctx, &moonshinev1.GetViewRequest{GameId: game})
		if err != nil {
			t.Fatalf("%s: view: %v", game, err)
		}
		if p := v.GetView().GetPrompt(); p.GetMustAct() {
			return p
		}
		if v.GetView().GetOutcome() != nil || time.Now().After(deadline) {
			t.Fatalf("%s: the game never awaited the seat (outcome %v)", game, v.GetView().GetOutcome())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
