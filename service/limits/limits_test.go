package limits_test

import (
	"errors"
	"testing"

	"github.com/moonshine-games/moonshine/service/limits"
)

// TestRates checks the burst, the refusal with a delay, and per-key buckets.
func TestRates(t *testing.T) {
	r := limits.NewRates(0.001, 2)
	for i := range 2 {
		if err := r.Allow("a"); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	var re *limits.RateError
	if err := r.Allow("a"); !errors.As(err, &re) || re.RetryAfter <= 0 {
		t.Fatalf("third request: %v", err)
	}
	if err := r.Allow("b"); err != nil {
		t.Fatalf("another key: %v", err)
	}
	if err := limits.NewRates(-1, 0).Allow("a"); err != nil {
		t.Fatalf("no limit: %v", err)
	}
}

// TestStreams checks the per-key and total caps and release.
func TestStreams(t *testing.T) {
	s := limits.NewStreams(1, 2)
	relA, err := s.Acquire("a")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Acquire("a"); !errors.Is(err, limits.ErrTooManyStreams) {
		t.Fatalf("second for a: %v", err)
	}
	if _, err := s.Acquire("b"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Acquire("c"); !errors.Is(err, limits.ErrTooManyStreams) {
		t.Fatalf("third in all: %v", err)
	}
	relA()
	relA() // releasing twice counts once
	if _, err := s.Acquire("c"); err != nil {
		t.Fatalf("after release: %v", err)
	}
	if _, err := s.Acquire("d"); !errors.Is(err, limits.ErrTooManyStreams) {
		t.Fatalf("double release freed two slots: %v", err)
	}
}
