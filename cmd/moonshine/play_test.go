package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	bl "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"google.golang.org/protobuf/encoding/protojson"
)

var (
	eventLine = regexp.MustCompile(`(?m)^ *(\d+)  \S`)
	legalLine = regexp.MustCompile(`(?m)^ *(\d+)\. `)
)

// TestBootleggersWaitLoop plays a whole 3-player Bootleggers game as the
// one human seat with `wait`, `legal` and `submit N` only, as a newcomer
// would from the README: wait returns only when the seat must act (never
// on the trade it may offer while the bots run their whiskey), legal then
// always numbers a command to play, and between them wait and submit
// print every event of the game after the join exactly once (what the
// bots did before the human's move included).
func TestBootleggersWaitLoop(t *testing.T) {
	s := newSession(t)
	game := gameID(t, s.ok("create", "--game", "bootleggers", "--players", "3", "--bots", "1,2"))
	joined := s.ok("join", game, "--name", "alice")
	from := version(t, s, game)
	var shown strings.Builder
	over := false
	for i := 0; i < 1000 && !over; i++ {
		w := s.ok("wait", game)
		shown.WriteString(w)
		if over = strings.Contains(w, "game over: "); over {
			break
		}
		if !strings.Contains(w, "your move: ") {
			t.Fatalf("wait returned with nothing to do:\n%s", w)
		}
		legal := s.ok("legal", game)
		if !strings.HasPrefix(legal, "your move: ") {
			t.Fatalf("wait returned, but legal offers nothing the seat must do:\n%s", legal)
		}
		ns := legalLine.FindAllStringSubmatch(legal, -1)
		if len(ns) == 0 {
			t.Fatalf("legal numbers no command to play:\n%s", legal)
		}
		n := ns[i%len(ns)][1] // a different pick each time: a game that goes places
		shown.WriteString(s.ok("submit", game, n))
	}
	if !over {
		t.Fatal("the game did not end")
	}
	last := version(t, s, game)
	seen := map[int]int{}
	for _, m := range eventLine.FindAllStringSubmatch(shown.String(), -1) {
		n, _ := strconv.Atoi(m[1])
		seen[n]++
	}
	for seq := from + 1; seq <= last; seq++ {
		if seen[int(seq)] != 1 {
			t.Errorf("event %d shown %d times by wait and submit, want once", seq, seen[int(seq)])
		}
	}
	if t.Failed() {
		t.Logf("joined:\n%s\nshown:\n%s", joined, shown.String())
	}
}

// gameID takes the id from create's output.
func gameID(t *testing.T, created string) string {
	t.Helper()
	m := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(created)
	if m == nil {
		t.Fatalf("no game id in:\n%s", created)
	}
	return m[1]
}

// version returns the game's version as the caller sees it.
func version(t *testing.T, s *session, game string) int64 {
	t.Helper()
	v := &moonshinev1.GameView{}
	if err := protojson.Unmarshal([]byte(s.ok("view", game, "--json")), v); err != nil {
		t.Fatal(err)
	}
	return v.GetInfo().GetVersion()
}

// TestLegalOptionalPrompt: a prompt the game does not wait for (a
// Bootleggers trade while another seat runs its whiskey) says so, whom
// the game waits for, and how to let it be; the templates' fields are
// described in words, with the JSON paths --command-json takes.
func TestLegalOptionalPrompt(t *testing.T) {
	trade := &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_Bootleggers{Bootleggers: &bl.Command{
		Kind: &bl.Command_ProposeTrade{ProposeTrade: &bl.ProposeTrade{}}}}}
	run := &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_Bootleggers{Bootleggers: &bl.Command{
		Kind: &bl.Command_RunTheWhiskey{RunTheWhiskey: &bl.RunTheWhiskey{}}}}}
	v := &moonshinev1.GameView{
		Info:    &moonshinev1.GameInfo{GameId: "g", Game: "bootleggers", Seats: []*moonshinev1.Seat{{Seat: 0, Claimed: true, Name: "alice"}, {Seat: 1, Bot: true}}},
		Viewer:  &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: 0},
		Waiting: []*moonshinev1.Waiting{{Seat: 1, MustAct: true, Detail: "run the whiskey"}, {Seat: 0, Detail: "trade"}},
		Prompt: &moonshinev1.Prompt{Seat: 0, Detail: "trade", Templates: []*moonshinev1.CommandTemplate{
			{Name: "propose-trade", Label: "offer another Mobster …", Command: trade, Params: []*moonshinev1.TemplateParam{
				{Field: "propose_trade.to", Choices: []string{"1"}}, {Field: "propose_trade.give", Description: "what you hand over"}}},
			{Name: "run-the-whiskey", Label: "load your trucks", Command: run, Params: []*moonshinev1.TemplateParam{
				{Field: "run_the_whiskey.runs.truck", Choices: []string{"3"}}, {Field: "run_the_whiskey.runs.crates", Min: 1, Max: 4},
				{Field: "run_the_whiskey.runs.place", Choices: []string{"DRINKING_PLACE_TEXAS_LILS"}}}},
		}},
	}
	var w bytes.Buffer
	promptText(&w, renderFor("bootleggers"), v, nil)
	out := w.String()
	contains(t, "legal", out, "you may trade; the game does not wait for you: it waits for seat 1 (bot) to run the whiskey\n",
		`give: what you hand over; {"money": a number, "crates": a number, "trucks": a list of numbers}`,
		`runs[].crates: ; a number, 1 to 4`, "runs[].place: ; one of DRINKING_PLACE_TEXAS_LILS (Texas Lil's)",
		`'{"runTheWhiskey":{"runs":[{"truck":3,"crates":1,"place":"DRINKING_PLACE_TEXAS_LILS"}]}}'`,
		"or let it be: nothing is needed of you now (`moonshine wait g` returns when you must act)")
	if strings.Contains(out, "proto") {
		t.Errorf("a field sends the reader to the proto:\n%s", out)
	}
	w.Reset()
	viewText(&w, v)
	contains(t, "view", w.String(), "waiting for seat 1 (bot) to run the whiskey\n", "you may trade (the game does not wait for you)\n")
}

// TestTLS: the CLI speaks TLS with --tls and --ca (or their variables);
// without them against a TLS server it says at once, with no retries,
// that the server speaks TLS, and with them against a plaintext one that
// it does not; a certificate it cannot trust is said so.
func TestTLS(t *testing.T) {
	certFile, keyFile := servertest.WriteCert(t)
	ctx := t.Context()
	_, addr := servertest.Start(t, ctx, server.Config{Store: memstore.New(), CommandRate: -1, TLSCertFile: certFile, TLSKeyFile: keyFile})
	_, plain := servertest.Start(t, ctx, server.Config{Store: memstore.New(), CommandRate: -1})
	t.Setenv("MOONSHINE_TOKEN", "")
	s := &session{t: t, ctx: ctx, addr: addr, dir: t.TempDir()}
	code, _, errw := s.run("games")
	if code != exitError || !strings.Contains(errw, "this server speaks TLS ("+addr+"): pass --tls") || strings.Contains(errw, "retrying") {
		t.Errorf("plaintext to a TLS server: exit %d\n%s", code, errw)
	}
	s.ok("--tls", "--ca", certFile, "rules")
	s.ok("--ca", certFile, "--server-name", "moonshine.test", "rules")
	t.Setenv("MOONSHINE_TLS", "true")
	t.Setenv("MOONSHINE_CA", certFile)
	s.ok("rules")
	t.Setenv("MOONSHINE_CA", "")
	if code, _, errw := s.run("rules"); code != exitError || !strings.Contains(errw, "certificate of the server at "+addr+" is not accepted") ||
		!strings.Contains(errw, "--ca FILE") || strings.Contains(errw, "retrying") {
		t.Errorf("an untrusted certificate: exit %d\n%s", code, errw)
	}
	s.addr = plain
	if code, _, errw := s.run("rules"); code != exitError || !strings.Contains(errw, "this server does not speak TLS ("+plain+"): drop --tls") {
		t.Errorf("TLS to a plaintext server: exit %d\n%s", code, errw)
	}
}

// TestTableCommands: rules lists the games and describes one; a bad
// variant's refusal lists the valid ones; create stores the creator
// credential, with which cancel ends a table unplayed and rotate gives a
// seat a new credential (stored, the old one refused); leave frees a
// seat; takeback takes back a sealed move; resign concedes.
func TestTableCommands(t *testing.T) {
	s := newSession(t)
	contains(t, "rules", s.ok("rules"), "bootleggers  Bootleggers, 2-6 players; variants: standard, where-are-da-boys, ")
	contains(t, "rules bootleggers", s.ok("rules", "bootleggers"), "  where-are-da-boys: Where are da boys? (2 players), 2 players: ",
		`options: {"variant":"VARIANT_WHERE_ARE_DA_BOYS"}`, `options (create --options-json, instead of a variant): {"variant": a Variant value, `)
	code, _, errw := s.run("create", "--game", "bootleggers", "--variant", "nope", "--players", "2")
	if code != exitError || !strings.Contains(errw, "the variants of bootleggers are standard (3-6 players), where-are-da-boys (2 players), ") ||
		!strings.HasSuffix(strings.TrimSpace(errw), "[BAD_VARIANT, InvalidArgument]") {
		t.Errorf("a bad variant: exit %d\n%s", code, errw)
	}

	game := gameID(t, s.ok("create", "--players", "3"))
	s.ok("join", game, "--name", "alice")
	contains(t, "leave", s.ok("leave", game), "left "+game, "seat 0: (free)")
	contains(t, "cancel", s.ok("cancel", game), "cancelled "+game, "  over  ")

	game = gameID(t, s.ok("create", "--players", "3"))
	for seat, name := range []string{"alice", "bob", "carol"} {
		s.ok("join", game, "--seat", strconv.Itoa(seat), "--name", name)
	}
	store, err := loadCredentials(s.dir)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := store.find(s.addr, game, 1)
	contains(t, "rotate", s.ok("rotate", game, "1"), "seat 1 of "+game+" has a new credential")
	contains(t, "view with the new credential", s.ok("--as", "1", "view", game), "viewing as seat 1 (bob)")
	if code, _, errw := s.run("--token", old.Token, "view", game); code != exitError || !strings.Contains(errw, "BAD_CREDENTIAL") {
		t.Errorf("the old credential after rotate: exit %d %s", code, errw)
	}
	contains(t, "submit", s.ok("--as", "0", "submit", game, "1"), "played: ")
	contains(t, "takeback", s.ok("--as", "0", "takeback", game), "taken back: see `moonshine view "+game+"`")
	contains(t, "resign", s.ok("--as", "2", "resign", game), "played: ")
}
