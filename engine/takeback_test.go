package engine_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	"google.golang.org/protobuf/proto"
)

func bbEvent(kind proto.Message) engine.Event {
	return engine.PublicEvent(boozebaronsEvent(kind))
}

func boozebaronsEvent(kind proto.Message) *pb.Event {
	return engine.KindsOf(&pb.Event{}).Wrap(kind)
}

// TestTakebackPolicy: "A seat may ask to take back its last command when
// no hidden fact was revealed and no die or shuffle was drawn by it or
// after it, and no other seat has acted since; otherwise all seats must
// consent, and never across a reveal of hidden information."
func TestTakebackPolicy(t *testing.T) {
	keep := bbEvent(&pb.Passed{})
	draw := bbEvent(&pb.DeckShuffled{})
	reveal := bbEvent(&pb.MovementsRevealed{})
	sealed := engine.Event{Public: boozebaronsEvent(&pb.MovementChosen{}), Private: []engine.Secret{engine.PrivateTo(boozebaronsEvent(&pb.MovementSealed{}), 0)}}
	looked := engine.Event{Public: boozebaronsEvent(&pb.Tailed{}), Private: []engine.Secret{engine.PrivateTo(boozebaronsEvent(&pb.Looked{}), 0)}}
	mv := func(seat int, evs ...engine.Event) engine.Move {
		return engine.Move{Seat: engine.Seat(seat), Events: evs}
	}
	for _, tc := range []struct {
		name    string
		moves   []engine.Move
		from    int
		consent string
		refused string
	}{
		{"own last command", []engine.Move{mv(1, keep), mv(0, keep)}, 1, "", ""},
		{"own sealed choice", []engine.Move{mv(0, sealed)}, 0, "", ""},
		{"another seat acted since", []engine.Move{mv(0, keep), mv(1, keep)}, 0, engine.ReasonTakebackAfterOthers, ""},
		{"a draw by it", []engine.Move{mv(0, keep, draw)}, 0, engine.ReasonTakebackAfterRoll, ""},
		{"a draw after it", []engine.Move{mv(0, keep), mv(1, draw)}, 0, engine.ReasonTakebackAfterRoll, ""},
		{"a reveal after it", []engine.Move{mv(0, keep), mv(1, reveal)}, 0, "", engine.ReasonTakebackAfterReveal},
		{"a private look", []engine.Move{mv(0, looked)}, 0, "", engine.ReasonTakebackAfterReveal},
		{"nothing of its own", []engine.Move{mv(1, keep)}, 0, "", engine.ReasonTakebackNothing},
	} {
		got, err := engine.TakebackPolicy(boozebarons.Module(), 0, tc.moves)
		switch {
		case tc.refused != "":
			if err == nil || err.Reason != tc.refused {
				t.Errorf("%s: %v %v, want %s", tc.name, got, err, tc.refused)
			}
		case err != nil || got.From != tc.from || got.Consent != tc.consent:
			t.Errorf("%s: %+v %v, want from %d consent %q", tc.name, got, err, tc.from, tc.consent)
		}
	}
	if c := (engine.Module{}).Takebacks.Chain(bbEvent(&pb.Passed{})); c != engine.ChainReveals {
		t.Errorf("a game without a declaration: %v", c)
	}
	if _, err := engine.TakebackPolicy(engine.Module{Rules: boozebarons.Rules{}}, 0, []engine.Move{{Seat: 0, Events: []engine.Event{keep}}}); err == nil || err.Reason != engine.ReasonTakebackAfterReveal {
		t.Errorf("a game without a declaration takes back: %v", err)
	}
}
