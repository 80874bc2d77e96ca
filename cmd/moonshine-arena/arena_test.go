package main

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	blprinted "github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/kingdom"
)

// Wilson score intervals, as published tables give them (z = 1.96).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {56, 100, 0.4623, 0.6533}, {10, 10, 0.7225, 1}} {
		lo, hi := wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.hi) > 5e-5 {
			t.Errorf("wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// The paired gain is the mean of the games' differences: won by the tested
// bot and lost by the baseline in 30 of 100 games, the reverse in 10, it is
// +20 points, within 1.96 standard errors of that mean (the differences'
// variance (40 - 100 x 0.2²) / 99).
func TestPaired(t *testing.T) {
	tested, base := make([]record, 100), make([]record, 100)
	for i := range 100 {
		tested[i].won = i < 30 || i >= 50 && i < 70
		base[i].won = i >= 30 && i < 40 || i >= 50 && i < 70
	}
	gain, lo, hi, better, worse := paired(tested, base)
	h := 1.959964 * math.Sqrt(36.0/99/100)
	if better != 30 || worse != 10 || math.Abs(gain-0.2) > 1e-12 || math.Abs(lo-(0.2-h)) > 1e-12 || math.Abs(hi-(0.2+h)) > 1e-12 {
		t.Fatalf("gain %v [%v, %v], %d better, %d worse; want 0.2 [%v, %v], 30 and 10", gain, lo, hi, better, worse, 0.2-h, 0.2+h)
	}
	if gain, lo, hi, _, _ := paired(base, base); gain != 0 || lo != 0 || hi != 0 {
		t.Fatalf("a lineup against itself gains %v [%v, %v]", gain, lo, hi)
	}
}

func TestQuantile(t *testing.T) {
	v := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	if quantile(v, 0.5) != 5 || quantile(v, 0.9) != 9 || quantile(v, 1) != 10 || quantile([]int{7}, 0.9) != 7 {
		t.Fatal("nearest-rank quantiles are off")
	}
}

// A small tournament runs end to end and reports every figure.
func TestTournament(t *testing.T) {
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"-players", "3", "-games", "6", "-bot", "easy", "-vs", "uniform", "-baseline", "-parallel", "2"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"Booze Barons (standard), 3 players, 6 games", "easy vs uniform", "uniform vs uniform (baseline)", "fair share", "paired by game", "CPU per decision", "rounds p50 / p90"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-game", "chess"}, {"-bot", "expert"}, {"-players", "12"}, {"-games", "0"}, {"-first", "-1"}, {"stray"}} {
		var out, errs bytes.Buffer
		if code := run(context.Background(), args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%v: exit %d, %q", args, code, errs.String())
		}
	}
}

// A game's length is read from its spectator view, in its own unit: a game
// just started is in its first round or Day.
func TestLength(t *testing.T) {
	for _, c := range []struct {
		module engine.Module
		unit   string
	}{{boozebarons.Module(), "rounds"}, {kingdom.Module(), "Days"}} {
		g, _, err := engine.Start(c.module.Rules, engine.Config{Players: 3}, []byte("length"))
		if err != nil {
			t.Fatal(err)
		}
		if n, unit := length(g.State); n != 1 || unit != c.unit {
			t.Errorf("%s: %d %s, want 1 %s", c.module.Title, n, unit, c.unit)
		}
	}
}

// The Kingdom plays through the arena too, its strategy at every level, and
// reports Days; with -search-stats it counts the searching seat's
// decisions by prompt, and plays the very same games.
func TestKingdomTournament(t *testing.T) {
	play := func(args ...string) (string, string) {
		var out, errs bytes.Buffer
		args = append([]string{"-game", "moonshine-kingdom", "-players", "2", "-games", "1", "-bot", "hard", "-vs", "easy", "-parallel", "1", "-v"}, args...)
		if code := run(context.Background(), args, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		return out.String(), errs.String()
	}
	out, games := play()
	if !strings.Contains(out, "Moonshine Kingdom (standard), 2 players, 1 games") || !strings.Contains(out, "Days p50 / p90") {
		t.Errorf("the report:\n%s", out)
	}
	if strings.Contains(out, "Search by prompt") {
		t.Errorf("search counts without -search-stats:\n%s", out)
	}
	counted, same := play("-search-stats")
	if !strings.Contains(counted, "Search by prompt") || !strings.Contains(counted, "hard  operations-play") {
		t.Errorf("the report with -search-stats:\n%s", counted)
	}
	if same != games {
		t.Errorf("-search-stats changed the games:\n%s\nwithout it:\n%s", same, games)
	}
}

// The module's policy plays as "policy", and a game cut at -max-commands
// is reported unfinished, won by nobody, not an error.
func TestPolicyAndUnfinished(t *testing.T) {
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"-game", "moonshine-kingdom", "-players", "2", "-games", "1", "-bot", "easy", "-vs", "policy", "-max-commands", "30", "-parallel", "1"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); strings.HasPrefix(line, "easy vs policy") {
			if f[4] != "0" || f[len(f)-1] != "1" {
				t.Errorf("want 0 wins and 1 unfinished game: %q", line)
			}
			return
		}
	}
	t.Errorf("no row for the lineup:\n%s", out.String())
}

// -first plays a slice of a longer run: its games are the longer run's
// games of the same indices (seeds and tested seats), line for line in -v.
func TestFirst(t *testing.T) {
	lines := func(args ...string) []string {
		var out, errs bytes.Buffer
		args = append([]string{"-players", "3", "-bot", "easy", "-vs", "uniform", "-parallel", "1", "-v"}, args...)
		if code := run(context.Background(), args, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		return strings.Split(strings.TrimSpace(errs.String()), "\n")
	}
	all, slice := lines("-games", "4"), lines("-games", "2", "-first", "2")
	if len(all) != 4 || len(slice) != 2 || !strings.HasPrefix(all[2], "game 2: easy (seat 2) ") {
		t.Fatalf("the lines of -v:\n%s\n%s", strings.Join(all, "\n"), strings.Join(slice, "\n"))
	}
	for i, l := range slice {
		if l != all[2+i] {
			t.Errorf("-first 2, game %d: %q, in the longer run %q", 2+i, l, all[2+i])
		}
	}
}

// With no -variant the arena plays the table the service creates for a
// config naming only the player count (no variant, no options, the rules'
// defaults filled in): for every game and player count the same opening,
// Bootleggers' 2-player variant at 2 players.
func TestDefaultVariant(t *testing.T) {
	for _, m := range modules() {
		lo, hi := m.Rules.Players()
		for n := lo; n <= hi; n++ {
			l, err := lineupOf(options{game: m.Rules.Name(), players: n, bot: "easy", vs: "easy"})
			if err != nil {
				t.Errorf("%s, %d players: %v", m.Title, n, err)
				continue
			}
			seed := []byte("default variant")
			arena, _, err := engine.Start(m.Rules, l.table, seed)
			if err != nil {
				t.Fatal(err)
			}
			service, _, err := engine.Start(m.Rules, engine.Config{Players: n}, seed)
			if err != nil {
				t.Fatal(err)
			}
			if a, s := arena.State.View(engine.SpectatorViewer()), service.State.View(engine.SpectatorViewer()); !proto.Equal(a, s) {
				t.Errorf("%s, %d players: the arena's table (%s) is not the default one", m.Title, n, l.variant)
			}
		}
	}
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"-game", "bootleggers", "-players", "2", "-games", "1", "-bot", "easy", "-vs", "easy", "-parallel", "1"}, &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "Bootleggers (where-are-da-boys), 2 players") {
		t.Errorf("exit %d: %s\n%s", code, errs.String(), out.String())
	}
}

// -vs-prompts has the tested seat answer the prompts of those reasons
// with the -vs bot: with every reason of the game listed, a uniform
// tested seat plays the very games of the -vs bot in every seat.
func TestVsPrompts(t *testing.T) {
	lines := func(args ...string) []string {
		var out, errs bytes.Buffer
		args = append([]string{"-game", "bootleggers", "-players", "2", "-games", "2", "-vs", "easy", "-parallel", "1", "-v"}, args...)
		if code := run(context.Background(), args, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		return strings.Split(strings.TrimSpace(errs.String()), "\n")
	}
	every := strings.Join([]string{blprinted.PromptChooseMuscle, blprinted.PromptSelect, blprinted.PromptSendInTheBoys,
		blprinted.PromptFireUpTheStill, blprinted.PromptRunTheWhiskey, blprinted.PromptTrade, blprinted.PromptCallTheOrder,
		blprinted.PromptCasinoCard, blprinted.PromptCasinoCards}, ",")
	easy, split := lines("-bot", "easy"), lines("-bot", "uniform", "-vs-prompts", every)
	uniform := lines("-bot", "uniform")
	for i := range easy {
		if strings.Replace(split[i], "uniform", "easy", 1) != easy[i] {
			t.Errorf("game %d: %q, with the strategy throughout %q", i, split[i], easy[i])
		}
	}
	if slices.Equal(uniform, split) {
		t.Errorf("uniform plays the same games with and without -vs-prompts: %q", uniform)
	}
}

// Every game's searching bots report their search, so that -search-stats
// counts them: each game's normal and hard bots are runners.
func TestSearchingBotsAreRunners(t *testing.T) {
	for _, m := range modules() {
		for _, l := range []engine.Level{engine.LevelNormal, engine.LevelHard} {
			if _, ok := m.Bot(l).(runner); !ok {
				t.Errorf("%s: the %s bot (%T) does not report its search", m.Rules.Name(), l, m.Bot(l))
			}
		}
	}
}
