package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc"
	grpccreds "google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
)

// defaultAddr is moonshined's default listen address.
const defaultAddr = "127.0.0.1:7777"

// cli is one invocation: the global settings and the connection.
type cli struct {
	ctx       context.Context
	out, errw io.Writer
	addr      string
	token     string
	apiKey    string
	json      bool
	configDir string
	as        int
	// tls dials the server over TLS; ca is a PEM file of the authorities
	// to trust instead of the system's, serverName the name to check the
	// certificate against instead of the address's host. Either implies
	// tls.
	tls        bool
	ca         string
	serverName string
	conn       *grpc.ClientConn
	// probed caches what the address speaks, once a dial has failed (see
	// [cli.unreachable]).
	probed *tlsAnswer
}

func newCLI(ctx context.Context, stdout, stderr io.Writer) *cli {
	c := &cli{ctx: ctx, out: stdout, errw: stderr, as: -1,
		addr: env("MOONSHINE_ADDR", defaultAddr), token: os.Getenv("MOONSHINE_TOKEN"), apiKey: os.Getenv("MOONSHINE_API_KEY"),
		configDir: os.Getenv("MOONSHINE_CONFIG_DIR"), ca: os.Getenv("MOONSHINE_CA"), serverName: os.Getenv("MOONSHINE_SERVER_NAME")}
	c.tls, _ = strconv.ParseBool(os.Getenv("MOONSHINE_TLS"))
	if c.configDir == "" {
		if d, err := os.UserConfigDir(); err == nil {
			c.configDir = filepath.Join(d, "moonshine")
		}
	}
	return c
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func (c *cli) close() {
	if c.conn != nil {
		c.conn.Close()
	}
}

// usageError is a command line mistake: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// runCommand runs one subcommand and reports its error: with --json as
// a JSON object on stderr (see [failure]), otherwise in a sentence.
func (c *cli) runCommand(cmd command, argv []string) int {
	err := cmd.run(c, argv)
	var ue *usageError
	code := exitError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errReported):
		return exitError
	case errors.As(err, &ue):
		code = exitUsage
	}
	f := failureOf(err, c.addr)
	if f.Code == "Unreachable" {
		f.Message = c.unreachable(err)
	}
	if code == exitUsage {
		f.Usage = "moonshine " + cmd.name + " " + cmd.args
	}
	if c.json {
		b, _ := json.Marshal(f)
		fmt.Fprintln(c.errw, string(b))
		return code
	}
	fmt.Fprintf(c.errw, "moonshine %s: %s\n", cmd.name, f.sentence())
	if f.Usage != "" {
		fmt.Fprintf(c.errw, "usage: %s\n", f.Usage)
	}
	return code
}

// errReported is returned once the command has printed its own failure.
var errReported = errors.New("reported")

// flags returns a flag set with the global flags registered on c.
func (c *cli) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.errw)
	fs.StringVar(&c.addr, "addr", c.addr, "server address (MOONSHINE_ADDR)")
	fs.StringVar(&c.token, "token", c.token, "seat credential or auditor token (MOONSHINE_TOKEN)")
	fs.StringVar(&c.apiKey, "api-key", c.apiKey, "a trusted client's API key (MOONSHINE_API_KEY)")
	fs.BoolVar(&c.json, "json", c.json, "print protojson")
	fs.StringVar(&c.configDir, "config-dir", c.configDir, "where credentials are stored (MOONSHINE_CONFIG_DIR)")
	fs.IntVar(&c.as, "as", c.as, "act as this seat, with its stored credential")
	fs.BoolVar(&c.tls, "tls", c.tls, "speak TLS to the server (MOONSHINE_TLS)")
	fs.StringVar(&c.ca, "ca", c.ca, "PEM file of the certificate authorities to trust, for a server whose certificate this machine does not trust (MOONSHINE_CA; implies --tls)")
	fs.StringVar(&c.serverName, "server-name", c.serverName, "the name the server's certificate must carry, when it is not the address's host (MOONSHINE_SERVER_NAME; implies --tls)")
	return fs
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments, and returns the positional ones. Everything after
// "--" is positional.
func parseInterleaved(fs *flag.FlagSet, argv []string) ([]string, error) {
	var tail []string
	if i := slices.Index(argv, "--"); i >= 0 {
		argv, tail = argv[:i], argv[i+1:]
	}
	var pos []string
	for {
		if err := fs.Parse(argv); err != nil {
			return nil, err
		}
		if argv = fs.Args(); len(argv) == 0 {
			return append(pos, tail...), nil
		}
		pos, argv = append(pos, argv[0]), argv[1:]
	}
}

// parse parses a subcommand's arguments and checks the number of
// positional ones.
func parse(fs *flag.FlagSet, argv []string, min, max int) ([]string, error) {
	pos, err := parseInterleaved(fs, argv)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, &usageError{err.Error()}
	}
	if len(pos) < min || len(pos) > max {
		return nil, usagef("expected %d to %d arguments, got %d", min, max, len(pos))
	}
	return pos, nil
}

// atoi parses a number argument.
func atoi(name, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, usagef("%s: %q is not a number", name, s)
	}
	return n, nil
}

// client returns the service client, connecting on first use.
func (c *cli) client() (moonshinev1.GameServiceClient, error) {
	if c.conn == nil {
		creds, err := c.transport()
		if err != nil {
			return nil, err
		}
		conn, err := grpc.NewClient(c.addr, grpc.WithTransportCredentials(creds),
			grpc.WithChainUnaryInterceptor(c.retryUnary))
		if err != nil {
			return nil, fmt.Errorf("connecting to %s: %w", c.addr, err)
		}
		c.conn = conn
		if c.apiKey != "" { // every call of the invocation carries the key
			c.ctx = metadata.AppendToOutgoingContext(c.ctx, "x-api-key", c.apiKey)
		}
	}
	return moonshinev1.NewGameServiceClient(c.conn), nil
}

// usesTLS reports whether the CLI dials the server over TLS.
func (c *cli) usesTLS() bool { return c.tls || c.ca != "" || c.serverName != "" }

// transport returns the connection's credentials: plaintext, or TLS as
// --tls, --ca and --server-name ask.
func (c *cli) transport() (grpccreds.TransportCredentials, error) {
	if !c.usesTLS() {
		return insecure.NewCredentials(), nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: c.serverName}
	if c.ca != "" {
		pem, err := os.ReadFile(c.ca)
		if err != nil {
			return nil, fmt.Errorf("--ca: %w", err)
		}
		cfg.RootCAs = x509.NewCertPool()
		if !cfg.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--ca: %s holds no PEM certificate", c.ca)
		}
	}
	return grpccreds.NewTLS(cfg), nil
}

// call returns the client and a context carrying the credential for game
// (see [cli.credential]).
func (c *cli) call(game string) (moonshinev1.GameServiceClient, context.Context, error) {
	cl, err := c.client()
	if err != nil {
		return nil, nil, err
	}
	tok, err := c.credential(game)
	if err != nil {
		return nil, nil, err
	}
	ctx := c.ctx
	if tok != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+tok)
	}

	return cl, ctx, nil
}

// credential picks the token for a call on game: --token, else the
// stored credential [cli.stored] picks, else none (a spectator).
func (c *cli) credential(game string) (string, error) {
	if c.token != "" {
		return c.token, nil
	}
	cr, err := c.stored(game)
	if err != nil || cr == nil {
		return "", err
	}
	return cr.Token, nil
}

// stored returns the stored seat credential a call on game uses: that of
// seat --as, else the only one stored for the game, else nil (none
// stored, or --token given). Several stored and no --as is a usage
// mistake: the caller is asked which seat, not silently made a spectator.
func (c *cli) stored(game string) (*credential, error) {
	if c.token != "" {
		return nil, nil
	}
	store, err := loadCredentials(c.configDir)
	if err != nil {
		return nil, err
	}
	if c.as >= 0 {
		cr, ok := store.find(c.addr, game, c.as)
		if !ok {
			return nil, fmt.Errorf("no stored credential for seat %d of game %s on %s: join first, or pass --token", c.as, game, c.addr)
		}
		return &cr, nil
	}
	switch mine := store.forGame(c.addr, game); len(mine) {
	case 0:
		return nil, nil
	case 1:
		return &mine[0], nil
	default:
		var as []string
		for _, cr := range mine {
			as = append(as, fmt.Sprintf("--as %d", cr.Seat))
		}
		return nil, usagef("you hold %d seats of game %s here: say which to act as (%s), or pass --token", len(mine), game, strings.Join(as, " or "))
	}
}
