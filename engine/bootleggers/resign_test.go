package bootleggers

import (
	"fmt"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	"google.golang.org/protobuf/proto"
)

// resigning returns a playtest chooser that, now and then, has the seat it
// picked resign instead (never the last one), and fails when a prompt
// names a seat that resigned: the game never waits for it again.
func resigning(t *testing.T, players int, resigned map[engine.Seat]bool) func(*engine.Rand, []engine.Prompt) (engine.Seat, proto.Message) {
	return func(r *engine.Rand, live []engine.Prompt) (engine.Seat, proto.Message) {
		for _, p := range live {
			if resigned[p.Seat] {
				t.Fatalf("prompt for resigned %v: %v", p.Seat, p.Reason)
			}
		}
		p := live[r.IntN(len(live))]
		if r.IntN(40) == 0 && len(resigned) < players-1 {
			resigned[p.Seat] = true
			return p.Seat, Cmd(&pb.Resign{})
		}
		return p.Seat, p.Legal[r.IntN(len(p.Legal))]
	}
}

// TestResignRandomGames plays random games in which Mobsters resign at
// random moments (rulings 100-102): the watcher's invariants (money only as the rules move
// it, markers, cards and trucks conserved) hold after every event, the log
// rebuilds and verifies, the resigned rank below every Mobster still
// playing, and a game left with one Mobster ends in its favour.
func TestResignRandomGames(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		for i, opts := range []*pb.Options{{}, {PlayItCool: true, RingUpTheBoys: true}} {
			resigned := map[engine.Seat]bool{}
			w := newWatcher()
			res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: players, Options: opts},
				Seed: []byte(fmt.Sprintf("resign/%d/%d", players, i)), MaxSteps: 4000, Invariant: w.check,
				Choose: resigning(t, players, resigned), RebuildEvery: 50})
			if err != nil {
				t.Fatalf("%d players, options %d: %v", players, i, err)
			}
			end := res.Game.State.(*State).result
			if len(resigned) == players-1 && end.Reason != pb.EndReason_END_REASON_RESIGNED {
				t.Errorf("%d players: one Mobster left, the game ended by %v", players, end.Reason)
			}
			for rank, st := range end.Standings {
				if resigned[engine.Seat(st.Seat)] && rank < players-len(resigned) {
					t.Errorf("%d players: resigned seat %d ranks %d", players, st.Seat, st.Rank)
				}
			}
			if resigned[engine.Seat(end.Winner)] {
				t.Errorf("%d players: the resigned seat %d won", players, end.Winner)
			}
		}
	}
}

// TestResignTwoPlayer: in the 2-player variant the Mobster left wins at
// once; a resigned Mobster's commands and trades offered to it are
// refused.
func TestResignTwoPlayer(t *testing.T) {
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 2}, []byte("resign/2"))
	if err != nil {
		t.Fatal(err)
	}
	evs, _, err := g.Decide(1, Cmd(&pb.Resign{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(evs...); err != nil {
		t.Fatal(err)
	}
	o := g.State.Outcome()
	if o == nil || o.Winners[0] != 0 {
		t.Fatalf("outcome %+v", o)
	}
	if end := g.State.(*State).result; end.Reason != pb.EndReason_END_REASON_RESIGNED || end.Standings[1].Seat != 1 {
		t.Fatalf("end %v", end)
	}
	v := g.State.View(engine.SpectatorViewer()).(*pb.View)
	if !v.Seats[1].Resigned || v.Seats[0].Resigned {
		t.Fatal("the view does not show who resigned")
	}
}

// TestResignRefusals: a resigned Mobster sends nothing more.
func TestResignRefusals(t *testing.T) {
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 3}, []byte("resign/3"))
	if err != nil {
		t.Fatal(err)
	}
	evs, _, err := g.Decide(2, Cmd(&pb.Resign{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(evs...); err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	if !s.bids.HasChosen(2) {
		t.Fatal("the resigned Mobster's Muscle card is not sealed for it")
	}
	for _, c := range []*pb.Command{Cmd(&pb.Resign{}), Cmd(&pb.ChooseMuscle{Card: 1})} {
		_, _, err := g.Decide(2, c)
		if re, ok := engine.AsRuleError(err); !ok || re.Reason != ReasonResigned {
			t.Fatalf("%v: %v", c, err)
		}
	}
	_, _, err = g.Decide(0, Cmd(&pb.ProposeTrade{To: 2}))
	if re, ok := engine.AsRuleError(err); !ok || re.Reason != ReasonResigned {
		t.Fatalf("trade with the resigned: %v", err)
	}
}
