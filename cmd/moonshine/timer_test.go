package main

import (
	"regexp"
	"testing"
)

// TestTimerFlags: create's turn timer flags set the table's TurnTimer,
// whose clock the view shows once the table is full; a bad timer is the
// server's refusal, named.
func TestTimerFlags(t *testing.T) {
	s := newSession(t)
	out := s.ok("create", "--players", "3", "--bots", "1,2", "--time-bank", "20m", "--time-increment", "10s", "--takeover-after", "3")
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(out)[1]
	s.ok("join", game, "--name", "alice")
	contains(t, "view", s.ok("view", game), "clock of seat 0 (alice): must act by ")
	code, _, errw := s.run("create", "--players", "3", "--time-per-decision", "1m", "--time-bank", "1m")
	if code != exitError {
		t.Errorf("a bad timer: exit %d", code)
	}
	contains(t, "a bad timer", errw, "[BAD_TIMER, InvalidArgument]")
}
