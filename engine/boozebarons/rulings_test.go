package boozebarons

import (
	"os"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
)

// TestRulingsLabelled checks that every ruling of docs/rules/booze-barons.md
// (the bullets from "Seats and turn order" up to "Information") begins with
// its label, and that an interpretation gives its other reading.
func TestRulingsLabelled(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules/booze-barons.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i, j := strings.Index(text, "## Seats and turn order"), strings.Index(text, "## Information")
	if i < 0 || j < i {
		t.Fatal("the rulings sections are missing")
	}
	var bullets []string
	for _, line := range strings.Split(text[i:j], "\n") {
		switch {
		case strings.HasPrefix(line, "- "):
			bullets = append(bullets, line[2:])
		case strings.HasPrefix(line, "  ") && len(bullets) > 0:
			bullets[len(bullets)-1] += " " + strings.TrimSpace(line)
		}
	}
	if len(bullets) < 35 {
		t.Fatalf("found %d rulings", len(bullets))
	}
	for _, b := range bullets {
		switch {
		case strings.HasPrefix(b, "*Printed.*"), strings.HasPrefix(b, "**House ruling** (gap)."), strings.HasPrefix(b, "*Engine.*"):
		case strings.HasPrefix(b, "*Interpretation.*"):
			if !strings.Contains(b, "Other reading") {
				t.Errorf("an interpretation without its other reading: %.70q", b)
			}
		default:
			t.Errorf("a ruling without its label: %.70q", b)
		}
	}
}

// TestRulesVersion checks the version the service records with each game:
// named by the module, and past the unrecorded games' "1" since the second
// Snitch token's fix.
func TestRulesVersion(t *testing.T) {
	if v := Module().RulesVersion; v != RulesVersion || v == "" || v == engine.UnrecordedRulesVersion {
		t.Errorf("rules version %q", v)
	}
}
