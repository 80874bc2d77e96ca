package server_test

import (
	"slices"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/telemetry"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestTraces records the spans of a command: the call's (otelgrpc), with
// decide, the append and the projection inside it, in one trace.
func TestTraces(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	c := moonshinev1.NewGameServiceClient(start(t, server.Config{Store: memstore.New(),
		Telemetry: telemetry.New(telemetry.Options{TracerProvider: tp})}))
	id, tok := table(t, c, 3)
	if !play(t, c, id, tok[0], "c1") {
		t.Fatal("seat 0 has nothing to do at the start")
	}
	var call sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.Name() == "moonshine.v1.GameService/SubmitCommand" {
			call = s
		}
	}
	if call == nil {
		t.Fatal("no span for SubmitCommand")
	}
	var inside []string
	for _, s := range rec.Ended() {
		if s.SpanContext().TraceID() == call.SpanContext().TraceID() && s != call {
			inside = append(inside, s.Name())
		}
	}
	for _, want := range []string{"decide", "eventstore.append", "project"} {
		if !slices.Contains(inside, want) {
			t.Errorf("no %s span in the command's trace (%v)", want, inside)
		}
	}
}
