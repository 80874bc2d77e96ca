package telemetry

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Outage logs a task that fails again and again while a dependency is
// down (a poll of the store every second, say) once per outage rather
// than at every try: the first failure at WARN, then nothing until the
// task succeeds, which is logged at INFO with how many tries failed and
// for how long. The zero Outage is ready; it is safe for concurrent use.
type Outage struct {
	mu     sync.Mutex
	since  time.Time // the first failure of the outage; zero: none
	failed int
}

// Failed notes a failed try: it logs msg at WARN, with err, when it is the
// first of an outage, and reports whether it did.
func (o *Outage) Failed(ctx context.Context, log *slog.Logger, msg string, err error) bool {
	o.mu.Lock()
	first := o.failed == 0
	if first {
		o.since = time.Now()
	}
	o.failed++
	o.mu.Unlock()
	if first {
		log.WarnContext(ctx, msg+" (logged once until it succeeds again)", "err", err)
	}
	return first
}

// Succeeded notes a successful try: after an outage it logs msg at INFO
// with the number of failed tries and the outage's length, and reports
// whether it did.
func (o *Outage) Succeeded(ctx context.Context, log *slog.Logger, msg string) bool {
	o.mu.Lock()
	failed, since := o.failed, o.since
	o.failed, o.since = 0, time.Time{}
	o.mu.Unlock()
	if failed == 0 {
		return false
	}
	log.InfoContext(ctx, msg, "failed_tries", failed, "outage", time.Since(since).Round(time.Millisecond).String())
	return true
}
