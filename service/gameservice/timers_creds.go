package gameservice

import (
	"context"
	"encoding/hex"
	"errors"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
)

// ReasonSeatTakenOver: the seat was abandoned (TurnTimer.takeover_after
// timeouts in a row) and the server's bot plays it for the rest of the
// game.
const ReasonSeatTakenOver = "SEAT_TAKEN_OVER"

// credState is what a table folded of its seats' credential changes: for
// each seat, the seq of the last rotation or leave, and the credential
// this process last checked against the store since. The table's mu
// guards it.
//
// A process trusts the seat claims it remembers (auth.ClaimCache) and
// forgets a seat's when it folds the seat's change; a caller resolved
// from memory before that fold, in a process that had not folded it yet,
// would still act once. So a command of a seat that had a change is
// checked again once the table is caught up with the log: the change and
// the claim it replaced commit together, so a table that folded the
// change reads the store's claims as of after it.
type credState struct {
	changed  map[engine.Seat]int64
	verified map[engine.Seat]checkedCred
}

// checkedCred is a credential checked against the store after the seat's
// change at seq at.
type checkedCred struct {
	key string
	at  int64
}

// note takes a table event at seq.
func (c *credState) note(te *moonshinev1.TableEvent, seq int64) {
	var seat int32
	switch ch := te.GetChange().(type) {
	case *moonshinev1.TableEvent_CredentialRotated:
		seat = ch.CredentialRotated.GetSeat()
	case *moonshinev1.TableEvent_SeatLeft:
		seat = ch.SeatLeft.GetSeat()
	default:
		return
	}
	if c.changed == nil {
		c.changed = map[engine.Seat]int64{}
	}
	c.changed[engine.Seat(seat)] = seq
}

// checkHolder refuses a client's command when the table, caught up, says
// its credential may no longer hold the seat (the caller holds t.mu): the
// seat's credential changed since the caller was resolved and the store
// no longer finds it (UNAUTHENTICATED), or the seat was taken over by its
// bot (FAILED_PRECONDITION, SEAT_TAKEN_OVER). Bots' and the platform's
// commands carry no credential.
func (s *Service) checkHolder(ctx context.Context, t *table, sub submission) error {
	if sub.cred == "" {
		return nil
	}
	if t.clocks.takenOver(sub.seat) {
		return refuse(codes.FailedPrecondition, ReasonSeatTakenOver, "%s was abandoned: the server's bot plays it for the rest of the game", sub.seat)
	}
	return s.checkCredential(ctx, t, sub.seat, sub.cred)
}

// checkCaller is checkCredential for the caller in ctx, when it holds one
// of the table's seats (the caller holds t.mu): reads and watch streams
// of a seat whose credential changed are checked like its commands.
func (s *Service) checkCaller(ctx context.Context, t *table) error {
	if c := auth.From(ctx); c.IsSeatOf(t.record.ID) {
		return s.checkCredential(ctx, t, c.Seat, c.Key)
	}
	return nil
}

// checkCredential refuses key (a credential's hash, hex) for seat when the
// seat's credential changed at a seq the table folded and the store no
// longer finds key holding it (the caller holds t.mu). A credential
// checked once after a change is not checked again until the next.
func (s *Service) checkCredential(ctx context.Context, t *table, seat engine.Seat, key string) error {
	at, ok := t.creds.changed[seat]
	if !ok {
		return nil
	}
	if v := t.creds.verified[seat]; v.key == key && v.at == at {
		return nil
	}
	hash, err := hex.DecodeString(key)
	if err != nil {
		return auth.ErrBadCredential
	}
	claim, err := s.store.SeatByToken(ctx, hash)
	switch {
	case errors.Is(err, eventstore.ErrNotFound) || (err == nil && (claim.GameID != t.record.ID || claim.Seat != int(seat))):
		s.authn.Claims.Forget(hash)
		return auth.ErrBadCredential
	case err != nil:
		return err
	}
	if t.creds.verified == nil {
		t.creds.verified = map[engine.Seat]checkedCred{}
	}
	t.creds.verified[seat] = checkedCred{key: key, at: at}
	return nil
}
