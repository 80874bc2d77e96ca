package server

import (
	"log/slog"
	"time"

	"github.com/moonshine-games/moonshine/games"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"github.com/moonshine-games/moonshine/service/turnclock"
)

// Config configures a Server. Zero values take the defaults below.
type Config struct {
	// Store, if set, is used as is and not closed by Shutdown. Otherwise
	// the server opens the store DatabaseURL names by its scheme (see
	// StoreConfig.URL), or the embedded store at DBPath when it is empty.
	Store eventstore.Store
	// DatabaseURL names the store: a PostgreSQL URL, sqlite:PATH or a
	// file path, memory:.
	DatabaseURL string
	// DBPath is the embedded store's file (default "moonshine.db") when
	// DatabaseURL is empty.
	DBPath string
	// DatabaseDirectURL, DatabaseReadURL and ReadWait are PostgreSQL's
	// session URL (LISTEN and migrations, beside a pooler), its read
	// replica and how long a read waits for the replica (see
	// StoreConfig).
	DatabaseDirectURL string
	DatabaseReadURL   string
	ReadWait          time.Duration
	// ConnectTimeout is how long New keeps trying a database it cannot
	// reach, backing off between tries and logging each (default
	// DefaultConnectTimeout; negative: one try).
	ConnectTimeout time.Duration
	// Games are the hosted games (default games.Default()).
	Games *games.Registry
	// Logger (default slog.Default()).
	Logger *slog.Logger
	// Telemetry receives the metrics and spans (default: a new one,
	// without tracing); its registry is served by AdminHandler.
	Telemetry *telemetry.Telemetry
	// AuditorToken is the auditor's credential; empty disables the role.
	// New logs a warning when it is set.
	AuditorToken string
	// APIKeys are the trusted clients' keys; APIKeyRate and APIKeyBurst
	// the creation rate and burst of a key without its own (defaults
	// DefaultAPIKeyRate, DefaultAPIKeyBurst); MaxStreamsPerAPIKey caps a
	// key's spectator streams (default DefaultMaxStreamsPerAPIKey).
	APIKeys             []limits.APIKey
	APIKeyRate          float64
	APIKeyBurst         int
	MaxStreamsPerAPIKey int
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
	// Clock tells the turn timers the time (nil: the wall clock);
	// TimerPoll is how often the store is asked for the deadlines due
	// (default turntimer.DefaultPoll).
	Clock     turnclock.Clock
	TimerPoll time.Duration
	// CacheBytes is the memory budget of the games kept folded (default
	// gamehost.DefaultCacheBytes).
	CacheBytes int64
	// HealthInterval is how often readiness pings the store (default
	// DefaultHealthInterval).
	HealthInterval time.Duration
	// TLSCertFile and TLSKeyFile, if set, are a PEM certificate (chain)
	// and key to serve TLS with; the files are read again when they change.
	TLSCertFile, TLSKeyFile string
	// AllowPlaintext lets Serve listen without TLS on an address that is
	// not loopback (behind a proxy that terminates TLS).
	AllowPlaintext bool
	// CORSOrigins are the origins (scheme://host[:port]) whose pages may
	// call the service from a browser; "*" allows any. None by default:
	// only pages the server serves itself (the web app) reach it.
	CORSOrigins []string
	// GRPCViaHTTP serves gRPC connections through net/http's HTTP/2 and
	// grpc.Server.ServeHTTP like every other protocol, instead of gRPC's
	// own transport (which keeps a watch stream in a fraction of the
	// memory and sends to many streams at a fraction of the CPU): for a
	// client that mixes gRPC and other protocols on one HTTP/2 connection.
	GRPCViaHTTP bool
	// NoWeb turns off the web app at "/" (the API, /openapi.json and the
	// rest are served all the same).
	NoWeb bool
}

// Defaults.
const (
	DefaultDBPath                  = "moonshine.db"
	DefaultMaxMessageBytes         = 1 << 20
	DefaultCommandRate             = 10
	DefaultCommandBurst            = 20
	DefaultMaxStreamsPerCredential = 16
	DefaultMaxStreams              = 10000
	DefaultAPIKeyRate              = 100
	DefaultAPIKeyBurst             = 200
	DefaultMaxStreamsPerAPIKey     = 1000
	DefaultConnectTimeout          = time.Minute
	DefaultHealthInterval          = 5 * time.Second
	DefaultReadWait                = 100 * time.Millisecond
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
	if c.Telemetry == nil {
		c.Telemetry = telemetry.New(telemetry.Options{})
	}
	if c.CommandRate == 0 {
		c.CommandRate = DefaultCommandRate
	}
	if c.APIKeyRate == 0 {
		c.APIKeyRate = DefaultAPIKeyRate
	}
	if c.ConnectTimeout == 0 {
		c.ConnectTimeout = DefaultConnectTimeout
	}
	if c.ReadWait == 0 {
		c.ReadWait = DefaultReadWait
	}
	if c.HealthInterval <= 0 {
		c.HealthInterval = DefaultHealthInterval
	}
	set(&c.MaxMessageBytes, DefaultMaxMessageBytes)
	set(&c.CommandBurst, DefaultCommandBurst)
	set(&c.MaxStreamsPerCredential, DefaultMaxStreamsPerCredential)
	set(&c.MaxStreams, DefaultMaxStreams)
	set(&c.APIKeyBurst, DefaultAPIKeyBurst)
	set(&c.MaxStreamsPerAPIKey, DefaultMaxStreamsPerAPIKey)
}

// storeConfig is the store the configuration names.
func (c Config) storeConfig() StoreConfig {
	return StoreConfig{URL: c.DatabaseURL, DBPath: c.DBPath, DirectURL: c.DatabaseDirectURL, ReadURL: c.DatabaseReadURL, ReadWait: c.ReadWait}
}
