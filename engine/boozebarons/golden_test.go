package boozebarons

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden keeps the redacted streams and views of one seeded 4-player
// game (its first 60 events, and the final views) under testdata/golden.
// Run with -update to rewrite them, then review the diff.
func TestGolden(t *testing.T) {
	res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: 4}, Seed: []byte("golden")})
	if err != nil {
		t.Fatal(err)
	}
	const prefix = 60
	mid := engine.NewGame(Rules{}, nil)
	for _, r := range res.Events[:prefix] {
		if err := mid.Apply(r.Event); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string][]byte{}
	for name, v := range map[string]engine.Viewer{"spectator": engine.SpectatorViewer(), "seat0": engine.SeatViewer(0), "auditor": engine.AuditorViewer()} {
		files["stream-"+name+".txt"] = playtest.StreamJSON(res.Events[:prefix], v)
		files["view-event60-"+name+".json"] = playtest.JSON(mid.State.View(v))
		files["view-final-"+name+".json"] = playtest.JSON(res.Game.State.View(v))
	}
	for name, got := range files {
		path := filepath.Join("testdata", "golden", name)
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the golden file (run with -update and review the diff)", name)
		}
	}
}
