package search_test

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/search"
)

// weighing is Booze Barons' search game with every playout step weighed
// as perStep legal commands, as a game whose prompts list many would.
type weighing struct {
	boozebarons.SearchGame
	perStep int
}

func (g weighing) WeighedPlayout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message, int) {
	seat, cmd := g.Playout(st, r)
	return seat, cmd, g.perStep
}

// A budget of Work stops the iterations once the commands played and the
// commands their policy weighed reach it, where a cap on commands alone
// lets every iteration run: the search runs fewer iterations, and does no
// more than the cap and one iteration's work.
func TestWorkBudget(t *testing.T) {
	const perStep = 9
	b := small(5)
	b.Commands = b.Iterations * b.Depth // never reached
	b.Work = b.Depth * 10 * (perStep + 1)
	game := weighing{perStep: perStep}
	capped := 0
	for _, k := range knowledge(t, 5, 4, "work") {
		full, err := search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, small(5)).Run(k, engine.NewRand([32]byte{4}))
		if err != nil {
			t.Fatal(err)
		}
		res, err := search.New(boozebarons.Rules{}, game, b).Run(k, engine.NewRand([32]byte{4}))
		if err != nil {
			t.Fatal(err)
		}
		if full.Work != full.Commands {
			t.Fatalf("a game without a Weigher did %d work in %d commands", full.Work, full.Commands)
		}
		if full.Commands*(perStep+1) <= b.Work {
			continue // the cap is not reached
		}
		capped++
		if res.Iterations >= b.Iterations || res.Work < b.Work || res.Work > b.Work+b.Depth*(perStep+1) {
			t.Fatalf("%d iterations, %d work in %d commands, for a cap of %d (uncapped: %d iterations, %d commands)",
				res.Iterations, res.Work, res.Commands, b.Work, full.Iterations, full.Commands)
		}
	}
	if capped == 0 {
		t.Fatal("no decision reaches the cap")
	}
}

// With Prefer the search keeps its first candidate (the default policy's
// own choice, for a Proposer) unless another is better by more than
// Prefer: with a Prefer past any difference of values it always plays the
// first, where without it the same decisions do not.
func TestPreferKeepsTheFirstCandidate(t *testing.T) {
	keep := small(5)
	keep.Prefer = 1
	moved, decisions := 0, 0
	for _, k := range knowledge(t, 5, 6, "prefer") {
		if !k.Prompt.MustAct {
			continue
		}
		free, err := search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, small(5)).Run(k, engine.NewRand([32]byte{5}))
		if err != nil {
			t.Fatal(err)
		}
		kept, err := search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, keep).Run(k, engine.NewRand([32]byte{5}))
		if err != nil {
			t.Fatal(err)
		}
		if len(kept.Candidates) < 2 {
			continue
		}
		decisions++
		if !proto.Equal(kept.Command, kept.Candidates[0].Command) {
			t.Fatalf("with Prefer 1 the search played %v, not its first candidate %v", kept.Command, kept.Candidates[0].Command)
		}
		if !proto.Equal(free.Command, free.Candidates[0].Command) {
			moved++
		}
	}
	if decisions == 0 || moved == 0 {
		t.Fatalf("%d decisions, %d in which the search without Prefer left its first candidate: the test shows nothing", decisions, moved)
	}
}
