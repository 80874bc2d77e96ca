package games

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// The labels the service sends beside commands, templates and event
// bodies come from the game's engine.Labels, in the words of the viewer
// they go to. A game without Labels gets empty labels: its clients render
// its messages themselves. Seats are named as engine.Viewer.Name names
// them ("you", "seat 2"), never by the names players gave: a label is
// made from the message alone, the same however the seats were claimed.

// CommandLabel labels one of the game's commands for v ("" without
// labels).
func (m *Module) CommandLabel(v engine.Viewer, cmd proto.Message) string {
	if m.Labels == nil || cmd == nil {
		return ""
	}
	return m.Labels.Command(v, cmd)
}

// TemplateLabel labels a template offered to v ("" without labels).
func (m *Module) TemplateLabel(v engine.Viewer, t engine.Template) string {
	if m.Labels == nil {
		return ""
	}
	return m.Labels.Template(v, t)
}

// BodyLabel labels an event body as v reads it: one of the game's (""
// without labels) or table talk.
func (m *Module) BodyLabel(v engine.Viewer, body *moonshinev1.EventBody) string {
	if chat := body.GetChat(); chat != nil {
		return TalkLabel(v, chat)
	}
	if te := body.GetTable(); te != nil {
		return TableLabel(v, te)
	}
	if m.Labels == nil {
		return ""
	}
	inner, err := m.take(body.BodyMessage())
	if err != nil || inner == nil {
		return ""
	}
	return m.Labels.Event(v, inner)
}

// TableLabel labels a change of the table as v reads it: "seat 2 left",
// "you left", "the table was cancelled".
func TableLabel(v engine.Viewer, te *moonshinev1.TableEvent) string {
	switch {
	case te.GetCancelled() != nil:
		return "the table was cancelled"
	case te.GetSeatLeft() != nil:
		seat := engine.Seat(te.GetSeatLeft().GetSeat())
		if v.IsSeat(seat) {
			return "you left"
		}
		return v.Name(seat) + " left"
	case te.GetCredentialRotated() != nil:
		seat := engine.Seat(te.GetCredentialRotated().GetSeat())
		if v.IsSeat(seat) {
			return "your credential was replaced"
		}
		return v.Name(seat) + "'s credential was replaced"
	case te.GetTakebackRequested() != nil:
		return v.Name(engine.Seat(te.GetTakebackRequested().GetSeat())) + " asked to take back the last command"
	case te.GetTakebackAnswered() != nil:
		return v.Name(engine.Seat(te.GetTakebackAnswered().GetSeat())) + " agreed to the takeback"
	case te.GetTakebackDeclined() != nil:
		return v.Name(engine.Seat(te.GetTakebackDeclined().GetSeat())) + " declined the takeback"
	case te.GetTakenBack() != nil:
		return fmt.Sprintf("%s took back the play from event %d on", v.Name(engine.Seat(te.GetTakenBack().GetSeat())), te.GetTakenBack().GetFromSeq())
	}
	return timerLabel(v, te)
}

// TalkLabel labels a message of table talk as v reads it: "seat 1 says:
// evening", "you to seat 2 (private): psst".
func TalkLabel(v engine.Viewer, m *moonshinev1.ChatMessage) string {
	from := engine.Seat(m.GetFromSeat())
	if m.ToSeat == nil {
		verb := "says"
		if v.IsSeat(from) {
			verb = "say"
		}
		return fmt.Sprintf("%s %s: %s", v.Name(from), verb, m.GetText())
	}
	return fmt.Sprintf("%s to %s (private): %s", v.Name(from), v.Name(engine.Seat(m.GetToSeat())), m.GetText())
}
