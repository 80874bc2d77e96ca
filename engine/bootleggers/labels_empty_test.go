package bootleggers

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

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
