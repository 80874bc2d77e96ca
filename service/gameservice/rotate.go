package gameservice

import (
	"context"
	"errors"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
)

// ReasonSeatNotClaimed: a credential was asked for a seat nobody holds.
const ReasonSeatNotClaimed = "SEAT_NOT_CLAIMED"

// RotateCredential implements moonshinev1.GameServiceServer: the creator
// replaces a seat's lost or leaked credential. The old credential finds no
// seat in the store from the commit on, and this process forgets it at
// once; others when they fold the event (see noteTable).
func (s *Service) RotateCredential(ctx context.Context, req *moonshinev1.RotateCredentialRequest) (*moonshinev1.RotateCredentialResponse, error) {
	t, err := s.tableToChange(ctx, req.GetGameId(), req.ExpectedVersion)
	if err != nil {
		return nil, err
	}
	seat := req.GetSeat()
	switch {
	case seat < 0 || seat >= t.cfg.GetPlayers():
		return nil, badRequest("seat", "no seat %d at a table of %d", seat, t.cfg.GetPlayers())
	case slices.Contains(t.cfg.GetBotSeats(), seat):
		return nil, badRequest("seat", "seat %d is the server's bot", seat)
	case !isCreator(t.record, req.GetCreatorCredential()):
		return nil, refuse(codes.PermissionDenied, ReasonNotCreator, "only the table's creator credential rotates a seat's")
	}
	token, err := auth.NewToken()
	if err != nil {
		return nil, err
	}
	ev := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_CredentialRotated{CredentialRotated: &moonshinev1.CredentialRotated{Seat: seat}}}
	change := eventstore.TableChange{Rotate: &eventstore.SeatClaim{GameID: t.record.ID, Seat: int(seat), TokenHash: auth.Hash(token)}}
	info, err := s.changeTable(ctx, t, req.ExpectedVersion, ev, change)
	switch {
	case errors.Is(err, auth.ErrBadCredential): // the store's ErrSeatNotHeld, as changeTable maps it
		return nil, refuse(codes.FailedPrecondition, ReasonSeatNotClaimed, "seat %d is not claimed: join it instead", seat)
	case err != nil:
		return nil, rotateRefusal(err)
	}
	return &moonshinev1.RotateCredentialResponse{Credential: token, Game: info}, nil
}

// rotateRefusal words a started-game refusal for a rotation, which only
// the end of the game stops.
func rotateRefusal(err error) error {
	var ref *refusal
	if errors.As(err, &ref) && ref.reason == ReasonGameStarted {
		return engine.ErrGameOver
	}
	return err
}
