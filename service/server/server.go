package server

import (
	"context"
	"errors"
	"fmt"
	"github.com/moonshine-games/moonshine/service/edge"
	"github.com/moonshine-games/moonshine/service/httpapi"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/games"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// Server is a Moonshine gRPC server.
type Server struct {
	cfg      Config
	store    eventstore.Store
	ownStore bool
	svc      *gameservice.Service
	grpc     *grpc.Server
	http     http.Handler // every protocol, see http.go
	health   *health.Server
	log      *slog.Logger
	tel      *telemetry.Telemetry
	certs    *certFiles // nil: plaintext

	readiness readiness
	mu        sync.Mutex
	servers   []*http.Server // one per Serve; nil after Shutdown
	listeners []net.Listener // Serve's; closed by Shutdown
	stopOnce  sync.Once
	stopped   chan struct{} // closed by Shutdown: the health loop ends
	healthEnd chan struct{} // closed when the health loop has ended
}

// New opens the store (unless given), retrying a database it cannot reach
// for up to Config.ConnectTimeout, and builds the server.
func New(ctx context.Context, cfg Config) (*Server, error) {
	cfg.defaults()
	s := &Server{cfg: cfg, log: cfg.Logger, tel: cfg.Telemetry, store: cfg.Store,
		stopped: make(chan struct{}), healthEnd: make(chan struct{})}
	if cfg.AuditorToken != "" {
		s.warnAuditor(cfg.AuditorToken)
	}
	if cfg.TLSCertFile != "" || cfg.TLSKeyFile != "" {
		certs, err := loadCertFiles(cfg.TLSCertFile, cfg.TLSKeyFile, s.log)
		if err != nil {
			return nil, err
		}
		s.certs = certs
		s.tel.GaugeFunc("tls_certificate_expiry_timestamp_seconds", "When the served TLS certificate expires (Unix time).", certs.expiry)
	}
	if s.store == nil {
		st, err := openRetrying(ctx, cfg, s.log)
		if err != nil {
			return nil, err
		}
		s.store, s.ownStore = st, true
	}
	s.log.Info("event store ready", "kind", s.store.Kind())
	s.measureStore()
	if err := s.build(); err != nil {
		s.closeStore()
		return nil, err
	}
	s.startHealth()
	return s, nil
}

// build makes the game service and the gRPC server with health and
// reflection.
func (s *Server) build() error {
	reg := s.cfg.Games
	if reg == nil {
		reg = games.Default()
	}
	cfg := s.cfg
	svc, err := gameservice.New(gameservice.Options{
		Store: s.tel.Store(s.store), Games: reg, Logger: cfg.Logger, Telemetry: s.tel, AuditorToken: cfg.AuditorToken,
		CommandRate: cfg.CommandRate, CommandBurst: cfg.CommandBurst,
		CreateRate: cfg.CreateRate, CreateBurst: cfg.CreateBurst,
		APIKeys:                 limits.NewKeys(cfg.APIKeys, cfg.APIKeyRate, cfg.APIKeyBurst),
		MaxStreamsPerAPIKey:     cfg.MaxStreamsPerAPIKey,
		MaxStreamsPerCredential: cfg.MaxStreamsPerCredential, MaxStreams: cfg.MaxStreams,
		MaxMessageBytes: cfg.MaxMessageBytes, WatchOutage: cfg.WatchOutage, CacheBytes: cfg.CacheBytes,
		Clock: cfg.Clock, TimerPoll: cfg.TimerPoll,
	})
	if err != nil {
		return err
	}
	s.svc = svc
	opts := append([]grpc.ServerOption{grpc.ChainUnaryInterceptor(httpapi.JSONNamesUnary), grpc.ChainStreamInterceptor(httpapi.JSONNamesStream)},
		svc.ServerOptions()...)
	s.grpc = grpc.NewServer(append(opts, grpc.ChainUnaryInterceptor(replicaReads))...)
	svc.Register(s.grpc)
	s.health = health.NewServer()
	s.grpc.RegisterService(edge.ReadingRequests(&healthpb.Health_ServiceDesc), s.health)
	registerReflection(s.grpc)
	s.tel.InitializeGRPC(s.grpc)
	if s.http, err = httpapi.Handler(httpapi.Options{GRPC: s.grpc, Logger: s.log, CORSOrigins: cfg.CORSOrigins, NoWeb: cfg.NoWeb,
		MaxMessageBytes: cfg.MaxMessageBytes}); err != nil {
		return err
	}
	if len(cfg.APIKeys) > 0 {
		s.log.Info("trusted API keys configured", "keys", len(cfg.APIKeys))
	}
	return nil
}

// measureStore registers the store's own statistics, when it declares
// some (eventstore.Measured: PostgreSQL's pool and LISTEN reconnects).
func (s *Server) measureStore() {
	if m, ok := s.store.(eventstore.Measured); ok {
		m.Measure(s.tel)
	}
}

// warnAuditor says loudly that auditor access is on: the token reads
// every secret of every game.
func (s *Server) warnAuditor(token string) {
	s.log.Warn("AUDITOR ACCESS IS ENABLED: the auditor token reads every seat's secrets and the seed of every game in progress; keep it secret and unset it when no audit needs it")
	if len(token) < 32 {
		s.log.Warn("the auditor token is short: use at least 32 random characters", "length", len(token))
	}
}

// StoreKind names the event store in use: "memory", "sqlite", "postgres".
func (s *Server) StoreKind() string { return s.store.Kind() }

// ErrPlaintext: Serve was asked to serve plaintext on an address other
// than loopback, with neither TLS nor Config.AllowPlaintext.
var ErrPlaintext = errors.New("server: refusing plaintext gRPC on a non-loopback address")

// Serve serves every protocol on lis until Shutdown: gRPC, gRPC-Web, the
// Connect protocol and REST/JSON, over HTTP/2 and HTTP/1.1 (HTTP/2 with
// TLS by ALPN, or without TLS by prior knowledge, as gRPC clients speak
// it), with the OpenAPI document and the web app beside them. A
// connection whose first request is gRPC is served by gRPC's own
// transport, every other by net/http (listen.go), unless
// Config.GRPCViaHTTP. It returns nil after Shutdown. Without TLS it serves
// only a loopback address (or a Unix socket, or an in-memory listener),
// unless Config.AllowPlaintext.
func (s *Server) Serve(lis net.Listener) error {
	if s.certs == nil && !s.cfg.AllowPlaintext && !isLocal(lis.Addr()) {
		return fmt.Errorf("%w (%s)", ErrPlaintext, lis.Addr())
	}
	hs := s.httpServer()
	s.mu.Lock()
	if s.isStopped() {
		s.mu.Unlock()
		return nil
	}
	s.servers = append(s.servers, hs)
	s.listeners = append(s.listeners, lis)
	s.mu.Unlock()
	s.log.Info("serving gRPC, gRPC-Web, Connect and REST", "addr", lis.Addr().String(), "tls", s.certs != nil, "grpc_via_http", s.cfg.GRPCViaHTTP)
	var err error
	switch {
	case s.cfg.GRPCViaHTTP && s.certs != nil:
		err = hs.ServeTLS(lis, "", "")
	case s.cfg.GRPCViaHTTP:
		err = hs.Serve(lis)
	default:
		err = s.route(lis, hs)
	}
	if errors.Is(err, http.ErrServerClosed) || s.isStopped() {
		return nil
	}
	return err
}

// route serves lis through a router: gRPC connections to the gRPC
// server, the rest to hs.
func (s *Server) route(lis net.Listener, hs *http.Server) error {
	r := &router{lis: lis, grpc: newHandoff(lis.Addr()), http: newHandoff(lis.Addr()),
		debugf: func(msg string, args ...any) { s.log.Debug(msg, args...) }}
	if s.certs != nil {
		r.tls = s.certs.config()
		r.tls.NextProtos = []string{"h2", "http/1.1"}
	}
	go func() { _ = s.grpc.Serve(r.grpc) }()
	go func() { _ = hs.Serve(r.http) }()
	err := r.serve()
	_ = r.http.Close()
	return err
}

// httpServer is the HTTP server of one listener. Behind a router it gets
// connections already decrypted, HTTP/2 ones by prior knowledge.
func (s *Server) httpServer() *http.Server {
	var p http.Protocols
	p.SetHTTP1(true)
	hs := &http.Server{
		Handler:           s.http,
		ReadHeaderTimeout: 10 * time.Second,
		MaxHeaderBytes:    httpapi.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
		Protocols:         &p,
	}
	if s.certs != nil && s.cfg.GRPCViaHTTP {
		p.SetHTTP2(true)
		hs.TLSConfig = s.certs.config()
	} else {
		p.SetUnencryptedHTTP2(true)
	}
	return hs
}

func (s *Server) isStopped() bool {
	select {
	case <-s.stopped:
		return true
	default:
		return false
	}
}

// Handler is the handler Serve serves, for a caller that runs its own
// http.Server (it must speak HTTP/2 for gRPC clients).
func (s *Server) Handler() http.Handler { return s.http }

// isLocal reports whether addr can be reached from this host only: a
// loopback TCP address, or no network address at all (a Unix socket, an
// in-memory listener).
func isLocal(addr net.Addr) bool {
	if tcp, ok := addr.(*net.TCPAddr); ok {
		return tcp.IP.IsLoopback()
	}
	return addr.Network() != "tcp" && addr.Network() != "tcp4" && addr.Network() != "tcp6"
}

// Shutdown stops accepting calls, turns health NOT_SERVING, ends watch
// streams (UNAVAILABLE, SERVER_SHUTTING_DOWN) and bots, waits for the
// calls under way until ctx ends (then cuts them), and closes the store if
// the server opened it.
func (s *Server) Shutdown(ctx context.Context) error {
	s.stopOnce.Do(func() { close(s.stopped) })
	<-s.healthEnd
	s.health.Shutdown()
	s.svc.Close()
	s.mu.Lock()
	servers, listeners := s.servers, s.listeners
	s.servers, s.listeners = nil, nil
	s.mu.Unlock()
	for _, lis := range listeners {
		_ = lis.Close()
	}
	var err error
	for _, hs := range servers {
		if serr := hs.Shutdown(ctx); serr != nil {
			_ = hs.Close()
			err = fmt.Errorf("server: shutdown cut short: %w", serr)
		}
	}
	if serr := s.stopGRPC(ctx); serr != nil {
		err = serr
	}
	s.closeStore()
	return err
}

// stopGRPC stops the gRPC server's own connections, letting their calls
// end until ctx does, then cutting them. It runs after the HTTP servers
// are shut down, so that no call through ServeHTTP is left.
func (s *Server) stopGRPC(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		s.grpc.GracefulStop()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.grpc.Stop()
		<-done
		return fmt.Errorf("server: shutdown cut short: %w", ctx.Err())
	}
}

func (s *Server) closeStore() {
	if s.ownStore {
		if err := s.store.Close(); err != nil {
			s.log.Warn("closing the store", "err", err)
		}
	}
}

// ShutdownTimeout is how long cmd/moonshined waits for calls to drain.
const ShutdownTimeout = 10 * time.Second
