package gameservice_test

import (
	"context"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// privateSeats lists, per event, the seats of the private parts shown.
func privateSeats(evs []*moonshinev1.Event) [][]int32 {
	out := make([][]int32, len(evs))
	for i, ev := range evs {
		out[i] = []int32{}
		for _, p := range ev.GetPrivate() {
			out[i] = append(out[i], p.GetSeats()...)
			if len(p.GetSeats()) == 0 {
				out[i] = append(out[i], -1) // to nobody: the auditor's
			}
		}
	}
	return out
}

// TestRedaction checks that each caller sees only its own secrets, in
// history, stream and view (TestTalkRedaction checks table talk).
func TestRedaction(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(3)
	cases := []struct {
		name  string
		token string
		want  [][]int32 // private seats shown per event: setup, deck
		deck  int       // secrets in the view
	}{
		{"seat 1", tok[0], [][]int32{{0}, {}}, 1},
		{"seat 2", tok[1], [][]int32{{1}, {}}, 1},
		{"seat 3", tok[2], [][]int32{{2}, {}}, 1},
		{"spectator", "", [][]int32{{}, {}}, 0},
		{"auditor", auditorToken, [][]int32{{0, 1, 2}, {-1}}, 3 + 36},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := privateSeats(e.history(c.token, id).GetEvents()); !equalSeats(got, c.want) {
				t.Errorf("history shows %v, want %v", got, c.want)
			}
			ctx, cancel := context.WithCancel(as(c.token))
			defer cancel()
			stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
			if err != nil {
				t.Fatal(err)
			}
			if got := privateSeats(recv(t, stream, 2)); !equalSeats(got, c.want) {
				t.Errorf("stream shows %v, want %v", got, c.want)
			}
			v, err := e.client.GetView(as(c.token), &moonshinev1.GetViewRequest{GameId: id})
			if err != nil {
				t.Fatal(err)
			}
			if n := len(v.GetView().GetBoozeBarons().GetDeck()); n != c.deck {
				t.Errorf("view shows %d secrets, want %d", n, c.deck)
			}
		})
	}
}

func equalSeats(a, b [][]int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

// TestPromptOnlyForOwnSeat checks that legal commands go to the seat that
// may act, and the public waiting list to everyone.
func TestPromptOnlyForOwnSeat(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	for _, c := range []struct {
		token  string
		prompt bool
	}{{tok[0], true}, {tok[1], false}, {"", false}} {
		v, err := e.client.GetView(as(c.token), &moonshinev1.GetViewRequest{GameId: id})
		if err != nil {
			t.Fatal(err)
		}
		if got := v.GetView().GetPrompt() != nil; got != c.prompt {
			t.Errorf("prompt shown: %v, want %v", got, c.prompt)
		}
		if w := v.GetView().GetWaiting(); len(w) != 1 || w[0].GetSeat() != 0 || !w[0].GetMustAct() {
			t.Errorf("waiting %v, want seat 0", w)
		}
	}
}

// TestFinishedGameVerifies plays a game to its end; then anyone gets the
// complete history, the seed matches its commitment, and engine.Verify
// re-runs the game from seed and commands.
func TestFinishedGameVerifies(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	to := int32(1)
	if _, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "psst", ToSeat: &to}); err != nil {
		t.Fatal(err)
	}
	for i := range toyMoves {
		e.mustSubmit(tok[i%2], id, "m"+string(rune('a'+i)), cmdDeliver(int32(i)))
	}
	h := e.history("", id)
	if !h.GetComplete() || h.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER {
		t.Fatalf("complete %v, status %v", h.GetComplete(), h.GetGame().GetStatus())
	}
	if got := privateSeats(h.GetEvents()[:2]); !equalSeats(got, [][]int32{{0, 1}, {-1}}) {
		t.Errorf("spectator's complete history shows %v", got)
	}
	commit := engine.SeedCommitment(h.GetGame().GetSeed())
	if string(commit[:]) != string(h.GetGame().GetSeedCommitment()) {
		t.Fatal("the revealed seed does not match its commitment")
	}
	if err := verify(t, h); err != nil {
		t.Fatal(err)
	}
}

// verify re-runs a complete history offline.
func verify(t *testing.T, h *moonshinev1.GetHistoryResponse) error {
	reg, _ := games.New(toyModule())
	g, _ := reg.Lookup("toy")
	var cmds []engine.Logged
	for _, c := range h.GetCommands() {
		inner, err := g.Command(c.GetCommand())
		if err != nil {
			return err
		}
		cmds = append(cmds, engine.Logged{Seat: engine.Seat(c.GetSeat()), Command: inner, FirstSeq: c.GetFirstSeq(), LastSeq: c.GetLastSeq()})
	}
	var evs []engine.Recorded
	for _, ev := range h.GetEvents() {
		se := &moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}
		if games.IsChat(se) || (se.Public == nil && len(se.Private) == 0) {
			continue // table talk, or private talk between others
		}
		dec, err := g.DecodeEvent(se)
		if err != nil {
			return err
		}
		evs = append(evs, engine.Recorded{Seq: ev.GetSeq(), Event: dec})
	}
	cfg := engine.Config{Players: int(h.GetGame().GetConfig().GetPlayers())}
	return engine.Verify(toyModule(), cfg, h.GetGame().GetSeed(), cmds, evs)
}

// TestViewAt replays the view as of an earlier event.
func TestViewAt(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	e.mustSubmit(tok[0], id, "c1", cmdPass())
	e.mustSubmit(tok[1], id, "c2", cmdPass())
	for seq, moves := range map[int64]int32{2: 0, 3: 1, 4: 2} {
		v, err := e.client.GetViewAt(as(tok[0]), &moonshinev1.GetViewAtRequest{GameId: id, Seq: seq})
		if err != nil {
			t.Fatal(err)
		}
		if got := v.GetView().GetBoozeBarons().GetRound(); got != moves {
			t.Errorf("at %d: %d moves, want %d", seq, got, moves)
		}
		if n := len(v.GetView().GetBoozeBarons().GetDeck()); n != 1 {
			t.Errorf("at %d: seat 1 sees %d secrets, want 1", seq, n)
		}
	}
}
