package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// sample is one scrape of a server's /metrics: the series this tool
// reads, by name with labels as the server writes them.
type sample map[string]float64

// Series read from the servers.
const (
	cpuSeconds  = "process_cpu_seconds_total"
	mallocs     = "go_memstats_mallocs_total"
	allocBytes  = "go_memstats_alloc_bytes_total"
	heapAlloc   = "go_memstats_heap_alloc_bytes"
	rss         = "process_resident_memory_bytes"
	poolAcquire = "moonshine_pool_acquires_total"
	cachedGames = "moonshine_cache_games"
	cacheBytes  = "moonshine_cache_bytes"
	storeOps    = "moonshine_store_duration_seconds_count"
	storeTime   = "moonshine_store_duration_seconds_sum"
	poolWait    = "moonshine_pool_empty_acquire_wait_seconds_total"
)

// scrape reads the instance's metrics; nil when it has no admin listener.
// With gc, it has the server collect garbage first, so that the heap
// figures are of live memory.
func (in *instance) scrape(ctx context.Context, gc bool) (sample, error) {
	if in.admin == "" {
		return nil, nil
	}
	if gc {
		if err := in.fetch(ctx, "/debug/pprof/heap?gc=1", io.Discard); err != nil {
			return nil, err
		}
	}
	var b strings.Builder
	if err := in.fetch(ctx, "/metrics", &b); err != nil {
		return nil, err
	}
	s := sample{}
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err == nil {
			s[line[:i]] = v
		}
	}
	return s, sc.Err()
}

// fetch GETs path from the admin listener into w.
func (in *instance) fetch(ctx context.Context, path string, w io.Writer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+in.admin+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", path, resp.Status)
	}
	_, err = io.Copy(w, resp.Body)
	return err
}

// ops sums the series name (storeOps: the store's operations, storeTime:
// their seconds) of the sample by operation.
func (s sample) ops(name string) map[string]float64 {
	out := map[string]float64{}
	for k, v := range s {
		_, rest, ok := strings.Cut(k, name+`{op="`)
		if !ok {
			continue
		}
		op, _, _ := strings.Cut(rest, `"`)
		out[op] += v
	}
	return out
}

// usage is what a server spent between two samples.
type usage struct {
	CPUSeconds   float64            `json:"cpu_seconds"`
	Mallocs      float64            `json:"mallocs"`
	AllocBytes   float64            `json:"alloc_bytes"`
	HeapMiB      float64            `json:"heap_mib_after"`
	RSSMiB       float64            `json:"rss_mib_after"`
	RoundTrips   float64            `json:"pool_acquires"`
	PoolWait     float64            `json:"pool_wait_seconds"`
	StoreOps     map[string]float64 `json:"store_ops"`
	StoreSeconds map[string]float64 `json:"store_seconds"`
	CachedGames  float64            `json:"cached_games"`
	CachedMiB    float64            `json:"cached_mib"`
	measuredFrom bool
}

// between returns the usage from a to b (either nil: none known).
func between(a, b sample) usage {
	if a == nil || b == nil {
		return usage{}
	}
	u := usage{
		CPUSeconds: b[cpuSeconds] - a[cpuSeconds], Mallocs: b[mallocs] - a[mallocs], AllocBytes: b[allocBytes] - a[allocBytes],
		HeapMiB: b[heapAlloc] / (1 << 20), RSSMiB: b[rss] / (1 << 20), RoundTrips: b[poolAcquire] - a[poolAcquire],
		PoolWait: b[poolWait] - a[poolWait], StoreOps: map[string]float64{}, StoreSeconds: map[string]float64{},
		CachedGames: b[cachedGames], CachedMiB: b[cacheBytes] / (1 << 20), measuredFrom: true,
	}
	for _, series := range []struct {
		name string
		into map[string]float64
	}{{storeOps, u.StoreOps}, {storeTime, u.StoreSeconds}} {
		before := a.ops(series.name)
		for op, n := range b.ops(series.name) {
			if d := n - before[op]; d > 0 {
				series.into[op] = d
			}
		}
	}
	return u
}

// scrapeAll samples every instance.
func (f *fleet) scrapeAll(ctx context.Context, gc bool) ([]sample, error) {
	out := make([]sample, len(f.instances))
	for i, in := range f.instances {
		s, err := in.scrape(ctx, gc)
		if err != nil {
			return nil, fmt.Errorf("metrics of %s: %w", in.addr, err)
		}
		out[i] = s
	}
	return out, nil
}

// profiler takes the first instance's CPU profile while a phase runs, and
// its allocation and heap profiles at the end, into dir.
type profiler struct {
	dir  string
	in   *instance
	done chan error
}

// startProfile starts a CPU profile of up to d; nil when there is no
// directory or no admin listener.
func startProfile(ctx context.Context, dir string, in *instance, d time.Duration) (*profiler, error) {
	if dir == "" || in.admin == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	p := &profiler{dir: dir, in: in, done: make(chan error, 1)}
	go func() {
		f, err := os.Create(filepath.Join(dir, "cpu.pprof"))
		if err != nil {
			p.done <- err
			return
		}
		defer f.Close()
		p.done <- in.fetch(ctx, fmt.Sprintf("/debug/pprof/profile?seconds=%d", max(1, int(d.Seconds()))), f)
	}()
	return p, nil
}

// finish waits for the CPU profile and writes the allocation and heap
// profiles.
func (p *profiler) finish(ctx context.Context) error {
	if p == nil {
		return nil
	}
	if err := <-p.done; err != nil {
		return err
	}
	for _, name := range []string{"allocs", "heap"} {
		f, err := os.Create(filepath.Join(p.dir, name+".pprof"))
		if err != nil {
			return err
		}
		err = p.in.fetch(ctx, "/debug/pprof/"+name, f)
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
