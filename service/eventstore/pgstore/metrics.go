package pgstore

import "github.com/moonshine-games/moonshine/service/eventstore"

// Measure implements [eventstore.Measured]: the pool's statistics as the
// pool_* metrics, read at each scrape, and the LISTEN reconnects.
func (s *Store) Measure(m eventstore.Meter) {
	stat := s.pool.Stat
	type metric struct {
		name, help string
		f          func() float64
	}
	gauges := []metric{
		{"pool_acquired_conns", "Connections in use.", func() float64 { return float64(stat().AcquiredConns()) }},
		{"pool_idle_conns", "Idle connections.", func() float64 { return float64(stat().IdleConns()) }},
		{"pool_total_conns", "Open connections (in use, idle and being opened).", func() float64 { return float64(stat().TotalConns()) }},
		{"pool_max_conns", "The pool's size limit.", func() float64 { return float64(stat().MaxConns()) }},
		{"pool_constructing_conns", "Connections being opened.", func() float64 { return float64(stat().ConstructingConns()) }},
	}
	counters := []metric{
		{"pool_acquires_total", "Connections acquired from the pool.", func() float64 { return float64(stat().AcquireCount()) }},
		{"pool_empty_acquires_total", "Acquires that had to wait for a connection (the pool was empty).", func() float64 { return float64(stat().EmptyAcquireCount()) }},
		{"pool_canceled_acquires_total", "Acquires canceled by their context while waiting.", func() float64 { return float64(stat().CanceledAcquireCount()) }},
		{"pool_acquire_seconds_total", "Time spent acquiring connections.", func() float64 { return stat().AcquireDuration().Seconds() }},
		{"pool_empty_acquire_wait_seconds_total", "Time spent waiting for a connection when the pool was empty.", func() float64 { return stat().EmptyAcquireWaitTime().Seconds() }},
		{"pool_new_conns_total", "Connections opened.", func() float64 { return float64(stat().NewConnsCount()) }},
		{"pool_max_lifetime_closed_total", "Connections closed for reaching their maximum lifetime.", func() float64 { return float64(stat().MaxLifetimeDestroyCount()) }},
		{"pool_max_idle_closed_total", "Connections closed for idling too long.", func() float64 { return float64(stat().MaxIdleDestroyCount()) }},
		{"listen_reconnects_total", "Times the LISTEN connection was made again after it was lost.", func() float64 { return float64(s.ListenerReconnects()) }},
	}
	for _, g := range gauges {
		m.GaugeFunc(g.name, g.help, g.f)
	}
	for _, c := range counters {
		m.CounterFunc(c.name, c.help, c.f)
	}
}
