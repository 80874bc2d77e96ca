package telemetry

import (
	"context"
	"fmt"
	"strings"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/stats"
)

// TracingOptions configure the export of traces over OTLP.
type TracingOptions struct {
	// Endpoint is the OTLP/gRPC collector's host:port, or a URL
	// (http://host:4317 for plaintext). Empty: tracing is off.
	Endpoint string
	// Insecure sends to a host:port Endpoint without TLS.
	Insecure bool
	// SampleRatio is the share of traces recorded when the caller did not
	// decide (parent-based); 0 means 1.
	SampleRatio float64
	// Service names this program in the traces.
	Service string
}

// NewTracing returns a tracer provider that exports spans over OTLP/gRPC
// in batches, and its shutdown, which flushes them. With no endpoint it
// returns a nil provider (no tracing) and a no-op shutdown. The standard
// OTEL_EXPORTER_OTLP_* variables (headers, certificates, timeout) apply.
func NewTracing(ctx context.Context, o TracingOptions) (trace.TracerProvider, func(context.Context) error, error) {
	if o.Endpoint == "" {
		return nil, func(context.Context) error { return nil }, nil
	}
	var opts []otlptracegrpc.Option
	if strings.Contains(o.Endpoint, "://") {
		opts = append(opts, otlptracegrpc.WithEndpointURL(o.Endpoint))
	} else {
		opts = append(opts, otlptracegrpc.WithEndpoint(o.Endpoint))
		if o.Insecure {
			opts = append(opts, otlptracegrpc.WithInsecure())
		}
	}
	exp, err := otlptracegrpc.New(ctx, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("telemetry: OTLP exporter: %w", err)
	}
	ratio := o.SampleRatio
	if ratio <= 0 || ratio > 1 {
		ratio = 1
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(semconv.ServiceName(o.Service)))
	if err != nil {
		return nil, nil, fmt.Errorf("telemetry: trace resource: %w", err)
	}
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exp),
		sdktrace.WithResource(res),
		sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.TraceIDRatioBased(ratio))),
	)
	return tp, tp.Shutdown, nil
}

// newStatsHandler is otelgrpc's server handler on t's provider: a span per
// call (health checks left out), joined to the caller's trace by the W3C
// trace context it sends.
func newStatsHandler(t *Telemetry) stats.Handler {
	health := "/" + healthpb.Health_ServiceDesc.ServiceName + "/"
	return otelgrpc.NewServerHandler(
		otelgrpc.WithTracerProvider(t.provider),
		otelgrpc.WithPropagators(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})),
		otelgrpc.WithFilter(func(info *stats.RPCTagInfo) bool { return !strings.HasPrefix(info.FullMethodName, health) }),
	)
}
