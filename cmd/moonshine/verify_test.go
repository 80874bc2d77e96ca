package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/moonshine-games/moonshine/service/audit"
)

// TestVerifyFileRefusesAHistoryCutShort: for each hosted game, a history
// saved at the end verifies, and the same file cut short (its last
// command and that command's events removed, its version fixed, its
// status still OVER) does not: `verify --file` says why and exits with an
// error. (service/audit's TestPostgresVerifyChecksWhatAHistoryClaims checks
// the seed, the commitment and the labels as well.)
func TestVerifyFileRefusesAHistoryCutShort(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct{ game, players, bots string }{
		{"booze-barons", "3", "0,1,2"}, {"moonshine-kingdom", "2", "0,1"}, {"bootleggers", "3", "0,1,2"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			out := s.ok("create", "--game", tc.game, "--players", tc.players, "--bots", tc.bots)
			game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(out)[1]
			s.ok("watch", game, "--json") // until the bots have ended it
			path := filepath.Join(t.TempDir(), "game.json")
			contains(t, "history --out", s.ok("history", game, "--out", path), "complete: true")
			contains(t, "verify --file", s.ok("verify", "--file", path), "verified: game "+game)
			h, err := audit.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			last := h.Commands[len(h.Commands)-1]
			h.Commands = h.Commands[:len(h.Commands)-1]
			h.Events = h.Events[:last.GetFirstSeq()-1]
			h.Game.Version = last.GetFirstSeq() - 1
			if err := audit.Save(path, h); err != nil {
				t.Fatal(err)
			}
			code, out, _ := s.run("verify", "--file", path)
			if code != exitError {
				t.Errorf("verify of a history cut short: exit %d, want %d", code, exitError)
			}
			contains(t, "verify cut short", out, "NOT verified", "cut short")
		})
	}
}
