package kingdom_test

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// A game opens with the Brew: the first seat in Turn Order drafts a Red and
// a White die from the pool and Produces or Dumps.
func Example() {
	seed := make([]byte, engine.SeedSize)
	g, _, err := engine.Start(kingdom.Rules{}, engine.Config{Players: 3}, seed)
	if err != nil {
		panic(err)
	}
	p := g.State.Prompts()[0]
	fmt.Println(p.Reason, p.MustAct)

	view := g.State.View(engine.SpectatorViewer()).(*pb.View)
	fmt.Println(len(view.RedPool), "red and", len(view.WhitePool), "white dice; Rum at", view.Market[3])

	evs, _, err := g.Decide(p.Seat, p.Legal[0])
	if err != nil {
		panic(err)
	}
	fmt.Println(evs[0].Public.(*pb.Event).GetBrewDrafted() != nil)
	// Output:
	// brew-draft true
	// 4 red and 4 white dice; Rum at 500
	// true
}

// The City Map is one table.
func ExampleDistricts() {
	w := printed.Info(pb.District_DISTRICT_WILLIAMSBURG)
	fmt.Println(w.Name, "in", printed.BoroughOf(w.Borough).Name, "pours", w.HousePour)
	for _, n := range printed.Neighbours(w.ID) {
		fmt.Println(" ", printed.Info(n).Name, printed.Connection(w.ID, n) == printed.Bridge)
	}
	// Output:
	// Williamsburg in Brooklyn pours LIQUOR_MOONSHINE
	//   Five Points true
	//   Red Hook false
	//   Brownsville false
	//   Astoria false
	//   Corona false
}
