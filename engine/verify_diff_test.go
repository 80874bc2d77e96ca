package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
)

// TestVerifyErrorShowsBothEvents checks that a departure carries the event
// the log holds and the one replay gives, so that a report can show
// expected against got; and that an event the log lacks carries only the
// replayed one.
func TestVerifyErrorShowsBothEvents(t *testing.T) {
	seed := []byte("0123456789abcdef0123456789abcdef")
	cfg := engine.Config{Players: 3}
	cmds, evs := playHighBid(t, seed)
	changed := slices.Clone(evs)
	last := len(changed) - 1
	changed[last].Event = engine.PublicEvent(hbEvents.Wrap(&hb.RoundStarted{Round: 99}))
	var verr *engine.VerifyError
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, changed); !errors.As(err, &verr) || verr.Seq != changed[last].Seq {
		t.Fatalf("a changed last event: %v", err)
	}
	if verr.Recorded == nil || !engine.EqualEvents(*verr.Recorded, changed[last].Event) {
		t.Errorf("recorded: got %v, want the changed event", verr.Recorded)
	}
	if verr.Replayed == nil || !engine.EqualEvents(*verr.Replayed, evs[last].Event) {
		t.Errorf("replayed: got %v, want the honest event", verr.Replayed)
	}

	verr = nil
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, evs[:last]); !errors.As(err, &verr) || verr.Seq != evs[last].Seq {
		t.Fatalf("a log without its last event: %v", err)
	}
	if verr.Recorded != nil || verr.Replayed == nil || !engine.EqualEvents(*verr.Replayed, evs[last].Event) {
		t.Errorf("missing event: recorded %v, replayed %v", verr.Recorded, verr.Replayed)
	}
}
