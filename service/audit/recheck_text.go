package audit

import (
	"fmt"
	"io"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// WriteRecheck writes a recheck report as text: each game that differs
// or failed (every game when all is set), then the tally.
func WriteRecheck(w io.Writer, rep *moonshinev1.RecheckReport, all bool) {
	for _, g := range rep.GetGames() {
		if all || g.GetResult() != moonshinev1.RecheckResult_RECHECK_RESULT_SAME {
			WriteRechecked(w, g)
		}
	}
	WriteTally(w, rep)
}

// WriteTally writes the last line of a recheck report: how many games
// were rechecked and how they fared.
func WriteTally(w io.Writer, rep *moonshinev1.RecheckReport) {
	fmt.Fprintf(w, "%d games rechecked: %d the same, %d differ, %d failed\n", len(rep.GetGames()), rep.GetSame(), rep.GetDiffer(), rep.GetFailed())
}

// WriteRechecked writes how one game fared: a line, and for a game that
// differs its first differing event, recorded (expected) against replayed
// (got), with the kinds of their bodies.
func WriteRechecked(w io.Writer, g *moonshinev1.RecheckedGame) {
	rules := fmt.Sprintf("recorded under rules %s, this build plays %s", g.GetRecordedRulesVersion(), g.GetBuildRulesVersion())
	switch g.GetResult() {
	case moonshinev1.RecheckResult_RECHECK_RESULT_SAME:
		fmt.Fprintf(w, "same     %s (%s, %d events; %s)\n", g.GetGameId(), g.GetGame(), g.GetEvents(), rules)
	case moonshinev1.RecheckResult_RECHECK_RESULT_DIFFERS:
		d := g.GetFirstDifference()
		fmt.Fprintf(w, "DIFFERS  %s (%s, %d events; %s) at event %d: %s\n", g.GetGameId(), g.GetGame(), g.GetEvents(), rules, d.GetSeq(), d.GetReason())
		fmt.Fprintf(w, "           recorded: %s\n", differenceLine(d.GetRecorded(), d.GetRecordedKinds()))
		fmt.Fprintf(w, "           replayed: %s\n", differenceLine(d.GetReplayed(), d.GetReplayedKinds()))
	default:
		fmt.Fprintf(w, "FAILED   %s (%s): %s\n", g.GetGameId(), g.GetGame(), g.GetError())
	}
}

// differenceLine describes one side of a difference: its kinds and
// bodies.
func differenceLine(ev *moonshinev1.Event, kinds []string) string {
	if ev == nil {
		return "(no event)"
	}
	var parts []string
	if ev.GetPublic() != nil {
		parts = append(parts, "public: "+bodyText(ev.GetPublic()))
	}
	for _, p := range ev.GetPrivate() {
		parts = append(parts, fmt.Sprintf("to seats %v: %s", p.GetSeats(), bodyText(p.GetBody())))
	}
	return fmt.Sprintf("[%s] %s", strings.Join(kinds, ", "), strings.Join(parts, "; "))
}

// bodyText is a body's label, or its protojson for a game without labels.
func bodyText(b *moonshinev1.EventBody) string {
	if b.GetLabel() != "" {
		return b.GetLabel()
	}
	js, err := protojson.Marshal(b)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return string(js)
}
