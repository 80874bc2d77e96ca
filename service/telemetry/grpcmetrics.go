package telemetry

import (
	"context"
	"time"

	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/reflection"
)

// grpcMetrics are the gRPC server metrics of go-grpc-middleware's
// Prometheus provider (grpc_server_started_total, _handled_total,
// _msg_received_total, _msg_sent_total and _handling_seconds), with the
// same names, labels and meaning. They are kept here rather than taken
// from the provider because its stream interceptor looks the labels up
// and reads the clock for every message a stream sends, about a tenth of
// the server's CPU when a game's table fans an event out to a thousand
// watchers; here a stream resolves its counters once, and a handler that
// sends in rounds (WatchGame) counts each round's messages with one
// addition ([BatchSends]).
type grpcMetrics struct {
	started, handled, received, sent *prometheus.CounterVec
	handling                         *prometheus.HistogramVec
}

func newGRPCMetrics(buckets []float64) *grpcMetrics {
	labels := []string{"grpc_type", "grpc_service", "grpc_method"}
	counter := func(name, help string, labels []string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	}
	return &grpcMetrics{
		started:  counter("grpc_server_started_total", "Total number of RPCs started on the server.", labels),
		handled:  counter("grpc_server_handled_total", "Total number of RPCs completed on the server, regardless of success or failure.", append(labels[:3:3], "grpc_code")),
		received: counter("grpc_server_msg_received_total", "Total number of RPC stream messages received on the server.", labels),
		sent:     counter("grpc_server_msg_sent_total", "Total number of gRPC stream messages sent by the server.", labels),
		handling: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "grpc_server_handling_seconds",
			Help:    "Histogram of response latency (seconds) of gRPC that had been application-level handled by the server.",
			Buckets: buckets}, labels),
	}
}

func (m *grpcMetrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{m.started, m.handled, m.received, m.sent, m.handling}
}

// initialize creates every registered method's series at zero.
func (m *grpcMetrics) initialize(gs reflection.ServiceInfoProvider) {
	for service, info := range gs.GetServiceInfo() {
		for _, mi := range info.Methods {
			lv := []string{string(methodType(mi)), service, mi.Name}
			m.started.WithLabelValues(lv...)
			m.received.WithLabelValues(lv...)
			m.sent.WithLabelValues(lv...)
			m.handling.WithLabelValues(lv...)
			for _, code := range interceptors.AllCodes {
				m.handled.WithLabelValues(append(lv, code.String())...)
			}
		}
	}
}

func methodType(mi grpc.MethodInfo) interceptors.GRPCType {
	switch {
	case mi.IsClientStream && mi.IsServerStream:
		return interceptors.BidiStream
	case mi.IsClientStream:
		return interceptors.ClientStream
	case mi.IsServerStream:
		return interceptors.ServerStream
	}
	return interceptors.Unary
}

// finish counts a finished call by its code (CANCELED when the client went
// away, see clientClosed) and observes its duration.
func (m *grpcMetrics) finish(ctx context.Context, lv []string, err error, start time.Time) {
	code := grpcprom.FromError(err).Code()
	if st, gone := clientClosed(ctx, err); gone {
		code = st.Code()
	}
	m.handled.WithLabelValues(append(lv, code.String())...).Inc()
	m.handling.WithLabelValues(lv...).Observe(time.Since(start).Seconds())
}

func (m *grpcMetrics) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	start := time.Now()
	meta := interceptors.NewServerCallMeta(info.FullMethod, nil, req)
	lv := []string{string(meta.Typ), meta.Service, meta.Method}
	m.started.WithLabelValues(lv...).Inc()
	m.received.WithLabelValues(lv...).Inc()
	resp, err := h(ctx, req)
	if err == nil {
		m.sent.WithLabelValues(lv...).Inc()
	}
	m.finish(ctx, lv, err, start)
	return resp, err
}

func (m *grpcMetrics) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	start := time.Now()
	meta := interceptors.NewServerCallMeta(info.FullMethod, info, nil)
	lv := []string{string(meta.Typ), meta.Service, meta.Method}
	m.started.WithLabelValues(lv...).Inc()
	cs := &countedStream{ServerStream: ss, received: m.received.WithLabelValues(lv...), sent: m.sent.WithLabelValues(lv...)}
	cs.ctx = context.WithValue(ss.Context(), sendsKey{}, cs)
	err := h(srv, cs)
	cs.flush()
	m.finish(ss.Context(), lv, err, start)
	return err
}

// countedStream counts a stream's messages on counters resolved once.
// Sends are counted as they are made, or, once the handler has asked for
// it (BatchSends), when it flushes; a stream sends from one goroutine at
// a time (grpc.ServerStream's contract), so the count needs no lock.
type countedStream struct {
	grpc.ServerStream
	ctx            context.Context
	received, sent prometheus.Counter
	batched        bool
	pending        int
}

type sendsKey struct{}

func (s *countedStream) Context() context.Context { return s.ctx }

func (s *countedStream) SendMsg(m any) error {
	err := s.ServerStream.SendMsg(m)
	switch {
	case err != nil:
	case s.batched:
		s.pending++
	default:
		s.sent.Inc()
	}
	return err
}

func (s *countedStream) RecvMsg(m any) error {
	err := s.ServerStream.RecvMsg(m)
	if err == nil {
		s.received.Inc()
	}
	return err
}

func (s *countedStream) flush() {
	if s.pending > 0 {
		s.sent.Add(float64(s.pending))
		s.pending = 0
	}
}

// Sends counts the messages a stream's handler sends in rounds: those
// sent since the last Flush are added to grpc_server_msg_sent_total when
// it flushes, and when the call ends. A nil *Sends (no telemetry) does
// nothing.
type Sends struct{ s *countedStream }

// BatchSends returns the Sends of the stream whose context is ctx, or nil
// when the server keeps no metrics. Call it, and Flush, from the
// goroutine that sends.
func BatchSends(ctx context.Context) *Sends {
	cs, _ := ctx.Value(sendsKey{}).(*countedStream)
	if cs == nil {
		return nil
	}
	cs.batched = true
	return &Sends{cs}
}

// Flush counts the messages sent since the last Flush.
func (b *Sends) Flush() {
	if b != nil {
		b.s.flush()
	}
}
