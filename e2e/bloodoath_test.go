package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// TestBloodOathGameToTheEnd plays a 4-player Blood Oath game of Moonshine
// Kingdom to its end through the real server over PostgreSQL: one gRPC
// connection and credential per seat, each seat acting from its own view
// with the seeded policy of engine/kingdom/strategy whenever its prompt
// says it must. The seed is the server's (crypto/rand), so the players
// really drive the game to an end. Then it checks the Outcome (an Alliance
// win after the Sit-Down, the Capo first), the revealed seed and the
// verification, the stores, streams and redaction, and the CLI: the history
// fetched to a file, verified from it, and replayed event by event.
func TestBloodOathGameToTheEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*testTimeout)
	defer cancel()
	start := time.Now()
	g := playBloodOath(t, ctx)
	t.Logf("game %s over at event %d after %d commands in %v: %s", g.id, g.final, len(g.complete.GetCommands()),
		time.Since(start).Round(time.Millisecond), g.players[0].views[len(g.players[0].views)-1].GetOutcome().GetSummary())
	t.Run("an Alliance wins after the Sit-Down", func(t *testing.T) { checkAllianceWin(t, g) })
	t.Run("every event is in PostgreSQL", func(t *testing.T) { checkStore(t, ctx, g) })
	t.Run("history replays to the final state", func(t *testing.T) { checkReplay(t, ctx, g) })
	t.Run("streams equal the redacted history", func(t *testing.T) { checkStreams(t, ctx, g) })
	t.Run("seats see only what they may know", func(t *testing.T) {
		checkKnowledge(t, g)
		checkDrawsArePrivate(t, g)
	})
	t.Run("table talk reaches only its audience", func(t *testing.T) { checkTalk(t, ctx, g) })
	t.Run("verify from the revealed seed", func(t *testing.T) { checkOathVerify(t, ctx, g) })
	t.Run("the CLI saves, verifies and replays the history", func(t *testing.T) {
		cliStart := time.Now()
		checkOathCLI(t, ctx, g)
		t.Logf("CLI checks in %v", time.Since(cliStart).Round(time.Millisecond))
	})
	t.Logf("in all %v", time.Since(start).Round(time.Millisecond))
}

// playBloodOath creates the game with the policy's quick Blood Oath
// options, seats one client per seat playing the policy, and plays it to
// the end.
func playBloodOath(t *testing.T, ctx context.Context) *fullGame {
	t.Helper()
	p := startPlatform(t, ctx, nil)
	opts := &moonshinev1.GameOptions{Game: &moonshinev1.GameOptions_MoonshineKingdom{MoonshineKingdom: strategy.QuickOathOptions()}}
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: kingdomGame,
		Config: &moonshinev1.GameConfig{Players: 4, Options: opts, Title: "e2e blood oath"}})
	if err != nil {
		t.Fatal(err)
	}
	g := &fullGame{p: p, id: created.GetGame().GetGameId(), checkView: checkKingdomView}
	watchCtx, stopWatching := context.WithCancel(ctx)
	defer stopWatching()
	for s := range int32(4) {
		c := p.join(ctx, g.id, s, fmt.Sprintf("player%d", s))
		rec, err := c.watch(watchCtx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		g.players = append(g.players, &player{seat: s, c: c, rec: rec, players: 4, rng: rand.New(rand.NewPCG(uint64(s), 35)),
			maxViews: 20000, choose: policyChoice})
	}
	runPlayers(t, ctx, g)
	g.collect(t, ctx)
	return g
}

// policyChoice is the seat's policy move: the view and prompt the seat was
// given, and its own generator.
func policyChoice(rng *rand.Rand, env *moonshinev1.GameView) *moonshinev1.GameCommand {
	pr := env.GetPrompt()
	p := strategy.Prompt{Reason: pr.GetReason()}
	for _, c := range pr.GetLegal() {
		p.Legal = append(p.Legal, c.GetMoonshineKingdom())
	}
	for _, tm := range pr.GetTemplates() {
		p.Templates = append(p.Templates, tm.GetName())
	}
	return wrapKingdom(strategy.Choose(env.GetMoonshineKingdom(), p, rng))
}

// checkAllianceWin checks the end: the game is over, a Sit-Down paired the
// seats before it, and the Outcome names the winning Alliance, the Capo di
// Tutti Capi first, as the GameEnded event and every seat's last view do.
func checkAllianceWin(t *testing.T, g *fullGame) {
	if g.complete.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER || !g.complete.GetComplete() {
		t.Fatalf("the game is not over (status %v, complete %v)", g.complete.GetGame().GetStatus(), g.complete.GetComplete())
	}
	var sitDown int64
	var ranking []uint32
	var ended *mk.GameEnded
	for _, ev := range g.audited.GetEvents() {
		k := ev.GetPublic().GetMoonshineKingdom()
		if x := k.GetSitDown(); x != nil {
			sitDown, ranking = ev.GetSeq(), x.GetRanking()
		}
		if x := k.GetGameEnded(); x != nil {
			ended = x
			if ev.GetSeq() != g.final {
				t.Errorf("the game ended at event %d, not the last (%d)", ev.GetSeq(), g.final)
			}
		}
	}
	if sitDown == 0 || ended == nil || ended.Partner == nil {
		t.Fatalf("Sit-Down at %d; end %v: not an Alliance win after a Sit-Down", sitDown, ended)
	}
	capo, partner := ended.GetWinner(), ended.GetPartner()
	// "The player in 1st Place joins forces with the player in 4th Place.
	// The player in 2nd Place pairs with the player in 3rd Place."
	pairs := [][2]uint32{{ranking[0], ranking[3]}, {ranking[1], ranking[2]}}
	if !slices.ContainsFunc(pairs, func(p [2]uint32) bool {
		return (p[0] == capo && p[1] == partner) || (p[1] == capo && p[0] == partner)
	}) {
		t.Errorf("winners %d and %d are not partners of the Sit-Down %v", capo, partner, ranking)
	}
	if r := ended.GetRespect(); r[capo] < r[partner] || int(r[capo]+r[partner]) < int(strategy.QuickOathOptions().GetAllianceRespectToWin()) {
		t.Errorf("Capo %d has %d Respect, partner %d has %d", capo, r[capo], partner, r[partner])
	}
	for _, pl := range g.players {
		last := pl.views[len(pl.views)-1]
		o := last.GetOutcome()
		if !slices.Equal(o.GetWinners(), []int32{int32(capo), int32(partner)}) || !strings.Contains(o.GetSummary(), "Alliance") {
			t.Errorf("seat %d: outcome %v, want the Alliance of %d (Capo) and %d", pl.seat, o, capo, partner)
		}
		v := last.GetMoonshineKingdom()
		if v.GetPhase() != mk.Phase_PHASE_GAME_OVER || len(v.GetPartners()) != 4 || v.GetPartners()[capo] != partner {
			t.Errorf("seat %d: last view phase %v, partners %v", pl.seat, v.GetPhase(), v.GetPartners())
		}
	}
	t.Logf("Sit-Down at event %d (ranking %v); seat %d (Capo) and seat %d win with %v Respect", sitDown, ranking, capo, partner, ended.GetRespect())
}

// checkDrawsArePrivate checks the Contract cards in the auditor's log: the
// cards a seat draws travel only in a private part for that seat (the
// public part names the decks), and draws happened; discards go face up
// and are public (ContractsDiscarded.cards). (Once the game is over its
// whole history, private parts included, is anyone's.)
func checkDrawsArePrivate(t *testing.T, g *fullGame) {
	draws := 0
	for _, ev := range g.audited.GetEvents() {
		switch ev.GetPublic().GetMoonshineKingdom().GetKind().(type) {
		case *mk.Event_ContractsReceived, *mk.Event_ContractsDiscardedCards:
			t.Errorf("event %d: Contract cards in a public body", ev.GetSeq())
		}
		for _, p := range ev.GetPrivate() {
			var holder uint32
			switch k := p.GetBody().GetMoonshineKingdom().GetKind().(type) {
			case *mk.Event_ContractsReceived:
				holder = k.ContractsReceived.GetSeat()
				draws++
			case *mk.Event_ContractsDiscardedCards:
				holder = k.ContractsDiscardedCards.GetSeat()
			case nil:
				continue // table talk
			default:
				t.Errorf("event %d: unexpected private body %v", ev.GetSeq(), p.GetBody())
				continue
			}
			if !slices.Equal(p.GetSeats(), []int32{int32(holder)}) {
				t.Errorf("event %d: seat %d's cards are for %v", ev.GetSeq(), holder, p.GetSeats())
			}
		}
	}
	if draws == 0 {
		t.Error("no Contract was drawn")
	}
}

// checkOathVerify checks the revealed seed against the commitment made at
// creation, that the complete histories of a seat, a spectator and the
// auditor verify from it (service/audit), and that a tampered die does not.
func checkOathVerify(t *testing.T, ctx context.Context, g *fullGame) {
	info := g.complete.GetGame()
	if len(info.GetSeed()) == 0 {
		t.Fatal("the seed is not revealed")
	}
	if sum := sha256.Sum256(info.GetSeed()); !bytes.Equal(sum[:], info.GetSeedCommitment()) {
		t.Fatal("the revealed seed does not match its commitment")
	}
	// The game records the rules it was created under.
	if v := info.GetConfig().GetRulesVersion(); v != kingdom.RulesVersion {
		t.Errorf("the game was recorded under rules %q, this build plays %q", v, kingdom.RulesVersion)
	}
	public, err := g.p.dial().history(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []*moonshinev1.GetHistoryResponse{g.complete, public, g.audited} {
		if !h.GetComplete() {
			t.Fatal("a history of the finished game is not complete")
		}
		if err := audit.Verify(h); err != nil {
			t.Fatal(err)
		}
	}
	tampered := proto.Clone(g.complete).(*moonshinev1.GetHistoryResponse)
	var seq int64
	for _, ev := range slices.Backward(tampered.GetEvents()) {
		if d := ev.GetPublic().GetMoonshineKingdom().GetBrewDrafted(); d != nil {
			d.White, seq = d.White%6+1, ev.GetSeq() // another White die, late in the game
			break
		}
	}
	if e, ok := audit.AsError(audit.Verify(tampered)); !ok || e.Kind != audit.Mismatch || e.Seq != seq {
		t.Errorf("tampered event %d: got %v, want a mismatch there", seq, e)
	}
}

// checkOathCLI builds cmd/moonshine and drives it against the server as a
// spectator: it saves the finished game's history to a file, verifies the
// file, and replays the game event by event (the view as of every event,
// checked for its version, and the last against the final view).
func checkOathCLI(t *testing.T, ctx context.Context, g *fullGame) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "moonshine")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "../cmd/moonshine")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cli := func(args ...string) string {
		t.Helper()
		full := append([]string{"--addr", g.p.addr, "--config-dir", dir}, args...)
		cmd := exec.CommandContext(ctx, bin, full...)
		cmd.Env = append(os.Environ(), "MOONSHINE_TOKEN=")
		var out, errw bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errw
		if err := cmd.Run(); err != nil {
			t.Fatalf("moonshine %s: %v\n%s%s", strings.Join(args, " "), err, out.String(), errw.String())
		}
		return out.String()
	}
	file := filepath.Join(dir, "game.json")
	if out := cli("history", g.id, "--out", file); !strings.Contains(out, "complete: true") {
		t.Errorf("history --out: %s", out)
	}
	saved, err := audit.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	fetched, err := audit.FetchHistory(ctx, g.p.dial().api, &moonshinev1.GetHistoryRequest{GameId: g.id})
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(saved, fetched) {
		t.Error("the saved history differs from a spectator's fetched through the API")
	}
	if out := cli("verify", "--file", file); !strings.Contains(out, "verified: game "+g.id) {
		t.Errorf("verify --file: %s", out)
	}
	spectator, err := g.p.dial().view(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	// One process steps through the whole game, a view per event.
	lines := strings.Split(strings.TrimSpace(cli("--json", "replay", g.id, "1", "--to", strconv.FormatInt(g.final, 10))), "\n")
	if int64(len(lines)) != g.final {
		t.Fatalf("replay 1..%d printed %d views", g.final, len(lines))
	}
	replayed := 0
	for i, line := range lines {
		n := int64(i + 1)
		v := &moonshinev1.GameView{}
		if err := protojson.Unmarshal([]byte(line), v); err != nil {
			t.Fatalf("replay %d: %v", n, err)
		}
		if v.GetInfo().GetVersion() != n {
			t.Fatalf("replay %d: the view is at version %d", n, v.GetInfo().GetVersion())
		}
		if n == g.final && !proto.Equal(gamePart(v), gamePart(spectator)) {
			t.Error("the replayed view as of the last event differs from the final view")
		}
		replayed++
	}
	t.Logf("replayed %d events with the CLI", replayed)
}
