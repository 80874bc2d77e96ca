package boozebarons

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	"google.golang.org/protobuf/proto"
)

// TestResignExposes: the house ruling leans on "the Unexposed player with
// the fewest Coins is automatically Exposed and must place their Movement
// card corresponding with their current Location back in the box": a seat
// that resigns is Exposed so, out of turn, and the game plays its turns by
// default: it passes, and seals a Movement card of its own next round.
func TestResignExposes(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{blonde, rye, merlot, porter})
	tb.move(casino, docks, casino, docks)
	evs := tb.do(1, &pb.Resign{})
	if got := kindsOf(evs); len(got) != 1 || got[0] != "resigned" {
		t.Fatalf("events %v", got)
	}
	r := evs[0].Public.(*pb.Event).GetResigned()
	if r.BoozeType != rye || r.MovementCard != docks {
		t.Fatalf("Resigned %v", r)
	}
	pv := tb.view(engine.SpectatorViewer()).Seats[1]
	if !pv.Resigned || !pv.Exposed || pv.BoozeType != rye || pv.Played != 0 {
		t.Fatalf("view of the resigned seat %v", pv)
	}
	tb.refuse(1, &pb.Pass{}, ReasonResigned)
	tb.refuse(1, &pb.Resign{}, ReasonResigned)
	tb.do(0, &pb.Pass{}) // seat 1's turn is passed for it
	if tb.st().turn != 2 || !tb.st().seats[1].acted {
		t.Fatalf("turn %d, seat 1 acted %v", tb.st().turn, tb.st().seats[1].acted)
	}
	tb.do(2, &pb.Pass{})
	tb.do(3, &pb.Pass{})
	if !tb.st().moves.HasChosen(1) || tb.st().moves.HasChosen(0) {
		t.Fatal("the resigned seat's Movement card is not sealed for it alone")
	}
	for _, p := range tb.st().Prompts() {
		if p.Seat == 1 {
			t.Fatalf("prompt for the resigned seat: %v", p)
		}
	}
}

// TestResignOneMobLeft: once every seat left is of one Mob there is no
// rival to play against: the game ends with the printed scoring ("The Mob
// with the most Coins wins the game").
func TestResignOneMobLeft(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{blonde, rye, merlot, porter})
	tb.move(casino, docks, casino, docks)
	tb.do(0, &pb.Deliver{CardId: 0})
	tb.do(1, &pb.Resign{})
	if tb.st().Outcome() != nil {
		t.Fatal("three Mobs are left")
	}
	evs := tb.do(2, &pb.Resign{})
	end := evs[len(evs)-1].Public.(*pb.Event).GetGameEnded()
	if end == nil || len(end.Winners) != 1 || end.Winners[0] != pb.Mob_MOB_BEER {
		t.Fatalf("end %v", end)
	}
}

// TestResignRandomGames: random games in which seats resign at random
// moments, until one is left: every step is checked by playtest (the
// offered commands, the rebuild from scratch, Verify), and no prompt ever
// names a resigned seat.
func TestResignRandomGames(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players += 3 {
		for i := range 3 {
			resigned := map[engine.Seat]bool{}
			choose := func(r *engine.Rand, live []engine.Prompt) (engine.Seat, proto.Message) {
				for _, p := range live {
					if resigned[p.Seat] {
						t.Fatalf("%d players game %d: prompt for resigned %v", players, i, p.Seat)
					}
				}
				p := live[r.IntN(len(live))]
				if r.IntN(25) == 0 && len(resigned) < players-1 {
					resigned[p.Seat] = true
					return p.Seat, Cmd(&pb.Resign{})
				}
				return p.Seat, p.Legal[r.IntN(len(p.Legal))]
			}
			_, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: players},
				Seed: seedOf(players, 7100+i), Choose: choose, Invariant: invariant})
			if err != nil {
				t.Fatal(err)
			}
			if len(resigned) == 0 {
				t.Errorf("%d players game %d: nobody resigned", players, i)
			}
		}
	}
}
