package boozebarons

import (
	"fmt"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// only returns a suspects function that gives every other seat the types
// of m.
func only(m typeMask) func(int) typeMask { return func(int) typeMask { return m } }

// The heuristic pursues the printed scoring, whatever its noise: "+1 Coin
// for each Delivery card acquired", an Expose of another Mob when the
// table leaves one type to guess, never an Expose of its own Mob ("-2
// Coins for each Movement card acquired from another player in your
// Mob"), and every matching Casino card kept.
func TestHeuristicPursuesTheScoring(t *testing.T) {
	booze := []pb.BoozeType{porter, tequila, merlot, blonde}
	cases := []struct {
		name     string
		play     func(tb *table)
		suspects func(int) typeMask
		want     *pb.Command
	}{{
		// Card 9 (River Caves) shows Porter; seat 0 is alone there.
		name: "deliver", want: Cmd(&pb.Deliver{CardId: 9}),
		play: func(tb *table) { tb.move(caves, casino, pete, docks) },
	}, {
		name: "expose the one type left", want: Cmd(&pb.Expose{Guess: tequila}), suspects: only(typeBit(tequila)),
		play: func(tb *table) {
			tb.move(casino, casino, pete, docks)
			tb.do(0, &pb.Tail{Target: 1})
		},
	}, {
		name: "spare a teammate", want: Cmd(&pb.Decline{}), suspects: only(maskOf(blonde, lager)),
		play: func(tb *table) {
			tb.move(casino, casino, pete, docks)
			tb.do(0, &pb.Tail{Target: 1})
		},
	}}
	for _, c := range cases {
		for run := range 20 {
			tb := newTable(t, nil, booze, 9)
			c.play(tb)
			h := newHeuristic(tb.st(), 0, c.suspects, engine.NewRand([32]byte{byte(run)}))
			if got := h.act(); !proto.Equal(got, c.want) {
				t.Fatalf("%s, run %d: %v, want %v", c.name, run, got, c.want)
			}
		}
	}
}

func TestHeuristicKeepsEveryMatchingCasinoCard(t *testing.T) {
	// The deck after the nine opening cards starts 0, 1, 2: card 2 shows
	// Porter, cards 0 and 1 do not.
	tb := newTable(t, nil, []pb.BoozeType{porter, tequila, merlot}, 27, 28, 29, 30, 31, 32, 33, 34, 35)
	tb.move(casino, caves, pete)
	tb.do(0, &pb.TriggerEvent{})
	got := newHeuristic(tb.st(), 0, nil, engine.NewRand([32]byte{})).act()
	if want := Cmd(&pb.CasinoKeep{CardIds: []int32{2}}); !proto.Equal(got, want) {
		t.Fatalf("kept %v, want %v", got, want)
	}
}

// The default policy's every command is one the rules accept, through
// whole games of every size and either Docks side: the search never falls
// back to a uniform command.
func TestPlayoutsAreLegal(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		for run := range 3 {
			opts := &pb.Options{}
			if run == 1 {
				opts.DocksSide = pb.Side_SIDE_B
			}
			g, _, err := engine.Start(Rules{}, engine.Config{Players: players, Options: opts}, []byte(fmt.Sprint("playouts", players, run)))
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand([32]byte{byte(players), byte(run)})
			for steps := 0; g.State.Outcome() == nil; steps++ {
				seat, cmd := SearchGame{}.Playout(g.State, r)
				evs, _, err := g.Decide(seat, cmd)
				if err != nil || steps > 2000 {
					t.Fatalf("%d players, run %d, step %d: %v %v: %v", players, run, steps, seat, cmd, err)
				}
				if err := g.Apply(evs...); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
