package engine_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// diceRaceV2 is diceRace naming its rules version.
type diceRaceV2 struct{ diceRace }

func (diceRaceV2) RulesVersion() string { return "2" }

func TestRulesVersion(t *testing.T) {
	if v := engine.RulesVersion(diceRace{}); v != "" {
		t.Errorf("an unversioned module plays rules %q", v)
	}
	if v := engine.RulesVersion(diceRaceV2{}); v != "2" {
		t.Errorf("rules %q", v)
	}
	for _, c := range []struct {
		r        engine.Rules
		recorded string
		want     string
	}{
		{diceRaceV2{}, "2", ""},
		{diceRaceV2{}, "", ""},
		{diceRace{}, "1", ""},
		{diceRaceV2{}, "1", "recorded under dice-race rules 1; this build plays rules 2"},
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
	cmds, evs := playRace(t, seed)
	old := engine.Config{Players: 3, RulesVersion: "1"}
	if err := engine.Verify(diceRaceV2{}, old, seed, cmds, evs); err != nil {
		t.Fatalf("the same events under rules 2: %v", err)
	}
	tampered := slices.Clone(evs)
	last := len(tampered) - 1
	roll := tampered[last].Event.Public.(*wrapperspb.Int64Value).Value
	tampered[last].Event = engine.PublicEvent(wrapperspb.Int64(roll%6 + 1))
	var verr *engine.VerifyError
	err := engine.Verify(diceRaceV2{}, old, seed, cmds, tampered)
	if !errors.As(err, &verr) || verr.Rules != "recorded under dice-race rules 1; this build plays rules 2" ||
		!strings.Contains(err.Error(), "recorded under dice-race rules 1; this build plays rules 2") {
		t.Fatalf("verify says %v", err)
	}
	same := engine.Config{Players: 3, RulesVersion: "2"}
	if err := engine.Verify(diceRaceV2{}, same, seed, cmds, tampered); !errors.As(err, &verr) || verr.Rules != "" {
		t.Fatalf("same rules: verify says %v", err)
	}
}
