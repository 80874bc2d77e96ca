package boozebarons

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Apply is total for the game's own events and fails only on foreign or
// corrupt bodies; an unknown event is an error, never skipped.
func TestApplyRefusesForeignAndCorruptBodies(t *testing.T) {
	if err := newState().Apply(wrap(&pb.Passed{})); err == nil {
		t.Error("an event before game_started applies")
	}
	tb := newTable(t, nil, four)
	for name, body := range map[string]proto.Message{
		"foreign":         &pb.Command{},
		"empty kind":      &pb.Event{},
		"second start":    wrap(&pb.GameStarted{Players: 4, Options: &pb.Options{}}),
		"card not on top": wrap(&pb.DeliveriesDrawn{CardIds: []int32{0}}),
		"seat range":      wrap(&pb.BoozeCard{Seat: 9}),
		"not delivered":   wrap(&pb.Delivered{Seat: 0, CardId: 35}),
		"wrong expose":    wrap(&pb.ExposeAttempted{Seat: 0, Target: 1, Guess: lager, Correct: true}),
	} {
		if err := tb.g.State.Apply(body); err == nil {
			t.Errorf("%s: applied", name)
		}
	}
}

func TestDecideRefusesNonsense(t *testing.T) {
	if _, _, err := newState().Decide(0, Cmd(&pb.Pass{}), nil); err == nil {
		t.Error("decided before setup")
	}
	tb := newTable(t, nil, four)
	for _, tc := range []struct {
		seat   engine.Seat
		cmd    proto.Message
		reason string
	}{
		{0, &pb.Options{}, engine.ReasonUnknownCommand},
		{0, &pb.Command{}, engine.ReasonUnknownCommand},
		{4, Cmd(&pb.ChooseMovement{Location: casino}), engine.ReasonBadSeat},
		{-1, Cmd(&pb.ChooseMovement{Location: casino}), engine.ReasonBadSeat},
		{0, Cmd(&pb.ChooseMovement{}), ReasonBadLocation},
		{0, Cmd(&pb.ChooseMovement{Location: 9}), ReasonBadLocation},
	} {
		_, _, err := tb.g.State.Decide(tc.seat, tc.cmd, nil)
		if re, ok := engine.AsRuleError(err); !ok || re.Reason != tc.reason || re.Kind != engine.Malformed {
			t.Errorf("%v %v: %v", tc.seat, tc.cmd, err)
		}
	}
}
