package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/games"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
)

// Server is a Moonshine gRPC server.
type Server struct {
	cfg      Config
	store    eventstore.Store
	ownStore bool
	svc      *gameservice.Service
	grpc     *grpc.Server
	health   *health.Server
	log      *slog.Logger
	tel      *telemetry.Telemetry
	certs    *certFiles // nil: plaintext

	readiness readiness
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
	})
	if err != nil {
		return err
	}
	s.svc = svc
	opts := svc.ServerOptions()
	if s.certs != nil {
		opts = append(opts, grpc.Creds(s.certs.credentials()))
	}
	s.grpc = grpc.NewServer(opts...)
	svc.Register(s.grpc)
	s.health = health.NewServer()
	healthpb.RegisterHealthServer(s.grpc, s.health)
	reflection.Register(s.grpc)
	s.tel.InitializeGRPC(s.grpc)
	if len(cfg.APIKeys) > 0 {
		s.log.Info("trusted API keys configured", "keys", len(cfg.APIKeys))
	}
	return nil
}

// measureStore registers the store's own statistics: PostgreSQL's pool
// and LISTEN reconnects.
func (s *Server) measureStore() {
	pg, ok := s.store.(*pgstore.Store)
	if !ok {
		return
	}
	s.tel.Pool(pg.Pool())
	s.tel.CounterFunc("listen_reconnects_total", "Times the LISTEN connection was made again after it was lost.",
		func() float64 { return float64(pg.ListenerReconnects()) })
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

// ErrPlaintext: Serve was asked to serve plaintext gRPC on an address
// other than loopback, with neither TLS nor Config.AllowPlaintext.
var ErrPlaintext = errors.New("server: refusing plaintext gRPC on a non-loopback address")

// Serve serves gRPC on lis until Shutdown. It returns nil after Shutdown.
// Without TLS it serves only a loopback address (or a Unix socket, or an
// in-memory listener), unless Config.AllowPlaintext.
func (s *Server) Serve(lis net.Listener) error {
	if s.certs == nil && !s.cfg.AllowPlaintext && !isLocal(lis.Addr()) {
		return fmt.Errorf("%w (%s)", ErrPlaintext, lis.Addr())
	}
	s.log.Info("serving", "addr", lis.Addr().String(), "tls", s.certs != nil)
	err := s.grpc.Serve(lis)
	if errors.Is(err, grpc.ErrServerStopped) {
		return nil
	}
	return err
}

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
	done := make(chan struct{})
	go func() {
		s.grpc.GracefulStop()
		close(done)
	}()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		s.grpc.Stop()
		<-done
		err = fmt.Errorf("server: shutdown cut short: %w", ctx.Err())
	}
	s.closeStore()
	return err
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
