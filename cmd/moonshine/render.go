package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	blrender "github.com/moonshine-games/moonshine/cmd/moonshine/internal/render/bootleggers"
	bbrender "github.com/moonshine-games/moonshine/cmd/moonshine/internal/render/boozebarons"
	kingdomrender "github.com/moonshine-games/moonshine/cmd/moonshine/internal/render/kingdom"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// renderer writes one game's view as text (labels do not cover views);
// the game's commands and events are written from the server's labels. It
// receives the game's own message, unwrapped from the envelope.
type renderer struct {
	view func(w io.Writer, v *moonshinev1.GameView, seats render.Seats)
	// example refines a template's example command (the game's own
	// message, its free fields filled in generically) from the view.
	example func(v *moonshinev1.GameView, template string, cmd proto.Message)
	// note adds to a legal command's label what the view and the printed
	// board tell of it (where it acts, for whom, what it costs), or "".
	// The board is fetched for it only when needsBoard.
	note       func(v *moonshinev1.GameView, b *moonshinev1.GameBoard, cmd *moonshinev1.GameCommand) string
	needsBoard bool
	// board writes the game's printed board data.
	board func(w io.Writer, b *moonshinev1.GameBoard)
}

// renderers maps a rules id to its renderer. A game without one is shown
// as compact protojson, and by the server's labels.
var renderers = map[string]renderer{
	"booze-barons": {
		view: func(w io.Writer, v *moonshinev1.GameView, seats render.Seats) {
			bbrender.View(w, v.GetBoozeBarons(), seats)
		},
	},
	"bootleggers": {
		view: func(w io.Writer, v *moonshinev1.GameView, seats render.Seats) {
			blrender.View(w, v.GetBootleggers(), seats)
		},
		note: func(v *moonshinev1.GameView, b *moonshinev1.GameBoard, cmd *moonshinev1.GameCommand) string {
			return blrender.CommandNote(v.GetBootleggers(), b.GetBootleggers(), cmd.GetBootleggers())
		},
		needsBoard: true,
	},
	"moonshine-kingdom": {
		view: func(w io.Writer, v *moonshinev1.GameView, seats render.Seats) {
			kingdomrender.View(w, v.GetMoonshineKingdom(), seats)
		},
		example: func(v *moonshinev1.GameView, template string, cmd proto.Message) {
			if c, ok := cmd.(*mk.Command); ok {
				kingdomrender.Example(v.GetMoonshineKingdom(), template, c)
			}
		},
		note: func(v *moonshinev1.GameView, _ *moonshinev1.GameBoard, cmd *moonshinev1.GameCommand) string {
			return kingdomrender.CommandNote(v.GetMoonshineKingdom(), cmd.GetMoonshineKingdom())
		},
		board: func(w io.Writer, b *moonshinev1.GameBoard) { kingdomrender.Board(w, b.GetMoonshineKingdom()) },
	},
}

// renderFor returns the game's renderer.
func renderFor(game string) renderer {
	if r, ok := renderers[game]; ok {
		return r
	}
	return renderer{view: func(w io.Writer, v *moonshinev1.GameView, _ render.Seats) {
		fmt.Fprintln(w, compact(v))
	}}
}

// Command describes a command in a line: the server's label, else (from a
// server that sends none) protojson.
func (r renderer) Command(label string, cmd *moonshinev1.GameCommand) string {
	if label != "" {
		return label
	}
	return compact(cmd)
}

// Event describes an event body of the game in a line: the server's
// label, else (from a server that sends none) protojson.
func (r renderer) Event(b *moonshinev1.EventBody) string {
	if b.GetLabel() != "" {
		return b.GetLabel()
	}
	return compact(b)
}

// View writes the game's own part of a view.
func (r renderer) View(w io.Writer, v *moonshinev1.GameView) {
	info := v.GetInfo()
	r.view(w, v, func(seat int32) string { return seatName(info, seat) })
}

// compact returns a message as one line of protojson, the same bytes
// for the same message.
func compact(m proto.Message) string { return canonicalJSON(m) }

// compactJSON removes the white space of JSON (protojson varies it on
// purpose, from build to build).
func compactJSON(b []byte) []byte {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return b
	}
	return out.Bytes()
}

// printJSON writes a message as indented protojson, the same bytes for
// the same message.
func (c *cli) printJSON(m proto.Message) error {
	b, err := protojson.Marshal(m)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return err
	}
	_, err = fmt.Fprintln(c.out, out.String())
	return err
}

// chatLine describes table talk without a label (from a server that
// sends none).
func chatLine(m *moonshinev1.ChatMessage) string {
	if m.ToSeat != nil {
		return fmt.Sprintf("seat %d to seat %d (private): %s", m.GetFromSeat(), m.GetToSeat(), m.GetText())
	}
	return fmt.Sprintf("seat %d says: %s", m.GetFromSeat(), m.GetText())
}

// talkLines writes one message of the table talk.
func talkLines(w io.Writer, m *moonshinev1.TalkEvent) {
	line := "(a private message between other seats)"
	switch msg := m.GetMessage(); {
	case m.GetLabel() != "":
		line = m.GetLabel()
	case msg != nil:
		line = chatLine(msg)
	}
	fmt.Fprintf(w, "talk %d  %s\n", m.GetSeq(), line)
}

// bodyLine describes one event body, table talk (of a game from before
// talk had a stream of its own) or the game's.
func bodyLine(r renderer, b *moonshinev1.EventBody) string {
	if chat := b.GetChat(); chat != nil && b.GetLabel() == "" {
		return chatLine(chat)
	}
	return r.Event(b)
}

// eventLines writes one event: its public body, then each private part
// with the seats it is for.
func eventLines(w io.Writer, r renderer, ev *moonshinev1.Event) {
	prefix := fmt.Sprintf("%4d  ", ev.GetSeq())
	var parts []string
	if ev.GetPublic() != nil {
		parts = append(parts, bodyLine(r, ev.GetPublic()))
	}
	for _, p := range ev.GetPrivate() {
		if p.GetBody().GetChat() != nil {
			parts = append(parts, bodyLine(r, p.GetBody()))
			continue
		}
		parts = append(parts, fmt.Sprintf("[private to %s] %s", seatList(p.GetSeats()), bodyLine(r, p.GetBody())))
	}
	if len(parts) == 0 {
		parts = []string{"(nothing you may see)"}
	}
	fmt.Fprintln(w, prefix+strings.Join(parts, "\n      "))
}

// seatList names seats: "seat 1, seat 3", or "nobody (auditor only)".
func seatList(seats []int32) string {
	if len(seats) == 0 {
		return "no seat"
	}
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = fmt.Sprintf("seat %d", s)
	}
	return strings.Join(out, ", ")
}

// infoLine summarises a game's metadata in a line.
func infoLine(g *moonshinev1.GameInfo) string {
	status := strings.ToLower(strings.TrimPrefix(g.GetStatus().String(), "GAME_STATUS_"))
	line := fmt.Sprintf("%s  %s  %d seats  %s  version %d", g.GetGameId(), g.GetGame(), g.GetConfig().GetPlayers(), status, g.GetVersion())
	if t := g.GetConfig().GetTitle(); t != "" {
		line += fmt.Sprintf("  %q", t)
	}
	return line
}

// seatsBlock writes who holds each seat.
func seatsBlock(w io.Writer, g *moonshinev1.GameInfo) {
	for _, s := range g.GetSeats() {
		holder := "(free)"
		switch {
		case s.GetBot():
			holder = "bot"
		case s.GetClaimed():
			holder = s.GetName()
		}
		fmt.Fprintf(w, "  seat %d: %s\n", s.GetSeat(), holder)
	}
}

// seatName returns "seat N (name)" from a game's metadata.
func seatName(g *moonshinev1.GameInfo, seat int32) string {
	for _, s := range g.GetSeats() {
		if s.GetSeat() == seat {
			switch {
			case s.GetBot():
				return fmt.Sprintf("seat %d (bot)", seat)
			case s.GetClaimed():
				return fmt.Sprintf("seat %d (%s)", seat, s.GetName())
			}
		}
	}
	return fmt.Sprintf("seat %d", seat)
}

// viewText writes a whole view: the platform part, then the game's.
func viewText(w io.Writer, v *moonshinev1.GameView) {
	info := v.GetInfo()
	if info.GetStatus() == moonshinev1.GameStatus_GAME_STATUS_OVER && v.GetOutcome() == nil && !info.GetCancelled() {
		// A view as of an event before the end (replay): the server's
		// metadata is the game's now, but at that point it was in play.
		info = proto.CloneOf(info)
		info.Status = moonshinev1.GameStatus_GAME_STATUS_ACTIVE
	}
	fmt.Fprintln(w, infoLine(info))
	switch vw := v.GetViewer(); vw.GetPerspective() {
	case moonshinev1.Perspective_PERSPECTIVE_SEAT:
		fmt.Fprintf(w, "viewing as %s\n", seatName(info, vw.GetSeat()))
	case moonshinev1.Perspective_PERSPECTIVE_FULL:
		fmt.Fprintln(w, "viewing everything (auditor, or the game is over)")
	default:
		fmt.Fprintln(w, "viewing as a spectator")
	}
	renderFor(info.GetGame()).View(w, v)
	for _, wt := range v.GetWaiting() {
		fmt.Fprintln(w, waitingLine(info, v.GetViewer(), wt))
	}
	clocksText(w, info, v.GetClocks())
	if p := v.GetPrompt(); p != nil {
		fmt.Fprintf(w, "%s; see `moonshine legal %s`\n", choicesLine(p), info.GetGameId())
	}
	if o := v.GetOutcome(); o != nil {
		fmt.Fprintf(w, "game over: %s (winners: %s; scores: %s)\n", o.GetSummary(), seatList(o.GetWinners()), scoresLine(o.GetScores()))
	}
}

// waitingLine says whom the game waits for, in the viewer's words: a
// prompt's detail is what the seat is to do ("run the whiskey"), so it
// reads "waiting for seat 1 (bot) to run the whiskey", "waiting for you to
// …", and for a seat the game does not wait for, "seat 1 (bot) may …".
func waitingLine(info *moonshinev1.GameInfo, viewer *moonshinev1.Viewer, wt *moonshinev1.Waiting) string {
	what := wt.GetDetail()
	if what == "" {
		what = wt.GetReason()
	}
	you := viewer.GetPerspective() == moonshinev1.Perspective_PERSPECTIVE_SEAT && viewer.GetSeat() == wt.GetSeat()
	switch {
	case you && wt.GetMustAct():
		return "waiting for you to " + what
	case you:
		return "you may " + what + " (the game does not wait for you)"
	case wt.GetMustAct():
		return fmt.Sprintf("waiting for %s to %s", seatName(info, wt.GetSeat()), what)
	}
	return fmt.Sprintf("%s may %s (the game does not wait)", seatName(info, wt.GetSeat()), what)
}

// choicesLine counts what a prompt offers: "your move: 4 legal commands
// and 2 templates".
func choicesLine(p *moonshinev1.Prompt) string {
	var parts []string
	if n := len(p.GetLegal()); n > 0 {
		parts = append(parts, render.Plural(n, "legal command"))
	}
	if n := len(p.GetTemplates()); n > 0 {
		parts = append(parts, render.Plural(n, "template"))
	}
	head := "your move"
	if !p.GetMustAct() {
		head = "you may act (the game does not wait for you)"
	}
	if len(parts) == 0 {
		return head
	}
	return head + ": " + strings.Join(parts, " and ")
}

// scoresLine writes the final scores by seat: "seat 0: 13, seat 1: 19".
func scoresLine(scores []int32) string {
	out := make([]string, len(scores))
	for i, sc := range scores {
		out[i] = fmt.Sprintf("seat %d: %d", i, sc)
	}
	return strings.Join(out, ", ")
}
