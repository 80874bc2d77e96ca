package main

import "testing"

// TestProcTicks reads the CPU time of a /proc stat line, the reaped
// children's included, whatever the process's name holds.
func TestProcTicks(t *testing.T) {
	tests := []struct {
		line  string
		comm  string
		ticks int64
		ok    bool
	}{
		{"18614 (postgres) S 1 18614 18614 0 -1 4194560 3035 5470 0 0 120 45 700 30 20 0 1 0 2165437 284680 17 18446744073709551615", "postgres", 120 + 45 + 700 + 30, true},
		{"77 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 1 2 3 4 20 0 1 0 5 6 7", "a (b) c", 10, true},
		{"77 (short) R 1 2 3", "", 0, false},
		{"no parenthesis at all", "", 0, false},
	}
	for _, tt := range tests {
		comm, ticks, ok := procTicks(tt.line)
		if comm != tt.comm || ticks != tt.ticks || ok != tt.ok {
			t.Errorf("procTicks(%q) = %q, %d, %v; want %q, %d, %v", tt.line, comm, ticks, ok, tt.comm, tt.ticks, tt.ok)
		}
	}
}
