package bootleggers_test

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// searchGame is the search game of the module's bots.
var searchGame = bootleggers.SearchGame{Policy: strategy.Policy{}}

// checked is the easy bot, after checking the sampler's contract on the
// knowledge of every every-th decision it makes.
type checked struct {
	t        *testing.T
	n, every int
	count    *int
}

func (c checked) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	*c.count++
	if *c.count%c.every == 0 {
		if err := search.CheckSampler(bootleggers.Rules{}, searchGame, k, engine.NewRand([32]byte{byte(*c.count)}), c.n); err != nil {
			c.t.Fatalf("decision %d of %v (%s): %v", *c.count, k.Seat, k.Prompt.Reason, err)
		}
	}
	return engine.PolicyBot(strategy.Policy{}).Choose(k, r)
}

// Every world dealt for a seat, at decisions spread over seeded games of
// the 2-player variant and of 3 to 6 players, shows the seat exactly its
// history, its view and its prompt: the sampler keeps to what the seat has
// seen (its hand, the cards revealed, the offers turned up from the decks,
// the reshuffles, the Non-Player hands' top cards, who has sealed).
func TestSamplerKeepsToTheHistory(t *testing.T) {
	count := 0
	for _, tc := range []struct {
		players int
		opts    *pb.Options
	}{
		{2, nil}, {3, &pb.Options{NeedALittleHelp: true}}, {4, &pb.Options{RingUpTheBoys: true, MusclingIn: true}}, {5, nil}, {6, &pb.Options{PlayItCool: true}},
	} {
		bots := make([]engine.Bot, tc.players)
		for i := range bots {
			bots[i] = checked{t: t, n: 2, every: 3, count: &count}
		}
		tb := playtest.Table{Rules: bootleggers.Rules{}, Table: engine.Config{Players: tc.players, Options: tc.opts}, Seed: []byte(fmt.Sprintf("sampler/%d", tc.players)), Bots: bots}
		if _, err := tb.Play(); err != nil {
			t.Fatalf("%d players: %v", tc.players, err)
		}
	}
	if count < 300 {
		t.Fatalf("only %d decisions", count)
	}
}

// The sampler deals the hidden Muscle cards by the setup's structure: in
// every world, each seat holds three cards of each band less those it has
// revealed, which it held; the cards set aside make up the rest.
func TestSamplerDealsByBand(t *testing.T) {
	tb := playtest.Table{Rules: bootleggers.Rules{}, Table: engine.Config{Players: 4}, Seed: []byte("bands"), Bots: []engine.Bot{
		engine.PolicyBot(strategy.Policy{}), engine.PolicyBot(strategy.Policy{}), engine.PolicyBot(strategy.Policy{}), engine.PolicyBot(strategy.Policy{})}, MaxSteps: 60}
	res, _ := tb.Play() // cut after 60 commands, some rounds in
	g := res.Game
	var log []engine.Event
	for _, r := range res.Events {
		log = append(log, r.Event)
	}
	p := g.State.Prompts()[0]
	k := engine.KnowledgeOf(g.State, log, p)
	sampler, err := searchGame.Infer(k)
	if err != nil {
		t.Fatal(err)
	}
	truth := g.State.View(engine.AuditorViewer()).(*pb.View)
	r := engine.NewRand([32]byte{7})
	differs := false
	for range 20 {
		evs, err := sampler.Deal(r)
		if err != nil {
			t.Fatal(err)
		}
		w, err := search.Fold(bootleggers.Rules{}, evs)
		if err != nil {
			t.Fatal(err)
		}
		v := w.View(engine.AuditorViewer()).(*pb.View)
		for i, s := range v.GetSeats() {
			if !slices.Equal(s.GetMuscleBandCounts(), truth.GetSeats()[i].GetMuscleBandCounts()) {
				t.Fatalf("seat %d holds %v by band, the game %v", i, s.GetMuscleBandCounts(), truth.GetSeats()[i].GetMuscleBandCounts())
			}
			if i == int(p.Seat) && !slices.Equal(s.GetSecrets().GetMuscleHand(), truth.GetSeats()[i].GetSecrets().GetMuscleHand()) {
				t.Fatalf("the seat's own hand is dealt otherwise")
			}
			differs = differs || !slices.Equal(s.GetSecrets().GetMuscleHand(), truth.GetSeats()[i].GetSecrets().GetMuscleHand())
		}
		if len(v.GetAuditor().GetSetAside()) != len(truth.GetAuditor().GetSetAside()) {
			t.Fatalf("%d cards set aside, the game %d", len(v.GetAuditor().GetSetAside()), len(truth.GetAuditor().GetSetAside()))
		}
	}
	if !differs {
		t.Error("every world deals the others the hands they hold: the deal reads what the seat may not know")
	}
}

// levels are the module's bots, by level.
func levels() map[engine.Level]engine.Bot {
	m := bootleggers.Module()
	return map[engine.Level]engine.Bot{engine.LevelEasy: m.Bot(engine.LevelEasy), engine.LevelNormal: m.Bot(engine.LevelNormal), engine.LevelHard: m.Bot(engine.LevelHard)}
}

// Every level chooses the same in two games that differ only in facts
// hidden from its seat: another seat's Muscle card, the decks' bottom
// cards, a Non-Player hand's order.
func TestBotsIgnoreHiddenFacts(t *testing.T) {
	decisions := map[engine.Level]int{engine.LevelEasy: 30, engine.LevelNormal: 5, engine.LevelHard: 2}
	for _, players := range []int{2, 3, 6} {
		for l, bot := range levels() {
			if l == engine.LevelHard && players == 6 {
				continue // as normal, with more iterations: the cost of a 6-player search is the arena's
			}
			tw := bootleggers.HiddenTwin(players, 0, fmt.Sprintf("hidden/%d/%s", players, l))
			want := decisions[l]
			if players == 2 {
				// The 2-player twin stops at round 11, and its game often
				// ends sooner at $80G: fewer of the seat's choices come.
				want = min(want, 25)
			}
			n, err := tw.Choices(bot, decisions[l])
			if err != nil {
				t.Fatalf("%d players, %s: %v", players, l, err)
			}
			if n < want {
				t.Errorf("%d players, %s: only %d choices compared", players, l, n)
			}
		}
	}
}

// The module's bots search from their levels' budgets, and no level falls
// back to the strategy or to a uniform choice.
func TestModuleBots(t *testing.T) {
	ls := levels()
	normal, ok := ls[engine.LevelNormal].(search.Bot)
	if !ok || normal.Level != engine.LevelNormal {
		t.Fatalf("the normal bot is %+v", ls[engine.LevelNormal])
	}
	hard, ok := ls[engine.LevelHard].(search.Bot)
	if !ok || hard.Level != engine.LevelHard || hard.Levels != normal.Levels {
		t.Fatalf("the hard bot is %+v", ls[engine.LevelHard])
	}
	for _, players := range []int{2, 3, 4, 5} {
		normalBudget, hardBudget := normal.Levels.Budget(engine.LevelNormal, players), hard.Levels.Budget(engine.LevelHard, players)
		if hardBudget.Iterations <= normalBudget.Iterations || hardBudget.Worlds < normalBudget.Worlds || normalBudget.Depth == 0 {
			t.Fatalf("%d players: normal %+v, hard %+v", players, normalBudget, hardBudget)
		}
	}
}

// In the 2-player variant a searching bot's playouts look some three
// rounds ahead, and hard's at three and four players some two, where at
// larger tables they are cut in the next round: a Phase 1 bid or
// selection (a Muscle card's place in the selection order, an influence
// card, a still, a truck) brings in its money over the rounds after, and
// a playout that stopped in the next one, as at the larger tables, valued
// it by that round alone. From the first bid of a seeded game, the
// playouts play on average at least the commands of the game's first
// rounds as the strategy played them (three at two players, two at three
// and four), or fewer than two rounds' (normal at three and four, both at
// five).
func TestPlayoutsLookRoundsAheadAtSmallTables(t *testing.T) {
	for _, c := range []struct {
		players, rounds int
		level           engine.Level
		atLeast         bool
	}{
		{2, 3, engine.LevelNormal, true}, {2, 3, engine.LevelHard, true},
		{3, 2, engine.LevelHard, true}, {3, 2, engine.LevelNormal, false},
		{4, 2, engine.LevelNormal, false}, {4, 2, engine.LevelHard, true},
		{5, 2, engine.LevelNormal, false}, {5, 2, engine.LevelHard, false},
	} {
		seed := []byte(fmt.Sprintf("rounds ahead/%d", c.players))
		perRound := strategyRounds(t, c.players, seed, c.rounds)
		g, log, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: c.players}, seed)
		if err != nil {
			t.Fatal(err)
		}
		k := engine.KnowledgeOf(g.State, log, g.State.Prompts()[0])
		res, err := levels()[c.level].(search.Bot).Run(k, engine.NewRand([32]byte{9}))
		if err != nil {
			t.Fatal(err)
		}
		mean := float64(res.Commands) / float64(res.Iterations)
		if (mean >= float64(perRound)) != c.atLeast {
			t.Errorf("%d players, %s: a playout plays %.1f commands; the first %d rounds of the strategy's game %d", c.players, c.level, mean, c.rounds, perRound)
		}
	}
}

// strategyRounds counts the commands of the first rounds of a seeded game
// of the strategy at every seat.
func strategyRounds(t *testing.T, players int, seed []byte, rounds int) int {
	t.Helper()
	g, _, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for g.State.View(engine.SpectatorViewer()).(*pb.View).GetRound() <= int32(rounds) {
		p := g.State.Prompts()[0]
		evs, _, err := g.Decide(p.Seat, strategy.Policy{}.Choose(g.State.View(engine.SeatViewer(p.Seat)), p, engine.NewRand([32]byte{byte(n)})))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

// A table of every level plays the first two rounds of a game (a whole game
// of hard bots is the arena's work, docs/bots.md): the log verifies from
// its seed, and every bot's command is the one its bot chooses again from
// its seat's knowledge of the log with the generator of the seed.
func TestEveryLevelPlays(t *testing.T) {
	ls := levels()
	order := []engine.Level{engine.LevelHard, engine.LevelNormal, engine.LevelEasy}
	seed, table := []byte("every-level"), engine.Config{Players: 3}
	g, setup, err := engine.Start(bootleggers.Rules{}, table, seed)
	if err != nil {
		t.Fatal(err)
	}
	log := slices.Clone(setup)
	var commands []engine.Logged
	for g.State.View(engine.SpectatorViewer()).(*pb.View).GetRound() < 3 {
		p := g.State.Prompts()[0]
		cmd, err := ls[order[p.Seat]].Choose(engine.KnowledgeOf(g.State, log, p), engine.BotRand(seed, g.Version+1, p.Seat))
		if err != nil {
			t.Fatalf("%s bot of seat %d: %v", order[p.Seat], p.Seat, err)
		}
		evs, _, err := g.Decide(p.Seat, cmd)
		if err != nil {
			t.Fatalf("%s bot of seat %d chose %v: %v", order[p.Seat], p.Seat, cmd, err)
		}
		commands = append(commands, engine.Logged{Seat: p.Seat, Command: cmd, FirstSeq: g.Version + 1, LastSeq: g.Version + int64(len(evs))})
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
		log = append(log, evs...)
	}
	var recorded []engine.Recorded
	for i, ev := range log {
		recorded = append(recorded, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	if err := engine.Verify(bootleggers.Module(), table, seed, commands, recorded); err != nil {
		t.Fatal(err)
	}
	replay := engine.NewGame(bootleggers.Rules{}, seed)
	if err := replay.Apply(setup...); err != nil {
		t.Fatal(err)
	}
	for _, c := range commands {
		k := engine.KnowledgeOf(replay.State, log[:c.FirstSeq-1], promptOf(replay.State, c.Seat))
		got, err := ls[order[c.Seat]].Choose(k, engine.BotRand(seed, c.FirstSeq, c.Seat))
		if err != nil || !proto.Equal(got, c.Command) {
			t.Fatalf("event %d: seat %d's %s bot chooses %v (%v) again, the log holds %v", c.FirstSeq, c.Seat, order[c.Seat], got, err, c.Command)
		}
		if err := replay.Apply(log[c.FirstSeq-1 : c.LastSeq]...); err != nil {
			t.Fatal(err)
		}
	}
	if len(commands) < 20 {
		t.Fatalf("only %d commands in two rounds", len(commands))
	}
}

// promptOf returns seat's prompt in st.
func promptOf(st engine.State, seat engine.Seat) engine.Prompt {
	for _, p := range st.Prompts() {
		if p.Seat == seat {
			return p
		}
	}
	return engine.Prompt{Seat: seat}
}

// On the Boardwalk, a seat is offered out-of-turn plays that need not be
// answered (MustAct false: a kept Casino card, O'Malley's cut, trades).
// At such offers in a seeded 4-player game, the searching bot either
// passes (a nil command, which a host takes as leaving the offer) or
// plays a command the rules accept; and it does pass (a search without
// the pass had only acting to choose from).
func TestSearchPassesOnOutOfTurnOffers(t *testing.T) {
	seed, table := []byte("out-of-turn"), engine.Config{Players: 4, Options: &pb.Options{Boardwalk: true}}
	bots := slices.Repeat([]engine.Bot{levels()[engine.LevelEasy]}, 4)
	res, err := playtest.Table{Rules: bootleggers.Rules{}, Table: table, Seed: seed, Bots: bots}.Play()
	if err != nil {
		t.Fatal(err)
	}
	var log []engine.Event
	for _, r := range res.Events {
		log = append(log, r.Event)
	}
	bot := levels()[engine.LevelNormal]
	g := engine.NewGame(bootleggers.Rules{}, seed)
	if err := g.Apply(log[:res.Commands[0].FirstSeq-1]...); err != nil {
		t.Fatal(err)
	}
	offered, asked, passed := 0, 0, 0
	for _, c := range res.Commands {
		if asked < 12 {
			for _, p := range g.State.Prompts() {
				if p.MustAct || len(p.Legal) == 0 {
					continue
				}
				if offered++; offered%3 != 1 {
					break
				}
				cmd, err := bot.Choose(engine.KnowledgeOf(g.State, log[:c.FirstSeq-1], p), engine.BotRand(seed, c.FirstSeq, p.Seat))
				if err != nil {
					t.Fatalf("event %d, %v (%s): %v", c.FirstSeq, p.Seat, p.Reason, err)
				}
				asked++
				if cmd == nil {
					passed++
				} else if _, _, err := g.State.Decide(p.Seat, cmd, engine.NewRand([32]byte{})); err != nil {
					t.Fatalf("event %d, %v (%s): the bot plays %v, refused: %v", c.FirstSeq, p.Seat, p.Reason, cmd, err)
				} else if !strategyPlays(g.State, p, cmd) {
					t.Fatalf("event %d, %v (%s): the bot plays %v out of turn, which the strategy never would", c.FirstSeq, p.Seat, p.Reason, cmd)
				}
				break
			}
		}
		if err := g.Apply(log[c.FirstSeq-1 : c.LastSeq]...); err != nil {
			t.Fatal(err)
		}
	}
	if asked < 8 || passed == 0 {
		t.Fatalf("%d out-of-turn offers asked, %d passed", asked, passed)
	}
	t.Logf("%d out-of-turn offers, %d passed", asked, passed)
}

// strategyPlays reports whether cmd is one of the strategy's own plays for
// p under the generators the search proposes with (SearchGame.Propose
// draws three): out of turn the search weighs only those against passing.
func strategyPlays(st engine.State, p engine.Prompt, cmd proto.Message) bool {
	view := st.View(engine.SeatViewer(p.Seat))
	for i := range 3 {
		if m := (strategy.Policy{}).Choose(view, p, engine.NewRand([32]byte{byte(i)})); m != nil && proto.Equal(m, cmd) {
			return true
		}
	}
	return false
}
