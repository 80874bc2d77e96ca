package main

import (
	"path/filepath"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/protobuf/encoding/protojson"
)

// audits runs the audits of a finished game: the disclosure online and
// from a saved history (text and --json), and the rules recheck of the
// file, honest and tampered.
func (s *session) audits(game string) {
	s.t.Helper()
	path := filepath.Join(s.t.TempDir(), "game.json")
	s.ok("history", game, "--out", path)
	contains(s.t, "audit disclosure", s.ok("audit", "disclosure", game), "disclosure of game "+game+" (booze-barons, 3 seats)",
		"public: game started", "hidden facts learned, by viewer:", "  seat 0: ", "  public (spectators): none", "(shown to seat 0)")
	d := &moonshinev1.Disclosure{}
	if err := protojson.Unmarshal([]byte(s.ok("--json", "audit", "disclosure", "--file", path)), d); err != nil {
		s.t.Fatal(err)
	}
	h, err := audit.Load(path)
	if err != nil {
		s.t.Fatal(err)
	}
	if len(d.GetEvents()) != len(h.GetEvents()) || len(d.GetViewers()) != 4 || len(d.GetViewers()[0].GetFacts()) == 0 {
		s.t.Errorf("audit disclosure --json: %d events of %d, %d viewers", len(d.GetEvents()), len(h.GetEvents()), len(d.GetViewers()))
	}
	if code, _, _ := s.run("audit", "secrets", game); code != exitUsage {
		s.t.Errorf("an unknown audit: exit %d, want %d", code, exitUsage)
	}

	contains(s.t, "recheck", s.ok("recheck", path), "same     "+game+" (booze-barons, ", "1 games rechecked: 1 the same, 0 differ, 0 failed")
	for _, ev := range h.GetEvents() {
		if r := ev.GetPublic().GetBoozeBarons().GetMovementsRevealed(); r != nil {
			r.Moves[0].Location = r.Moves[0].Location%6 + 1 // another Location
			break
		}
	}
	tampered := filepath.Join(s.t.TempDir(), "tampered.json")
	if err := audit.Save(tampered, h); err != nil {
		s.t.Fatal(err)
	}
	code, out, _ := s.run("recheck", path, tampered)
	if code != exitError {
		s.t.Errorf("recheck of a tampered file: exit %d, want %d", code, exitError)
	}
	contains(s.t, "recheck tampered", out, "DIFFERS  "+game, "recorded: [movements_revealed]", "replayed: [movements_revealed]",
		"2 games rechecked: 1 the same, 1 differ, 0 failed")
	if strings.Count(out, "same     "+game) != 1 {
		s.t.Errorf("recheck of two files:\n%s", out)
	}
}
