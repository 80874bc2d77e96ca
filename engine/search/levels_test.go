package search_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/search"
)

// A level's budget scales its depth with the table; hard has its own, and
// every other level searches as normal.
func TestLevelsBudget(t *testing.T) {
	ls := search.Levels{Normal: search.Level{Iterations: 10, Worlds: 4, DepthPerSeat: 2}, Hard: search.Level{Iterations: 90, Worlds: 9, DepthPerSeat: 3, Commands: 200}}
	normal := search.Budget{Iterations: 10, Worlds: 4, Depth: 10}
	for _, l := range []engine.Level{engine.LevelNormal, engine.LevelEasy, ""} {
		if got := ls.Budget(l, 5); got != normal {
			t.Errorf("level %q: %+v, want %+v", l, got, normal)
		}
	}
	if got, want := ls.Budget(engine.LevelHard, 4), (search.Budget{Iterations: 90, Worlds: 9, Depth: 12, Commands: 200}); got != want {
		t.Errorf("hard: %+v, want %+v", got, want)
	}
}

// A table the Levels name has its own budgets, a zero Level there
// standing for the Levels' own; every other table has the Levels' own.
func TestLevelsBudgetByTable(t *testing.T) {
	normal, hard := search.Level{Iterations: 10, Worlds: 4, DepthPerSeat: 2}, search.Level{Iterations: 90, Worlds: 9, DepthPerSeat: 3}
	two := search.Level{Iterations: 40, Worlds: 8, DepthPerSeat: 6, Candidates: 4, Halving: true}
	three := search.Level{Iterations: 20, Worlds: 5, DepthPerSeat: 4}
	ls := search.Levels{Normal: normal, Hard: hard, Tables: [search.MaxTables]search.Table{
		{Players: 2, Hard: two},
		{Players: 3, Normal: three, Hard: two},
		{Players: 3, Normal: hard, Hard: hard}, // a second entry for a table is never read
	}}
	for _, c := range []struct {
		players      int
		normal, hard search.Level
	}{
		{2, normal, two}, {3, three, two}, {4, normal, hard}, {0, normal, hard},
	} {
		for l, want := range map[engine.Level]search.Level{engine.LevelNormal: c.normal, engine.LevelEasy: c.normal, engine.LevelHard: c.hard} {
			got := ls.Budget(l, c.players)
			if got.Iterations != want.Iterations || got.Worlds != want.Worlds || got.Depth != want.DepthPerSeat*c.players ||
				got.Candidates != want.Candidates || got.Halving != want.Halving {
				t.Errorf("%d players, %s: %+v, want the budget of %+v", c.players, l, got, want)
			}
		}
	}
}

// A Bot searches within its level's budget at the table its view tells,
// and the same as a Search of that budget; a view it cannot read the
// table from is an error.
func TestBotSearchesAtItsLevel(t *testing.T) {
	ls := search.Levels{Normal: search.Level{Iterations: 6, Worlds: 2, DepthPerSeat: 1}, Hard: search.Level{Iterations: 12, Worlds: 3, DepthPerSeat: 2}}
	k := knowledge(t, 5, 1, "levels")[0]
	for _, l := range []engine.Level{engine.LevelNormal, engine.LevelHard} {
		b := search.Bot{Rules: boozebarons.Rules{}, Game: boozebarons.SearchGame{}, Levels: ls, Level: l}
		got, err := b.Run(k, engine.NewRand([32]byte{3}))
		if err != nil {
			t.Fatal(err)
		}
		want, err := search.New(boozebarons.Rules{}, boozebarons.SearchGame{}, ls.Budget(l, 5)).Run(k, engine.NewRand([32]byte{3}))
		if err != nil {
			t.Fatal(err)
		}
		if got.Iterations != ls.Budget(l, 5).Iterations || got.Commands != want.Commands {
			t.Errorf("level %s: %d iterations, %d commands; the budget's search: %d, %d", l, got.Iterations, got.Commands, want.Iterations, want.Commands)
		}
	}
	k.View = nil
	if _, err := (search.Bot{Rules: boozebarons.Rules{}, Game: boozebarons.SearchGame{}, Levels: ls}).Choose(k, engine.NewRand([32]byte{})); err == nil {
		t.Error("a knowledge without a view is searched")
	}
}
