package boozebarons

import (
	"fmt"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// The easy bot plays to win: in one seat of five against bots that choose
// uniformly among their legal commands, its Mob wins far more than its
// fair share (about a third).
func TestEasyPlaysToWin(t *testing.T) {
	const games = 30
	wins := 0
	for i := range games {
		seat := i % 5
		bots := []engine.Bot{engine.UniformBot, engine.UniformBot, engine.UniformBot, engine.UniformBot, engine.UniformBot}
		bots[seat] = Easy{}
		res, err := playtest.Table{Rules: Rules{}, Table: engine.Config{Players: 5}, Seed: seedOf(5, 1000+i), Bots: bots}.Play()
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(res.Game.State.Outcome().Winners, engine.Seat(seat)) {
			wins++
		}
	}
	if wins < games*7/10 {
		t.Fatalf("the easy bot's Mob won %d of %d games", wins, games)
	}
}

// Every level plays whole games through the module, and each game verifies
// from its seed (the hard bot at the smaller table, to keep the test
// cheap).
func TestEveryLevelFinishes(t *testing.T) {
	m := Module()
	nine := []engine.Bot{m.Bot(engine.LevelNormal)}
	for len(nine) < 9 {
		nine = append(nine, m.Bot(engine.LevelEasy))
	}
	for _, bots := range [][]engine.Bot{{m.Bot(engine.LevelHard), m.Bot(engine.LevelNormal), m.Bot(engine.LevelEasy), engine.UniformBot}, nine} {
		res, err := playtest.Table{Rules: Rules{}, Table: engine.Config{Players: len(bots)}, Seed: seedOf(len(bots), 2000), Bots: bots}.Play()
		if err != nil {
			t.Fatalf("%d players: %v", len(bots), err)
		}
		if res.Game.State.Outcome() == nil {
			t.Fatalf("%d players: no end", len(bots))
		}
	}
}

func TestBudgets(t *testing.T) {
	normal, hard := searchLevels.Budget(engine.LevelNormal, 5), searchLevels.Budget(engine.LevelHard, 9)
	if normal.Depth != 15 || hard.Depth != 27 || hard.Iterations <= normal.Iterations || hard.Worlds < normal.Worlds {
		t.Fatalf("normal %+v, hard %+v", normal, hard)
	}
	if searchLevels.Budget(engine.LevelEasy, 5) != normal || searchLevels.Budget("", 5) != normal {
		t.Fatal("a level without a search budget is not searched as normal")
	}
	bots := Module().Bots
	if _, ok := bots.Easy.(Easy); !ok || bots.At(engine.LevelHard) != searcher(engine.LevelHard) || bots.At("") != searcher(engine.LevelNormal) {
		t.Fatalf("the module's bots: %+v", bots)
	}
}

// The easy bot, too, chooses the same in two games that differ only in
// the others' Booze cards.
func TestEasyIgnoresHiddenFacts(t *testing.T) {
	for _, players := range []int{4, 7} {
		for seat := range 2 {
			tw := boozeTwin([]byte(fmt.Sprintf("easy-twins/%d/%d", players, seat)), players, seat, 0)
			n, err := tw.Choices(Easy{}, 40)
			if err != nil {
				t.Fatalf("%d players, seat %d: %v", players, seat, err)
			}
			if n < 5 {
				t.Fatalf("%d players, seat %d: only %d choices compared", players, seat, n)
			}
		}
	}
}
