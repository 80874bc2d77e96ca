package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/telemetry"
)

const serveSynopsis = "moonshined [serve] [flags]"

// runServe serves until ctx ends, then shuts down gracefully.
func runServe(ctx context.Context, args []string, getenv func(string) string, w stdio, listening func(listeners)) error {
	var s serveSettings
	l := newLoader("moonshined", serveSynopsis, &s, w.err)
	l.preamble = commandList // `moonshined -h`
	rest, err := l.load(args, getenv)
	if err != nil {
		return err
	}
	if err := noArgs(rest); err != nil {
		return err
	}
	cfg, err := s.check()
	if err != nil {
		return err
	}
	log, err := telemetry.NewLogger(w.err, s.LogFormat, s.LogLevel)
	if err != nil {
		return err
	}
	log.Info("moonshined starting", logAttrs(&s)...)
	tp, stopTracing, err := telemetry.NewTracing(ctx, telemetry.TracingOptions{Endpoint: s.OTLPEndpoint,
		Insecure: s.OTLPInsecure, SampleRatio: s.TraceSample, Service: "moonshined"})
	if err != nil {
		return err
	}
	defer flushTraces(stopTracing, log)
	cfg.Logger, cfg.Telemetry = log, telemetry.New(telemetry.Options{TracerProvider: tp})
	return serve(ctx, s, cfg, log, listening)
}

// checkPlaintext refuses, before anything starts, what Serve would refuse
// once the database is reached.
func checkPlaintext(l listenSettings) error {
	if l.TLSCert != "" || l.AllowPlaintext {
		return nil
	}
	addr, err := net.ResolveTCPAddr("tcp", l.Addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %w", l.Addr, err)
	}
	if !addr.IP.IsLoopback() {
		return fmt.Errorf("%w %s: set MOONSHINE_TLS_CERT and MOONSHINE_TLS_KEY, or MOONSHINE_ALLOW_PLAINTEXT=true "+
			"when a proxy in front terminates TLS", server.ErrPlaintext, l.Addr)
	}
	return nil
}

// serve runs the admin listener (at once, so that metrics and liveness
// answer while the database is awaited), the server, and the gRPC
// listener, until ctx ends.
func serve(ctx context.Context, s serveSettings, cfg server.Config, log *slog.Logger, listening func(listeners)) error {
	var current atomic.Pointer[server.Server]
	ready := func() bool {
		srv := current.Load()
		return srv != nil && srv.Ready()
	}
	cfg.Telemetry.Readiness(ready) // moonshine_ready, beside /readyz
	admin, adminAddr, err := startAdmin(s.AdminAddr, server.AdminHandler(cfg.Telemetry, ready), log)
	if err != nil {
		return err
	}
	defer stopAdmin(admin)
	srv, err := server.New(ctx, cfg)
	if err != nil {
		return err
	}
	current.Store(srv)
	lis, err := net.Listen("tcp", s.Listen.Addr)
	if err != nil {
		srv.Shutdown(context.Background())
		return err
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()
	if listening != nil {
		listening(listeners{grpc: lis.Addr(), admin: adminAddr})
	}
	select {
	case err := <-served:
		srv.Shutdown(context.Background())
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", server.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), server.ShutdownTimeout)
	defer cancel()
	err = srv.Shutdown(sctx)
	if serr := <-served; err == nil {
		err = serr
	}
	return err
}

// startAdmin serves h on addr, if set.
func startAdmin(addr string, h http.Handler, log *slog.Logger) (*http.Server, net.Addr, error) {
	if addr == "" {
		return nil, nil, nil
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("admin listener: %w", err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := hs.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("admin listener", "err", err)
		}
	}()
	log.Info("admin listener serving /metrics, /livez, /readyz and /debug/pprof/", "addr", lis.Addr().String())
	return hs, lis.Addr(), nil
}

func stopAdmin(hs *http.Server) {
	if hs == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = hs.Shutdown(ctx)
}

// flushTraces sends the spans still buffered.
func flushTraces(stop func(context.Context) error, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := stop(ctx); err != nil {
		log.Warn("flushing traces", "err", err)
	}
}
