package gameservice

import (
	"context"
	"crypto/subtle"
	"encoding/hex"
	"errors"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// Reasons of the table's own refusals.
const (
	// ReasonNotCreator: the creator credential is missing or wrong.
	ReasonNotCreator = "NOT_CREATOR"
	// ReasonGameStarted: the table can no longer change: a command was
	// played, or the game is over.
	ReasonGameStarted = "GAME_STARTED"
	// ReasonGameCancelled: the game was cancelled before the start.
	ReasonGameCancelled = "GAME_CANCELLED"
)

// CancelGame implements moonshinev1.GameServiceServer.
func (s *Service) CancelGame(ctx context.Context, req *moonshinev1.CancelGameRequest) (*moonshinev1.CancelGameResponse, error) {
	t, err := s.tableToChange(ctx, req.GetGameId(), req.ExpectedVersion)
	if err != nil {
		return nil, err
	}
	if !isCreator(t.record, req.GetCreatorCredential()) {
		return nil, refuse(codes.PermissionDenied, ReasonNotCreator, "only the table's creator credential cancels it")
	}
	ev := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_Cancelled{Cancelled: &moonshinev1.TableCancelled{}}}
	info, err := s.changeTable(ctx, t, req.ExpectedVersion, ev, eventstore.TableChange{Cancel: true})
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
	t, err := s.tableToChange(ctx, req.GetGameId(), req.ExpectedVersion)
	if err != nil {
		return nil, err
	}
	hash, err := hex.DecodeString(c.Key) // a seat caller's key is its credential's hash
	if err != nil || len(hash) == 0 {
		return nil, auth.ErrBadCredential
	}
	claim := &eventstore.SeatClaim{GameID: t.record.ID, Seat: int(c.Seat), TokenHash: hash}
	ev := &moonshinev1.TableEvent{Change: &moonshinev1.TableEvent_SeatLeft{SeatLeft: &moonshinev1.SeatLeft{Seat: int32(c.Seat)}}}
	info, err := s.changeTable(ctx, t, req.ExpectedVersion, ev, eventstore.TableChange{Leave: claim})
	if err != nil {
		return nil, err
	}
	s.authn.Claims.Forget(claim.TokenHash)
	return &moonshinev1.LeaveSeatResponse{Game: info}, nil
}

// tableToChange checks what every table change shares (the version, the
// rate) and returns the table.
func (s *Service) tableToChange(ctx context.Context, gameID string, expected *int64) (*table, error) {
	if expected != nil && *expected < 0 {
		return nil, badRequest("expected_version", "must not be negative")
	}
	if err := s.allowAct(ctx); err != nil {
		return nil, err
	}
	return s.table(ctx, gameID)
}

// isCreator reports whether token is the game's creator credential.
func isCreator(rec eventstore.GameRecord, token string) bool {
	return token != "" && len(rec.CreatorHash) > 0 && subtle.ConstantTimeCompare(auth.Hash(token), rec.CreatorHash) == 1
}

// changeTable appends a table event with its change, then brings the
// table up to it and describes the game. Bots never leave or cancel, so
// nobody is kicked.
func (s *Service) changeTable(ctx context.Context, t *table, expected *int64, ev *moonshinev1.TableEvent, c eventstore.TableChange) (*moonshinev1.GameInfo, error) {
	data, err := proto.Marshal(&moonshinev1.StoredEvent{Public: &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Table{Table: ev}}})
	if err != nil {
		return nil, err
	}
	c.GameID, c.Event, c.ExpectedVersion = t.record.ID, data, eventstore.AnyVersion
	if expected != nil {
		c.ExpectedVersion = *expected
	}
	res, err := s.store.ChangeTable(ctx, c)
	if err != nil {
		return nil, tableRefusal(err)
	}
	snap, err := s.current(ctx, t, res.LastSeq, nil)
	if err != nil {
		return nil, err
	}
	return s.infoAt(ctx, t, snap, false)
}

// tableRefusal maps the store's refusals of a table change.
func tableRefusal(err error) error {
	switch {
	case errors.Is(err, eventstore.ErrTableStarted):
		return refuse(codes.FailedPrecondition, ReasonGameStarted, "the game has started or is over: the table no longer changes")
	case errors.Is(err, eventstore.ErrSeatNotHeld):
		return auth.ErrBadCredential // the credential no longer holds the seat
	}
	return err
}

// noteTable takes a table event the table folded (the caller holds t.mu):
// the seat freed, the credential replaced or the cancellation, which the
// game's own fold does not see.
func (s *Service) noteTable(t *table, ev eventstore.Event, se *moonshinev1.StoredEvent) {
	te := se.GetPublic().GetTable()
	if te == nil {
		return
	}
	s.noteClocks(t, te)
	t.creds.note(te, ev.Seq)
	t.seats.Lock()
	defer t.seats.Unlock()
	switch {
	case te.GetCancelled() != nil:
		t.cancelled = true
		if t.finishedAt.IsZero() {
			t.finishedAt = ev.RecordedAt
		}
	case te.GetCredentialRotated() != nil:
		s.authn.Claims.ForgetSeat(t.record.ID, int(te.GetCredentialRotated().GetSeat()))
	case te.GetSeatLeft() != nil:
		seat := int(te.GetSeatLeft().GetSeat())
		kept := make([]eventstore.SeatClaim, 0, len(t.claims))
		for _, c := range t.claims {
			if c.Seat != seat {
				kept = append(kept, c)
			}
		}
		t.claims, t.leftAt = kept, ev.Seq
		s.authn.Claims.ForgetSeat(t.record.ID, seat) // freed here or by another process
	}
}

// refuseCancelled refuses acting in a cancelled game (the caller holds
// t.mu, after folding).
func (t *table) refuseCancelled() error {
	t.seats.Lock()
	defer t.seats.Unlock()
	if t.cancelled {
		return refuse(codes.FailedPrecondition, ReasonGameCancelled, "the game was cancelled before the start")
	}
	return nil
}
