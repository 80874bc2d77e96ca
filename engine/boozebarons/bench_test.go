package boozebarons_test

import (
	"math/rand/v2"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"google.golang.org/protobuf/proto"
)

// benchGame is one complete game's log: the opening events and every
// command with the events it wrote.
type benchGame struct {
	seed   []byte
	setup  []engine.Event
	cmds   []engine.Logged
	events []engine.Event
}

// recordGame plays a seeded game of the given size to its end, each step
// a uniformly chosen legal command of a seat that must act.
func recordGame(tb testing.TB, players int, seed uint64) benchGame {
	tb.Helper()
	bg := benchGame{seed: []byte{byte(players), byte(seed)}}
	g, setup, err := engine.Start(boozebarons.Rules{}, engine.Config{Players: players}, bg.seed)
	if err != nil {
		tb.Fatal(err)
	}
	bg.setup = setup
	pick := rand.New(rand.NewPCG(seed, 7))
	for g.State.Outcome() == nil {
		var due []engine.Prompt
		for _, p := range g.State.Prompts() {
			if p.MustAct && len(p.Legal) > 0 {
				due = append(due, p)
			}
		}
		p := due[pick.IntN(len(due))]
		cmd := p.Legal[pick.IntN(len(p.Legal))]
		evs, _, err := g.Decide(p.Seat, cmd)
		if err != nil {
			tb.Fatal(err)
		}
		bg.cmds = append(bg.cmds, engine.Logged{Seat: p.Seat, Command: cmd, FirstSeq: g.Version + 1, LastSeq: g.Version + int64(len(evs))})
		bg.events = append(bg.events, evs...)
		if err := g.Apply(evs...); err != nil {
			tb.Fatal(err)
		}
	}
	return bg
}

// BenchmarkPlayCommand measures the Decide of one command on the live
// game, whose events lead to the next game, which the service keeps for
// each SubmitCommand (5 players).
func BenchmarkPlayCommand(b *testing.B) {
	bg := recordGame(b, 5, 1)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for n < b.N {
		b.StopTimer()
		g, _, _ := engine.Start(boozebarons.Rules{}, engine.Config{Players: 5}, bg.seed)
		b.StartTimer()
		for _, c := range bg.cmds {
			if n == b.N {
				break
			}
			_, next, err := g.Decide(c.Seat, c.Command)
			if err != nil {
				b.Fatal(err)
			}
			g = next
			n++
		}
	}
	b.ReportMetric(float64(len(bg.cmds)), "commands/game")
}

// BenchmarkReplay measures folding a complete 5-player game from its log,
// as the service does when a game is first loaded.
func BenchmarkReplay(b *testing.B) {
	bg := recordGame(b, 5, 2)
	all := append(append([]engine.Event{}, bg.setup...), bg.events...)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := engine.NewGame(boozebarons.Rules{}, nil)
		if err := g.Apply(all...); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(all)), "events/game")
}

// BenchmarkView measures building and marshalling one seat's view of a
// 9-player game halfway through.
func BenchmarkView(b *testing.B) {
	bg := recordGame(b, 9, 3)
	g, _, _ := engine.Start(boozebarons.Rules{}, engine.Config{Players: 9}, bg.seed)
	if err := g.Apply(bg.events[:len(bg.events)/2]...); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := proto.Marshal(g.State.View(engine.SeatViewer(4))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerify measures re-running a complete 5-player game from its
// seed and command log.
func BenchmarkVerify(b *testing.B) {
	bg := recordGame(b, 5, 4)
	var rec []engine.Recorded
	for i, ev := range append(append([]engine.Event{}, bg.setup...), bg.events...) {
		rec = append(rec, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	cfg := engine.Config{Players: 5}
	b.ReportAllocs()
	for b.Loop() {
		if err := engine.Verify(boozebarons.Module(), cfg, bg.seed, bg.cmds, rec); err != nil {
			b.Fatal(err)
		}
	}
}
