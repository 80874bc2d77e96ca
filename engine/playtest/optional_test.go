package playtest_test

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// asked is a bot that counts the prompts it is asked that need not be
// answered, and passes every other one of them.
type asked struct {
	bot      engine.Bot
	optional *int
}

func (a asked) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	if k.Prompt.MustAct {
		return a.bot.Choose(k, r)
	}
	*a.optional++
	if *a.optional%2 == 0 {
		return nil, nil
	}
	return a.bot.Choose(k, r)
}

// With Optional the bots are offered the prompts that need not be
// answered (out-of-turn plays), and may pass them, in a game that still
// ends and verifies from its seed; a table without it never offers them.
func TestOptionalPromptsAreOffered(t *testing.T) {
	m := bootleggers.Module()
	table, err := m.Table("", 4)
	if err != nil {
		t.Fatal(err)
	}
	count := func(offer bool) int {
		n := 0
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = asked{bot: m.Bots.Easy, optional: &n}
		}
		tb := playtest.Table{Rules: m.Rules, Table: table, Seed: []byte("optional"), Bots: bots, Optional: offer}
		res, err := tb.Play()
		if err != nil || res.Game.State.Outcome() == nil {
			t.Fatalf("offered %v: %v", offer, err)
		}
		return n
	}
	if n := count(false); n != 0 {
		t.Errorf("a table without Optional offered %d prompts that need not be answered", n)
	}
	if n := count(true); n < 2 {
		t.Errorf("with Optional the bots were offered %d prompts that need not be answered", n)
	}
}
