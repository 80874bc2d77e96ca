package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
)

// Hooks for this directory's external tests (package kingdom_test), which
// play with engine/kingdom/strategy and check the games from outside.

// Watcher checks a game driven from outside the package under every
// invariant of the random games: the conservation laws and the Golden Rule
// after every event, partners never fighting and paired once for good,
// each Favor bought at most once and held by its buyer, and each seat's
// Respect recomputed from the log equal to the view's.
type Watcher struct{ w *watcher }

// NewWatcher returns a Watcher for a game of the given table size.
func NewWatcher(t testing.TB, players int) *Watcher {
	return &Watcher{w: newWatcher(t, players)}
}

// Applied checks g after it applied the recorded event r.
func (x Watcher) Applied(g *engine.Game, r engine.Recorded) {
	x.w.t.Helper()
	x.w.fold(r)
	x.w.check(g.State.(*state), r.Event)
}

// Decided checks the log's Respect against the view's when a Day began
// since the last check; call it after each command.
func (x Watcher) Decided(g *engine.Game) { x.w.checkDay(g.State.(*state)) }

// Finished checks the log's Respect against the view's at the game's end.
func (x Watcher) Finished(g *engine.Game) { x.w.checkLedger(g.State.(*state)) }
