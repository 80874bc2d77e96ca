package main

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/moonshine-games/moonshine/service/limits"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/telemetry"
)

// The settings of each subcommand. Every field has an environment
// variable (env), a flag (flag), a default (envDefault) and a help text;
// secret ones are masked wherever they are shown (secret: "token", or
// "url" for a URL whose password alone is masked). See config.go.

// storeSettings choose the event store.
type storeSettings struct {
	DatabaseURL    string        `env:"DATABASE_URL" flag:"database-url" secret:"url" help:"the store, by its scheme: a PostgreSQL URL (postgres://...), sqlite:PATH or a file path, memory: (keeps nothing); empty: the embedded store at MOONSHINE_DB_PATH"`
	DBPath         string        `env:"MOONSHINE_DB_PATH" envDefault:"moonshine.db" flag:"db" help:"the embedded store's file (when DATABASE_URL is empty)"`
	DirectURL      string        `env:"MOONSHINE_DATABASE_DIRECT_URL" flag:"database-direct-url" secret:"url" help:"PostgreSQL: a session connection straight to the primary for LISTEN and migrations, when DATABASE_URL goes through a pooler in transaction mode"`
	ReadURL        string        `env:"MOONSHINE_DATABASE_READ_URL" flag:"database-read-url" secret:"url" help:"PostgreSQL: a read replica for history, views at an event and the lobby's listings; empty: none"`
	ReadWait       time.Duration `env:"MOONSHINE_READ_WAIT" envDefault:"100ms" flag:"read-wait" help:"how long a read waits for the replica to reach the version it names before the primary serves it"`
	ConnectTimeout time.Duration `env:"MOONSHINE_DB_CONNECT_TIMEOUT" envDefault:"1m" flag:"db-connect-timeout" help:"how long to keep trying an unreachable database at start, backing off; negative: one try"`
}

// config is the store the settings name.
func (s storeSettings) config() server.StoreConfig {
	return server.StoreConfig{URL: s.DatabaseURL, DBPath: s.DBPath, DirectURL: s.DirectURL, ReadURL: s.ReadURL, ReadWait: s.ReadWait}
}

// listenSettings say where the server listens and how.
type listenSettings struct {
	Addr           string `env:"MOONSHINE_ADDR" envDefault:"127.0.0.1:7777" flag:"addr" help:"gRPC listen address"`
	TLSCert        string `env:"MOONSHINE_TLS_CERT" flag:"tls-cert" help:"PEM certificate (chain) file to serve TLS with; reloaded when it changes"`
	TLSKey         string `env:"MOONSHINE_TLS_KEY" flag:"tls-key" help:"PEM private key file of -tls-cert"`
	AllowPlaintext bool   `env:"MOONSHINE_ALLOW_PLAINTEXT" envDefault:"false" flag:"allow-plaintext" help:"serve without TLS on a non-loopback address (behind a proxy that terminates TLS)"`
	CORSOrigins    string `env:"MOONSHINE_CORS_ORIGINS" flag:"cors-origins" help:"origins (scheme://host[:port], comma-separated, or *) whose pages may call the API from a browser; empty: none but the server's own"`
	Web            bool   `env:"MOONSHINE_WEB" envDefault:"true" flag:"web" help:"serve the web app at /"`
	GRPCViaHTTP    bool   `env:"MOONSHINE_GRPC_VIA_HTTP" envDefault:"false" flag:"grpc-via-http" help:"serve gRPC connections through net/http like the other protocols, not gRPC's own transport (more memory and CPU per stream)"`
}

// serveSettings are the server's.
type serveSettings struct {
	Store          storeSettings
	Listen         listenSettings
	AdminAddr      string        `env:"MOONSHINE_ADMIN_ADDR" flag:"admin-addr" help:"admin HTTP listen address (/metrics, /livez, /readyz, /debug/pprof); keep it private; empty: none"`
	LogFormat      string        `env:"MOONSHINE_LOG_FORMAT" envDefault:"text" flag:"log-format" help:"log format: text or json"`
	LogLevel       string        `env:"MOONSHINE_LOG_LEVEL" envDefault:"info" flag:"log-level" help:"least level logged: debug, info, warn or error"`
	AuditorToken   string        `env:"MOONSHINE_AUDITOR_TOKEN" flag:"auditor-token" secret:"token" help:"auditor credential (reads every game's secrets); empty: no auditor; prefer the environment"`
	APIKeys        string        `env:"MOONSHINE_API_KEYS" flag:"api-keys" help:"trusted clients' API keys, comma-separated name:sha256hex[:rate[:burst]] (see moonshined api-key)"`
	APIKeyRate     float64       `env:"MOONSHINE_API_KEY_RATE" envDefault:"100" flag:"api-key-rate" help:"games created and seats claimed per second per API key without its own rate; negative: no limit"`
	APIKeyBurst    int           `env:"MOONSHINE_API_KEY_BURST" envDefault:"200" flag:"api-key-burst" help:"burst above the API key rate"`
	APIKeyStreams  int           `env:"MOONSHINE_MAX_STREAMS_PER_API_KEY" envDefault:"1000" flag:"max-streams-per-api-key" help:"open spectator watch streams per API key"`
	MaxMessage     int           `env:"MOONSHINE_MAX_MESSAGE_BYTES" envDefault:"1048576" flag:"max-message-bytes" help:"largest request accepted, in bytes"`
	CommandRate    float64       `env:"MOONSHINE_COMMAND_RATE" envDefault:"10" flag:"command-rate" help:"commands and messages per second per seat credential; negative: no limit"`
	CommandBurst   int           `env:"MOONSHINE_COMMAND_BURST" envDefault:"20" flag:"command-burst" help:"burst above the command rate"`
	CreateRate     float64       `env:"MOONSHINE_CREATE_RATE" envDefault:"0" flag:"create-rate" help:"games created and seats claimed per second per client address; 0: the command rate; negative: no limit"`
	CreateBurst    int           `env:"MOONSHINE_CREATE_BURST" envDefault:"0" flag:"create-burst" help:"burst above the create rate; 0: the command burst"`
	StreamsPerCred int           `env:"MOONSHINE_MAX_STREAMS_PER_CREDENTIAL" envDefault:"16" flag:"max-streams-per-credential" help:"open watch streams per credential (spectators: per client address)"`
	MaxStreams     int           `env:"MOONSHINE_MAX_STREAMS" envDefault:"10000" flag:"max-streams" help:"open watch streams in all"`
	WatchOutage    time.Duration `env:"MOONSHINE_WATCH_OUTAGE" envDefault:"30s" flag:"watch-outage" help:"how long an open watch stream rides out a database outage; negative: not at all"`
	CacheBytes     int64         `env:"MOONSHINE_CACHE_BYTES" envDefault:"268435456" flag:"cache-bytes" help:"memory budget, in bytes, of the games kept folded, each measured as it grows; past it the least recently used go"`
	HealthInterval time.Duration `env:"MOONSHINE_HEALTH_INTERVAL" envDefault:"5s" flag:"health-interval" help:"how often readiness pings the database"`
	TimerPoll      time.Duration `env:"MOONSHINE_TIMER_POLL" envDefault:"1s" flag:"timer-poll" help:"how often the store is asked for turn deadlines this process does not hold (set by another instance, or before it started); at most one poll late"`
	OTLPEndpoint   string        `env:"MOONSHINE_OTLP_ENDPOINT" flag:"otlp-endpoint" help:"OTLP/gRPC collector (host:port, or http(s)://host:port) to export traces to; empty: no tracing"`
	OTLPInsecure   bool          `env:"MOONSHINE_OTLP_INSECURE" envDefault:"false" flag:"otlp-insecure" help:"send traces to a host:port endpoint without TLS"`
	TraceSample    float64       `env:"MOONSHINE_TRACE_SAMPLE" envDefault:"1" flag:"trace-sample" help:"share of traces recorded when the caller did not decide (0 to 1)"`
}

// check returns the server's configuration, refusing every value serve
// would refuse before it starts (log format and level, API keys, CORS
// origins, the trace settings, plaintext on a network), all at once, so
// that `moonshined config` refuses what `moonshined serve` refuses.
func (s serveSettings) check() (server.Config, error) {
	var errs []error
	if _, err := telemetry.NewLogger(io.Discard, s.LogFormat, s.LogLevel); err != nil {
		errs = append(errs, err)
	}
	if s.TraceSample < 0 || s.TraceSample > 1 {
		errs = append(errs, fmt.Errorf("MOONSHINE_TRACE_SAMPLE: %v is not a share from 0 to 1", s.TraceSample))
	}
	if e := s.OTLPEndpoint; strings.Contains(e, "://") {
		if u, err := url.Parse(e); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("MOONSHINE_OTLP_ENDPOINT: %q is neither host:port nor http(s)://host:port", e))
		}
	}
	cfg, err := s.serverConfig()
	if err != nil {
		errs = append(errs, err)
	}
	if err := checkPlaintext(s.Listen); err != nil {
		errs = append(errs, err)
	}
	return cfg, errors.Join(errs...)
}

// serverConfig returns the server's configuration.
func (s serveSettings) serverConfig() (server.Config, error) {
	keys, err := limits.ParseAPIKeys(s.APIKeys)
	if err != nil {
		return server.Config{}, err
	}
	origins, err := parseOrigins(s.Listen.CORSOrigins)
	if err != nil {
		return server.Config{}, err
	}
	return server.Config{
		DatabaseURL: s.Store.DatabaseURL, DBPath: s.Store.DBPath, ConnectTimeout: s.Store.ConnectTimeout,
		DatabaseDirectURL: s.Store.DirectURL, DatabaseReadURL: s.Store.ReadURL, ReadWait: s.Store.ReadWait,
		AuditorToken: s.AuditorToken,
		APIKeys:      keys, APIKeyRate: s.APIKeyRate, APIKeyBurst: s.APIKeyBurst, MaxStreamsPerAPIKey: s.APIKeyStreams,
		MaxMessageBytes: s.MaxMessage,
		CommandRate:     s.CommandRate, CommandBurst: s.CommandBurst,
		CreateRate: s.CreateRate, CreateBurst: s.CreateBurst,
		MaxStreamsPerCredential: s.StreamsPerCred, MaxStreams: s.MaxStreams,
		WatchOutage: s.WatchOutage, CacheBytes: s.CacheBytes, HealthInterval: s.HealthInterval,
		TimerPoll:   s.TimerPoll,
		TLSCertFile: s.Listen.TLSCert, TLSKeyFile: s.Listen.TLSKey, AllowPlaintext: s.Listen.AllowPlaintext,
		CORSOrigins: origins, NoWeb: !s.Listen.Web, GRPCViaHTTP: s.Listen.GRPCViaHTTP,
	}, nil
}

// parseOrigins reads MOONSHINE_CORS_ORIGINS: "*", or origins as browsers
// send them, scheme://host[:port] with no path.
func parseOrigins(list string) ([]string, error) {
	var out []string
	for _, o := range strings.Split(list, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if o != "*" {
			u, err := url.Parse(o)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
				return nil, fmt.Errorf("MOONSHINE_CORS_ORIGINS: %q is not an origin: want scheme://host[:port], e.g. https://play.example.com", o)
			}
			o = u.Scheme + "://" + u.Host
		}
		out = append(out, o)
	}
	return out, nil
}

// migrateSettings are `moonshined migrate`'s.
type migrateSettings struct {
	Store storeSettings
}

// healthSettings are `moonshined health`'s: the server's own address and
// whether it serves TLS.
type healthSettings struct {
	Addr    string `env:"MOONSHINE_ADDR" envDefault:"127.0.0.1:7777" flag:"addr" help:"the server's gRPC address (an unspecified host means this one)"`
	TLSCert string `env:"MOONSHINE_TLS_CERT" flag:"tls-cert" help:"set when the server serves TLS: the check then speaks TLS, without verifying the certificate"`
}
