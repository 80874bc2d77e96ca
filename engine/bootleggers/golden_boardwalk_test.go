package bootleggers_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// TestBoardwalkGolden keeps under testdata/golden, for one seeded 4-player
// Boardwalk game played by the strategy, each viewer's redacted stream and
// the labels of the round in which the first casino opens, the views at
// the end of that round, and the final views. Run with -update to rewrite
// them, then review the diff.
func TestBoardwalkGolden(t *testing.T) {
	cfg, _ := policyGame(4, &pb.Options{Boardwalk: true}, []byte("golden/boardwalk"), []engine.Policy{strategy.Policy{}})
	res, err := playtestPlay(cfg)
	if err != nil {
		t.Fatal(err)
	}
	from, to := casinoRound(res.Events)
	if from < 0 {
		t.Fatal("the golden game opens no casino: pick another seed")
	}
	window := res.Events[from:to]
	mid := engine.NewGame(bootleggers.SetupAnyRules{}, nil)
	for _, r := range res.Events[:to] {
		if err := mid.Apply(r.Event); err != nil {
			t.Fatal(err)
		}
	}
	viewers := map[string]engine.Viewer{"spectator": engine.SpectatorViewer(), "seat0": engine.SeatViewer(0), "auditor": engine.AuditorViewer()}
	files := map[string][]byte{}
	for name, v := range viewers {
		files["boardwalk-4p-stream-"+name+".txt"] = playtest.StreamJSON(window, v)
		files["boardwalk-4p-view-casino-round-"+name+".json"] = playtest.JSON(mid.State.View(v))
		files["boardwalk-4p-view-final-"+name+".json"] = playtest.JSON(res.Game.State.View(v))
		var labels bytes.Buffer
		for _, r := range window {
			for _, body := range r.Event.For(v).Bodies() {
				fmt.Fprintf(&labels, "%d %s\n", r.Seq, printed.Labels{}.Event(v, body))
			}
		}
		files["boardwalk-4p-labels-"+name+".txt"] = labels.Bytes()
	}
	for name, got := range files {
		compareBoardwalkGolden(t, name, got)
	}
}

// casinoRound returns the events of the round in which the first casino
// is redeveloped, as indexes [from, to); from is -1 without one.
func casinoRound(evs []engine.Recorded) (from, to int) {
	start, found := 0, false
	for i, r := range evs {
		e := r.Event.Public.(*pb.Event)
		switch {
		case e.GetRoundStarted() != nil && found:
			return start, i
		case e.GetRoundStarted() != nil:
			start = i
		case e.GetCasinoRedeveloped() != nil:
			found = true
		}
	}
	if found {
		return start, len(evs)
	}
	return -1, -1
}

// compareBoardwalkGolden compares got with testdata/golden/name, or writes
// it with -update (the flag of the package's own golden tests).
func compareBoardwalkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
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
