package main

import (
	"fmt"
	"io"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
)

// auditCommands are the audits `moonshine audit` runs.
var auditCommands = map[string]func(c *cli, argv []string) error{
	"disclosure": cmdDisclosure,
}

// cmdAudit runs one audit of a game's complete history.
func cmdAudit(c *cli, argv []string) error {
	if len(argv) == 0 || auditCommands[argv[0]] == nil {
		return usagef("name an audit: disclosure")
	}
	return auditCommands[argv[0]](c, argv[1:])
}

// cmdDisclosure prints who was shown what of a game: per event, and each
// seat's (and the public's) timeline of hidden facts.
func cmdDisclosure(c *cli, argv []string) error {
	h, err := c.completeHistory("audit disclosure", argv)
	if err != nil {
		return err
	}
	d, err := audit.Disclose(h)
	if err != nil {
		return err
	}
	if c.json {
		return c.printJSON(d)
	}
	disclosureText(c.out, renderFor(d.GetGame()), d)
	return nil
}

// disclosureText writes a disclosure: every event with who was shown each
// part, then each viewer's timeline.
func disclosureText(w io.Writer, r renderer, d *moonshinev1.Disclosure) {
	fmt.Fprintf(w, "disclosure of game %s (%s, %d seats): %d events\n", d.GetGameId(), d.GetGame(), d.GetPlayers(), len(d.GetEvents()))
	fmt.Fprintln(w, "\nevents (public: shown to every seat and spectator):")
	for _, ev := range d.GetEvents() {
		fmt.Fprintf(w, "%6d  %s\n", ev.GetSeq(), eventKind(ev))
		if ev.GetPublic() != nil {
			fmt.Fprintf(w, "        public: %s\n", bodyLine(r, ev.GetPublic()))
		}
		for _, p := range ev.GetPrivate() {
			fmt.Fprintf(w, "        to %s: %s\n", seatList(p.GetSeats()), bodyLine(r, p.GetBody()))
		}
	}
	fmt.Fprintln(w, "\nhidden facts learned, by viewer:")
	for _, v := range d.GetViewers() {
		name := "public (spectators)"
		if v.GetViewer().GetPerspective() == moonshinev1.Perspective_PERSPECTIVE_SEAT {
			name = fmt.Sprintf("seat %d", v.GetViewer().GetSeat())
		}
		if len(v.GetFacts()) == 0 {
			fmt.Fprintf(w, "  %s: none\n", name)
			continue
		}
		fmt.Fprintf(w, "  %s: %d\n", name, len(v.GetFacts()))
		for _, f := range v.GetFacts() {
			fmt.Fprintf(w, "%8d  %s: %s (shown to %s)\n", f.GetSeq(), f.GetKind(), bodyLine(r, f.GetBody()), seatList(f.GetShownTo()))
		}
	}
}

// eventKind describes what an event is in a disclosure.
func eventKind(ev *moonshinev1.EventDisclosure) string {
	switch {
	case ev.GetWithheld():
		return "(private table talk between seats: withheld from this history)"
	case ev.GetTalk():
		return "talk (table talk, not a fact of the game)"
	}
	return ev.GetKind()
}

// cmdRecheck re-runs saved histories under this build's rules and reports
// each that would differ; it fails when any does or cannot be re-run.
func cmdRecheck(c *cli, argv []string) error {
	fs := c.flags("recheck")
	files, err := parse(fs, argv, 1, 1<<20)
	if err != nil {
		return err
	}
	var checked []*moonshinev1.RecheckedGame
	for _, f := range files {
		h, err := audit.Load(f)
		if err != nil {
			checked = append(checked, &moonshinev1.RecheckedGame{GameId: f, Result: moonshinev1.RecheckResult_RECHECK_RESULT_FAILED, Error: err.Error()})
			continue
		}
		checked = append(checked, audit.RecheckWith(games.Default(), h))
	}
	rep := audit.Recheck(checked...)
	if c.json {
		if err := c.printJSON(rep); err != nil {
			return err
		}
	} else {
		audit.WriteRecheck(c.out, rep, true)
	}
	if !audit.Clean(rep) {
		return errReported
	}
	return nil
}
