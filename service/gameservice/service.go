package gameservice

import (
	"context"
	"errors"
	"github.com/moonshine-games/moonshine/service/edge"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"log/slog"
	"sync"
	"time"

	grpcauth "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/botdriver"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/gamehost/backfill"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"github.com/moonshine-games/moonshine/service/turntimer"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// Options configure a Service.
type Options struct {
	// Store keeps the games. Required.
	Store eventstore.Store
	// Games are the games hosted. Required.
	Games *games.Registry
	// Logger receives request and error logs (default: slog.Default()).
	Logger *slog.Logger
	// Telemetry receives metrics and spans (nil: none; the request log
	// line is written all the same).
	Telemetry *telemetry.Telemetry
	// AuditorToken is the auditor's credential; empty disables the role.
	AuditorToken string
	// CommandRate is the sustained rate of commands and messages allowed
	// per credential, per second; <= 0: no limit.
	CommandRate float64
	// CommandBurst is the burst allowed above CommandRate (default 1).
	CommandBurst int
	// CreateRate is the sustained rate of game creations and seat claims
	// allowed per client address (an IPv6 client: per /64), whatever
	// credential it sends, per second (0: CommandRate; < 0: no limit).
	CreateRate float64
	// CreateBurst is the burst allowed above CreateRate (0: CommandBurst).
	CreateBurst int
	// MaxStreamsPerCredential caps open WatchGame streams per credential
	// (spectators: per client address); <= 0: no limit.
	MaxStreamsPerCredential int
	// MaxStreams caps open WatchGame streams in all; <= 0: no limit.
	MaxStreams int
	// APIKeys are the trusted clients' keys (nil: none). A call carrying
	// one counts its game creations and seat claims against the key's own
	// rate instead of its address's, and its spectator streams against
	// the key, up to MaxStreamsPerAPIKey (<= 0: no limit but MaxStreams).
	APIKeys             *limits.Keys
	MaxStreamsPerAPIKey int
	// CacheBytes is the memory budget of the games kept folded in memory
	// (gamehost.Options.CacheBytes; default gamehost.DefaultCacheBytes).
	CacheBytes int64
	// MaxMessageBytes caps a request's encoded size: a larger one is
	// refused with RESOURCE_EXHAUSTED and reason MESSAGE_TOO_LARGE, up to
	// edge.MessageCeiling times the cap, beyond which gRPC refuses it itself
	// (no ErrorInfo); <= 0: gRPC's own limit only.
	MaxMessageBytes int
	// WatchOutage is how long an open WatchGame rides out an outage of the
	// store, retrying its read from its last seq, before it ends
	// UNAVAILABLE with that seq (0: DefaultWatchOutage; < 0: it ends at
	// the first failed read).
	WatchOutage time.Duration
	// Clock tells the turn timers the time (nil: the wall clock).
	Clock turnclock.Clock
	// TimerPoll is how often the store is asked for turn deadlines due
	// that this process does not hold (0: turntimer.DefaultPoll).
	TimerPoll time.Duration
}

// Service implements moonshinev1.GameServiceServer: one method per RPC,
// each a thin handler over the game host (files by group: lobby.go,
// play.go, reads.go, watch.go, talk.go, takeback.go, tablelife.go).
type Service struct {
	moonshinev1.UnimplementedGameServiceServer

	host   *gamehost.Host
	games  *games.Registry
	log    *slog.Logger
	tel    *telemetry.Telemetry
	authn  *auth.Authenticator
	limits *callerLimits
	bots   *botdriver.Driver
	timers *turntimer.Driver
	edge   edge.Edge
	// watchOutage is Options.WatchOutage.
	watchOutage time.Duration

	// closing is closed by Close: watch streams end, bots stop.
	closing   chan struct{}
	closeOnce sync.Once
	// jobs are the service's jobs at start (backfill), which Close stops.
	jobs     sync.WaitGroup
	stopJobs context.CancelFunc
}

// New returns a service with its game host, bot driver and timer driver
// running; call Close to stop them.
func New(o Options) (*Service, error) {
	if o.Store == nil || o.Games == nil {
		return nil, errors.New("gameservice: Store and Games are required")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.WatchOutage == 0 {
		o.WatchOutage = DefaultWatchOutage
	}
	claims := auth.NewClaimCache(0, 0)
	host, err := gamehost.New(gamehost.Options{Store: o.Store, Games: o.Games, Logger: o.Logger, Telemetry: o.Telemetry,
		CacheBytes: o.CacheBytes, Clock: o.Clock, Claims: claims})
	if err != nil {
		return nil, err
	}
	s := &Service{
		host:        host,
		games:       o.Games,
		log:         o.Logger,
		tel:         o.Telemetry,
		authn:       &auth.Authenticator{Seats: o.Store, AuditorToken: o.AuditorToken, APIKeys: o.APIKeys, Claims: claims},
		limits:      newCallerLimits(o),
		edge:        edge.Edge{MaxBytes: o.MaxMessageBytes},
		watchOutage: o.WatchOutage,
		closing:     make(chan struct{}),
	}
	s.bots = botdriver.New(host, o.Logger, o.Telemetry)
	s.timers = turntimer.New(host, s.bots, o.Logger, o.Telemetry, o.TimerPoll)
	host.Start(gamehost.Hooks{Moved: s.bots.Wake, Due: s.timers.Note})
	s.bots.Start()
	s.timers.Start()
	ctx, cancel := context.WithCancel(context.Background())
	s.stopJobs = cancel
	s.jobs.Go(func() { backfill.Summaries(ctx, host, o.Logger) })
	s.tel.GaugeFunc("watch_streams", "Open WatchGame streams.", func() float64 { return float64(s.limits.streams.Open()) })
	return s, nil
}

// Register registers the service on a gRPC server built with
// [Service.ServerOptions].
func (s *Service) Register(gs *grpc.Server) {
	gs.RegisterService(edge.ReadingRequests(&moonshinev1.GameService_ServiceDesc), s)
}

// ServerOptions returns the codec and the interceptor chains the service
// needs: telemetry (metrics, the request id and log line, which read the
// status a call ends with), panic recovery, the error mapping, the edge
// (decoding, size and field checks of every request, see edge.go) and
// authentication.
func (s *Service) ServerOptions() []grpc.ServerOption {
	panics := recovery.WithRecoveryHandlerContext(func(ctx context.Context, p any) error {
		s.log.ErrorContext(ctx, "panic in handler", "panic", p)
		return rpcstatus.WithDetails(codes.Internal, rpcstatus.ReasonInternal, "internal error", nil)
	})
	errs := rpcstatus.Mapper{Log: s.log}
	authenticate := func(ctx context.Context) (context.Context, error) { return authenticate(ctx, s.authn) }
	unary := append(s.tel.UnaryInterceptors(s.log),
		recovery.UnaryServerInterceptor(panics),
		errs.Unary,
		s.edge.Unary,
		grpcauth.UnaryServerInterceptor(authenticate),
	)
	stream := append(s.tel.StreamInterceptors(s.log),
		recovery.StreamServerInterceptor(panics),
		errs.Stream,
		s.edge.Stream,
		grpcauth.StreamServerInterceptor(authenticate),
	)
	opts := []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(unary...),
		grpc.StreamInterceptor(edge.StreamRead), grpc.ChainStreamInterceptor(stream...),
		grpc.ForceServerCodecV2(edge.Codec()),
	}
	if s.edge.MaxBytes > 0 {
		opts = append(opts, grpc.MaxRecvMsgSize(edge.MessageCeiling*s.edge.MaxBytes))
	}
	return append(opts, s.tel.ServerOptions()...)
}

// authenticate resolves the caller and notes who it is for the request's
// log line.
func authenticate(ctx context.Context, authn *auth.Authenticator) (context.Context, error) {
	ctx, err := authn.Resolve(ctx)
	if err != nil {
		return nil, err
	}
	c := auth.From(ctx)
	switch c.Role {
	case auth.SeatHolder:
		telemetry.NoteCaller(ctx, "seat", int(c.Seat), c.APIKey)
	case auth.Auditor:
		telemetry.NoteCaller(ctx, "auditor", -1, c.APIKey)
	default:
		telemetry.NoteCaller(ctx, "spectator", -1, c.APIKey)
	}
	return ctx, nil
}

// Close ends open watch streams (UNAVAILABLE, SERVER_SHUTTING_DOWN) and
// stops the bots, the timers and the host; call it before
// grpc.Server.GracefulStop so that the streams drain. It does not close
// the store.
func (s *Service) Close() {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.stopJobs()
		s.jobs.Wait()
		s.timers.Stop()
		s.bots.Stop()
		s.host.Close()
	})
}

// seatCaller returns the caller's seat in the game, or the refusal for a
// caller that may not act there.
func seatCaller(ctx context.Context, gameID string) (auth.Caller, error) {
	c := auth.From(ctx)
	switch {
	case c.Role == auth.Spectator:
		return c, rpcstatus.Refuse(codes.Unauthenticated, rpcstatus.ReasonCredentialRequired, "acting needs a seat credential")
	case c.Role == auth.Auditor:
		return c, rpcstatus.Refuse(codes.PermissionDenied, rpcstatus.ReasonSeatRequired, "the auditor reads; only seats act")
	case c.GameID != gameID:
		return c, rpcstatus.Refuse(codes.PermissionDenied, rpcstatus.ReasonNotYourGame, "the credential is for another game")
	}
	return c, nil
}
