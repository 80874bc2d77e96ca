package engine_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
)

// highBidV2 is High Bid (example_kit_test.go) at rules version 2.
func highBidV2() engine.Module {
	m := highBidModule()
	m.RulesVersion = "2"
	return m
}

// TestRulesVersion: a module that names no version plays its first, and
// the note names both versions when a game was recorded under another.
func TestRulesVersion(t *testing.T) {
	unnamed := highBidModule()
	unnamed.RulesVersion = ""
	if v := unnamed.Defaults().RulesVersion; v != engine.UnrecordedRulesVersion {
		t.Errorf("a module that names no version plays rules %q", v)
	}
	if v := highBidV2().Defaults().RulesVersion; v != "2" {
		t.Errorf("rules %q", v)
	}
	for _, c := range []struct {
		m        engine.Module
		recorded string
		want     string
	}{
		{highBidV2(), "2", ""},
		{highBidV2(), "", ""},
		{unnamed, "1", ""},
		{highBidV2(), "1", "recorded under " + highBid{}.Name() + " rules 1; this build plays rules 2"},
	} {
		if got := c.m.RulesNote(c.recorded); got != c.want {
			t.Errorf("rules %q recorded under %q: %q, want %q", c.m.RulesVersion, c.recorded, got, c.want)
		}
	}
}

func TestVerifyNamesTheRulesVersion(t *testing.T) {
	// A log recorded under another rules version verifies when the rules
	// give the same events; when it departs, the error names both versions.
	seed := []byte("0123456789abcdef0123456789abcdef")
	cmds, evs := playHighBid(t, seed)
	old := engine.Config{Players: 3, RulesVersion: "1"}
	if err := engine.Verify(highBidV2(), old, seed, cmds, evs); err != nil {
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
	err := engine.Verify(highBidV2(), old, seed, cmds, rolled)
	if !errors.As(err, &verr) || verr.Rules != note || !strings.Contains(err.Error(), note) {
		t.Fatalf("verify says %v", err)
	}
	same := engine.Config{Players: 3, RulesVersion: "2"}
	if err := engine.Verify(highBidV2(), same, seed, cmds, rolled); !errors.As(err, &verr) || verr.Rules != "" {
		t.Fatalf("same rules: verify says %v", err)
	}
}
