package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/metadata"
)

// MetadataKey is the gRPC metadata key that carries "Bearer <token>".
const MetadataKey = "authorization"

// ErrBadCredential: a token was sent but it is no seat's credential nor the
// auditor's, or the header is malformed.
var ErrBadCredential = errors.New("auth: unknown or malformed credential")

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

// Authenticator resolves callers.
type Authenticator struct {
	Seats SeatFinder
	// AuditorToken is the auditor's credential; empty disables the role.
	AuditorToken string
}

// Resolve returns the caller for the request's metadata. Its signature is
// go-grpc-middleware's auth.AuthFunc.
func (a *Authenticator) Resolve(ctx context.Context) (context.Context, error) {
	token, ok, err := bearer(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return With(ctx, Caller{Role: Spectator}), nil
	}
	if a.AuditorToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(a.AuditorToken)) == 1 {
		return With(ctx, Caller{Role: Auditor, Key: "auditor"}), nil
	}
	h := Hash(token)
	claim, err := a.Seats.SeatByToken(ctx, h)
	if errors.Is(err, eventstore.ErrNotFound) {
		return nil, ErrBadCredential
	}
	if err != nil {
		return nil, fmt.Errorf("auth: look up credential: %w", err)
	}
	return With(ctx, Caller{Role: SeatHolder, GameID: claim.GameID, Seat: engine.Seat(claim.Seat), Key: fmt.Sprintf("%x", h)}), nil
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
