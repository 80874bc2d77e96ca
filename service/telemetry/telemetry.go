package telemetry

import (
	"context"
	"net/http"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
	"google.golang.org/grpc"
	"google.golang.org/grpc/reflection"
)

// Namespace prefixes the service's own metric names.
const Namespace = "moonshine"

// Telemetry is a server's metrics registry and tracer. Its methods are
// safe for concurrent use; those of a nil *Telemetry do nothing.
type Telemetry struct {
	reg      *prometheus.Registry
	grpc     *grpcMetrics
	provider trace.TracerProvider
	tracer   trace.Tracer
	traced   bool

	commands *prometheus.CounterVec   // by game, result, reason
	refusals *prometheus.CounterVec   // by method, code, reason
	store    *prometheus.HistogramVec // by op, result
	lookups  *prometheus.CounterVec   // by result
	catchUps prometheus.Counter
	caughtUp prometheus.Counter
	bots     *prometheus.CounterVec   // by game, level, choice
	botCPU   *prometheus.HistogramVec // by game, level
	host     *hostMetrics
}

// Options configure a Telemetry.
type Options struct {
	// TracerProvider makes the spans (nil: no tracing, see NewTracing).
	TracerProvider trace.TracerProvider
}

// New returns a Telemetry with a registry of its own holding the Go
// runtime and process collectors and the service's metrics.
func New(o Options) *Telemetry {
	t := &Telemetry{reg: prometheus.NewRegistry(), traced: o.TracerProvider != nil}
	tp := o.TracerProvider
	if tp == nil {
		tp = noop.NewTracerProvider()
	}
	t.provider = tp
	t.tracer = tp.Tracer("github.com/moonshine-games/moonshine/service")
	t.grpc = newGRPCMetrics([]float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10})
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help}, labels)
	}
	t.commands = counter("commands_total", "Commands submitted by clients, by game, result (accepted, refused) and refusal reason.", "game", "result", "reason")
	t.refusals = counter("refusals_total", "Calls that ended in a refusal, by method, gRPC code and ErrorInfo reason.", "method", "code", "reason")
	t.lookups = counter("cache_lookups_total", "Lookups of a game in the folded-game cache, by result (hit, miss).", "result")
	t.bots = counter("bot_decisions_total", "Commands chosen by bots, by game, level and how (bot: the level's bot chose it; fallback: the bot failed or the rules refused its choice, and a legal command was drawn instead).", "game", "level", "choice")
	t.botCPU = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "bot_decision_cpu_seconds",
		Help:    "CPU time of one bot decision (the thread's, while the bot chose), by game and level.",
		Buckets: []float64{.0001, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}}, []string{"game", "level"})
	t.catchUps = prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: "cache_catchup_reads_total",
		Help: "Reads of the event log that found events a cached game lacked (a game folded for the first time, or appended to by another process)."})
	t.caughtUp = prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: "cache_catchup_events_total",
		Help: "Events folded into cached games by catch-up reads."})
	t.store = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "store_duration_seconds",
		Help:    "Latency of event store operations, by operation and result (ok, not_found, conflict, unavailable, error).",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}}, []string{"op", "result"})
	t.host = newHostMetrics()
	t.reg.MustRegister(t.grpc.collectors()...)
	t.reg.MustRegister(t.host.collectors()...)
	t.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		t.commands, t.refusals, t.lookups, t.bots, t.botCPU, t.catchUps, t.caughtUp, t.store, buildInfo())
	return t
}

// buildInfo is moonshine_build_info: 1, labelled with the binary's module
// version, VCS revision (and whether the tree was modified) and Go
// version, from the build information Go embeds ("unknown" where the
// build recorded none).
func buildInfo() prometheus.Collector {
	version, revision, goVersion := "unknown", "unknown", runtime.Version()
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" {
			version = v
		}
		modified := false
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && s.Value != "":
				revision = s.Value
			case s.Key == "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if modified && revision != "unknown" {
			revision += "-modified"
		}
	}
	g := prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Name: "build_info",
		Help:        "Always 1; its labels say which build runs: the module version, the VCS revision, the Go version.",
		ConstLabels: prometheus.Labels{"version": version, "revision": revision, "goversion": goVersion}})
	g.Set(1)
	return g
}

// Readiness registers moonshine_ready, read from ready at each scrape: 1
// while the instance is ready (gRPC readiness SERVING: the store answers),
// 0 otherwise.
func (t *Telemetry) Readiness(ready func() bool) {
	t.GaugeFunc("ready", "1 while this instance is ready (gRPC readiness SERVING: the event store answers), else 0.", func() float64 {
		if ready() {
			return 1
		}
		return 0
	})
}

// Registry returns the registry, for collectors of other parts (a store's
// pool) and for tests.
func (t *Telemetry) Registry() *prometheus.Registry { return t.reg }

// Handler serves the registry in the Prometheus exposition format.
func (t *Telemetry) Handler() http.Handler {
	return promhttp.HandlerFor(t.reg, promhttp.HandlerOpts{Registry: t.reg})
}

// GaugeFunc registers a gauge read from f at each scrape.
func (t *Telemetry) GaugeFunc(name, help string, f func() float64) {
	if t == nil {
		return
	}
	t.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: Namespace, Name: name, Help: help}, f))
}

// CounterFunc registers a counter read from f at each scrape.
func (t *Telemetry) CounterFunc(name, help string, f func() float64) {
	if t == nil {
		return
	}
	t.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help}, f))
}

// InitializeGRPC creates the gRPC metrics of every method registered on
// gs at zero, so that rates exist before the first call.
func (t *Telemetry) InitializeGRPC(gs reflection.ServiceInfoProvider) {
	if t != nil {
		t.grpc.initialize(gs)
	}
}

// ServerOptions returns the gRPC server options of tracing (otelgrpc's
// stats handler), if tracing is on.
func (t *Telemetry) ServerOptions() []grpc.ServerOption {
	if t == nil || !t.traced {
		return nil
	}
	return []grpc.ServerOption{grpc.StatsHandler(newStatsHandler(t))}
}

// Start opens a span named name under ctx's; end it with span.End().
func (t *Telemetry) Start(ctx context.Context, name string) (context.Context, trace.Span) {
	if t == nil || !t.traced {
		return ctx, noopSpan
	}
	return t.tracer.Start(ctx, name)
}

var noopSpan = trace.SpanFromContext(context.Background())

// CacheLookup counts one lookup of a game in the cache.
func (t *Telemetry) CacheLookup(hit bool) {
	if t == nil {
		return
	}
	if hit {
		t.lookups.WithLabelValues("hit").Inc()
	} else {
		t.lookups.WithLabelValues("miss").Inc()
	}
}

// CatchUp counts a read of the log that brought a cached game up to date
// by events events (a read that found none is not a catch-up).
func (t *Telemetry) CatchUp(events int) {
	if t == nil || events == 0 {
		return
	}
	t.catchUps.Inc()
	t.caughtUp.Add(float64(events))
}

// Bot decision kinds, for BotDecision.
const (
	// BotChosen is a command the level's bot chose and the rules accepted.
	BotChosen = "bot"
	// BotFallback is a legal command drawn because the bot failed or the
	// rules refused its choice.
	BotFallback = "fallback"
)

// BotDecision counts one command chosen by a bot of game at level, by how
// it was chosen (BotChosen, BotFallback), and records the CPU time the
// bot took to choose it.
func (t *Telemetry) BotDecision(game, level, choice string, cpu time.Duration) {
	if t != nil {
		t.bots.WithLabelValues(game, level, choice).Inc()
		t.botCPU.WithLabelValues(game, level).Observe(cpu.Seconds())
	}
}
