package gameservice_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// realTable creates a table of a hosted game and joins every seat.
func (e *env) realTable(game string, players int32) (string, []string) {
	e.t.Helper()
	resp, err := e.client.CreateGame(as(""), &moonshinev1.CreateGameRequest{Game: game, Config: &moonshinev1.GameConfig{Players: players}})
	if err != nil {
		e.t.Fatal(err)
	}
	id := resp.GetGame().GetGameId()
	tokens := make([]string, players)
	for i := range players {
		tokens[i] = e.join(id, i)
	}
	return id, tokens
}

// auditView is the game's own view for the auditor: everything the state
// holds, the table's version aside.
func (e *env) auditView(id string) proto.Message {
	e.t.Helper()
	resp, err := e.client.GetView(as(auditorToken), &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		e.t.Fatal(err)
	}
	v := proto.Clone(resp.GetView()).(*moonshinev1.GameView)
	v.Info, v.Prompt = nil, nil // the version moves; the auditor has no prompt
	return v
}

// prompted returns the seat the game waits for and its legal commands.
func (e *env) prompted(id string, tokens []string) (int, []*moonshinev1.GameCommand) {
	e.t.Helper()
	for i, tok := range tokens {
		resp, err := e.client.GetView(as(tok), &moonshinev1.GetViewRequest{GameId: id})
		if err != nil {
			e.t.Fatal(err)
		}
		if p := resp.GetView().GetPrompt(); p.GetMustAct() && len(p.GetLegal()) > 0 {
			return i, p.GetLegal()
		}
	}
	e.t.Fatal("no seat is prompted")
	return 0, nil
}

// playFirst plays the first legal command of the seat prompted (the
// selection's pass when offered) and returns the seat.
func (e *env) playFirst(id string, tokens []string, cmdID string) int {
	e.t.Helper()
	seat, legal := e.prompted(id, tokens)
	c := legal[0]
	for _, l := range legal {
		if l.GetBootleggers().GetPassSelection() != nil {
			c = l
		}
	}
	e.mustSubmit(tokens[seat], id, cmdID, c)
	return seat
}

func (e *env) logLen(id string) int {
	e.t.Helper()
	return len(e.history(auditorToken, id).GetEvents())
}

func (e *env) request(token, id string, ask bool) (*moonshinev1.RequestTakebackResponse, error) {
	return e.client.RequestTakeback(as(token), &moonshinev1.RequestTakebackRequest{GameId: id, AskConsent: ask})
}

func (e *env) answer(token, id string, accept bool) (*moonshinev1.AnswerTakebackResponse, error) {
	return e.client.AnswerTakeback(as(token), &moonshinev1.AnswerTakebackRequest{GameId: id, Accept: accept})
}

// TestTakeback plays the policy of issue 18 on a Bootleggers table, on
// every store: "A seat may ask to take back its last command when no
// hidden fact was revealed and no die or shuffle was drawn by it or after
// it, and no other seat has acted since; otherwise all seats must consent,
// and never across a reveal of hidden information. A takeback is itself an
// event (the log is never edited); views and verify follow it."
func TestTakeback(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			e := newEnv(t, st.open(t), func(c *server.Config) { c.Games = games.Default() })
			id, tok := e.realTable("bootleggers", 3)
			// Phase 1: the sealed Muscle cards, revealed with the last one.
			var last int
			for i := range 3 {
				last = e.playFirst(id, tok, "bid"+string(rune('0'+i)))
			}
			_, err := e.request(tok[last], id, true)
			wantRefused(t, "takeback across the reveal", err, codes.FailedPrecondition, engine.ReasonTakebackAfterReveal)
			for i := range 3 {
				e.playFirst(id, tok, "sel"+string(rune('0'+i)))
			}
			// Phase 2: the first seat sends in no boys and takes it back alone.
			before, n := e.auditView(id), e.logLen(id)
			first := e.playFirst(id, tok, "send-a")
			res, err := e.request(tok[first], id, false)
			if err != nil || res.GetStatus() != moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK {
				t.Fatalf("takeback alone: %v %v", res, err)
			}
			if after := e.auditView(id); !proto.Equal(before, after) {
				t.Fatalf("the view after the takeback differs from the one before the command:\n%v\n%v", before, after)
			}
			if got := e.logLen(id); got != n+2 {
				t.Fatalf("log grew by %d, want the command's event and the takeback's", got-n)
			}
			e.playFirst(id, tok, "send-a2")
			second := e.playFirst(id, tok, "send-b")
			_, err = e.request(tok[first], id, false)
			wantRefused(t, "takeback after another seat", err, codes.FailedPrecondition, engine.ReasonTakebackAfterOthers)
			// The last send fires the stills: the dice are rolled.
			beforeRoll := e.auditView(id)
			third := e.playFirst(id, tok, "send-c")
			n = e.logLen(id)
			_, err = e.request(tok[third], id, false)
			wantRefused(t, "takeback after the roll", err, codes.FailedPrecondition, engine.ReasonTakebackAfterRoll)
			if got := e.logLen(id); got != n {
				t.Fatalf("a refused takeback wrote %d events", got-n)
			}
			// With consent: both others must agree.
			res, err = e.request(tok[third], id, true)
			if err != nil || res.GetStatus() != moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED {
				t.Fatalf("ask: %v %v", res, err)
			}
			_, err = e.request(tok[first], id, true)
			wantRefused(t, "a second request", err, codes.FailedPrecondition, gameservice.ReasonTakebackPending)
			_, err = e.answer(tok[third], id, true)
			wantRefused(t, "the asker answering", err, codes.FailedPrecondition, gameservice.ReasonTakebackNotAsked)
			if a, err := e.answer(tok[first], id, true); err != nil || a.GetStatus() != moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED {
				t.Fatalf("first consent: %v %v", a, err)
			}
			if a, err := e.answer(tok[second], id, true); err != nil || a.GetStatus() != moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK {
				t.Fatalf("last consent: %v %v", a, err)
			}
			if after := e.auditView(id); !proto.Equal(beforeRoll, after) {
				t.Fatal("the view after the consented takeback differs from the one before the roll")
			}
			// A decline leaves the game as it is.
			e.playFirst(id, tok, "send-c2")
			rolled := e.auditView(id)
			if _, err := e.request(tok[third], id, true); err != nil {
				t.Fatal(err)
			}
			if a, err := e.answer(tok[first], id, false); err != nil || a.GetStatus() != moonshinev1.TakebackStatus_TAKEBACK_STATUS_DECLINED {
				t.Fatalf("decline: %v %v", a, err)
			}
			_, err = e.answer(tok[second], id, true)
			wantRefused(t, "answer after the decline", err, codes.FailedPrecondition, gameservice.ReasonNoTakebackRequest)
			if after := e.auditView(id); !proto.Equal(rolled, after) {
				t.Fatal("a declined takeback changed the game")
			}
			// Verify re-runs the log, takebacks and all.
			if err := audit.VerifyWith(games.Default(), e.history(auditorToken, id)); err != nil {
				t.Fatalf("verify: %v", err)
			}
		})
	}
}

// TestTakebackCacheRebuild: a server that loads the game afresh from the
// store folds the takeback as the one that wrote it.
func TestTakebackCacheRebuild(t *testing.T) {
	store := everyStore[0].open(t)
	e := newEnv(t, store, func(c *server.Config) { c.Games = games.Default() })
	id, tok := e.realTable("booze-barons", 3)
	want := e.auditView(id)
	seat := e.playFirst(id, tok, "seal")
	if _, err := e.request(tok[seat], id, false); err != nil {
		t.Fatalf("a sealed Movement card, taken back alone: %v", err)
	}
	if v := e.auditView(id); !proto.Equal(want, v) {
		t.Fatalf("the sealed card is still sealed:\n%v\n%v", want, v)
	}
	fresh := newEnv(t, store, func(c *server.Config) { c.Games = games.Default() })
	if got := fresh.auditView(id); !proto.Equal(want, got) {
		t.Fatalf("a fresh server folds the takeback otherwise:\n%v\n%v", want, got)
	}
}

// TestResignRPC: Resign submits the game's own command, on every store;
// the view shows the seat resigned and the game goes on for the others.
func TestResignRPC(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			e := newEnv(t, st.open(t), func(c *server.Config) { c.Games = games.Default() })
			id, tok := e.realTable("moonshine-kingdom", 3)
			res, err := e.client.Resign(as(tok[1]), &moonshinev1.ResignRequest{GameId: id, CommandId: "gg"})
			if err != nil || res.GetLabel() == "" || len(res.GetEvents()) == 0 {
				t.Fatalf("resign: %v %v", res, err)
			}
			again, err := e.client.Resign(as(tok[1]), &moonshinev1.ResignRequest{GameId: id, CommandId: "gg"})
			if err != nil || again.GetFirstSeq() != res.GetFirstSeq() {
				t.Fatalf("a retry: %v %v", again, err)
			}
			_, err = e.client.Resign(as(tok[1]), &moonshinev1.ResignRequest{GameId: id, CommandId: "gg2"})
			wantRefused(t, "resign twice", err, codes.FailedPrecondition, "RESIGNED")
			v := e.auditView(id).(*moonshinev1.GameView)
			if !v.GetMoonshineKingdom().GetSeats()[1].GetResigned() {
				t.Fatal("the view does not show the resignation")
			}
			for _, w := range v.GetWaiting() {
				if w.GetSeat() == 1 {
					t.Fatal("the game waits for the resigned seat")
				}
			}
			e.playFirst(id, tok, "go-on")
		})
	}
}
