package telemetry_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/telemetry"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// TestBuildInfoAndReadiness: the registry holds moonshine_build_info (1,
// with the build's labels) and, once registered, moonshine_ready as the
// readiness function says.
func TestBuildInfoAndReadiness(t *testing.T) {
	tel := telemetry.New(telemetry.Options{})
	ready := false
	tel.Readiness(func() bool { return ready })
	if v := value(t, tel.Registry(), "moonshine_ready"); v != 0 {
		t.Errorf("not ready: moonshine_ready %v", v)
	}
	ready = true
	if v := value(t, tel.Registry(), "moonshine_ready"); v != 1 {
		t.Errorf("ready: moonshine_ready %v", v)
	}
	mfs, err := tel.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, mf := range mfs {
		if mf.GetName() != "moonshine_build_info" {
			continue
		}
		found = true
		m := mf.GetMetric()[0]
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		if m.GetGauge().GetValue() != 1 || labels["version"] == "" || labels["revision"] == "" || !strings.HasPrefix(labels["goversion"], "go") {
			t.Errorf("build info: %v = %v", labels, m.GetGauge().GetValue())
		}
	}
	if !found {
		t.Error("no moonshine_build_info")
	}
}

// TestHostMetrics: each metric the game host records is defined, named as
// docs/operations.md lists it, and counts what it is given.
func TestHostMetrics(t *testing.T) {
	tel := telemetry.New(telemetry.Options{})
	tel.CacheEviction(telemetry.EvictedBudget)
	tel.CacheEviction(telemetry.EvictedBudget)
	tel.BotDecisionWall("bootleggers", "hard", 300*time.Millisecond)
	tel.TimerFired("booze-barons", telemetry.TimerTimeout)
	tel.WatchDelivered(3 * time.Millisecond)
	tel.BotQueue(func() int { return 4 })
	tel.GamesInPlay(func() int { return 7 })
	for name, want := range map[string]float64{"moonshine_cache_evictions_total": 2, "moonshine_bot_decision_seconds": 1,
		"moonshine_timer_fires_total": 1, "moonshine_watch_delivery_seconds": 1, "moonshine_bot_queue_length": 4, "moonshine_games_in_play": 7} {
		if got := value(t, tel.Registry(), name); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	var nilTel *telemetry.Telemetry // a nil Telemetry records nothing, and does not panic
	nilTel.CacheEviction(telemetry.EvictedDropped)
	nilTel.BotQueue(func() int { return 1 })
}

// stream is a server stream whose context the test controls.
type stream struct{ ctx context.Context }

func (s stream) Context() context.Context   { return s.ctx }
func (stream) SetHeader(metadata.MD) error  { return nil }
func (stream) SendHeader(metadata.MD) error { return nil }
func (stream) SetTrailer(metadata.MD)       {}
func (stream) SendMsg(any) error            { return nil }
func (stream) RecvMsg(any) error            { return nil }

// TestClientClosingItsStream: a watch stream the client closes (the
// handler ends with the context's CANCELED, or UNAVAILABLE "transport is
// closing" from a send) is logged at INFO as CANCELED and counted as no
// refusal; the server's own UNAVAILABLE, with a reason, stays a refusal
// at WARN.
func TestClientClosingItsStream(t *testing.T) {
	var logs bytes.Buffer
	log, err := telemetry.NewLogger(&logs, "text", "debug")
	if err != nil {
		t.Fatal(err)
	}
	tel := telemetry.New(telemetry.Options{})
	chain := tel.StreamInterceptors(log)
	info := &grpc.StreamServerInfo{FullMethod: "/moonshine.v1.GameService/WatchGame", IsServerStream: true}
	call := func(ctx context.Context, err error) {
		h := grpc.StreamHandler(func(any, grpc.ServerStream) error { return err })
		for i := len(chain) - 1; i >= 0; i-- {
			next, ic := h, chain[i]
			h = func(srv any, ss grpc.ServerStream) error { return ic(srv, ss, info, next) }
		}
		_ = h(nil, stream{ctx: ctx})
	}
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	call(gone, status.Error(codes.Unavailable, "transport is closing"))
	call(gone, status.Error(codes.Canceled, "canceled"))
	if n := value(t, tel.Registry(), "moonshine_refusals_total"); n != 0 {
		t.Errorf("a client closing its stream counted as %v refusals", n)
	}
	if strings.Contains(logs.String(), "WARN") || strings.Count(logs.String(), "level=INFO msg=request") != 2 ||
		strings.Count(logs.String(), "code=Canceled") != 2 {
		t.Errorf("a client closing its stream is logged:\n%s", logs.String())
	}
	shutdown, _ := status.New(codes.Unavailable, "the server is shutting down").WithDetails(&errdetails.ErrorInfo{Reason: "SERVER_SHUTTING_DOWN"})
	call(gone, shutdown.Err())
	if n := value(t, tel.Registry(), "moonshine_refusals_total"); n != 1 || !strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("the server's own UNAVAILABLE: %v refusals\n%s", n, logs.String())
	}
}

// TestOutageLogsOnce: a task failing every second of an outage is logged
// once when it begins and once when it ends.
func TestOutageLogsOnce(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	var o telemetry.Outage
	ctx := context.Background()
	if o.Succeeded(ctx, log, "timers: the store answers again") {
		t.Error("a success with no outage was logged")
	}
	for i := range 5 {
		if logged := o.Failed(ctx, log, "timers: listing the games due", errors.New("connection refused")); logged != (i == 0) {
			t.Errorf("failure %d logged: %v", i, logged)
		}
	}
	if !o.Succeeded(ctx, log, "timers: the store answers again") {
		t.Error("the end of the outage was not logged")
	}
	o.Failed(ctx, log, "timers: listing the games due", errors.New("again"))
	out := logs.String()
	if strings.Count(out, "level=WARN") != 2 || strings.Count(out, "level=INFO") != 1 || !strings.Contains(out, "failed_tries=5") {
		t.Errorf("outage log:\n%s", out)
	}
}

// value sums a metric's series in reg: a counter's or gauge's values, a
// histogram's observation counts (0 when it has none).
func value(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			sum += m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}
