package kingdom

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// Golden files: the first Day of a seeded 3-player game as seat 0 and a
// spectator see it (views and redacted streams), and the auditor's view.
// Refresh with `go test ./engine/kingdom -run TestGolden -update` and
// review the diff.
func TestGolden(t *testing.T) {
	// The moves come from the engine alone: the Legal command at a fixed
	// stride, so that the files change only when the engine does.
	sm := newSim(t, 3, 3001)
	for step := 0; sm.state().Day == 1; step++ {
		p := sm.state().Prompts()[0]
		sm.step(p.Seat, p.Legal[(step*7)%len(p.Legal)], true, &simResult{})
	}
	files := map[string][]byte{
		"day1-view-spectator.json":  playtest.JSON(sm.state().View(engine.SpectatorViewer())),
		"day1-view-seat1.json":      playtest.JSON(sm.state().View(engine.SeatViewer(0))),
		"day1-view-auditor.json":    playtest.JSON(sm.state().View(engine.AuditorViewer())),
		"day1-stream-seat1.txt":     playtest.StreamJSON(sm.records, engine.SeatViewer(0)),
		"day1-stream-spectator.txt": playtest.StreamJSON(sm.records, engine.SpectatorViewer()),
	}
	dir := filepath.Join("testdata", "golden")
	for name, got := range files {
		path := filepath.Join(dir, name)
		if *update {
			must(t, os.MkdirAll(dir, 0o755))
			must(t, os.WriteFile(path, got, 0o644))
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(want, got) {
			t.Errorf("%s differs from the golden file (run with -update and review the diff)", path)
		}
	}
}
