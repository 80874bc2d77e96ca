package printed

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

var (
	events   = engine.KindsOf(&pb.Event{})
	commands = engine.KindsOf(&pb.Command{})
)

func event(kind proto.Message) *pb.Event     { return events.Wrap(kind) }
func command(kind proto.Message) *pb.Command { return commands.Wrap(kind) }

// TestLabelsNameEveryKind: every kind of event and command has a label of
// its own.
func TestLabelsNameEveryKind(t *testing.T) {
	l, v := Labels{}, engine.SeatViewer(1)
	for _, e := range events.All() {
		if got := l.Event(v, e); got == "" || strings.HasPrefix(got, "not a") {
			t.Errorf("%s: %q", events.Name(e), got)
		}
	}
	for _, c := range commands.All() {
		if got := l.Command(v, c); got == "" || strings.HasPrefix(got, "not a") {
			t.Errorf("%s: %q", commands.Name(c), got)
		}
	}
	if got := l.Event(v, &pb.Command{}); !strings.HasPrefix(got, "not a") {
		t.Errorf("a command labelled as an event: %q", got)
	}
}

// TestLabelsSpeakToTheViewer: a label names the viewer's own seat "you".
func TestLabelsSpeakToTheViewer(t *testing.T) {
	l := Labels{}
	stolen := event(&pb.Stolen{Seat: 2, From: 1, CardId: 12})
	for _, c := range []struct {
		v    engine.Viewer
		want string
	}{
		{engine.SeatViewer(1), "seat 2 stole #12 Seedy Pete's (Punching Bag Porter, Dolled Up Blonde, Reach for the Sky Rye, Big House Brandy) from you"},
		{engine.SeatViewer(2), "you stole #12 Seedy Pete's (Punching Bag Porter, Dolled Up Blonde, Reach for the Sky Rye, Big House Brandy) from seat 1"},
		{engine.SpectatorViewer(), "seat 2 stole #12 Seedy Pete's (Punching Bag Porter, Dolled Up Blonde, Reach for the Sky Rye, Big House Brandy) from seat 1"},
	} {
		if got := l.Event(c.v, stolen); got != c.want {
			t.Errorf("%v reads %q, want %q", c.v, got, c.want)
		}
	}
	if got := l.Event(engine.SeatViewer(0), event(&pb.BoozeCard{Seat: 0, BoozeType: chardonnay})); got != "your Booze card: Shifty's Chardonnay" {
		t.Errorf("own Booze card: %q", got)
	}
	if got := l.Command(engine.SeatViewer(0), command(&pb.ChooseMovement{Location: officers})); got != "move to Officer's Club" {
		t.Errorf("a move: %q", got)
	}
}
