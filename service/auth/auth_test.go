package auth_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"google.golang.org/grpc/metadata"
)

// TestResolve checks each kind of caller and each bad header.
func TestResolve(t *testing.T) {
	st := memstore.New()
	ctx := context.Background()
	if _, err := st.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r"}, [][]byte{{1}}); err != nil {
		t.Fatal(err)
	}
	token, err := auth.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "g", Seat: 2, TokenHash: auth.Hash(token)}); err != nil {
		t.Fatal(err)
	}
	a := &auth.Authenticator{Seats: st, AuditorToken: "audit"}
	cases := []struct {
		name   string
		header []string
		role   auth.Role
		bad    bool
	}{
		{"none", nil, auth.Spectator, false},
		{"seat", []string{"Bearer " + token}, auth.SeatHolder, false},
		{"scheme case", []string{"bearer " + token}, auth.SeatHolder, false},
		{"auditor", []string{"Bearer audit"}, auth.Auditor, false},
		{"unknown token", []string{"Bearer nope"}, 0, true},
		{"no scheme", []string{token}, 0, true},
		{"basic", []string{"Basic " + token}, 0, true},
		{"two headers", []string{"Bearer " + token, "Bearer audit"}, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			md := metadata.MD{}
			for _, h := range c.header {
				md.Append(auth.MetadataKey, h)
			}
			got, err := a.Resolve(metadata.NewIncomingContext(ctx, md))
			if c.bad {
				if !errors.Is(err, auth.ErrBadCredential) {
					t.Fatalf("got %v, want ErrBadCredential", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if caller := auth.From(got); caller.Role != c.role || (c.role == auth.SeatHolder && (caller.GameID != "g" || caller.Seat != 2)) {
				t.Errorf("got %+v", caller)
			}
		})
	}
}

// countingSeats counts the store's lookups.
type countingSeats struct {
	auth.SeatFinder
	lookups int
}

func (c *countingSeats) SeatByToken(ctx context.Context, h []byte) (eventstore.SeatClaim, error) {
	c.lookups++
	return c.SeatFinder.SeatByToken(ctx, h)
}

// TestClaimCache: a seat's credential is looked up in the store once and
// then resolved from memory, an unknown one every time; Forget and the
// maximum age send the next call to the store again; the cache is
// bounded.
func TestClaimCache(t *testing.T) {
	st := memstore.New()
	ctx := context.Background()
	if _, err := st.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r"}, [][]byte{{1}}); err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, 3)
	for i := range tokens {
		tokens[i], _ = auth.NewToken()
		if err := st.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "g", Seat: i, TokenHash: auth.Hash(tokens[i])}); err != nil {
			t.Fatal(err)
		}
	}
	seats := &countingSeats{SeatFinder: st}
	claims := auth.NewClaimCache(2, time.Hour)
	a := &auth.Authenticator{Seats: seats, Claims: claims}
	resolve := func(token string) (auth.Caller, error) {
		got, err := a.Resolve(metadata.NewIncomingContext(ctx, metadata.Pairs(auth.Credentials(token))))
		if err != nil {
			return auth.Caller{}, err
		}
		return auth.From(got), nil
	}
	for range 3 {
		if c, err := resolve(tokens[1]); err != nil || c.Seat != 1 || c.GameID != "g" {
			t.Fatalf("got %+v, %v", c, err)
		}
	}
	if seats.lookups != 1 {
		t.Errorf("%d lookups for three calls of one seat, want 1", seats.lookups)
	}
	for range 2 {
		if _, err := resolve("unknown"); !errors.Is(err, auth.ErrBadCredential) {
			t.Fatalf("unknown credential: %v", err)
		}
	}
	if seats.lookups != 3 {
		t.Errorf("%d lookups after two unknown credentials, want 3: unknown ones are not remembered", seats.lookups)
	}
	claims.Forget(auth.Hash(tokens[1]))
	if _, err := resolve(tokens[1]); err != nil || seats.lookups != 4 {
		t.Errorf("after Forget: %v, %d lookups, want a fourth", err, seats.lookups)
	}
	for _, tok := range tokens {
		if _, err := resolve(tok); err != nil {
			t.Fatal(err)
		}
	}
	if claims.Len() != 2 {
		t.Errorf("%d claims remembered, want the bound, 2", claims.Len())
	}
	old := &auth.Authenticator{Seats: seats, Claims: auth.NewClaimCache(10, time.Nanosecond)}
	before := seats.lookups
	for range 2 {
		if _, err := old.Resolve(metadata.NewIncomingContext(ctx, metadata.Pairs(auth.Credentials(tokens[0])))); err != nil {
			t.Fatal(err)
		}
	}
	if seats.lookups != before+2 {
		t.Errorf("claims past their maximum age: %d lookups, want 2", seats.lookups-before)
	}
}

// ForgetSeat drops the remembered claims of one seat of one game and no
// other: the next call of that seat's credential asks the store again.
func TestClaimCacheForgetSeat(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	for _, g := range []string{"g", "h"} {
		if _, err := st.CreateGame(ctx, eventstore.GameRecord{ID: g, Rules: "r"}, [][]byte{{1}}); err != nil {
			t.Fatal(err)
		}
	}
	var tokens []string
	for _, c := range []struct {
		game string
		seat int
	}{{"g", 0}, {"g", 1}, {"h", 0}} {
		tok, _ := auth.NewToken()
		tokens = append(tokens, tok)
		if err := st.ClaimSeat(ctx, eventstore.SeatClaim{GameID: c.game, Seat: c.seat, TokenHash: auth.Hash(tok)}); err != nil {
			t.Fatal(err)
		}
	}
	seats := &countingSeats{SeatFinder: st}
	a := &auth.Authenticator{Seats: seats, Claims: auth.NewClaimCache(10, time.Hour)}
	resolveAll := func() {
		t.Helper()
		for _, tok := range tokens {
			if _, err := a.Resolve(metadata.NewIncomingContext(ctx, metadata.Pairs(auth.Credentials(tok)))); err != nil {
				t.Fatal(err)
			}
		}
	}
	resolveAll()
	a.Claims.ForgetSeat("g", 0)
	resolveAll()
	if seats.lookups != 4 {
		t.Errorf("%d lookups, want 4: only seat 0 of game g forgotten", seats.lookups)
	}
}
