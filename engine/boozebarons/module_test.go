package boozebarons

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// TestContract runs every check of the game contract
// (engine/playtest.Conform) with the game's invariants and random
// commands.
func TestContract(t *testing.T) {
	playtest.Conform(t, Module(), playtest.GameChecks{Invariant: invariant, RandomCommand: randomCommand})
}

// TestModuleVariantsStart: each variant starts a game with its options.
func TestModuleVariantsStart(t *testing.T) {
	m := Module()
	for _, v := range m.Variants {
		for _, n := range []int{v.MinPlayers, v.MaxPlayers} {
			cfg, err := m.Table(v.Name, n)
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			_, evs, err := engine.Start(m.Rules, cfg, []byte(v.Name))
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			got := evs[0].Public.(*pb.Event).GetGameStarted().GetOptions()
			want, _ := proto.Clone(got).(*pb.Options)
			if v.Options != nil {
				proto.Merge(want, v.Options)
			}
			if !proto.Equal(got, want) {
				t.Errorf("%s: the game started with %v", v.Name, got)
			}
		}
	}
}

// TestDealingFollowsTheTable: every deal takes no more cards from a Mob
// than its row allows.
func TestDealingFollowsTheTable(t *testing.T) {
	for n := printed.MinPlayers; n <= printed.MaxPlayers; n++ {
		perMob, fromRest := printed.BoozeDealing(n)
		limit := perMob
		if fromRest {
			limit++
		}
		for i := range 20 {
			count := map[pb.Mob]int{}
			for _, b := range DealBooze(n, engine.CommandRand([]byte(fmt.Sprint(i)), 1)) {
				count[printed.MobOf(b)]++
			}
			for m, c := range count {
				if c > limit {
					t.Fatalf("%d players: %d cards of %v, at most %d", n, c, m, limit)
				}
			}
		}
	}
}

// TestGoldenLabels keeps, under testdata/golden, the labels of the golden
// game's first 60 events as seat 0 and a spectator read them, and of the
// commands offered to seat 0 along the way (run with -update to rewrite).
func TestGoldenLabels(t *testing.T) {
	res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: 4}, Seed: []byte("golden")})
	if err != nil {
		t.Fatal(err)
	}
	l := printed.Labels{}
	for name, v := range map[string]engine.Viewer{"seat0": engine.SeatViewer(0), "spectator": engine.SpectatorViewer()} {
		var buf bytes.Buffer
		g := engine.NewGame(Rules{}, nil)
		for _, r := range res.Events[:60] {
			for _, p := range g.State.Prompts() {
				if v.IsSeat(p.Seat) && len(p.Legal) > 0 {
					offered := make([]string, len(p.Legal))
					for i, c := range p.Legal {
						offered[i] = l.Command(v, c)
					}
					fmt.Fprintf(&buf, "  offered: %s\n", strings.Join(slices.Compact(offered), " | "))
				}
			}
			for _, body := range r.Event.For(v).Bodies() {
				fmt.Fprintf(&buf, "%d %s\n", r.Seq, l.Event(v, body))
			}
			if err := g.Apply(r.Event); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join("testdata", "golden", "labels-"+name+".txt")
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from the golden file (run with -update and review the diff)", path)
		}
	}
}

// TestTimeoutPasses: a seat whose turn timer ran out plays the printed
// PASS in its turn ("You may choose to pass and do nothing on your turn");
// where no pass is printed (sealing a Movement card, a Tail's choice) the
// module offers nothing, and the seat's bot chooses.
func TestTimeoutPasses(t *testing.T) {
	m := Module()
	tb := newTable(t, nil, four)
	choose := func() proto.Message {
		ps := tb.g.State.Prompts()
		if len(ps) == 0 {
			t.Fatal("no prompt")
		}
		return m.Timeout.Choose(tb.g.State.View(engine.SeatViewer(ps[0].Seat)), ps[0], engine.NewRand([32]byte{}))
	}
	if c := choose(); c != nil {
		t.Fatalf("sealing a Movement card: the timeout default is %v, want none (the bot chooses)", c)
	}
	tb.move(casino, casino, casino, casino)
	c := choose()
	if !isPass(c) {
		t.Fatalf("an action turn: the timeout default is %v, want Pass", c)
	}
	seat := tb.st().turn
	if _, _, err := tb.g.Decide(engine.Seat(seat), c); err != nil {
		t.Fatalf("the rules refuse the timeout default: %v", err)
	}
}
