package kingdom

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Every level chooses the same in two games that differ only in seat 1's
// Contract hand, which seat 0 has not seen (the twins of
// TestTwinHandsIndistinguishable): the bots read only what their seat may
// know, and the search's worlds are dealt from it.
func TestBotsIgnoreHiddenHands(t *testing.T) {
	allow := func(_ engine.State, seat engine.Seat, c proto.Message) bool {
		k := c.(*pb.Command)
		return k.GetHustle() == nil && (seat != 1 || k.GetStakeContract() == nil)
	}
	m := Module()
	for _, l := range engine.Levels() {
		seeds, compared := 4, 0
		if l == engine.LevelHard {
			seeds = 2
		}
		for i := range seeds {
			tw := playtest.Twin{Rules: Rules{}, Players: 3, SetupA: twinSetup(t, 1, 2), SetupB: twinSetup(t, 3, 4),
				Viewer: engine.SeatViewer(0), Seed: seedOf(uint64(60 + i)), Steps: 300, Allow: allow}
			n, err := tw.Choices(m.Bot(l), 8)
			if err != nil {
				t.Fatalf("%s, seed %d: %v", l, 60+i, err)
			}
			compared += n
		}
		if compared < 2*seeds {
			t.Fatalf("%s: only %d choices compared", l, compared)
		}
	}
}

// A table with a bot of every level plays on, and its log verifies from
// its seed; the same seed plays the same game again (the game is cut
// short to keep the test cheap).
func TestEveryLevelPlays(t *testing.T) {
	m := Module()
	for _, cfg := range []engine.Config{{Players: 2}, {Players: 3}, {Players: 4, Options: &pb.Options{BloodOath: true}}} {
		bots := []engine.Bot{m.Bot(engine.LevelNormal), m.Bot(engine.LevelEasy), m.Bot(engine.LevelHard), m.Bot(engine.LevelEasy)}[:cfg.Players]
		if cfg.Players == 2 {
			bots = []engine.Bot{m.Bot(engine.LevelHard), m.Bot(engine.LevelNormal)}
		}
		tb := playtest.Table{Rules: Rules{}, Table: cfg, Seed: seedOf(4242), Bots: bots, MaxSteps: 120}
		res, err := tb.Play()
		if err != nil && (res == nil || len(res.Commands) < tb.MaxSteps) {
			t.Fatalf("%d players: %v", cfg.Players, err)
		}
		if err := engine.Verify(Module(), cfg, tb.Seed, res.Commands, res.Events); err != nil {
			t.Fatalf("%d players: %v", cfg.Players, err)
		}
		again, _ := tb.Play()
		if again == nil || len(again.Events) != len(res.Events) {
			t.Fatalf("%d players: the same seed played another game", cfg.Players)
		}
		for i := range res.Events {
			if !engine.EqualEvents(res.Events[i].Event, again.Events[i].Event) {
				t.Fatalf("%d players: event %d differs on a replay from the seed", cfg.Players, i+1)
			}
		}
	}
}

// Hard searches more than normal at every table: at three and four
// players more alternatives, playouts, worlds and depth; at two (its own
// budget in searchLevels.Tables) the same alternatives as normal with more
// playouts, worlds and depth. A level without a budget of its own searches
// as normal, and the module's bots search within these budgets.
func TestBudgets(t *testing.T) {
	for _, c := range []struct {
		players    int
		candidates int // hard's
	}{{2, 4}, {3, 8}, {4, 8}} {
		normal, hard := searchLevels.Budget(engine.LevelNormal, c.players), searchLevels.Budget(engine.LevelHard, c.players)
		if hard.Iterations <= normal.Iterations || hard.Worlds <= normal.Worlds || normal.Depth != 3*c.players || hard.Depth <= normal.Depth ||
			normal.Candidates != 4 || hard.Candidates != c.candidates || !normal.Halving || !hard.Halving {
			t.Errorf("%d players: normal %+v, hard %+v", c.players, normal, hard)
		}
		if searchLevels.Budget(engine.LevelEasy, c.players) != normal || searchLevels.Budget("", c.players) != normal {
			t.Errorf("%d players: a level without a search budget is not searched as normal", c.players)
		}
	}
	if b := Module().Bots; b.At(engine.LevelHard) != searcher(engine.LevelHard) || b.At("") != searcher(engine.LevelNormal) || b.Easy == nil {
		t.Fatalf("the module's bots: %+v", b)
	}
}
