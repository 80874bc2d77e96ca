package printed

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// TestLabelsNameEveryKind: every command and event kind has a label of
// its own, for every viewer.
func TestLabelsNameEveryKind(t *testing.T) {
	l := Labels{}
	for _, v := range []engine.Viewer{engine.SeatViewer(1), engine.SpectatorViewer(), engine.AuditorViewer()} {
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
	}
	if got := l.Event(engine.SeatViewer(0), &pb.Command{}); !strings.HasPrefix(got, "not a") {
		t.Errorf("a command labelled as an event: %q", got)
	}
	if got := l.Command(engine.SeatViewer(0), wrap(&pb.RoundStarted{})); !strings.HasPrefix(got, "not a") {
		t.Errorf("an event labelled as a command: %q", got)
	}
}

// TestLabelsSpeakToTheViewer: "you" for the viewer's own seat, "seat N"
// for the others, and the card's printed name from the deck list.
func TestLabelsSpeakToTheViewer(t *testing.T) {
	l := Labels{}
	hitID := int32(slices.IndexFunc(CardIDs(), func(id int) bool { return CardKindOf(id) == hit }))
	played := wrap(&pb.CardPlayed{Seat: 2, CardId: hitID, Kind: hit, Effect: &pb.CardPlayed_Hit{Hit: &pb.Hit{Place: texas,
		Victims: []*pb.Colour{{Who: &pb.Colour_Seat{Seat: 1}}, {Who: &pb.Colour_Neutral{Neutral: true}}}}}})
	for _, c := range []struct {
		v    engine.Viewer
		want string
	}{
		{engine.SeatViewer(1), "seat 2 played Hit #%d: hit you and the neutral colour at Texas Lil's"},
		{engine.SeatViewer(2), "you played Hit #%d: hit seat 1 and the neutral colour at Texas Lil's"},
		{engine.SpectatorViewer(), "seat 2 played Hit #%d: hit seat 1 and the neutral colour at Texas Lil's"},
	} {
		if got, want := l.Event(c.v, played), fmt.Sprintf(c.want, hitID); got != want {
			t.Errorf("%v reads %q, want %q", c.v, got, want)
		}
	}
	if got := l.Event(engine.SeatViewer(0), wrap(&pb.MuscleHand{Seat: 0, Cards: []int32{3, 40}})); got != "your Muscle hand: 3, 40" {
		t.Errorf("own hand: %q", got)
	}
	run := cmd(&pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: omalleys}, {Truck: 7, Crates: 1, Place: mothers}}})
	if got := l.Command(engine.SeatViewer(0), run); got != "run truck 0 (4 crates) to O'Malley's, truck 7 (1 crate) to Mother's Groceries" {
		t.Errorf("a run: %q", got)
	}
	offer := cmd(&pb.ProposeTrade{To: 3, Give: &pb.Goods{Money: 2}, Get: &pb.Goods{Trucks: []int32{9}}})
	if got := l.Command(engine.SeatViewer(0), offer); got != "offer seat 3 2G for truck 9's rent" {
		t.Errorf("an offer: %q", got)
	}
}

// TestLabelsSayNothingHappened: a Mobster with no still left (a casino's
// owner discards his dice and Remote Stills, ruling 80) and a place that
// bought no crate while its owner is paid read as such, never as an empty
// list ("produced 0 crates ()", "at Barleycorn's: ; the owner ...").
func TestLabelsSayNothingHappened(t *testing.T) {
	l := Labels{}
	v := engine.SpectatorViewer()
	if got, want := l.Event(v, wrap(&pb.StillFired{Seat: 1})), "seat 1 produced 0 crates (no still)"; got != want {
		t.Errorf("a seat without stills: %q, want %q", got, want)
	}
	owner := int32(2)
	sold := &pb.WhiskeySold{Place: pb.DrinkingPlace_DRINKING_PLACE_BARLEYCORNS, Owner: &owner, GamblingProfit: 4}
	if got, want := l.Event(v, wrap(sold)), "at Barleycorn's: no crate sold; the owner, seat 2, got 4G"; got != want {
		t.Errorf("a place that sold nothing: %q, want %q", got, want)
	}
}

var (
	// events and commands wrap the kinds of the Event and Command oneofs.
	events   = engine.KindsOf(&pb.Event{})
	commands = engine.KindsOf(&pb.Command{})
)

// wrap puts an event kind into a *pb.Event.
func wrap(kind proto.Message) *pb.Event { return events.Wrap(kind) }

// cmd puts a command kind into a *pb.Command.
func cmd(kind proto.Message) *pb.Command { return commands.Wrap(kind) }
