package limits_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/service/limits"
)

// TestParseAPIKeys checks the configuration format and its refusals.
func TestParseAPIKeys(t *testing.T) {
	h1, h2 := limits.HashAPIKey("key-one"), limits.HashAPIKey("key-two")
	keys, err := limits.ParseAPIKeys("web:" + h1 + ", bots:" + h2 + ":2.5:7")
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || keys[0].Name != "web" || keys[0].Rate != 0 || keys[1].Name != "bots" || keys[1].Rate != 2.5 || keys[1].Burst != 7 {
		t.Fatalf("parsed %+v", keys)
	}
	if keys, err := limits.ParseAPIKeys(" "); err != nil || len(keys) != 0 {
		t.Fatalf("empty: %v, %v", keys, err)
	}
	for _, bad := range []string{
		"web",                            // no hash
		"web:key-one",                    // the key itself, not its hash
		"web:" + h1 + ",web:" + h2,       // a name twice
		"web:" + h1 + ",app:" + h1,       // a hash twice
		"w b:" + h1,                      // a bad name
		"web:" + h1 + ":fast",            // a bad rate
		"web:" + h1 + ":1:-1",            // a bad burst
		"web:" + h1 + ":1:2:3",           // too many parts
		"-web:" + h1,                     // a name must start with a letter or digit
		"web:" + strings.Repeat("0", 63), // short hash
	} {
		if _, err := limits.ParseAPIKeys(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	if _, err := limits.ParseAPIKeys("web:super-secret-key"); err == nil || strings.Contains(err.Error(), "super-secret-key") {
		t.Errorf("a key pasted in place of its hash is echoed: %v", err)
	}
}

// TestKeys checks that a key is known by its hash and that each key has a
// bucket of its own, at its own rate or the default.
func TestKeys(t *testing.T) {
	keys, err := limits.ParseAPIKeys("web:" + limits.HashAPIKey("key-one") + ",bots:" + limits.HashAPIKey("key-two") + ":0.001:3")
	if err != nil {
		t.Fatal(err)
	}
	k := limits.NewKeys(keys, 0.001, 1)
	if name, ok := k.Identify("key-two"); !ok || name != "bots" {
		t.Fatalf("identify key-two: %q %v", name, ok)
	}
	if _, ok := k.Identify(limits.HashAPIKey("key-one")); ok {
		t.Fatal("the hash itself was taken for the key")
	}
	for i := range 3 {
		if err := k.Allow("bots"); err != nil {
			t.Fatalf("bots request %d: %v", i, err)
		}
	}
	var re *limits.RateError
	if err := k.Allow("bots"); !errors.As(err, &re) {
		t.Fatalf("bots past its burst of 3: %v", err)
	}
	if err := k.Allow("web"); err != nil {
		t.Fatalf("web has its own bucket: %v", err)
	}
	if err := k.Allow("web"); !errors.As(err, &re) {
		t.Fatalf("web past the default burst of 1: %v", err)
	}
}
