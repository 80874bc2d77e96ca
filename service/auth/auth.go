package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/metadata"
)

// MetadataKey is the gRPC metadata key that carries "Bearer <token>".
const MetadataKey = "authorization"

// APIKeyMetadataKey is the gRPC metadata key that carries a trusted
// client's API key, beside any credential.
const APIKeyMetadataKey = "x-api-key"

// ErrBadCredential: a token was sent but it is no seat's credential nor the
// auditor's, or the header is malformed.
var ErrBadCredential = errors.New("auth: unknown or malformed credential")

// ErrBadAPIKey: an API key was sent but it is none of the configured keys.
var ErrBadAPIKey = errors.New("auth: unknown API key")

// Role is the capacity a caller acts in.
type Role int

const (
	// Spectator: no credential.
	Spectator Role = iota
	// SeatHolder: a seat credential.
	SeatHolder
	// Auditor: the configured auditor credential.
	Auditor
)

// Caller is who is calling.
type Caller struct {
	Role Role
	// GameID and Seat are the seat's, for a SeatHolder.
	GameID string
	Seat   engine.Seat
	// Key identifies the credential for limits (the token's hash in hex, or
	// "auditor"); empty for spectators.
	Key string
	// APIKey names the trusted client's API key the call carried, if any
	// (whatever its credential).
	APIKey string
}

// IsSeatOf reports whether the caller holds a seat of the game.
func (c Caller) IsSeatOf(gameID string) bool { return c.Role == SeatHolder && c.GameID == gameID }

// Identity returns the viewer that the caller is in a game: its seat if it
// holds one there, the auditor, or a spectator.
func (c Caller) Identity(gameID string) engine.Viewer {
	switch {
	case c.Role == Auditor:
		return engine.AuditorViewer()
	case c.IsSeatOf(gameID):
		return engine.SeatViewer(c.Seat)
	default:
		return engine.SpectatorViewer()
	}
}

// NewToken returns a fresh random credential.
func NewToken() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("auth: random token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// Hash returns the SHA-256 of a credential, the only form that is stored.
func Hash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

type ctxKey struct{}

// With returns ctx carrying the caller.
func With(ctx context.Context, c Caller) context.Context { return context.WithValue(ctx, ctxKey{}, c) }

// From returns the caller in ctx (a spectator if none).
func From(ctx context.Context) Caller {
	c, _ := ctx.Value(ctxKey{}).(Caller)
	return c
}

// SeatFinder looks a seat up by its credential hash (eventstore.Store does).
type SeatFinder interface {
	SeatByToken(ctx context.Context, tokenHash []byte) (eventstore.SeatClaim, error)
}

// KeyFinder names an API key (limits.Keys does).
type KeyFinder interface {
	Identify(key string) (name string, ok bool)
}

// Authenticator resolves callers.
type Authenticator struct {
	Seats SeatFinder
	// AuditorToken is the auditor's credential; empty disables the role.
	AuditorToken string
	// APIKeys, if set, knows the trusted clients' API keys.
	APIKeys KeyFinder
	// Claims, if set, remembers the seat claims found, so that a seat's
	// calls are verified from memory (see [ClaimCache]).
	Claims *ClaimCache
}

// Resolve returns the caller for the request's metadata. Its signature is
// go-grpc-middleware's auth.AuthFunc.
func (a *Authenticator) Resolve(ctx context.Context) (context.Context, error) {
	apiKey, err := a.apiKey(ctx)
	if err != nil {
		return nil, err
	}
	c, err := a.credential(ctx)
	if err != nil {
		return nil, err
	}
	c.APIKey = apiKey
	return With(ctx, c), nil
}

// credential resolves the bearer credential.
func (a *Authenticator) credential(ctx context.Context) (Caller, error) {
	token, ok, err := bearer(ctx)
	if err != nil || !ok {
		return Caller{Role: Spectator}, err
	}
	if a.AuditorToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(a.AuditorToken)) == 1 {
		return Caller{Role: Auditor, Key: "auditor"}, nil
	}
	h := Hash(token)
	claim, ok := a.Claims.lookup(h)
	if !ok {
		claim, err = a.Seats.SeatByToken(ctx, h)
		if errors.Is(err, eventstore.ErrNotFound) {
			return Caller{}, ErrBadCredential
		}
		if err != nil {
			return Caller{}, fmt.Errorf("auth: look up credential: %w", err)
		}
		a.Claims.Remember(claim)
	}
	return Caller{Role: SeatHolder, GameID: claim.GameID, Seat: engine.Seat(claim.Seat), Key: hex.EncodeToString(h)}, nil
}

// apiKey returns the name of the call's API key, if it carries one.
func (a *Authenticator) apiKey(ctx context.Context) (string, error) {
	vals := metadata.ValueFromIncomingContext(ctx, APIKeyMetadataKey)
	if len(vals) == 0 {
		return "", nil
	}
	if len(vals) > 1 || a.APIKeys == nil {
		return "", ErrBadAPIKey
	}
	name, ok := a.APIKeys.Identify(vals[0])
	if !ok {
		return "", ErrBadAPIKey
	}
	return name, nil
}

// bearer returns the token of the authorization header, if there is one.
func bearer(ctx context.Context) (string, bool, error) {
	vals := metadata.ValueFromIncomingContext(ctx, MetadataKey)
	if len(vals) == 0 {
		return "", false, nil
	}
	if len(vals) > 1 {
		return "", false, ErrBadCredential
	}
	scheme, token, ok := strings.Cut(vals[0], " ")
	if !ok || !strings.EqualFold(scheme, "bearer") || token == "" {
		return "", false, ErrBadCredential
	}
	return token, true, nil
}

// Credentials returns the metadata pair a client sends: pass it to
// metadata.AppendToOutgoingContext.
func Credentials(token string) (string, string) { return MetadataKey, "Bearer " + token }
