package bootleggers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// TestGolden keeps under testdata/golden, for one seeded 4-player game and
// one 2-player game, each viewer's redacted stream of the first events,
// its view at that point and at the end, and the labels of those events
// and of the commands offered to seat 0, as seat 0 and a spectator read
// them. Run with -update to rewrite them, then review the diff.
func TestGolden(t *testing.T) {
	for _, players := range []int{4, 2} {
		res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: players}, Seed: []byte(fmt.Sprint("golden/", players))})
		if err != nil {
			t.Fatal(err)
		}
		const prefix = 60
		mid := engine.NewGame(Rules{}, nil)
		files := map[string][]byte{}
		labels := map[string]*bytes.Buffer{"seat0": {}, "spectator": {}}
		for _, r := range res.Events[:prefix] {
			for name, v := range map[string]engine.Viewer{"seat0": seatView(0), "spectator": engine.SpectatorViewer()} {
				writeLabels(labels[name], mid.State, v, r)
			}
			if err := mid.Apply(r.Event); err != nil {
				t.Fatal(err)
			}
		}
		for name, v := range map[string]engine.Viewer{"spectator": engine.SpectatorViewer(), "seat0": seatView(0), "auditor": engine.AuditorViewer()} {
			files[fmt.Sprintf("%dp-stream-%s.txt", players, name)] = playtest.StreamJSON(res.Events[:prefix], v)
			files[fmt.Sprintf("%dp-view-event%d-%s.json", players, prefix, name)] = playtest.JSON(mid.State.View(v))
			files[fmt.Sprintf("%dp-view-final-%s.json", players, name)] = playtest.JSON(res.Game.State.View(v))
		}
		for name, buf := range labels {
			files[fmt.Sprintf("%dp-labels-%s.txt", players, name)] = buf.Bytes()
		}
		for name, got := range files {
			compareGolden(t, name, got)
		}
	}
}

// writeLabels writes, for one recorded event, the labels of the commands
// v's seat is offered before it and of the bodies v sees of it.
func writeLabels(buf *bytes.Buffer, st engine.State, v engine.Viewer, r engine.Recorded) {
	l := printed.Labels{}
	for _, p := range st.Prompts() {
		if !v.IsSeat(p.Seat) {
			continue
		}
		offered := make([]string, 0, len(p.Legal)+len(p.Templates))
		for _, c := range p.Legal {
			offered = append(offered, l.Command(v, c))
		}
		for _, tp := range p.Templates {
			offered = append(offered, "["+l.Template(v, tp)+"]")
		}
		fmt.Fprintf(buf, "  offered (%s): %s\n", p.Reason, strings.Join(offered, " | "))
	}
	for _, body := range r.Event.For(v).Bodies() {
		fmt.Fprintf(buf, "%d %s\n", r.Seq, l.Event(v, body))
	}
}

func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update and review the diff)", name)
	}
}
