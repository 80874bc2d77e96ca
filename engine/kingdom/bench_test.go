package kingdom_test

import (
	"encoding/binary"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// benchSeed numbers the seeded 4-player standard game the benchmarks play
// (docs/benchmarks.md); the strategy ends it within benchLimit commands.
const (
	benchSeed  = 9001
	benchLimit = 4000
)

// benchGame is one whole 4-player game played by the strategy at every
// seat, with its seed, opening events and command log.
type benchGame struct {
	cfg     engine.Config
	seed    []byte
	opening []engine.Event
	records []engine.Recorded
	cmds    []engine.Logged
	final   *engine.Game
}

// recordedGame plays the benchmarks' game once per test binary.
var recordedGame = func() func(testing.TB) *benchGame {
	var bg *benchGame
	return func(tb testing.TB) *benchGame {
		tb.Helper()
		if bg == nil {
			bg = playStrategyGame(tb, benchSeed, benchLimit)
		}
		return bg
	}
}()

// playStrategyGame plays seed n's 4-player game with the strategy at every
// seat, each from its own view and prompt, until it ends or limit commands
// were sent; the seats' generators are seeded as in
// TestStrategyGamesToTheEnd.
func playStrategyGame(tb testing.TB, n uint64, limit int) *benchGame {
	tb.Helper()
	bg := &benchGame{cfg: engine.Config{Players: 4, Options: &pb.Options{}}, seed: make([]byte, engine.SeedSize)}
	binary.BigEndian.PutUint64(bg.seed, n)
	g, opening, err := engine.Start(kingdom.Rules{}, bg.cfg, bg.seed)
	if err != nil {
		tb.Fatal(err)
	}
	bg.opening = opening
	for i, ev := range opening {
		bg.records = append(bg.records, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	var rngs []*engine.Rand
	for s := range 4 {
		var k [32]byte
		binary.BigEndian.PutUint64(k[:], n)
		k[31] = byte(s + 1)
		rngs = append(rngs, engine.NewRand(k))
	}
	for range limit {
		if g.State.Outcome() != nil {
			break
		}
		p := g.State.Prompts()[0]
		c := strategy.Choose(g.State.View(engine.SeatViewer(p.Seat)).(*pb.View), strategy.FromEngine(p), rngs[p.Seat])
		evs, _, err := g.Decide(p.Seat, c)
		if err != nil {
			tb.Fatalf("seed %d: %s sent a refused command %v: %v", n, p.Seat, c, err)
		}
		first := g.Version + 1
		if err := g.Apply(evs...); err != nil {
			tb.Fatal(err)
		}
		for i, ev := range evs {
			bg.records = append(bg.records, engine.Recorded{Seq: first + int64(i), Event: ev})
		}
		bg.cmds = append(bg.cmds, engine.Logged{Seat: p.Seat, Command: c, FirstSeq: first, LastSeq: g.Version})
	}
	bg.final = g
	return bg
}

// BenchmarkPlayCommand measures the Decide of one command on the live
// game, whose events lead to the next game, which the service keeps for
// each SubmitCommand, over the whole 4-player game in order (restarted
// from its opening when it ends).
func BenchmarkPlayCommand(b *testing.B) {
	bg := recordedGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for n < b.N {
		b.StopTimer()
		g := engine.NewGame(kingdom.Rules{}, bg.seed)
		if err := g.Apply(bg.opening...); err != nil {
			b.Fatal(err)
		}
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
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commands/s")
	b.ReportMetric(float64(len(bg.cmds)), "commands/game")
}

// BenchmarkReplay measures folding the whole game from its log, as the
// service does when it first loads a game.
func BenchmarkReplay(b *testing.B) {
	bg := recordedGame(b)
	evs := make([]engine.Event, len(bg.records))
	for i, r := range bg.records {
		evs[i] = r.Event
	}
	b.ReportAllocs()
	for b.Loop() {
		g := engine.NewGame(kingdom.Rules{}, nil)
		if err := g.Apply(evs...); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(evs)), "events/game")
}

// BenchmarkView measures building and marshalling one seat's view halfway
// through the game.
func BenchmarkView(b *testing.B) {
	bg := recordedGame(b)
	g := engine.NewGame(kingdom.Rules{}, bg.seed)
	for _, r := range bg.records[:len(bg.records)/2] {
		if err := g.Apply(r.Event); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := proto.Marshal(g.State.View(engine.SeatViewer(1))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerify measures re-running the whole game from its seed and
// command log and comparing every event, as an audit does.
func BenchmarkVerify(b *testing.B) {
	bg := recordedGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := engine.Verify(kingdom.Module(), bg.cfg, bg.seed, bg.cmds, bg.records); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(bg.cmds))*float64(b.N)/b.Elapsed().Seconds(), "commands/s")
}

// TestBenchGameEnds keeps the benchmarks' game a whole game: the strategy
// ends it, and engine.Verify accepts its log.
func TestBenchGameEnds(t *testing.T) {
	bg := recordedGame(t)
	if bg.final.State.Outcome() == nil {
		t.Fatalf("seed %d did not end within %d commands", benchSeed, benchLimit)
	}
	if err := engine.Verify(kingdom.Module(), bg.cfg, bg.seed, bg.cmds, bg.records); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d commands, %d events", len(bg.cmds), len(bg.records))
}

// BenchmarkPrompts measures the prompts of each position of the whole
// 4-player game (what the service asks once per version while the game is
// watched), with the legal commands listed per prompt.
func BenchmarkPrompts(b *testing.B) {
	bg := recordedGame(b)
	var states []engine.State
	g := engine.NewGame(kingdom.Rules{}, bg.seed)
	if err := g.Apply(bg.opening...); err != nil {
		b.Fatal(err)
	}
	for _, c := range bg.cmds {
		states = append(states, g.State)
		_, next, err := g.Decide(c.Seat, c.Command)
		if err != nil {
			b.Fatal(err)
		}
		g = next
	}
	legal := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		for _, p := range states[i%len(states)].Prompts() {
			legal += len(p.Legal)
		}
	}
	b.ReportMetric(float64(legal)/float64(b.N), "legal/op")
}
