package gameservice

import (
	"context"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"github.com/moonshine-games/moonshine/service/rpcstatus"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"google.golang.org/grpc/codes"
)

// The table's life beside the game: cancelling it before the start, a
// seat leaving, and the creator rotating a seat's credential.

// Reasons of the table's own refusals.
const (
	// ReasonNotCreator: the creator credential is missing or wrong.
	ReasonNotCreator = "NOT_CREATOR"
	// ReasonGameStarted: the table can no longer change: a command was
	// played, or the game is over.
	ReasonGameStarted = "GAME_STARTED"
	// ReasonSeatNotClaimed: a credential was asked for a seat nobody holds.
	ReasonSeatNotClaimed = "SEAT_NOT_CLAIMED"
)

// CancelGame implements moonshinev1.GameServiceServer.
func (s *Service) CancelGame(ctx context.Context, req *moonshinev1.CancelGameRequest) (*moonshinev1.CancelGameResponse, error) {
	g, err := gameToChange(ctx, s.host, s.limits, req.GetGameId(), req.ExpectedVersion)
	if err != nil {
		return nil, err
	}
	if !isCreator(g, req.GetCreatorCredential()) {
		return nil, rpcstatus.Refuse(codes.PermissionDenied, ReasonNotCreator, "only the table's creator credential cancels it")
	}
	ev := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_Cancelled{Cancelled: &moonshinev1.TableCancelled{}}}
	info, err := changeTable(ctx, s.host, g, req.ExpectedVersion, ev, eventstore.TableChange{Cancel: true})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.CancelGameResponse{Game: info}, nil
}

// LeaveSeat implements moonshinev1.GameServiceServer.
func (s *Service) LeaveSeat(ctx context.Context, req *moonshinev1.LeaveSeatRequest) (*moonshinev1.LeaveSeatResponse, error) {
	c, err := seatCaller(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	g, err := gameToChange(ctx, s.host, s.limits, req.GetGameId(), req.ExpectedVersion)
	if err != nil {
		return nil, err
	}
	hash, err := hex.DecodeString(c.Key) // a seat caller's key is its credential's hash
	if err != nil || len(hash) == 0 {
		return nil, auth.ErrBadCredential
	}
	claim := &eventstore.SeatClaim{GameID: g.ID(), Seat: int(c.Seat), TokenHash: hash}
	ev := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_SeatLeft{SeatLeft: &moonshinev1.SeatLeft{Seat: int32(c.Seat)}}}
	info, err := changeTable(ctx, s.host, g, req.ExpectedVersion, ev, eventstore.TableChange{Leave: claim})
	if err != nil {
		return nil, err
	}
	s.authn.Claims.Forget(claim.TokenHash)
	return &moonshinev1.LeaveSeatResponse{Game: info}, nil
}

// RotateCredential implements moonshinev1.GameServiceServer: the creator
// replaces a seat's lost or leaked credential. The old credential finds no
// seat in the store from the commit on, and this process forgets it at
// once; others when they fold the event.
func (s *Service) RotateCredential(ctx context.Context, req *moonshinev1.RotateCredentialRequest) (*moonshinev1.RotateCredentialResponse, error) {
	g, err := gameToChange(ctx, s.host, s.limits, req.GetGameId(), req.ExpectedVersion)
	if err != nil {
		return nil, err
	}
	seat := req.GetSeat()
	switch {
	case seat < 0 || seat >= g.Players():
		return nil, rpcstatus.BadRequest("seat", "no seat %d at a table of %d", seat, g.Players())
	case g.IsBotSeat(seat):
		return nil, rpcstatus.BadRequest("seat", "seat %d is the server's bot", seat)
	case !isCreator(g, req.GetCreatorCredential()):
		return nil, rpcstatus.Refuse(codes.PermissionDenied, ReasonNotCreator, "only the table's creator credential rotates a seat's")
	}
	token, err := auth.NewToken()
	if err != nil {
		return nil, err
	}
	ev := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_CredentialRotated{CredentialRotated: &moonshinev1.CredentialRotated{Seat: seat}}}
	change := eventstore.TableChange{Rotate: &eventstore.SeatClaim{GameID: g.ID(), Seat: int(seat), TokenHash: auth.Hash(token)}}
	info, err := changeTable(ctx, s.host, g, req.ExpectedVersion, ev, change)
	var ref *rpcstatus.Refusal
	switch {
	case errors.Is(err, auth.ErrBadCredential): // the store's ErrSeatNotHeld, as changeTable maps it
		return nil, rpcstatus.Refuse(codes.FailedPrecondition, ReasonSeatNotClaimed, "seat %d is not claimed: join it instead", seat)
	case errors.As(err, &ref) && ref.Reason == ReasonGameStarted: // only the end of the game stops a rotation
		return nil, engine.ErrGameOver
	case err != nil:
		return nil, err
	}
	return &moonshinev1.RotateCredentialResponse{Credential: token, Game: info}, nil
}

// gameToChange checks what every table change shares (the version, the
// rate) and returns the game.
func gameToChange(ctx context.Context, host *gamehost.Host, limits *callerLimits, gameID string, expected *int64) (*gamehost.Game, error) {
	if expected != nil && *expected < 0 {
		return nil, rpcstatus.BadRequest("expected_version", "must not be negative")
	}
	if err := limits.act(ctx); err != nil {
		return nil, err
	}
	return host.Game(ctx, gameID)
}

// isCreator reports whether token is the game's creator credential.
func isCreator(g *gamehost.Game, token string) bool {
	h := g.CreatorHash()
	return token != "" && len(h) > 0 && subtle.ConstantTimeCompare(auth.Hash(token), h) == 1
}

// changeTable appends a table event with its change through the host and
// describes the game with it folded; the store's refusals of a table
// change are mapped to the table's own.
func changeTable(ctx context.Context, host *gamehost.Host, g *gamehost.Game, expected *int64, ev *moonshinev1.TableEvent, c eventstore.TableChange) (*moonshinev1.GameInfo, error) {
	at, err := host.ChangeTable(ctx, g, expected, ev, c)
	switch {
	case errors.Is(err, eventstore.ErrTableStarted):
		return nil, rpcstatus.Refuse(codes.FailedPrecondition, ReasonGameStarted, "the game has started or is over: the table no longer changes")
	case errors.Is(err, eventstore.ErrSeatNotHeld):
		return nil, auth.ErrBadCredential // the credential no longer holds the seat
	case err != nil:
		return nil, err
	}
	return host.Info(ctx, g, at, false)
}
