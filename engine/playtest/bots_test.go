package playtest_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

func table(bots ...engine.Bot) playtest.Table {
	return playtest.Table{Rules: boozebarons.Rules{}, Table: engine.Config{Players: len(bots)}, Seed: []byte("table"), Bots: bots}
}

// watcher plays uniformly and checks that its knowledge holds no secret
// of another seat.
type watcher struct {
	t    *testing.T
	seen *int
}

func (w watcher) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	*w.seen++
	for i, ev := range k.History {
		for _, s := range ev.Private {
			if !slices.Contains(s.Seats, k.Seat) {
				w.t.Fatalf("%v is shown event %d's secret for %v", k.Seat, i+1, s.Seats)
			}
		}
	}
	if k.Prompt.Seat != k.Seat {
		w.t.Fatalf("%v is given %v's prompt", k.Seat, k.Prompt.Seat)
	}
	return engine.UniformBot.Choose(k, r)
}

func TestTablePlaysToTheEnd(t *testing.T) {
	seen := 0
	w := watcher{t: t, seen: &seen}
	res, err := table(w, w, w, w).Play()
	if err != nil {
		t.Fatal(err)
	}
	if res.Game.State.Outcome() == nil || seen != len(res.Commands) {
		t.Fatalf("outcome %v, %d choices for %d commands", res.Game.State.Outcome(), seen, len(res.Commands))
	}
}

// refuser offers a command of another game.
type refuser struct{}

func (refuser) Choose(engine.Knowledge, *engine.Rand) (proto.Message, error) {
	return boozebarons.Rules{}.NewEvent(), nil
}

type failing struct{}

func (failing) Choose(engine.Knowledge, *engine.Rand) (proto.Message, error) {
	return nil, errors.New("no idea")
}

func TestTableReportsABadBot(t *testing.T) {
	u := engine.UniformBot
	for name, tb := range map[string]playtest.Table{
		"refused": table(refuser{}, refuser{}, refuser{}),
		"failing": table(failing{}, failing{}, failing{}),
		"seats":   {Rules: boozebarons.Rules{}, Table: engine.Config{Players: 4}, Seed: []byte("x"), Bots: []engine.Bot{u, u, u}},
		"endless": {Rules: boozebarons.Rules{}, Table: engine.Config{Players: 3}, Seed: []byte("x"), Bots: []engine.Bot{u, u, u}, MaxSteps: 5},
	} {
		if _, err := tb.Play(); err == nil {
			t.Errorf("%s: no error", name)
		} else if name == "failing" && !strings.Contains(err.Error(), "no idea") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
