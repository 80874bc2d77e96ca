package boozebarons_test

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// A game is started from a seed; each seat seals a Movement card, and the
// last choice reveals them all in one public event.
func Example() {
	seed := []byte("example seed")
	g, _, err := engine.Start(boozebarons.Rules{}, engine.Config{Players: 3}, seed)
	if err != nil {
		panic(err)
	}
	for seat, l := range []pb.Location{pb.Location_LOCATION_CASINO_REGALE, pb.Location_LOCATION_DOCKS, pb.Location_LOCATION_DOCKS} {
		cmd := boozebarons.Cmd(&pb.ChooseMovement{Location: l})
		evs, _, err := g.Decide(engine.Seat(seat), cmd)
		if err != nil {
			panic(err)
		}
		if err := g.Apply(evs...); err != nil {
			panic(err)
		}
		for _, ev := range evs {
			// What the third seat sees of each event: the public body and
			// how many private parts.
			seen := ev.For(engine.SeatViewer(2))
			e := seen.Public.(*pb.Event)
			fmt.Println(e.ProtoReflect().WhichOneof(e.ProtoReflect().Descriptor().Oneofs().Get(0)).Name(), len(seen.Private))
		}
	}
	view := g.State.View(engine.SpectatorViewer()).(*pb.View)
	fmt.Println(view.Phase, view.Seats[0].Location)
	// Output:
	// movement_chosen 0
	// movement_chosen 0
	// movement_chosen 1
	// movements_revealed 0
	// PHASE_ACTION LOCATION_CASINO_REGALE
}
