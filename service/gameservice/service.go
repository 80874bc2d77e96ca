package gameservice

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"sync"
	"time"

	grpcauth "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
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
	// CacheBytes is the memory budget of the games kept folded in memory,
	// each measured (heapSize) as it grows; past it, the least recently used
	// go (default DefaultCacheBytes).
	CacheBytes int64
	// MaxMessageBytes caps a request's encoded size: a larger one is
	// refused with RESOURCE_EXHAUSTED and reason MESSAGE_TOO_LARGE, up to
	// MessageCeiling times the cap, beyond which gRPC refuses it itself
	// (no ErrorInfo); <= 0: gRPC's own limit only.
	MaxMessageBytes int
	// WatchOutage is how long an open WatchGame rides out an outage of the
	// store, retrying its read from its last seq, before it ends
	// UNAVAILABLE with that seq (0: DefaultWatchOutage; < 0: it ends at
	// the first failed read).
	WatchOutage time.Duration
	// Clock tells the turn timers the time (nil: the wall clock).
	Clock Clock
	// TimerPoll is how often the store is asked for turn deadlines due
	// that this process does not hold (0: DefaultTimerPoll).
	TimerPoll time.Duration
}

// MessageCeiling is how many times Options.MaxMessageBytes gRPC accepts to
// decode, so that the service can refuse such requests with a reason.
const MessageCeiling = 4

// Service implements moonshinev1.GameServiceServer.
type Service struct {
	moonshinev1.UnimplementedGameServiceServer

	store   eventstore.Store
	games   *games.Registry
	log     *slog.Logger
	tel     *telemetry.Telemetry
	authn   *auth.Authenticator
	acts    *limits.Rates // commands and messages, per credential
	creates *limits.Rates // games and seats, per client address
	streams *limits.Streams
	keys    *limits.Keys
	// keyStreams is Options.MaxStreamsPerAPIKey.
	keyStreams int
	tables     *cache
	bots       *botDriver
	timers     *timerDriver
	codec      requestCodec
	// maxMsg is Options.MaxMessageBytes.
	maxMsg int
	// watchOutage is Options.WatchOutage.
	watchOutage time.Duration

	// closing is closed by Close: watch streams end, bots stop.
	closing   chan struct{}
	closeOnce sync.Once
	// unlisten stops the store's changes (Service.changed).
	unlisten func()
}

// New returns a service and starts its bot driver; call Close to stop it.
func New(o Options) (*Service, error) {
	if o.Store == nil || o.Games == nil {
		return nil, errors.New("gameservice: Store and Games are required")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.CreateRate == 0 {
		o.CreateRate = o.CommandRate
	}
	if o.CreateBurst == 0 {
		o.CreateBurst = o.CommandBurst
	}
	if o.WatchOutage == 0 {
		o.WatchOutage = DefaultWatchOutage
	}
	s := &Service{
		store: o.Store,
		games: o.Games,
		log:   o.Logger,
		tel:   o.Telemetry,
		authn: &auth.Authenticator{Seats: o.Store, AuditorToken: o.AuditorToken, APIKeys: o.APIKeys,
			Claims: auth.NewClaimCache(0, 0)},
		keys:        o.APIKeys,
		keyStreams:  o.MaxStreamsPerAPIKey,
		maxMsg:      o.MaxMessageBytes,
		watchOutage: o.WatchOutage,
		acts:        limits.NewRates(o.CommandRate, o.CommandBurst),
		creates:     limits.NewRates(o.CreateRate, o.CreateBurst),
		streams:     limits.NewStreams(o.MaxStreamsPerCredential, o.MaxStreams),
		tables:      newCache(o.CacheBytes),
		codec:       newRequestCodec(),
		closing:     make(chan struct{}),
	}
	s.unlisten = s.store.OnChange(s.changed)
	startBots(s)
	startTimers(s, o.Clock, o.TimerPoll)
	s.tel.GaugeFunc("cache_games", "Games held folded in the cache.", func() float64 { n, _ := s.tables.usage(); return float64(n) })
	s.tel.GaugeFunc("cache_bytes", "Measured bytes of the games held folded in the cache (within -cache-bytes).", func() float64 { _, b := s.tables.usage(); return float64(b) })
	s.tel.GaugeFunc("watch_streams", "Open WatchGame streams.", func() float64 { return float64(s.streams.Open()) })
	return s, nil
}

// Register registers the service on a gRPC server built with
// [Service.ServerOptions].
func (s *Service) Register(gs *grpc.Server) {
	gs.RegisterService(ReadingRequests(&moonshinev1.GameService_ServiceDesc), s)
}

// ServerOptions returns the codec and the interceptor chains the service
// needs: telemetry (metrics, the request id and log line, which read the
// status a call ends with), panic recovery, the error mapping, the edge
// (decoding, size and field checks of every request, see edge.go) and
// authentication.
func (s *Service) ServerOptions() []grpc.ServerOption {
	panics := recovery.WithRecoveryHandlerContext(func(ctx context.Context, p any) error {
		s.log.ErrorContext(ctx, "panic in handler", "panic", p)
		return withDetails(codes.Internal, ReasonInternal, "internal error", nil)
	})
	unary := append(s.tel.UnaryInterceptors(s.log),
		recovery.UnaryServerInterceptor(panics),
		s.unaryErrors,
		s.unaryEdge,
		grpcauth.UnaryServerInterceptor(s.resolve),
	)
	stream := append(s.tel.StreamInterceptors(s.log),
		recovery.StreamServerInterceptor(panics),
		s.streamErrors,
		s.streamEdge,
		grpcauth.StreamServerInterceptor(s.resolve),
	)
	opts := []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(unary...),
		grpc.StreamInterceptor(s.streamRead), grpc.ChainStreamInterceptor(stream...),
		grpc.ForceServerCodecV2(s.codec),
	}
	if s.maxMsg > 0 {
		opts = append(opts, grpc.MaxRecvMsgSize(MessageCeiling*s.maxMsg))
	}
	return append(opts, s.tel.ServerOptions()...)
}

// resolve authenticates the caller and notes who it is for the request's
// log line.
func (s *Service) resolve(ctx context.Context) (context.Context, error) {
	ctx, err := s.authn.Resolve(ctx)
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

// Close ends open watch streams (UNAVAILABLE, SERVER_SHUTTING_DOWN) and stops
// the bots; call it before grpc.Server.GracefulStop so that the streams
// drain. It does not close the store.
func (s *Service) Close() {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.bots.stop()
		s.timers.stop()
		s.unlisten()
	})
}

// limitKey is the key that acting and streams count against: the
// credential, or the client's address for spectators.
func limitKey(ctx context.Context) string {
	if k := auth.From(ctx).Key; k != "" {
		return k
	}
	return clientKey(ctx)
}

// clientKey is the key that creation counts against whatever the
// credential: the client's API key if it sent one, else its IP address,
// or for IPv6 its /64 network (one host commonly holds a whole /64, so
// counting addresses there would count nothing). A client without an IP
// address (a Unix socket, an in-memory connection) is counted by the
// address it has.
func clientKey(ctx context.Context) string {
	if k := auth.From(ctx).APIKey; k != "" {
		return "key:" + k
	}
	p, ok := peer.FromContext(ctx)
	if !ok || p.Addr == nil {
		return "anonymous"
	}
	ap, err := netip.ParseAddrPort(p.Addr.String())
	if err != nil {
		return "addr:" + p.Addr.String()
	}
	a := ap.Addr().Unmap()
	if a.Is6() {
		net64, _ := a.Prefix(64)
		return "net:" + net64.String()
	}
	return "addr:" + a.String()
}

// allowAct takes one command or message from the caller's credential's
// rate: each seat acts at its own pace.
func (s *Service) allowAct(ctx context.Context) error { return s.acts.Allow(limitKey(ctx)) }

// allowCreate takes one game creation or seat claim from the client's
// rate (clientKey), whichever credential it sends: fresh seat credentials
// buy no extra games or seats.
func (s *Service) allowCreate(ctx context.Context) error {
	if k := auth.From(ctx).APIKey; k != "" {
		return s.keys.Allow(k)
	}
	return s.creates.Allow(clientKey(ctx))
}

// openStream counts an open watch stream against its limit key: a
// spectator with an API key within the key's cap, anyone else within the
// per-credential cap.
func (s *Service) openStream(ctx context.Context) (release func(), err error) {
	if c := auth.From(ctx); c.Key == "" && c.APIKey != "" {
		return s.streams.AcquireWithin(clientKey(ctx), s.keyStreams)
	}
	return s.streams.Acquire(limitKey(ctx))
}

// seatCaller returns the caller's seat in the game, or the refusal for a
// caller that may not act there.
func seatCaller(ctx context.Context, gameID string) (auth.Caller, error) {
	c := auth.From(ctx)
	switch {
	case c.Role == auth.Spectator:
		return c, refuse(codes.Unauthenticated, ReasonCredentialRequired, "acting needs a seat credential")
	case c.Role == auth.Auditor:
		return c, refuse(codes.PermissionDenied, ReasonSeatRequired, "the auditor reads; only seats act")
	case c.GameID != gameID:
		return c, refuse(codes.PermissionDenied, ReasonNotYourGame, "the credential is for another game")
	}
	return c, nil
}
