package bootleggers

import (
	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	"google.golang.org/protobuf/proto"
)

// Exported for the tests of package bootleggers_test, which import the
// strategy (itself an importer of this package).

// Watcher is the per-event checker of watch_test.go.
type Watcher = watcher

// NewWatcher returns a Watcher for one game.
func NewWatcher() *Watcher { return newWatcher() }

// NewLiteWatcher returns a Watcher that checks everything but the views
// (the large runs).
func NewLiteWatcher() *Watcher {
	w := newWatcher()
	w.lite = true
	return w
}

// Check is a playtest.Config.Invariant.
func (w *Watcher) Check(st engine.State, log []engine.Recorded) error { return w.check(st, log) }

// Kinds counts the event kinds the watcher has seen.
func (w *Watcher) Kinds() map[string]int { return w.kinds }

// RandomCommand makes a random command for the playtest sample.
func RandomCommand(r *engine.Rand) proto.Message { return randomCommand(r) }

// OptionSets are the option sets the seeded games cover at a table size.
func OptionSets(players int) map[string]*pb.Options { return optionSets(players) }
