package telemetry

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// The game host's metrics (service/gameservice): each is defined here, and
// the host records it at its one point (docs/operations.md lists them).
// Like every method of Telemetry, they do nothing on a nil *Telemetry.

// hostMetrics are the metrics only the game host can record.
type hostMetrics struct {
	evictions *prometheus.CounterVec   // by reason
	botWall   *prometheus.HistogramVec // by game, level
	timers    *prometheus.CounterVec   // by game, kind
	watchLag  prometheus.Histogram
}

func newHostMetrics() *hostMetrics {
	return &hostMetrics{
		evictions: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "cache_evictions_total",
			Help: "Games let go from the folded-game cache, by reason (budget: the least recently used, past MOONSHINE_CACHE_BYTES; dropped: discarded, to be folded again from the log)."},
			[]string{"reason"}),
		botWall: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "bot_decision_seconds",
			Help:    "Wall time of one bot decision, from its turn coming to its command chosen (queueing included), by game and level.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"game", "level"}),
		timers: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "timer_fires_total",
			Help: "Turn timers fired, by game and kind (timeout: a deadline passed and the seat's default was played; takeover: a taken-over seat's bot played; clocks: clocks started or stopped)."},
			[]string{"game", "kind"}),
		watchLag: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: Namespace, Name: "watch_delivery_seconds",
			Help:    "Time from an event's append to its send on a watch stream (another instance's appends: from the notification).",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}}),
	}
}

func (h *hostMetrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{h.evictions, h.botWall, h.timers, h.watchLag}
}

// Cache eviction reasons, for CacheEviction.
const (
	// EvictedBudget: the cache was past its byte budget and the game was
	// the least recently used.
	EvictedBudget = "budget"
	// EvictedDropped: the table was discarded, to be folded again from
	// the log when next used.
	EvictedDropped = "dropped"
)

// CacheEviction counts a game let go from the cache, by reason
// (EvictedBudget, EvictedDropped).
func (t *Telemetry) CacheEviction(reason string) {
	if t != nil {
		t.host.evictions.WithLabelValues(reason).Inc()
	}
}

// BotDecisionWall records the wall time of one bot decision of game at
// level, from the bot's turn coming (its queueing included) to its
// command chosen; BotDecision records its CPU time.
func (t *Telemetry) BotDecisionWall(game, level string, wall time.Duration) {
	if t != nil {
		t.host.botWall.WithLabelValues(game, level).Observe(wall.Seconds())
	}
}

// Timer fire kinds, for TimerFired.
const (
	// TimerTimeout: a seat's deadline passed and its default was played.
	TimerTimeout = "timeout"
	// TimerTakeover: a taken-over seat's bot played.
	TimerTakeover = "takeover"
	// TimerClocks: clocks were started or stopped (a table filled up, or
	// a seat left).
	TimerClocks = "clocks"
)

// TimerFired counts one firing of a table's turn timers, by game and kind
// (TimerTimeout, TimerTakeover, TimerClocks).
func (t *Telemetry) TimerFired(game, kind string) {
	if t != nil {
		t.host.timers.WithLabelValues(game, kind).Inc()
	}
}

// WatchDelivered records how long after its append an event was sent on a
// watch stream.
func (t *Telemetry) WatchDelivered(lag time.Duration) {
	if t != nil {
		t.host.watchLag.Observe(lag.Seconds())
	}
}

// BotQueue registers moonshine_bot_queue_length, read from f at each
// scrape: the bot turns waiting for a bot to decide them.
func (t *Telemetry) BotQueue(f func() int) {
	t.GaugeFunc("bot_queue_length", "Bot turns waiting to be decided (queued behind the bots' workers).", func() float64 { return float64(f()) })
}

// GamesInPlay registers moonshine_games_in_play, read from f at each
// scrape: the games this instance holds that are started and not over.
func (t *Telemetry) GamesInPlay(f func() int) {
	t.GaugeFunc("games_in_play", "Games held by this instance that have started and are not over.", func() float64 { return float64(f()) })
}
