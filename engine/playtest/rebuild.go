package playtest

import (
	"bytes"
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
)

// snapshot encodes every viewer's view and the prompts: what a state shows.
func snapshot(st engine.State, players int) [][]byte {
	var out [][]byte
	for _, v := range Viewers(players) {
		out = append(out, MarshalView(st.View(v)))
	}
	for _, p := range st.Prompts() {
		out = append(out, []byte(fmt.Sprintf("%d %v %s %s", p.Seat, p.MustAct, p.Reason, p.Detail)))
		for _, c := range p.Legal {
			out = append(out, MarshalView(c))
		}
	}
	return out
}

// checkRebuild folds the whole log into a fresh state and compares what it
// shows every viewer with the incrementally built state.
func checkRebuild(r engine.Rules, players int, g *engine.Game, log []engine.Recorded) error {
	fresh := engine.NewGame(r, nil)
	for _, rec := range log {
		if err := fresh.Apply(rec.Event); err != nil {
			return fmt.Errorf("rebuild: %w", err)
		}
	}
	a, b := snapshot(g.State, players), snapshot(fresh.State, players)
	if len(a) != len(b) {
		return fmt.Errorf("rebuilt state differs from the incremental one (prompts)")
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return fmt.Errorf("rebuilt state differs from the incremental one (part %d)", i)
		}
	}
	return nil
}
