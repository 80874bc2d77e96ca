package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// storeGame plays a Booze Barons game to its end with seeded random legal
// moves and stores it as the service does: its record, its opening events,
// then each command with its events. tamper, if set, may change each
// stored event before it is written (a rules change since, as far as a
// recheck can tell).
func storeGame(t *testing.T, st eventstore.Store, id string, tamper func(seq int64, ev *moonshinev1.StoredEvent)) {
	t.Helper()
	mod, _ := games.Default().Lookup(boozebarons.Name)
	seed := sha256.Sum256([]byte(id))
	g, setup, err := engine.Start(mod.Rules, engine.Config{Players: 3}, seed[:])
	if err != nil {
		t.Fatal(err)
	}
	encode := func(first int64, evs []engine.Event) [][]byte {
		var out [][]byte
		for i, ev := range evs {
			se := mod.EncodeEvent(ev)
			if tamper != nil {
				tamper(first+int64(i), se)
			}
			b, _ := proto.Marshal(se)
			out = append(out, b)
		}
		return out
	}
	cfg, _ := proto.Marshal(&moonshinev1.GameConfig{Players: 3, RulesVersion: boozebarons.RulesVersion})
	commit := engine.SeedCommitment(seed[:])
	rec := eventstore.GameRecord{ID: id, Rules: mod.Name(), Config: cfg, Seed: seed[:], SeedCommitment: commit[:],
		CreatedAt: time.Now().UTC().Truncate(time.Microsecond), Players: 3, Variant: "standard"}
	if _, err := st.CreateGame(t.Context(), rec, encode(1, setup)); err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed)
	for n := 0; g.State.Outcome() == nil; n++ {
		p := g.State.Prompts()[0]
		cmd := p.Legal[r.IntN(len(p.Legal))]
		evs, _, err := g.Decide(p.Seat, cmd)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := proto.Marshal(mod.WrapCommand(cmd))
		req := eventstore.AppendRequest{GameID: id, ExpectedVersion: g.Version, Events: encode(g.Version+1, evs),
			Command: &eventstore.Command{GameID: id, ID: fmt.Sprint("c", n), Seat: int(p.Seat), Data: data}}
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
		req.Finished = g.State.Outcome() != nil
		if _, err := st.Append(t.Context(), req); err != nil {
			t.Fatal(err)
		}
	}
}

// tamperedSeq is the event storeGame's tamper changes in "changed": the
// first reveal of Movement cards after event 40.
var tamperedSeq int64

func tamperReveal(seq int64, ev *moonshinev1.StoredEvent) {
	if r := ev.GetPublic().GetBoozeBarons().GetMovementsRevealed(); r != nil && seq > 40 && tamperedSeq == 0 {
		r.Moves[0].Location = r.Moves[0].Location%6 + 1 // another Location
		tamperedSeq = seq
	}
}

// TestRecheckCommand stores games on PostgreSQL and on the embedded store,
// one of them with an event this build's rules do not give, and runs
// `moonshined recheck` over the store: the report names that game and its
// first differing event, with both rules versions, and the command fails;
// over the honest games alone, or a filter that leaves the changed one
// out, it passes.
func TestRecheckCommand(t *testing.T) {
	for _, c := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return []string{"-db", filepath.Join(t.TempDir(), "m.db")} }},
		{"postgres", func(t *testing.T) []string { return []string{"-database-url", pgtest.New(t)} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := c.args(t)
			if err := run(t.Context(), append([]string{"recheck"}, args...), environ(nil), io.Discard, io.Discard, nil); err == nil ||
				!strings.Contains(err.Error(), "holds no games") {
				t.Errorf("recheck of a store never created: %v", err)
			}
			st, err := server.OpenStore(t.Context(), server.StoreConfig{URL: storeArg(args, "-database-url"), DBPath: storeArg(args, "-db")}, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			storeGame(t, st, "honest-1", nil)
			storeGame(t, st, "honest-2", nil)
			tamperedSeq = 0
			storeGame(t, st, "changed", tamperReveal)
			st.Close()
			checkRecheckCommand(t, args)
		})
	}
}

// checkRecheckCommand runs recheck over a store holding honest-1,
// honest-2 and changed.
func checkRecheckCommand(t *testing.T, args []string) {
	t.Helper()
	recheck := func(extra ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), append(append([]string{"recheck"}, args...), extra...), environ(nil), &out, io.Discard, nil)
		return out.String(), err
	}
	out, err := recheck()
	if err == nil || !strings.Contains(err.Error(), "1 of 3 games would not re-run the same") {
		t.Errorf("recheck of a store with a changed game: %v", err)
	}
	for _, w := range []string{"DIFFERS  changed (booze-barons, ", fmt.Sprintf("recorded under rules %s, this build plays %s) at event %d: ", boozebarons.RulesVersion, boozebarons.RulesVersion, tamperedSeq),
		"recorded: [movements_revealed] public: Movement cards revealed", "replayed: [movements_revealed]", "3 games rechecked: 2 the same, 1 differ, 0 failed"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in:\n%s", w, out)
		}
	}
	if strings.Contains(out, "honest-") {
		t.Errorf("games that re-run the same are listed without -all:\n%s", out)
	}
	if out, err := recheck("-parallel", "1", "honest-1", "honest-2"); err != nil || !strings.Contains(out, "2 games rechecked: 2 the same") {
		t.Errorf("recheck of the honest games: %v\n%s", err, out)
	}
	if out, err := recheck("-all", "-game", "moonshine-kingdom"); err != nil || !strings.Contains(out, "0 games rechecked") {
		t.Errorf("recheck of another game's tables: %v\n%s", err, out)
	}
	out, err = recheck("-json", "-sample", "3", "-sample-seed", "5")
	rep := &moonshinev1.RecheckReport{}
	if perr := protojson.Unmarshal([]byte(out), rep); err == nil || perr != nil || rep.GetDiffer() != 1 || rep.GetSame() != 2 {
		t.Errorf("recheck -json: %v, %v: %v", err, perr, rep)
	}
	for _, g := range rep.GetGames() {
		if d := g.GetFirstDifference(); g.GetGameId() == "changed" && (d.GetSeq() != tamperedSeq || d.GetRecorded() == nil || d.GetReplayed() == nil) {
			t.Errorf("the changed game's difference: %v", d)
		}
	}
	if out, _ := recheck("-sample", "1", "-all"); !strings.Contains(out, "a sample of 1 games (-sample-seed ") || !strings.Contains(out, "1 games rechecked") {
		t.Errorf("recheck -sample 1:\n%s", out)
	}
}

// storeArg returns the value of a flag in args, or "".
func storeArg(args []string, flag string) string {
	for i := 0; i+1 < len(args); i++ {
		if args[i] == flag {
			return args[i+1]
		}
	}
	return ""
}
