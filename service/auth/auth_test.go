package auth_test

import (
	"context"
	"errors"
	"testing"

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
