package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
)

// TestVerifyHostEventsInRange: a host may record events of its own within
// a command's range (a turn timer's notice before the command's events,
// the next deadlines after them), which the events given to Verify leave
// out: the command's game events are those recorded within its range. A
// game event missing from a range, or one more in it, still fails.
func TestVerifyHostEventsInRange(t *testing.T) {
	seed := []byte("0123456789abcdef0123456789abcdef")
	cfg := engine.Config{Players: 3}
	g, setup, err := engine.Start(highBid{}, cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	var evs []engine.Recorded
	for i, ev := range setup {
		evs = append(evs, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	var cmds []engine.Logged
	for g.State.Outcome() == nil {
		p := g.State.Prompts()[0]
		out, _, err := g.Decide(p.Seat, p.Legal[0])
		if err != nil {
			t.Fatal(err)
		}
		first := g.Version + 1 // the host's notice; the game's events follow it
		for i, ev := range out {
			evs = append(evs, engine.Recorded{Seq: first + 1 + int64(i), Event: ev})
		}
		last := first + int64(len(out)) + 1 // the host's event after them
		cmds = append(cmds, engine.Logged{Seat: p.Seat, Command: p.Legal[0], FirstSeq: first, LastSeq: last})
		if err := g.Apply(out...); err != nil {
			t.Fatal(err)
		}
		g.Version = last
	}
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, evs); err != nil {
		t.Fatalf("a log with host events in the commands' ranges fails: %v", err)
	}
	var verr *engine.VerifyError
	mid := len(evs) / 2
	cut := slices.Delete(slices.Clone(evs), mid, mid+1)
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, cut); !errors.As(err, &verr) {
		t.Fatalf("a log missing event %d verifies: %v", evs[mid].Seq, err)
	}
	extra := slices.Clone(evs)
	extra = slices.Insert(extra, mid+1, engine.Recorded{Seq: evs[mid].Seq + 1, Event: evs[mid].Event})
	for i := mid + 2; i < len(extra); i++ {
		extra[i].Seq++
	}
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, extra); err == nil {
		t.Fatal("a log with an event replay does not give verifies")
	}
}
