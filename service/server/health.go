package server

import (
	"context"
	"sync/atomic"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// Health services. Readiness is "" (the whole server) and the game
// service's name: SERVING while the store answers pings. Liveness is
// LivenessService: SERVING as long as the process serves at all, so that
// an orchestrator restarts a wedged server, never one waiting out a
// database outage.
const (
	ReadinessService = "moonshine.v1.GameService"
	LivenessService  = "liveness"
)

// pingTimeout bounds one readiness ping.
const pingTimeout = 2 * time.Second

// readiness is the last verdict of the health loop.
type readiness struct {
	ready   atomic.Bool
	checked atomic.Bool
}

// Ready reports whether the server's store answered its last ping.
func (s *Server) Ready() bool { return s.readiness.ready.Load() }

// startHealth sets the health statuses and starts the loop that pings the
// store every Config.HealthInterval until Shutdown.
func (s *Server) startHealth() {
	s.health.SetServingStatus(LivenessService, healthpb.HealthCheckResponse_SERVING)
	s.check()
	go func() {
		defer close(s.healthEnd)
		tick := time.NewTicker(s.cfg.HealthInterval)
		defer tick.Stop()
		for {
			select {
			case <-s.stopped:
				return
			case <-tick.C:
				s.check()
			}
		}
	}()
}

// check pings the store and sets readiness, logging each change.
func (s *Server) check() {
	ctx, cancel := context.WithTimeout(context.Background(), min(pingTimeout, s.cfg.HealthInterval))
	err := s.store.Ping(ctx)
	cancel()
	ok := err == nil
	was, seen := s.readiness.ready.Swap(ok), s.readiness.checked.Swap(true)
	if seen && was == ok {
		return
	}
	status := healthpb.HealthCheckResponse_SERVING
	if !ok {
		status = healthpb.HealthCheckResponse_NOT_SERVING
		s.log.Warn("the event store does not answer: readiness is NOT_SERVING until it does", "err", err)
	} else if seen {
		s.log.Info("the event store answers again: readiness is SERVING")
	}
	for _, name := range []string{"", ReadinessService} {
		s.health.SetServingStatus(name, status)
	}
}
