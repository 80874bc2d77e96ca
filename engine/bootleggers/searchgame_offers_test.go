package bootleggers_test

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
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
	// A seed whose game meets at least three out-of-turn plays (under rules
	// version 3, the first seed's meets one).
	seed, table := []byte("playout-offers/4"), engine.Config{Players: 4, Options: &pb.Options{Boardwalk: true}}
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
	if plays[printed.PromptTrade] == 0 || plays[printed.PromptTrade]+plays[printed.PromptCasinoCard] < 3 {
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

// On its turn the search compares O'Malley's cut only where the strategy
// plays it, as out of turn: the cut destroys one of the seat's markers,
// whose takings after a playout's round its value does not see, for the
// crates it costs the rivals that round, which it does.
func TestProposalsLeaveTheCutToThePolicy(t *testing.T) {
	seed, table := []byte("cuts"), engine.Config{Players: 4, Options: &pb.Options{Boardwalk: true}}
	bots := slices.Repeat([]engine.Bot{engine.PolicyBot(strategy.Policy{})}, 4)
	res, err := playtest.Table{Rules: bootleggers.Rules{}, Table: table, Seed: seed, Bots: bots}.Play()
	if err != nil {
		t.Fatal(err)
	}
	evs := eventsOf(res.Events)
	g := engine.NewGame(bootleggers.Rules{}, seed)
	if err := g.Apply(evs[:res.Commands[0].FirstSeq-1]...); err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, c := range res.Commands {
		if ps := g.State.Prompts(); len(ps) > 0 && ps[0].MustAct && slices.ContainsFunc(ps[0].Legal, isCut) && len(ps[0].Legal) <= 6 {
			listed++
			view := g.State.View(engine.SeatViewer(ps[0].Seat))
			for _, m := range searchGame.Propose(g.State, ps[0].Seat) {
				if isCut(m) && !slices.ContainsFunc([]byte{0, 1, 2}, func(i byte) bool {
					return proto.Equal((strategy.Policy{}).Choose(view, ps[0], engine.NewRand([32]byte{i})), m)
				}) {
					t.Fatalf("event %d: the search compares %v, which the strategy does not play", c.FirstSeq, m)
				}
			}
		}
		if err := g.Apply(evs[c.FirstSeq-1 : c.LastSeq]...); err != nil {
			t.Fatal(err)
		}
	}
	if listed == 0 {
		t.Fatal("no turn listed O'Malley's cut among six commands or fewer")
	}
	t.Logf("%d turns listed the cut", listed)
}

func isCut(m proto.Message) bool {
	c, ok := m.(*pb.Command)
	return ok && c.GetCutOmalleys() != nil
}

// At 6 players a selection lists more commands than the search compares
// in full; it still compares every card of the offer (taken without a
// target), the truck and the pass, besides the strategy's choices, so
// that it weighs the cards, not only the strategy's pick among them.
func TestLongSelectionsCompareTheCards(t *testing.T) {
	seed, table := []byte("selections"), engine.Config{Players: 6}
	g, _, err := engine.Start(bootleggers.Rules{}, table, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand([32]byte{6})
	long := 0
	for g.State.Outcome() == nil && long < 3 {
		p := g.State.Prompts()[0]
		if p.Reason == printed.PromptSelect && len(p.Legal) > 6 {
			long++
			got := searchGame.Propose(g.State, p.Seat)
			for _, m := range p.Legal {
				c := m.(*pb.Command)
				take := c.GetTakeMenOfAction()
				plain := (take != nil && take.Still == nil && take.GetPlace() == 0) || c.GetBuyTruck() != nil || c.GetPassSelection() != nil
				if plain && !slices.ContainsFunc(got, func(o proto.Message) bool { return proto.Equal(o, m) }) {
					t.Fatalf("a selection of %d commands: the search compares %v, not %v", len(p.Legal), got, m)
				}
			}
		}
		cmd := (strategy.Policy{}).Choose(g.State.View(engine.SeatViewer(p.Seat)), p, r)
		evs, _, err := g.Decide(p.Seat, cmd)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
	}
	if long == 0 {
		t.Fatal("no selection listed more than six commands")
	}
}
