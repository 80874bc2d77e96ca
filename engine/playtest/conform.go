package playtest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// GameChecks is a game's own part of the checks [Conform] runs: what only
// the game can say. Every field is optional.
type GameChecks struct {
	// Invariant is the game's own check, run after every event of the
	// uniformly played games ([Config.Invariant]).
	Invariant func(st engine.State, log []engine.Recorded) error
	// RandomCommand makes a random command, legal or not, for the sample
	// of commands that Decide must refuse unless offered
	// ([Config.RandomCommand]).
	RandomCommand func(r *engine.Rand) proto.Message
	// Steps bounds the commands of each game played (0: 300, or 60 with
	// -short). A game that does not end within it is checked as far as
	// it went.
	Steps int
}

// Conform runs every check of the game contract that a game must pass,
// as subtests of t. A game's tests call it once, with its Module and its
// own checks. First, [engine.Module.Check] passes on the module as
// declared. Then, for every variant at its smallest and its largest
// table, seeded by the game, the variant and the table:
//
//   - apply: [CheckApply]: Apply covers every kind of the Event oneof.
//   - play: [Play], uniformly among the offered commands, with the
//     game's invariant and random commands: Prompts and Decide never
//     change the state, every offered command is accepted and every
//     accepted random one was offered, the log rebuilds to the same views
//     and verifies ([engine.Verify]). Along the log: every offered
//     command and template and every event body, as each viewer sees it,
//     has a label (when the module has Labels); the module's Timeout
//     choice, when it makes one, is a command the rules accept.
//   - views: [PlayViews] with the module's Policy: every viewer's view
//     shows what its fields declare and nothing else.
//   - chain: [CheckChain]: a command that draws writes an event the
//     takeback declaration says draws.
//   - resign: when the module declares Resign, every seat may resign at
//     the start; the events apply and every viewer's view still shows
//     what its fields declare.
//
// And once, at the default variant's smallest table, bots: a table of the
// easy bots plays, each bot deciding from its seat's knowledge, and the
// log verifies; the normal and the hard bot each choose a command the
// rules accept at the first prompt.
//
// What only a game can check stays in its own tests: the rulebook's
// examples, a [Twin] for each hidden fact, golden files.
func Conform(t *testing.T, m engine.Module, own GameChecks) {
	t.Helper()
	if err := m.Check(); err != nil {
		t.Fatalf("module: %v", err)
	}
	m = m.Defaults()
	steps := own.Steps
	switch {
	case steps > 0:
	case testing.Short():
		steps = 60
	default:
		steps = 300
	}
	for _, v := range m.Variants {
		for _, players := range slices.Compact([]int{v.MinPlayers, v.MaxPlayers}) {
			name := fmt.Sprintf("%s/%d", v.Name, players)
			table, err := m.Table(v.Name, players)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			seed := []byte("playtest/conform/" + m.Rules.Name() + "/" + name)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				conformTable(t, m, table, seed, steps, own)
			})
		}
	}
	t.Run("bots", func(t *testing.T) {
		t.Parallel()
		v := m.Variants[0]
		table, err := m.Table(v.Name, v.MinPlayers)
		if err != nil {
			t.Fatal(err)
		}
		if err := conformBots(m, table, []byte("playtest/conform/"+m.Rules.Name()+"/bots"), steps); err != nil {
			t.Error(err)
		}
	})
}

// conformTable runs the checks of one table.
func conformTable(t *testing.T, m engine.Module, table engine.Config, seed []byte, steps int, own GameChecks) {
	if err := CheckApply(m.Rules, table); err != nil {
		t.Errorf("apply: %v", err)
	}
	cfg := Config{Rules: m.Rules, Table: table, Seed: seed, MaxSteps: steps, RebuildEvery: 25,
		Invariant: own.Invariant, RandomCommand: own.RandomCommand}
	res, err := Play(cfg)
	if errors.Is(err, ErrNoEnd) {
		err = checkPlayed(m, table, seed, res)
	}
	if err == nil {
		err = checkAlong(m, table.Players, res)
	}
	if err != nil {
		t.Errorf("play: %v", err)
	}
	if _, _, err := PlayViews(ViewsConfig{Rules: m.Rules, Table: table, Seed: seed, Steps: steps, Policy: m.Policy}); err != nil {
		t.Errorf("views: %v", err)
	}
	if err := CheckChain(m, table, seed, steps); err != nil {
		t.Errorf("chain: %v", err)
	}
	if m.Resign != nil {
		if err := checkResign(m, table, seed); err != nil {
			t.Errorf("resign: %v", err)
		}
	}
}

// checkPlayed checks a game cut short by its bound as Play checks one that
// ended: the log rebuilds to the same views and verifies.
func checkPlayed(m engine.Module, table engine.Config, seed []byte, res *Result) error {
	if err := checkRebuild(m.Rules, table.Players, res.Game, res.Events); err != nil {
		return err
	}
	return engine.Verify(m, table, seed, res.Commands, res.Events)
}

// checkAlong folds the log of a played game again and checks, at each
// command's version, the labels of what is offered and the Timeout
// default, and the label of every event body each viewer sees.
func checkAlong(m engine.Module, players int, res *Result) error {
	g := engine.NewGame(m.Rules, nil)
	next := 0
	for _, rec := range res.Events {
		if next < len(res.Commands) && res.Commands[next].FirstSeq == rec.Seq {
			if err := checkOffers(m, g); err != nil {
				return fmt.Errorf("before event %d: %w", rec.Seq, err)
			}
			next++
		}
		if m.Labels != nil {
			for _, v := range Viewers(players) {
				for _, body := range rec.Event.For(v).Bodies() {
					if m.Labels.Event(v, body) == "" {
						return fmt.Errorf("event %d: no label for %v as %v sees it", rec.Seq, body, v)
					}
				}
			}
		}
		if err := g.Apply(rec.Event); err != nil {
			return err
		}
	}
	return nil
}

// checkOffers checks the labels of every command and template offered
// in g's state, and that the Timeout default, where it chooses, chooses a
// command the rules accept.
func checkOffers(m engine.Module, g *engine.Game) error {
	for _, p := range g.State.Prompts() {
		v := engine.SeatViewer(p.Seat)
		if m.Labels != nil {
			for _, c := range p.Legal {
				if m.Labels.Command(v, c) == "" {
					return fmt.Errorf("%v is offered %v, which has no label", p.Seat, c)
				}
			}
			for _, tp := range p.Templates {
				if m.Labels.Template(v, tp) == "" {
					return fmt.Errorf("%v is offered template %s, which has no label", p.Seat, tp.Name)
				}
			}
		}
		if m.Timeout == nil || !p.MustAct {
			continue
		}
		c := m.Timeout.Choose(g.State.View(v), p, engine.NewRand([32]byte{}))
		if c == nil {
			continue
		}
		if _, _, err := g.Decide(p.Seat, c); err != nil {
			return fmt.Errorf("the timeout default of %v (%s) is %v, which the rules refuse: %w", p.Seat, p.Reason, c, err)
		}
	}
	return nil
}

// checkResign resigns each seat at the start of a game and checks that
// the rules accept it, that its events apply, and that every view still
// shows what its fields declare.
func checkResign(m engine.Module, table engine.Config, seed []byte) error {
	for seat := range table.Players {
		g, _, err := engine.Start(m.Rules, table, seed)
		if err != nil {
			return err
		}
		_, g, err = g.Decide(engine.Seat(seat), m.Resign())
		if err != nil {
			return fmt.Errorf("seat %d may not resign at the start: %w", seat, err)
		}
		if err := CheckViews(g.State, table.Players, g.State.Outcome() != nil); err != nil {
			return fmt.Errorf("seat %d resigned: %w", seat, err)
		}
	}
	return nil
}

// conformBots plays a table of the module's easy bots and verifies the
// log, then asks the normal and the hard bot for the first prompt's
// command.
func conformBots(m engine.Module, table engine.Config, seed []byte, steps int) error {
	bots := make([]engine.Bot, table.Players)
	for i := range bots {
		bots[i] = m.Bot(engine.LevelEasy)
	}
	res, err := Table{Rules: m.Rules, Table: table, Seed: seed, Bots: bots, MaxSteps: steps}.Play()
	if errors.Is(err, ErrNoEnd) {
		err = engine.Verify(m, table, seed, res.Commands, res.Events)
	}
	if err != nil {
		return fmt.Errorf("easy bots: %w", err)
	}
	g, setup, err := engine.Start(m.Rules, table, seed)
	if err != nil {
		return err
	}
	p, ok := due(g.State.Prompts())
	if !ok {
		return fmt.Errorf("the game offers no command at the start")
	}
	for _, l := range []engine.Level{engine.LevelNormal, engine.LevelHard} {
		cmd, err := m.Bot(l).Choose(engine.KnowledgeOf(g.State, setup, p), engine.BotRand(seed, g.Version+1, p.Seat))
		if err == nil && cmd == nil {
			err = fmt.Errorf("no command for %s", p.Reason)
		}
		if err == nil {
			_, _, err = g.Decide(p.Seat, cmd)
		}
		if err != nil {
			return fmt.Errorf("the %s bot at the first prompt: %w", l, err)
		}
	}
	return nil
}
