package bootleggers_test

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The search's playouts play the game as a table that offers the prompts
// that need not be answered does (the service's, the arena's -optional):
// wherever the strategy plays out of turn (answers an offer made to it,
// cuts O'Malley's, plays a Casino card in another's turn), a playout's
// next command is that play, of the first such seat in the rules' order;
// once that seat has passed, the next is another seat's. A playout that
// answered only the prompts that must be answered never rented a truck
// offered nor saw a rival's Casino card coming.
func TestPlayoutsPlayOutOfTurn(t *testing.T) {
	seed, table := []byte("playout-offers"), engine.Config{Players: 4, Options: &pb.Options{Boardwalk: true}}
	bots := slices.Repeat([]engine.Bot{engine.PolicyBot(strategy.Policy{})}, 4)
	res, err := playtest.Table{Rules: bootleggers.Rules{}, Table: table, Seed: seed, Bots: bots, Optional: true}.Play()
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(bootleggers.Rules{}, seed)
	if err := g.Apply(eventsOf(res.Events)[:res.Commands[0].FirstSeq-1]...); err != nil {
		t.Fatal(err)
	}
	plays := map[string]int{}
	for _, c := range res.Commands {
		if p, cmd, ok := outOfTurnPlay(g.State); ok {
			r := engine.NewRand([32]byte{1})
			seat, got, _ := searchGame.WeighedPlayout(g.State, r)
			if seat != p.Seat || got == nil || !slices.ContainsFunc(p.Legal, func(m proto.Message) bool { return proto.Equal(m, got) }) {
				t.Fatalf("event %d: the strategy plays %v out of turn for %v; the playout's next is %v's %v", c.FirstSeq, cmd, p.Seat, seat, got)
			}
			if next, _, _ := searchGame.PassedPlayout(g.State, p.Seat, r); next == p.Seat {
				t.Fatalf("event %d: %v passed, and the playout's next command is still its own", c.FirstSeq, p.Seat)
			}
			plays[p.Reason]++
		}
		if err := g.Apply(eventsOf(res.Events)[c.FirstSeq-1 : c.LastSeq]...); err != nil {
			t.Fatal(err)
		}
	}
	if plays[bootleggers.PromptTrade] == 0 || plays[bootleggers.PromptTrade]+plays[bootleggers.PromptCasinoCard] < 3 {
		t.Fatalf("out-of-turn plays met: %v", plays)
	}
	t.Logf("out-of-turn plays met: %v", plays)
}

// outOfTurnPlay is the first prompt that need not be answered on which the
// strategy plays, and its play.
func outOfTurnPlay(st engine.State) (engine.Prompt, proto.Message, bool) {
	for _, p := range st.Prompts() {
		if p.MustAct || len(p.Legal) == 0 {
			continue
		}
		if cmd := (strategy.Policy{}).Choose(st.View(engine.SeatViewer(p.Seat)), p, engine.NewRand([32]byte{})); cmd != nil {
			return p, cmd, true
		}
	}
	return engine.Prompt{}, nil, false
}
