package kingdom

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with a less eager garbage collector (GOGC=400
// unless GOGC is set): the random-play simulations clone the state for
// every command they decide, on a small live heap, and at the default
// setting spend about a third of their time collecting.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	m.Run()
}
