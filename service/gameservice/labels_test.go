package gameservice_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bbprinted "github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/proto"
)

// bbLabels are Booze Barons' own labels, which the service must send.
var bbLabels bbprinted.Labels

// checkBodies checks that every body of evs carries the game's label of
// it in v's words.
func checkBodies(t *testing.T, who string, v engine.Viewer, evs []*moonshinev1.Event) {
	t.Helper()
	for _, ev := range evs {
		bodies := []*moonshinev1.EventBody{}
		if ev.GetPublic() != nil {
			bodies = append(bodies, ev.GetPublic())
		}
		for _, p := range ev.GetPrivate() {
			bodies = append(bodies, p.GetBody())
		}
		for _, b := range bodies {
			want := bbLabels.Event(v, b.GetBoozeBarons())
			if b.GetLabel() != want || want == "" {
				t.Errorf("%s: event %d is labelled %q, want %q", who, ev.GetSeq(), b.GetLabel(), want)
			}
			if v.Kind != engine.Player && strings.Contains(b.GetLabel(), "you") {
				t.Errorf("%s: event %d is labelled %q", who, ev.GetSeq(), b.GetLabel())
			}
		}
	}
}

// TestLabels: a labelled game's commands, templates and event bodies come
// with their labels, each in the words of the caller it goes to, in
// views, command results, histories, watches and talk; a game without
// labels (none of the hosted games) sends empty ones.
func TestLabels(t *testing.T) {
	e := hosted(t)
	ctx := context.Background()
	res, err := e.client.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: 3}})
	if err != nil {
		t.Fatal(err)
	}
	id := res.GetGame().GetGameId()
	tok := []string{e.join(id, 0), e.join(id, 1), e.join(id, 2)}
	var played []*moonshinev1.SubmitCommandResponse
	for i := 0; len(played) < 6; i++ {
		s := i % 3
		v, err := e.client.GetView(as(tok[s]), &moonshinev1.GetViewRequest{GameId: id})
		if err != nil {
			t.Fatal(err)
		}
		p := v.GetView().GetPrompt()
		if len(p.GetLegal()) == 0 {
			continue
		}
		if len(p.GetLegalLabels()) != len(p.GetLegal()) {
			t.Fatalf("seat %d: %d labels for %d legal commands", s, len(p.GetLegalLabels()), len(p.GetLegal()))
		}
		for j, c := range p.GetLegal() {
			if want := bbLabels.Command(engine.SeatViewer(engine.Seat(s)), c.GetBoozeBarons()); p.GetLegalLabels()[j] != want {
				t.Errorf("seat %d: legal %d labelled %q, want %q", s, j, p.GetLegalLabels()[j], want)
			}
		}
		r := e.mustSubmit(tok[s], id, fmt.Sprint("c", i), p.GetLegal()[0])
		if r.GetLabel() != p.GetLegalLabels()[0] {
			t.Errorf("seat %d played %q, answered %q", s, p.GetLegalLabels()[0], r.GetLabel())
		}
		checkBodies(t, fmt.Sprint("seat ", s, "'s result"), engine.SeatViewer(engine.Seat(s)), r.GetEvents())
		played = append(played, r)
	}
	for _, c := range []struct {
		who   string
		token string
		v     engine.Viewer
	}{
		{"seat 1", tok[1], engine.SeatViewer(1)}, {"a spectator", "", engine.SpectatorViewer()}, {"the auditor", auditorToken, engine.AuditorViewer()},
	} {
		h := e.history(c.token, id)
		checkBodies(t, c.who+"'s history", c.v, h.GetEvents())
		for _, lc := range h.GetCommands() {
			if want := bbLabels.Command(c.v, lc.GetCommand().GetBoozeBarons()); lc.GetLabel() != want {
				t.Errorf("%s: command %q labelled %q, want %q", c.who, lc.GetCommandId(), lc.GetLabel(), want)
			}
		}
		wctx, cancel := context.WithCancel(as(c.token))
		stream, err := e.client.WatchGame(wctx, &moonshinev1.WatchGameRequest{GameId: id})
		if err != nil {
			t.Fatal(err)
		}
		watched := recv(t, stream, len(h.GetEvents()))
		cancel()
		for i := range watched {
			if !proto.Equal(watched[i], h.GetEvents()[i]) {
				t.Errorf("%s watches %v, the history holds %v", c.who, watched[i], h.GetEvents()[i])
			}
		}
	}
	msg, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "evening"})
	if err != nil || msg.GetTalk().GetLabel() != "you say: evening" {
		t.Errorf("the sender's label: %v, %v", msg.GetTalk(), err)
	}
	if got := e.talk(tok[2], id)[0].GetLabel(); got != "seat 0 says: evening" {
		t.Errorf("seat 2 reads %q", got)
	}

	// The Kingdom's prompt comes labelled in the awaited seat's words.
	mk, err := e.client.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "moonshine-kingdom", Config: &moonshinev1.GameConfig{Players: 2}})
	if err != nil {
		t.Fatal(err)
	}
	mkLabels := printed.Labels{}
	prompted := 0
	for s := range int32(2) {
		v, err := e.client.GetView(as(e.join(mk.GetGame().GetGameId(), s)), &moonshinev1.GetViewRequest{GameId: mk.GetGame().GetGameId()})
		if err != nil {
			t.Fatal(err)
		}
		p := v.GetView().GetPrompt()
		if len(p.GetLegal()) == 0 {
			continue
		}
		prompted++
		for i, c := range p.GetLegal() {
			if want := mkLabels.Command(engine.SeatViewer(engine.Seat(s)), c.GetMoonshineKingdom()); p.GetLegalLabels()[i] != want || want == "" {
				t.Errorf("the Kingdom's legal command %d labelled %q, want %q", i, p.GetLegalLabels()[i], want)
			}
		}
	}
	if prompted == 0 {
		t.Error("no Kingdom seat was prompted")
	}

	// A game registered without labels sends empty ones.
	unlabelled := boozebarons.Module()
	unlabelled.Labels = nil
	u := newEnv(t, nil, func(c *server.Config) { c.Games = games.MustNew(unlabelled) })
	ures, err := u.client.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: 3}})
	if err != nil {
		t.Fatal(err)
	}
	uid := ures.GetGame().GetGameId()
	for s := range int32(3) {
		v, err := u.client.GetView(as(u.join(uid, s)), &moonshinev1.GetViewRequest{GameId: uid})
		if err != nil {
			t.Fatal(err)
		}
		if p := v.GetView().GetPrompt(); len(p.GetLegalLabels()) != 0 || p.GetTemplates() != nil && p.GetTemplates()[0].GetLabel() != "" {
			t.Errorf("a game without labels sent labels: %q", p.GetLegalLabels())
		}
	}
	for _, ev := range u.history("", uid).GetEvents() {
		if ev.GetPublic().GetLabel() != "" {
			t.Errorf("a game without labels labelled event %d %q", ev.GetSeq(), ev.GetPublic().GetLabel())
		}
	}
}
