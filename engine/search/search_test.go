package search_test

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bbprinted "github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// small is a budget that keeps the tests cheap.
func small(players int) search.Budget {
	return search.Budget{Iterations: 48, Worlds: 6, Depth: 3 * players}
}

func bot(players int) *search.Search {
	return search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, small(players))
}

// twins returns two Booze Barons games that differ only in facts hidden
// from seat: the Booze cards of two other seats, of different Mobs where
// the deal allows, are swapped (so the teams differ too).
func twins(players, seat, run int) playtest.Twin {
	seed := []byte(fmt.Sprintf("search-twins/%d/%d/%d", players, seat, run))
	rng := engine.CommandRand(seed, 1)
	booze := boozebarons.DealBooze(players, rng)
	deck := make([]int32, bbprinted.DeckSize)
	for i, x := range rng.Perm(bbprinted.DeckSize) {
		deck[i] = int32(x)
	}
	q, r := (seat+1)%players, (seat+2)%players
	for i := range players {
		if i != seat && i != q && bbprinted.MobOf(booze[i]) != bbprinted.MobOf(booze[q]) {
			r = i
			break
		}
	}
	swapped := slices.Clone(booze)
	swapped[q], swapped[r] = booze[r], booze[q]
	opts := &pb.Options{DocksSide: pb.Side_SIDE_A, RefillRounding: pb.Rounding_ROUNDING_UP, FirstBaron: proto.Int32(int32(run % players))}
	return playtest.Twin{
		Rules: boozebarons.Rules{}, Players: players, Viewer: engine.SeatViewer(engine.Seat(seat)), Seed: seed, Steps: 300,
		SetupA: boozebarons.OpeningEvents(players, opts, booze, deck), SetupB: boozebarons.OpeningEvents(players, opts, swapped, deck),
		Stop: revealing, Allow: notExposing(q, r),
	}
}

// revealing stops the twins before the rules reveal Booze cards on
// purpose: the exhausted deck and the end.
func revealing(evs []engine.Event) bool {
	for _, e := range evs {
		switch e.Public.(*pb.Event).GetKind().(type) {
		case *pb.Event_DeckExhausted, *pb.Event_GameEnded:
			return true
		}
	}
	return false
}

// notExposing excludes Exposes of the swapped seats: whether a guess is
// right is public by rule.
func notExposing(seats ...int) func(engine.State, engine.Seat, proto.Message) bool {
	return func(st engine.State, _ engine.Seat, m proto.Message) bool {
		if m.(*pb.Command).GetExpose() == nil {
			return true
		}
		v := st.View(engine.AuditorViewer()).(*pb.View)
		return !slices.Contains(seats, int(v.GetPending().GetTarget()))
	}
}

// The test: the search's choice is the same in two games that
// differ only in facts hidden from its seat (here, who holds which Booze
// card, and so who is on which Mob), at every decision of seeded games.
func TestChoiceIgnoresHiddenFacts(t *testing.T) {
	compared := 0
	for _, players := range []int{3, 5, 9} {
		for _, seat := range []int{0, players - 1} {
			n, err := twins(players, seat, 0).Choices(bot(players), 8)
			if err != nil {
				t.Fatalf("%d players, seat %d: %v", players, seat, err)
			}
			compared += n
		}
	}
	if compared < 24 {
		t.Fatalf("only %d choices compared", compared)
	}
}

// fickle chooses differently on every call: the twin check must catch a
// bot whose choice does not follow from its knowledge and generator.
type fickle struct{ calls int }

func (f *fickle) Choose(k engine.Knowledge, _ *engine.Rand) (proto.Message, error) {
	f.calls++
	return k.Prompt.Legal[f.calls%len(k.Prompt.Legal)], nil
}

func TestChoicesCatchesADifference(t *testing.T) {
	if _, err := twins(5, 0, 0).Choices(&fickle{}, 8); err == nil {
		t.Fatal("a bot that chooses differently in the twins passes")
	}
}

// knowledge returns seat 0's knowledge at its decisions with a choice in a
// seeded game of easy bots, at most n of them.
func knowledge(tb testing.TB, players, n int, seed string) []engine.Knowledge {
	tb.Helper()
	var out []engine.Knowledge
	bots := make([]engine.Bot, players)
	for i := range bots {
		bots[i] = boozebarons.Easy{}
	}
	bots[0] = recorder{into: &out}
	if _, err := (playtest.Table{Rules: boozebarons.Rules{}, Table: engine.Config{Players: players}, Seed: []byte(seed), Bots: bots}).Play(); err != nil {
		tb.Fatal(err)
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// recorder is the easy bot, recording the knowledge of each decision with a
// choice.
type recorder struct{ into *[]engine.Knowledge }

func (r recorder) Choose(k engine.Knowledge, g *engine.Rand) (proto.Message, error) {
	if len(k.Prompt.Legal) > 1 {
		*r.into = append(*r.into, k)
	}
	return boozebarons.Easy{}.Choose(k, g)
}

// A decision is a function of the knowledge and the generator: run twice
// from the same seed, the search does the same work and chooses the same.
func TestDeterministic(t *testing.T) {
	for _, k := range knowledge(t, 5, 6, "deterministic") {
		a, errA := bot(5).Run(k, engine.NewRand([32]byte{1}))
		b, errB := bot(5).Run(k, engine.NewRand([32]byte{1}))
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if !proto.Equal(a.Command, b.Command) || a.Commands != b.Commands || len(a.Candidates) != len(b.Candidates) {
			t.Fatalf("two runs differ: %v (%d commands) / %v (%d)", a.Command, a.Commands, b.Command, b.Commands)
		}
		for i := range a.Candidates {
			if a.Candidates[i].Visits != b.Candidates[i].Visits || a.Candidates[i].Value != b.Candidates[i].Value {
				t.Fatalf("candidate %d: %+v / %+v", i, a.Candidates[i], b.Candidates[i])
			}
		}
	}
}

// The effort is the budget: exactly Iterations playouts, each cut at Depth
// commands, every one of the default policy's commands accepted, and the
// choice the root command visited most.
func TestBudget(t *testing.T) {
	b := small(5)
	for _, k := range knowledge(t, 5, 6, "budget") {
		res, err := bot(5).Run(k, engine.NewRand([32]byte{2}))
		if err != nil {
			t.Fatal(err)
		}
		visits, most := 0, 0
		for _, c := range res.Candidates {
			visits += c.Visits
			most = max(most, c.Visits)
		}
		switch {
		case res.Iterations != b.Iterations || visits != b.Iterations:
			t.Fatalf("%d iterations, %d root visits, for a budget of %d", res.Iterations, visits, b.Iterations)
		case res.Commands > b.Iterations*b.Depth || res.Commands < b.Iterations:
			t.Fatalf("%d commands for %d iterations of depth %d", res.Commands, b.Iterations, b.Depth)
		case res.Fallbacks != 0:
			t.Fatalf("%d of the default policy's commands refused", res.Fallbacks)
		}
		chosen := slices.IndexFunc(res.Candidates, func(c search.Candidate) bool { return proto.Equal(c.Command, res.Command) })
		if chosen < 0 || res.Candidates[chosen].Visits != most {
			t.Fatalf("chose %v, not the root command visited most", res.Command)
		}
		if !slices.ContainsFunc(k.Prompt.Legal, func(m proto.Message) bool { return proto.Equal(m, res.Command) }) {
			t.Fatalf("chose %v, which is not offered", res.Command)
		}
	}
}

// A budget of Commands stops the iterations once they have played that
// many commands: the search runs fewer iterations, and plays no more than
// the cap and one iteration's depth.
func TestCommandsBudget(t *testing.T) {
	b := small(5)
	b.Commands = b.Depth * 10
	capped := 0
	for _, k := range knowledge(t, 5, 4, "commands") {
		full, err := search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, small(5)).Run(k, engine.NewRand([32]byte{4}))
		if err != nil {
			t.Fatal(err)
		}
		res, err := search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, b).Run(k, engine.NewRand([32]byte{4}))
		if err != nil {
			t.Fatal(err)
		}
		visits := 0
		for _, c := range res.Candidates {
			visits += c.Visits
		}
		if full.Commands <= b.Commands {
			continue // the cap is not reached
		}
		capped++
		if res.Iterations >= b.Iterations || visits != res.Iterations || res.Commands < b.Commands || res.Commands > b.Commands+b.Depth {
			t.Fatalf("%d iterations (%d visits), %d commands, for a cap of %d commands (uncapped: %d, %d)",
				res.Iterations, visits, res.Commands, b.Commands, full.Iterations, full.Commands)
		}
	}
	if capped == 0 {
		t.Fatal("no decision reaches the cap")
	}
}

// A prompt with one legal command is answered without a search.
func TestOneChoice(t *testing.T) {
	k := knowledge(t, 4, 1, "one")[0]
	k.Prompt.Legal = k.Prompt.Legal[:1]
	res, err := bot(4).Run(k, engine.NewRand([32]byte{}))
	if err != nil || res.Iterations != 0 || !proto.Equal(res.Command, k.Prompt.Legal[0]) {
		t.Fatalf("%+v, %v", res, err)
	}
}

// Knowledge that is not a history of the game, or whose prompt is
// another seat's, is an error, not a choice.
func TestBadKnowledge(t *testing.T) {
	k := knowledge(t, 4, 1, "bad")[0]
	other := k
	other.Seat = 1
	if _, err := bot(4).Run(other, engine.NewRand([32]byte{})); err == nil {
		t.Error("another seat's prompt is searched")
	}
	cut := k
	cut.History = k.History[1:]
	if _, err := bot(4).Run(cut, engine.NewRand([32]byte{})); err == nil {
		t.Error("a history without its first event is searched")
	}
}
