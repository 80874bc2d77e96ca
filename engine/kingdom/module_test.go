package kingdom

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
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestModuleVariantsStart: the module is consistent, and each variant
// starts a game at its smallest and largest table with its options; the
// Blood Oath is for 4 players only ("The Blood Oath: 4-Player Team
// Variant").
func TestModuleVariantsStart(t *testing.T) {
	m := Module()
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
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
			want := &pb.Options{}
			if v.Options != nil {
				want = v.Options.(*pb.Options)
			}
			if !proto.Equal(got, want) {
				t.Errorf("%s: the game started with %v", v.Name, got)
			}
		}
	}
	if _, err := m.Table("blood-oath", 3); err == nil {
		t.Error("a 3-player Blood Oath table")
	}
	if !proto.Equal(m.Board, printed.Board()) || m.Policy == nil {
		t.Errorf("board %T, policy %T", m.Board, m.Policy)
	}
}

// TestGoldenLabels keeps, under testdata/golden, the labels of the first
// three Days of a seeded 4-player Blood Oath game of the random bot (with
// its fights and Raids) as seat 0 and a spectator read them, and of the
// commands and templates offered to seat 0 along the way (run with -update
// to rewrite).
func TestGoldenLabels(t *testing.T) {
	sm := newOathSim(t, 4, 4001)
	sm.run(3, 0)
	l := printed.Labels{}
	for name, v := range map[string]engine.Viewer{"seat0": engine.SeatViewer(0), "spectator": engine.SpectatorViewer()} {
		var buf bytes.Buffer
		g := engine.NewGame(Rules{}, nil)
		last := ""
		for _, r := range sm.records {
			for _, p := range g.State.Prompts() {
				if !v.IsSeat(p.Seat) || !p.MustAct {
					continue
				}
				offered := make([]string, 0, len(p.Legal)+len(p.Templates))
				for _, c := range p.Legal {
					offered = append(offered, l.Command(v, c))
				}
				for _, tp := range p.Templates {
					offered = append(offered, "["+l.Template(v, tp)+"]")
				}
				if line := fmt.Sprintf("  offered (%d): %s\n", len(offered), strings.Join(slices.Compact(offered), " | ")); line != last {
					buf.WriteString(line)
					last = line
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
			must(t, os.WriteFile(path, buf.Bytes(), 0o644))
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
