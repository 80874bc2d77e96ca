package engine_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
)

// highBidV2 is High Bid (example_kit_test.go) naming its rules version.
type highBidV2 struct{ highBid }

func (highBidV2) RulesVersion() string { return "2" }

func TestRulesVersion(t *testing.T) {
	if v := engine.RulesVersion(highBid{}); v != "" {
		t.Errorf("an unversioned module plays rules %q", v)
	}
	if v := engine.RulesVersion(highBidV2{}); v != "2" {
		t.Errorf("rules %q", v)
	}
	for _, c := range []struct {
		r        engine.Rules
		recorded string
		want     string
	}{
		{highBidV2{}, "2", ""},
		{highBidV2{}, "", ""},
		{highBid{}, "1", ""},
		{highBidV2{}, "1", "recorded under " + highBid{}.Name() + " rules 1; this build plays rules 2"},
	} {
		if got := engine.RulesNote(c.r, c.recorded); got != c.want {
			t.Errorf("%T recorded under %q: %q, want %q", c.r, c.recorded, got, c.want)
		}
	}
}

func TestVerifyNamesTheRulesVersion(t *testing.T) {
	// A log recorded under another rules version verifies when the rules
	// give the same events; when it departs, the error names both versions.
	seed := []byte("0123456789abcdef0123456789abcdef")
	cmds, evs := playHighBid(t, seed)
	old := engine.Config{Players: 3, RulesVersion: "1"}
	if err := engine.Verify(highBidV2{}, old, seed, cmds, evs); err != nil {
		t.Fatalf("the same events under rules 2: %v", err)
	}
	rolled := slices.Clone(evs)
	last := 0
	for i, r := range rolled {
		if r.Event.Public.(*hb.Event).GetRoundStarted() != nil {
			last = i
		}
	}
	prize := rolled[last].Event.Public.(*hb.Event).GetRoundStarted()
	rolled[last].Event = engine.PublicEvent(hbEvents.Wrap(&hb.RoundStarted{Round: prize.Round, Prize: prize.Prize%6 + 1}))
	note := "recorded under " + highBid{}.Name() + " rules 1; this build plays rules 2"
	var verr *engine.VerifyError
	err := engine.Verify(highBidV2{}, old, seed, cmds, rolled)
	if !errors.As(err, &verr) || verr.Rules != note || !strings.Contains(err.Error(), note) {
		t.Fatalf("verify says %v", err)
	}
	same := engine.Config{Players: 3, RulesVersion: "2"}
	if err := engine.Verify(highBidV2{}, same, seed, cmds, rolled); !errors.As(err, &verr) || verr.Rules != "" {
		t.Fatalf("same rules: verify says %v", err)
	}
}
