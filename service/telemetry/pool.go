package telemetry

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// poolCollector reports a pgxpool's statistics at each scrape.
type poolCollector struct {
	stat func() *pgxpool.Stat

	acquired, idle, total, max, constructing *prometheus.Desc
	acquires, emptyAcquires, canceled        *prometheus.Desc
	acquireSeconds, emptyWaitSeconds         *prometheus.Desc
	newConns, lifetimeClosed, idleClosed     *prometheus.Desc
}

// Pool registers the statistics of a PostgreSQL connection pool as the
// moonshine_pool_* metrics.
func (t *Telemetry) Pool(pool *pgxpool.Pool) {
	if t == nil || pool == nil {
		return
	}
	d := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName(Namespace, "pool", name), help, nil, nil)
	}
	t.reg.MustRegister(&poolCollector{
		stat:             pool.Stat,
		acquired:         d("acquired_conns", "Connections in use."),
		idle:             d("idle_conns", "Idle connections."),
		total:            d("total_conns", "Open connections (in use, idle and being opened)."),
		max:              d("max_conns", "The pool's size limit."),
		constructing:     d("constructing_conns", "Connections being opened."),
		acquires:         d("acquires_total", "Connections acquired from the pool."),
		emptyAcquires:    d("empty_acquires_total", "Acquires that had to wait for a connection (the pool was empty)."),
		canceled:         d("canceled_acquires_total", "Acquires canceled by their context while waiting."),
		acquireSeconds:   d("acquire_seconds_total", "Time spent acquiring connections."),
		emptyWaitSeconds: d("empty_acquire_wait_seconds_total", "Time spent waiting for a connection when the pool was empty."),
		newConns:         d("new_conns_total", "Connections opened."),
		lifetimeClosed:   d("max_lifetime_closed_total", "Connections closed for reaching their maximum lifetime."),
		idleClosed:       d("max_idle_closed_total", "Connections closed for idling too long."),
	})
}

func (p *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{p.acquired, p.idle, p.total, p.max, p.constructing, p.acquires,
		p.emptyAcquires, p.canceled, p.acquireSeconds, p.emptyWaitSeconds, p.newConns, p.lifetimeClosed, p.idleClosed} {
		ch <- d
	}
}

func (p *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := p.stat()
	gauge := func(d *prometheus.Desc, v float64) { ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v) }
	counter := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	gauge(p.acquired, float64(s.AcquiredConns()))
	gauge(p.idle, float64(s.IdleConns()))
	gauge(p.total, float64(s.TotalConns()))
	gauge(p.max, float64(s.MaxConns()))
	gauge(p.constructing, float64(s.ConstructingConns()))
	counter(p.acquires, float64(s.AcquireCount()))
	counter(p.emptyAcquires, float64(s.EmptyAcquireCount()))
	counter(p.canceled, float64(s.CanceledAcquireCount()))
	counter(p.acquireSeconds, s.AcquireDuration().Seconds())
	counter(p.emptyWaitSeconds, s.EmptyAcquireWaitTime().Seconds())
	counter(p.newConns, float64(s.NewConnsCount()))
	counter(p.lifetimeClosed, float64(s.MaxLifetimeDestroyCount()))
	counter(p.idleClosed, float64(s.MaxIdleDestroyCount()))
}
