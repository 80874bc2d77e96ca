package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// latencies collects the durations of calls by name.
type latencies struct {
	mu  sync.Mutex
	by  map[string][]time.Duration
	err map[string]int
}

func newLatencies() *latencies {
	return &latencies{by: map[string][]time.Duration{}, err: map[string]int{}}
}

// add records one call of name that took d.
func (l *latencies) add(name string, d time.Duration) {
	l.mu.Lock()
	l.by[name] = append(l.by[name], d)
	l.mu.Unlock()
}

// since records one call of name that began at start.
func (l *latencies) since(name string, start time.Time) { l.add(name, time.Since(start)) }

// refused counts a refusal of a call of name (a rule's, a conflict).
func (l *latencies) refused(name string) {
	l.mu.Lock()
	l.err[name]++
	l.mu.Unlock()
}

// stats summarises one call's latencies.
type stats struct {
	Calls   int     `json:"calls"`
	Refused int     `json:"refused,omitempty"`
	P50ms   float64 `json:"p50_ms"`
	P99ms   float64 `json:"p99_ms"`
	Maxms   float64 `json:"max_ms"`
}

func (l *latencies) summary() map[string]stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]stats{}
	for name, ds := range l.by {
		out[name] = summarise(ds)
	}
	for name, n := range l.err {
		s := out[name]
		s.Refused = n
		out[name] = s
	}
	return out
}

func summarise(ds []time.Duration) stats {
	if len(ds) == 0 {
		return stats{}
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	pct := func(p float64) float64 { return ms(ds[int(p*float64(len(ds)-1))]) }
	return stats{Calls: len(ds), P50ms: pct(0.5), P99ms: pct(0.99), Maxms: pct(1)}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// baselineRun is one run of the baseline.
type baselineRun struct {
	Inserts    int     `json:"inserts"`
	Seconds    float64 `json:"seconds"`
	PerSec     float64 `json:"inserts_per_sec"`
	Latency    stats   `json:"latency"`
	Concurrent int     `json:"writers"`
	// ClientCPUus, DatabaseCPUus and MachineCPUus are the CPU per insert of
	// the writers (this process), of the local PostgreSQL and of the whole
	// machine (0: unknown).
	ClientCPUus   float64 `json:"client_cpu_us_per_insert"`
	DatabaseCPUus float64 `json:"database_cpu_us_per_insert,omitempty"`
	MachineCPUus  float64 `json:"machine_cpu_us_per_insert,omitempty"`
}

// round is one round: the games between two baseline runs.
type round struct {
	Before         *baselineRun        `json:"baseline_before,omitempty"`
	After          *baselineRun        `json:"baseline_after,omitempty"`
	Games          map[string]int      `json:"games"`
	Unfinished     int                 `json:"games_left_unfinished"`
	Commands       int                 `json:"commands"`
	Events         int64               `json:"events"`
	Seconds        float64             `json:"seconds"`
	CommandsPerSec float64             `json:"commands_per_sec"`
	Ratio          float64             `json:"ratio_to_baseline,omitempty"`
	RPC            map[string]stats    `json:"rpc"`
	Servers        []usage             `json:"servers,omitempty"`
	PerCommand     map[string]float64  `json:"per_command,omitempty"`
	Extra          map[string]any      `json:"extra,omitempty"`
	ByServer       []map[string]string `json:"-"`
}

// baselineRate is the mean of the round's baseline runs (0: none).
func (r *round) baselineRate() float64 {
	var sum float64
	n := 0
	for _, b := range []*baselineRun{r.Before, r.After} {
		if b != nil {
			sum += b.PerSec
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// perCommand divides the servers' usage by the round's commands.
func (r *round) perCommand() {
	if r.Commands == 0 {
		return
	}
	var cpu, mallocs, alloc, trips, wait float64
	ops, secs := map[string]float64{}, map[string]float64{}
	known := false
	for _, u := range r.Servers {
		if !u.measuredFrom {
			continue
		}
		known = true
		cpu += u.CPUSeconds
		mallocs += u.Mallocs
		alloc += u.AllocBytes
		trips += u.RoundTrips
		wait += u.PoolWait
		for op, n := range u.StoreOps {
			ops[op] += n
			secs[op] += u.StoreSeconds[op]
		}
	}
	if !known {
		return
	}
	n := float64(r.Commands)
	r.PerCommand = map[string]float64{
		"server_cpu_us": cpu / n * 1e6, "allocs": mallocs / n, "alloc_bytes": alloc / n, "pool_acquires": trips / n,
		"pool_wait_us": wait / n * 1e6,
	}
	for op, k := range ops {
		r.PerCommand["store_"+op] = k / n
		r.PerCommand["store_"+op+"_us"] = secs[op] / n * 1e6
	}
}

// report is what a run measured.
type report struct {
	Store       string   `json:"store"`
	Mode        string   `json:"mode"`
	Concurrency int      `json:"concurrency"`
	Machine     string   `json:"machine_before"`
	Rounds      []*round `json:"rounds"`
	// Floor is the floor scenario's figures (-floor).
	Floor []*floorRun `json:"floor,omitempty"`
	// FloorRatio is the service's commands/s over the grouped floor's,
	// measured in the same run (-with-floor).
	FloorRatio float64 `json:"ratio_to_floor,omitempty"`
	MachineEnd string  `json:"machine_after"`
}

func (r *report) print(w io.Writer) {
	fmt.Fprintf(w, "store %s, mode %s, %d at once (%s; after: %s)\n", r.Store, r.Mode, r.Concurrency, r.Machine, r.MachineEnd)
	var ratios, rates []float64
	for i, rd := range r.Rounds {
		fmt.Fprintf(w, "round %d:\n", i+1)
		rd.print(w)
		if i == 0 && r.FloorRatio == 0 {
			for _, f := range r.Floor {
				f.print(w)
			}
		}
		if rd.Ratio > 0 {
			ratios = append(ratios, rd.Ratio)
		}
		if rd.CommandsPerSec > 0 {
			rates = append(rates, rd.CommandsPerSec)
		}
	}
	if r.FloorRatio > 0 {
		for _, f := range r.Floor {
			f.print(w)
		}
		fmt.Fprintf(w, "ratio service commands/s : grouped floor commands/s (mean of %d floor runs, same run) = %.2f\n", len(r.Floor), r.FloorRatio)
	}
	if len(r.Rounds) > 1 {
		fmt.Fprintf(w, "over %d rounds: commands/s %s", len(r.Rounds), spread(rates))
		if len(ratios) > 0 {
			fmt.Fprintf(w, ", ratio to baseline %s", spread(ratios))
		}
		fmt.Fprintln(w)
	}
}

func spread(xs []float64) string {
	if len(xs) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g-%.3g (median %.3g)", slices.Min(xs), slices.Max(xs), median(xs))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func (rd *round) print(w io.Writer) {
	if len(rd.Games) > 0 {
		var parts []string
		for _, g := range slices.Sorted(maps.Keys(rd.Games)) {
			parts = append(parts, fmt.Sprintf("%d %s", rd.Games[g], g))
		}
		fmt.Fprintf(w, "  games: %s (%d left unfinished at -moves)\n", strings.Join(parts, ", "), rd.Unfinished)
	}
	if rd.Commands > 0 {
		fmt.Fprintf(w, "  %d commands, %d events in %.2fs: %.0f commands/s\n", rd.Commands, rd.Events, rd.Seconds, rd.CommandsPerSec)
	}
	for _, b := range []struct {
		when string
		b    *baselineRun
	}{{"before", rd.Before}, {"after", rd.After}} {
		if b.b != nil {
			fmt.Fprintf(w, "  baseline %s: %.0f inserts/s (%d writers; p50 %.2fms, p99 %.2fms; CPU per insert: writers %.0f µs, database %.0f µs, machine %.0f µs)\n",
				b.when, b.b.PerSec, b.b.Concurrent, b.b.Latency.P50ms, b.b.Latency.P99ms, b.b.ClientCPUus, b.b.DatabaseCPUus, b.b.MachineCPUus)
		}
	}
	if rd.Ratio > 0 {
		fmt.Fprintf(w, "  ratio commands/s : baseline inserts/s = %.2f\n", rd.Ratio)
	}
	names := slices.Sorted(maps.Keys(rd.RPC))
	sort.SliceStable(names, func(i, j int) bool { return rd.RPC[names[i]].Calls > rd.RPC[names[j]].Calls })
	for _, n := range names {
		s := rd.RPC[n]
		fmt.Fprintf(w, "  %-18s %7d calls (%d refused): p50 %.2fms, p99 %.2fms, max %.2fms\n", n, s.Calls, s.Refused, s.P50ms, s.P99ms, s.Maxms)
	}
	for i, u := range rd.Servers {
		if !u.measuredFrom {
			continue
		}
		fmt.Fprintf(w, "  server %d: %.2f CPU s, %.0f allocations, heap %.1f MiB, RSS %.1f MiB, %d cached games (%.1f MiB measured)\n",
			i+1, u.CPUSeconds, u.Mallocs, u.HeapMiB, u.RSSMiB, int(u.CachedGames), u.CachedMiB)
		if i < len(rd.ByServer) {
			for _, k := range slices.Sorted(maps.Keys(rd.ByServer[i])) {
				fmt.Fprintf(w, "    %s: %s\n", k, rd.ByServer[i][k])
			}
		}
	}
	if len(rd.PerCommand) > 0 {
		keys := slices.Sorted(maps.Keys(rd.PerCommand))
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s %.3g", k, rd.PerCommand[k]))
		}
		fmt.Fprintf(w, "  per command: %s\n", strings.Join(parts, ", "))
	}
	for _, k := range slices.Sorted(maps.Keys(rd.Extra)) {
		fmt.Fprintf(w, "  %s: %v\n", k, rd.Extra[k])
	}
}
