package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"github.com/moonshine-games/moonshine/games"
)

// modules are the games the arena can play: every hosted game.
func modules() []engine.Module {
	var out []engine.Module
	for _, m := range games.Default().Modules() {
		out = append(out, m.Module)
	}
	return out
}

// options are the command line.
type options struct {
	game, variant string
	players       int
	games         int
	first         int // the index of the first game (its seed)
	verbose       bool
	bot, vs       string
	baseline      bool
	seed          string
	parallel      int
	maxCommands   int
	optional      bool // offer the prompts that need not be answered too (playtest.Table.Optional)
	searchStats   bool // count the searching bots' decisions by prompt reason
	// vsPrompts are the prompt reasons the tested seat answers with -vs.
	vsPrompts []string
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("moonshine-arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.game, "game", "booze-barons", "the game: "+strings.Join(names(), ", "))
	fs.StringVar(&o.variant, "variant", "", "the game's variant (empty: the one for -players, the default where it takes them)")
	fs.IntVar(&o.players, "players", 5, "seats per game")
	fs.IntVar(&o.games, "games", 100, "games to play")
	fs.IntVar(&o.first, "first", 0, "the index of the first game: games first to first+games-1 are played, on the seeds and tested seats they have in a longer run")
	fs.BoolVar(&o.verbose, "v", false, "print a line per game to stderr as it ends")
	fs.StringVar(&o.bot, "bot", "hard", "the tested seat's bot: easy, normal, hard, policy or uniform")
	fs.StringVar(&o.vs, "vs", "easy", "the other seats' bot")
	fs.BoolVar(&o.baseline, "baseline", false, "also play the same games with -vs in every seat (the fair share)")
	fs.StringVar(&o.seed, "seed", "arena", "the tournament's seed: game i is seeded from it and i")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "games played at once")
	fs.IntVar(&o.maxCommands, "max-commands", 20000, "a game not over after this many commands is cut there, unfinished (no seat wins it)")
	fs.BoolVar(&o.optional, "optional", false, "at every version offer the bots first the prompts that need not be answered (out-of-turn plays), each once; a bot may pass them")
	fs.BoolVar(&o.searchStats, "search-stats", false, "count each searching bot's decisions by prompt reason: how many it searched, its candidates, how often it kept its default policy's choice (not with -vs-prompts)")
	vsPrompts := fs.String("vs-prompts", "", "prompt reasons, comma-separated (Bootleggers' choose-muscle, select, ...), that the tested seat answers with the -vs bot: what -bot gains or loses on each kind of decision")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *vsPrompts != "" {
		o.vsPrompts = strings.Split(*vsPrompts, ",")
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if o.games < 1 || o.parallel < 1 || o.first < 0 {
		return o, errors.New("need -games >= 1, -parallel >= 1 and -first >= 0")
	}
	return o, nil
}

func names() []string {
	var out []string
	for _, m := range modules() {
		out = append(out, m.Rules.Name())
	}
	return out
}

// lineup is how the seats of a tournament's games are filled.
type lineup struct {
	module  engine.Module
	variant string // the variant's name
	table   engine.Config
	bot     string // the tested seat's
	vs      string // every other seat's
}

// botOf returns the bot a policy name gives: a level's, "policy" (the
// module's Policy, the one the service's bots played before levels: the
// Kingdom's engine/kingdom/strategy) or "uniform".
func botOf(m engine.Module, name string) (engine.Bot, error) {
	switch name {
	case "uniform":
		return engine.UniformBot, nil
	case "policy":
		if m.Policy == nil {
			return nil, fmt.Errorf("%s has no policy", m.Rules.Name())
		}
		return engine.PolicyBot(m.Policy), nil
	}
	l, err := engine.ParseLevel(name)
	if err != nil || name == "" {
		return nil, fmt.Errorf("unknown bot %q: easy, normal, hard, policy or uniform", name)
	}
	return m.Bot(l), nil
}

// split is the tested bot of -vs-prompts: vs answers the prompts of the
// reasons, bot every other.
type split struct {
	bot, vs engine.Bot
	reasons []string
}

func (s split) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	if slices.Contains(s.reasons, k.Prompt.Reason) {
		return s.vs.Choose(k, r)
	}
	return s.bot.Choose(k, r)
}

// seedOf is game i's seed.
func seedOf(seed string, i int) []byte {
	s := sha256.Sum256([]byte(fmt.Sprintf("moonshine-arena\x00%s\x00%d", seed, i)))
	return s[:]
}

// play plays n games of a lineup, parallel at a time, and returns their
// records in game order. Once ctx is done it starts no game and stops
// those under way, and returns the records of the games finished before
// the first one it did not finish, with ctx's error.
func play(ctx context.Context, l lineup, o options, stderr io.Writer) ([]record, error) {
	tested, err := botOf(l.module, l.bot)
	if err != nil {
		return nil, err
	}
	other, err := botOf(l.module, l.vs)
	if err != nil {
		return nil, err
	}
	if len(o.vsPrompts) > 0 {
		tested = split{bot: tested, vs: other, reasons: o.vsPrompts}
	}
	out := make([]record, o.games)
	errs := make([]error, o.games)
	done := make([]bool, o.games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex // orders the lines of -v
	for range o.parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = playOne(ctx, l, o, o.first+i, tested, other)
				done[i] = errs[i] == nil
				if o.verbose && done[i] {
					mu.Lock()
					logGame(stderr, l, o.first+i, out[i])
					mu.Unlock()
				}
			}
		}()
	}
	for i := range o.games {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		n := 0
		for n < len(done) && done[n] {
			n++
		}
		return out[:n], err
	}
	return out, errors.Join(errs...)
}

// playOne plays game i: the tested bot in seat i mod players.
func playOne(ctx context.Context, l lineup, o options, i int, tested, other engine.Bot) (record, error) {
	seat := i % l.table.Players
	rec := record{seat: seat}
	bots := make([]engine.Bot, l.table.Players)
	for s := range bots {
		b, name := other, l.vs
		if s == seat {
			b, name = tested, l.bot
		}
		bots[s] = &meter{ctx: ctx, bot: b, policy: name, rec: &rec, stats: o.searchStats}
	}
	tb := playtest.Table{Rules: l.module.Rules, Table: l.table, Seed: seedOf(o.seed, i), Bots: bots, MaxSteps: o.maxCommands, Optional: o.optional}
	res, err := tb.Play()
	if err != nil && (res == nil || len(res.Commands) < o.maxCommands || res.Game.State.Outcome() != nil) {
		return rec, fmt.Errorf("game %d: %w", i, err)
	}
	if out := res.Game.State.Outcome(); out != nil {
		rec.won = slices.Contains(out.Winners, engine.Seat(seat))
	} else {
		rec.unfinished = true
	}
	rec.commands = len(res.Commands)
	rec.rounds, rec.unit = length(res.Game.State)
	return rec, nil
}

// logGame prints game i's line for -v: its tested seat, the result,
// length and commands.
func logGame(w io.Writer, l lineup, i int, r record) {
	res := map[bool]string{true: "won", false: "lost"}[r.won]
	if r.unfinished {
		res = "unfinished"
	}
	fmt.Fprintf(w, "game %d: %s (seat %d) %s, %d %s, %d commands\n", i, l.bot, r.seat, res, r.rounds, r.unit, r.commands)
}

// length returns a finished game's length and its unit: the "round" or
// "day" field of its spectator view (Booze Barons' rounds, the Kingdom's
// Days); 0 and "rounds" when its view has neither.
func length(st engine.State) (int, string) {
	m := st.View(engine.SpectatorViewer()).ProtoReflect()
	for _, name := range []protoreflect.Name{"round", "day"} {
		f := m.Descriptor().Fields().ByName(name)
		if f == nil {
			continue
		}
		switch f.Kind() {
		case protoreflect.Int32Kind, protoreflect.Int64Kind:
			return int(m.Get(f).Int()), units[name]
		case protoreflect.Uint32Kind, protoreflect.Uint64Kind:
			return int(m.Get(f).Uint()), units[name]
		}
	}
	return 0, units["round"]
}

var units = map[protoreflect.Name]string{"round": "rounds", "day": "Days"}
