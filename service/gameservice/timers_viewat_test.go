package gameservice_test

import (
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// TestTimerViewAtShowsThePastClocks: GetViewAt shows the seats' clocks as
// they were at the version asked for ("The seats' turn clocks at the
// version"), folded from the log's table events, not today's clocks.
func TestTimerViewAtShowsThePastClocks(t *testing.T) {
	clock := newFakeClock()
	start := clock.Now()
	e := timedEnv(t, nil, clock)
	id, tok := e.timedTable(2, perDecision(10*time.Second, 0))
	e.awaitVersion(id, clocksOpened)
	clock.Advance(11 * time.Second) // seat 0 times out: the default passes for it
	e.awaitVersion(id, clocksOpened+3)
	res := e.mustSubmit(tok[1], id, "c1", cmdPass())

	at := func(seq int64) []*moonshinev1.SeatClock {
		t.Helper()
		r, err := e.client.GetViewAt(as(""), &moonshinev1.GetViewAtRequest{GameId: id, Seq: seq})
		if err != nil {
			t.Fatalf("GetViewAt %d: %v", seq, err)
		}
		if cs := r.GetView().GetClocks(); len(cs) == 2 {
			return cs
		}
		t.Fatalf("GetViewAt %d: clocks %v, want both seats'", seq, r.GetView().GetClocks())
		return nil
	}
	// Before the table was full, no clock ran.
	if cs := at(clocksOpened - 1); cs[0].GetRunning() || cs[1].GetRunning() {
		t.Errorf("before the start: %v", cs)
	}
	// As the clocks opened: seat 0's ran to start+10s.
	if cs := at(clocksOpened); !cs[0].GetRunning() || !cs[0].GetDeadline().AsTime().Equal(start.Add(10*time.Second)) || cs[0].GetTimeouts() != 0 || cs[1].GetRunning() {
		t.Errorf("at the start: %v", cs)
	}
	// After the timeout and its default: seat 0 timed out once, seat 1's
	// clock runs from the timeout.
	if cs := at(clocksOpened + 3); cs[0].GetRunning() || cs[0].GetTimeouts() != 1 || !cs[1].GetRunning() ||
		!cs[1].GetDeadline().AsTime().Equal(start.Add(21*time.Second)) {
		t.Errorf("after the timeout: %v", cs)
	}
	// Asked again out of order (from a snapshot, then from the start),
	// and at the current version.
	if cs := at(clocksOpened); !cs[0].GetRunning() || cs[0].GetTimeouts() != 0 {
		t.Errorf("at the start, again: %v", cs)
	}
	if cs := at(res.GetLastSeq()); !cs[0].GetRunning() || cs[0].GetTimeouts() != 1 || cs[1].GetRunning() {
		t.Errorf("now: %v", cs)
	}
}
