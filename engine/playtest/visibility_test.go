package playtest_test

import (
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/playtest"
	bbpb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	"google.golang.org/protobuf/proto"
)

// TestVisibilityCatchesLeaks: a view that shows a seat what its
// declarations keep from it, or declares a public field but shows it
// differently, fails the check; so does an undeclared view.
func TestVisibilityCatchesLeaks(t *testing.T) {
	g, _, err := engine.Start(boozebarons.Rules{}, engine.Config{Players: 3}, []byte("leaks"))
	if err != nil {
		t.Fatal(err)
	}
	full := g.State.View(engine.AuditorViewer()).(*bbpb.View)
	seat0 := engine.SeatViewer(0)
	for _, c := range []struct {
		name string
		leak func(v *bbpb.View)
		want string
	}{
		{"another seat's Booze card", func(v *bbpb.View) { v.Seats[1].BoozeType = full.Seats[1].BoozeType }, "seats[1].booze_type"},
		{"the deck order", func(v *bbpb.View) { v.Deck = full.Deck }, "View.deck"},
		{"a wrong count", func(v *bbpb.View) { v.DeckSize++ }, "View.deck_size"},
		{"another viewer's seat", func(v *bbpb.View) { v.ViewerSeat = proto.Int32(2) }, "View.viewer_seat"},
		{"coins during play", func(v *bbpb.View) { v.Seats[2].Coins = 3 }, "seats[2].coins"},
	} {
		v := g.State.View(seat0).(*bbpb.View)
		if err := playtest.CheckView(v, full, seat0, false); err != nil {
			t.Fatalf("the game's own view fails: %v", err)
		}
		c.leak(v)
		if err := playtest.CheckView(v, full, seat0, false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a failure naming %s", c.name, err, c.want)
		}
	}
	hb := &bbpb.Options{}
	if err := playtest.CheckView(hb, hb, seat0, false); err == nil || !strings.Contains(err.Error(), "declares no field") {
		t.Errorf("an undeclared view: %v", err)
	}
}
