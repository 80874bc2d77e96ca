package fanout

import (
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// Every listener hears every change until it stops; a change of no game
// says any game may have moved.
func TestListenersHearChangesUntilStopped(t *testing.T) {
	h := New()
	var a, b []eventstore.Change
	stopA := h.Listen(func(c eventstore.Change) { a = append(a, c) })
	stopB := h.Listen(func(c eventstore.Change) { b = append(b, c) })
	defer stopB()
	if !h.Listening() {
		t.Fatal("Listening = false with two listeners")
	}
	h.Publish(eventstore.Change{GameID: "g", Version: 3})
	stopA()
	h.Notify("h")
	h.NotifyAll()
	if len(a) != 1 || a[0].GameID != "g" || a[0].Version != 3 {
		t.Errorf("listener a heard %+v, want the one change before it stopped", a)
	}
	if len(b) != 3 || b[1].GameID != "h" || b[1].Version != 0 || b[2].GameID != "" {
		t.Errorf("listener b heard %+v, want g at 3, h, then any game", b)
	}
	stopB()
	if h.Listening() {
		t.Error("Listening = true after both stopped")
	}
}
