package gamehost

import (
	"context"
	"encoding/hex"
	"errors"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
)

// credentials is what a game folded of its seats' credential changes: for
// each seat, the seq of the last rotation or leave, and the credential
// this process last checked against the store since. The game's mu
// guards it.
//
// A process trusts the seat claims it remembers (auth.ClaimCache) and
// forgets a seat's when it folds the seat's change; a caller resolved
// from memory before that fold, in a process that had not folded it yet,
// would still act once. So a command of a seat that had a change is
// checked again once the game is caught up with the log: the change and
// the claim it replaced commit together, so a game that folded the
// change reads the store's claims as of after it.
type credentials struct {
	changed  map[engine.Seat]int64
	verified map[engine.Seat]checkedKey
}

// checkedKey is a credential key checked against the store after the
// seat's change at seq at.
type checkedKey struct {
	key string
	at  int64
}

// note takes a table event at seq.
func (c *credentials) note(te *moonshinev1.TableEvent, seq int64) {
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

// checkHolder refuses a client's command when the game, caught up, says
// its credential may no longer hold the seat (the caller holds g.mu): the
// seat was taken over by its bot (TakenOverError), or the seat's
// credential changed since the caller was resolved and the store no
// longer finds it (auth.ErrBadCredential). Bots' commands carry no
// credential (key "").
func checkHolder(ctx context.Context, store eventstore.Store, claims *auth.ClaimCache, g *Game, seat engine.Seat, key string) error {
	if key == "" {
		return nil
	}
	if g.clocks.TakenOver(seat) {
		return &TakenOverError{Seat: seat}
	}
	return checkKey(ctx, store, claims, g, seat, key)
}

// checkKey refuses key (a credential's hash, hex) for seat when the seat's
// credential changed at a seq the game folded and the store no longer
// finds key holding it (the caller holds g.mu). A credential checked once
// after a change is not checked again until the next.
func checkKey(ctx context.Context, store eventstore.Store, claims *auth.ClaimCache, g *Game, seat engine.Seat, key string) error {
	at, ok := g.creds.changed[seat]
	if !ok {
		return nil
	}
	if v := g.creds.verified[seat]; v.key == key && v.at == at {
		return nil
	}
	hash, err := hex.DecodeString(key)
	if err != nil {
		return auth.ErrBadCredential
	}
	claim, err := store.SeatByToken(ctx, hash)
	switch {
	case errors.Is(err, eventstore.ErrNotFound) || (err == nil && (claim.GameID != g.record.ID || claim.Seat != int(seat))):
		claims.Forget(hash)
		return auth.ErrBadCredential
	case err != nil:
		return err
	}
	if g.creds.verified == nil {
		g.creds.verified = map[engine.Seat]checkedKey{}
	}
	g.creds.verified[seat] = checkedKey{key: key, at: at}
	return nil
}
