package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/games"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
)

// Config configures a Server. Zero values take the defaults below.
type Config struct {
	// Store, if set, is used as is and not closed by Shutdown. Otherwise
	// the server opens PostgreSQL when DatabaseURL is set, else the
	// embedded store at DBPath.
	Store eventstore.Store
	// DatabaseURL is a PostgreSQL URL.
	DatabaseURL string
	// DBPath is the embedded store's file (default "moonshine.db").
	DBPath string
	// Games are the hosted games (default games.Default()).
	Games *games.Registry
	// Logger (default slog.Default()).
	Logger *slog.Logger
	// AuditorToken is the auditor's credential; empty disables the role.
	AuditorToken string
	// MaxMessageBytes caps a request (default 1 MiB): a larger one is
	// refused with MESSAGE_TOO_LARGE (see gameservice.Options).
	MaxMessageBytes int
	// CommandRate is the commands and messages per second per credential
	// (default 10); CommandBurst the burst above it (default 20).
	CommandRate  float64
	CommandBurst int
	// CreateRate is the games created and seats claimed per second per
	// client address, whatever the credential (default: CommandRate);
	// CreateBurst the burst above it (default: CommandBurst).
	CreateRate  float64
	CreateBurst int
	// MaxStreamsPerCredential (default 16) and MaxStreams (default 10000)
	// cap open WatchGame streams.
	MaxStreamsPerCredential int
	MaxStreams              int
	// WatchOutage is how long an open watch stream rides out an outage of
	// the store (default gameservice.DefaultWatchOutage; negative: none).
	WatchOutage time.Duration
}

// Defaults.
const (
	DefaultDBPath                  = "moonshine.db"
	DefaultMaxMessageBytes         = 1 << 20
	DefaultCommandRate             = 10
	DefaultCommandBurst            = 20
	DefaultMaxStreamsPerCredential = 16
	DefaultMaxStreams              = 10000
)

func (c *Config) defaults() {
	set := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	if c.DBPath == "" {
		c.DBPath = DefaultDBPath
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.CommandRate == 0 {
		c.CommandRate = DefaultCommandRate
	}
	set(&c.MaxMessageBytes, DefaultMaxMessageBytes)
	set(&c.CommandBurst, DefaultCommandBurst)
	set(&c.MaxStreamsPerCredential, DefaultMaxStreamsPerCredential)
	set(&c.MaxStreams, DefaultMaxStreams)
}

// Server is a Moonshine gRPC server.
type Server struct {
	store    eventstore.Store
	ownStore bool
	svc      *gameservice.Service
	grpc     *grpc.Server
	health   *health.Server
	log      *slog.Logger
}

// New opens the store (unless given) and builds the server.
func New(ctx context.Context, cfg Config) (*Server, error) {
	cfg.defaults()
	s := &Server{store: cfg.Store, log: cfg.Logger}
	if s.store == nil {
		st, err := OpenStore(ctx, cfg.DatabaseURL, cfg.DBPath, s.log)
		if err != nil {
			return nil, err
		}
		s.store, s.ownStore = st, true
	}
	s.log.Info("event store ready", "kind", s.store.Kind())
	reg := cfg.Games
	if reg == nil {
		reg = games.Default()
	}
	svc, err := gameservice.New(gameservice.Options{
		Store: s.store, Games: reg, Logger: cfg.Logger, AuditorToken: cfg.AuditorToken,
		CommandRate: cfg.CommandRate, CommandBurst: cfg.CommandBurst,
		CreateRate: cfg.CreateRate, CreateBurst: cfg.CreateBurst,
		MaxStreamsPerCredential: cfg.MaxStreamsPerCredential, MaxStreams: cfg.MaxStreams,
		MaxMessageBytes: cfg.MaxMessageBytes, WatchOutage: cfg.WatchOutage,
	})
	if err != nil {
		s.closeStore()
		return nil, err
	}
	s.svc = svc
	s.grpc = grpc.NewServer(svc.ServerOptions()...)
	svc.Register(s.grpc)
	s.health = health.NewServer()
	healthpb.RegisterHealthServer(s.grpc, s.health)
	s.health.SetServingStatus(moonshinev1.GameService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	reflection.Register(s.grpc)
	return s, nil
}

// StoreKind names the event store in use: "memory", "sqlite", "postgres".
func (s *Server) StoreKind() string { return s.store.Kind() }

// Serve serves gRPC on lis until Shutdown. It returns nil after Shutdown.
func (s *Server) Serve(lis net.Listener) error {
	s.log.Info("serving", "addr", lis.Addr().String())
	err := s.grpc.Serve(lis)
	if errors.Is(err, grpc.ErrServerStopped) {
		return nil
	}
	return err
}

// Shutdown stops accepting calls, ends watch streams (UNAVAILABLE,
// SERVER_SHUTTING_DOWN) and bots, waits for the calls under way until ctx
// ends (then cuts them), and closes the store if the server opened it.
func (s *Server) Shutdown(ctx context.Context) error {
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
