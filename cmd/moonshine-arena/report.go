package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/moonshine-games/moonshine/engine"
)

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-arena:", err)
		return 2
	}
	l, err := lineupOf(o)
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-arena:", err)
		return 2
	}
	tested, err := play(ctx, l, o, stderr)
	if ctx.Err() != nil && len(tested) > 0 {
		// Interrupted: report the games played, with their baseline.
		fmt.Fprintf(stderr, "moonshine-arena: interrupted after %d of %d games; reporting those\n", len(tested), o.games)
		o.games, ctx, err = len(tested), context.WithoutCancel(ctx), nil
	}
	if err != nil {
		fmt.Fprintln(stderr, "moonshine-arena:", err)
		return 1
	}
	var base []record
	if o.baseline {
		b := l
		b.bot = o.vs
		if base, err = play(ctx, b, o, stderr); err != nil {
			fmt.Fprintln(stderr, "moonshine-arena:", err)
			return 1
		}
	}
	report(stdout, l, o, tested, base)
	return 0
}

// lineupOf finds the game and its table: the variant named, or with
// none the one that fits the player count (variantFor).
func lineupOf(o options) (lineup, error) {
	for _, m := range modules() {
		if m.Rules.Name() != o.game {
			continue
		}
		variant := o.variant
		if variant == "" {
			variant = variantFor(m, o.players)
		}
		table, err := m.Table(variant, o.players)
		if err != nil {
			return lineup{}, err
		}
		for _, b := range []string{o.bot, o.vs} {
			if _, err := botOf(m, b); err != nil {
				return lineup{}, err
			}
		}
		return lineup{module: m, variant: variant, table: table, bot: o.bot, vs: o.vs}, nil
	}
	return lineup{}, fmt.Errorf("unknown game %q", o.game)
}

// variantFor is the variant a table of players is when none is named: the
// first of the module's variants (the default first) that takes that many
// players, as a table created with no variant and no options is once the
// rules fill in their defaults (Bootleggers at 2 players is "Where are da
// boys?"); "" (the default, which then refuses the count) when none does.
func variantFor(m engine.Module, players int) string {
	for _, v := range m.Variants {
		if players >= v.MinPlayers && players <= v.MaxPlayers {
			return v.Name
		}
	}
	return ""
}

// report prints the tournament.
func report(w io.Writer, l lineup, o options, tested, base []record) {
	v, _ := l.module.Variant(l.variant)
	fmt.Fprintf(w, "%s (%s), %d players, %d games from seed %q", l.module.Title, v.Name, l.table.Players, o.games, o.seed)
	if o.first > 0 {
		fmt.Fprintf(w, ", games %d to %d", o.first, o.first+o.games-1)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "tested seat (rotated): %s; other seats: %s\n\n", l.bot, l.vs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "lineup\tgames\twins\twin rate\t95%% CI (Wilson)\t%s p50 / p90\tcommands p50 / p90\tunfinished\n", tested[0].unit)
	row(tw, l.bot+" vs "+l.vs, tested)
	if base != nil {
		row(tw, l.vs+" vs "+l.vs+" (baseline)", base)
	}
	tw.Flush()
	if base != nil {
		fair := rate(base)
		lo, hi := wilson(wins(tested), len(tested))
		fmt.Fprintf(w, "\nfair share (the baseline's rate for the same seats): %.1f%%; the tested CI [%.1f%%, %.1f%%] %s it\n",
			100*fair, 100*lo, 100*hi, map[bool]string{true: "excludes", false: "includes"}[fair < lo || fair > hi])
		if len(base) == len(tested) && len(tested) > 1 {
			gain, lo, hi, better, worse := paired(tested, base)
			fmt.Fprintf(w, "gain over the baseline, paired by game: %+.1f points [%+.1f, %+.1f] (won %d the baseline lost, lost %d it won); the interval %s 0\n",
				100*gain, 100*lo, 100*hi, better, worse, map[bool]string{true: "excludes", false: "includes"}[lo > 0 || hi < 0])
		}
	}
	fmt.Fprintln(w, "\nCPU per decision (thread CPU time; decisions with more than one legal command)")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "bot\tdecisions\tmean\tp50\tp90\tp99\tmax\twall mean")
	all := append(slices.Clone(tested), base...)
	for _, p := range policies(l) {
		var cpu, wall []time.Duration
		for _, r := range all {
			for _, d := range r.decisions[p] {
				cpu, wall = append(cpu, d.cpu), append(wall, d.wall)
			}
		}
		if len(cpu) == 0 {
			continue
		}
		slices.Sort(cpu)
		fmt.Fprintf(tw, "%s\t%d\t%v\t%v\t%v\t%v\t%v\t%v\n", p, len(cpu), ms(mean(cpu)), ms(quantile(cpu, 0.5)), ms(quantile(cpu, 0.9)), ms(quantile(cpu, 0.99)), ms(cpu[len(cpu)-1]), ms(mean(wall)))
	}
	tw.Flush()
	searchReport(w, all)
}

// searchReport prints the searching bots' decisions by prompt reason
// (-search-stats), when any were counted.
func searchReport(w io.Writer, recs []record) {
	sum := map[searchKey]*searchStat{}
	var keys []searchKey
	for _, r := range recs {
		for k, st := range r.searches {
			if sum[k] == nil {
				sum[k] = &searchStat{}
				keys = append(keys, k)
			}
			sum[k].add(*st)
		}
	}
	if len(keys) == 0 {
		return
	}
	slices.SortFunc(keys, func(a, b searchKey) int {
		if c := strings.Compare(a.policy, b.policy); c != 0 {
			return c
		}
		return strings.Compare(a.reason, b.reason)
	})
	fmt.Fprintln(w, "\nSearch by prompt (decisions with more than one legal command; searched: more than one candidate)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "bot\tprompt\tdecisions\tsearched\tcandidates (mean)\tkept the first")
	for _, k := range keys {
		st := sum[k]
		cands := 0.0
		if st.searched > 0 {
			cands = float64(st.candidates) / float64(st.searched)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d (%.0f%%)\t%.1f\t%d (%.0f%%)\n", k.policy, k.reason, st.decisions, st.searched,
			100*float64(st.searched)/float64(st.decisions), cands, st.first, 100*float64(st.first)/float64(st.decisions))
	}
	tw.Flush()
}

func policies(l lineup) []string {
	if l.bot == l.vs {
		return []string{l.bot}
	}
	return []string{l.bot, l.vs}
}

func row(w io.Writer, name string, recs []record) {
	var rounds, cmds []int
	unfinished := 0
	for _, r := range recs {
		rounds, cmds = append(rounds, r.rounds), append(cmds, r.commands)
		if r.unfinished {
			unfinished++
		}
	}
	slices.Sort(rounds)
	slices.Sort(cmds)
	lo, hi := wilson(wins(recs), len(recs))
	fmt.Fprintf(w, "%s\t%d\t%d\t%.1f%%\t[%.1f%%, %.1f%%]\t%d / %d\t%d / %d\t%d\n", name, len(recs), wins(recs), 100*rate(recs), 100*lo, 100*hi,
		quantile(rounds, 0.5), quantile(rounds, 0.9), quantile(cmds, 0.5), quantile(cmds, 0.9), unfinished)
}

func wins(recs []record) int {
	n := 0
	for _, r := range recs {
		if r.won {
			n++
		}
	}
	return n
}

func rate(recs []record) float64 { return float64(wins(recs)) / float64(len(recs)) }

// paired compares the tested seat with the same seat of the baseline game
// by game: each game's difference (1 won where the baseline lost, -1 the
// reverse, else 0), their mean and its 95% interval (normal approximation).
// The same seed deals both games the same hidden facts and dice, so a
// difference there is the bot's more than the deal's, and the paired
// interval is the narrower where the deals decide much.
func paired(tested, base []record) (gain, lo, hi float64, better, worse int) {
	n := float64(len(tested))
	for i := range tested {
		switch {
		case tested[i].won && !base[i].won:
			better++
		case base[i].won && !tested[i].won:
			worse++
		}
	}
	gain = float64(better-worse) / n
	// the differences' sample variance: better of +1, worse of -1, the rest 0
	variance := (float64(better+worse) - n*gain*gain) / (n - 1)
	h := 1.959964 * math.Sqrt(variance/n)
	return gain, gain - h, gain + h, better, worse
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return max(0, c-h), min(1, c+h)
}

// quantile returns the q-quantile of sorted values, by nearest rank.
func quantile[T any](sorted []T, q float64) T {
	var zero T
	if len(sorted) == 0 {
		return zero
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// ms rounds a duration for the table.
func ms(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Millisecond:
		return d.Round(100 * time.Microsecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
