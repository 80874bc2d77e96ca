package gameservice_test

import (
	"context"
	"fmt"
	"maps"
	"testing"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/grpc/codes"
)

// createWithCreator creates a toy table and returns its id and the creator
// credential.
func (e *env) createWithCreator(players int32) (string, string) {
	e.t.Helper()
	resp, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{
		Game: "toy", Config: &moonshinev1.GameConfig{Players: players}})
	if err != nil {
		e.t.Fatal(err)
	}
	if resp.GetCreatorCredential() == "" {
		e.t.Fatal("CreateGame returned no creator credential")
	}
	return resp.GetGame().GetGameId(), resp.GetCreatorCredential()
}

// wantRefused fails unless err has the code and reason.
func wantRefused(t *testing.T, what string, err error, code codes.Code, reason string) {
	t.Helper()
	if c, r := reasonOf(err); c != code || r != reason {
		t.Errorf("%s: %v (%s), want %v %s", what, c, r, code, reason)
	}
}

// TestLeaveSeat, on every store: a seat leaves before the start with an
// event in the log; its credential stops working at once; the seat is
// free to claim again; once a command is played nobody leaves.
func TestLeaveSeat(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			store := st.open(t)
			e := newEnv(t, store, nil)
			id, _ := e.createWithCreator(3)
			tok0, tok1 := e.join(id, 0), e.join(id, 1)
			opened := logSize(t, store)[id]
			res, err := e.client.LeaveSeat(as(tok1), &moonshinev1.LeaveSeatRequest{GameId: id})
			if err != nil {
				t.Fatalf("LeaveSeat: %v", err)
			}
			if g := res.GetGame(); g.GetSeats()[1].GetClaimed() || !g.GetSeats()[0].GetClaimed() || g.GetVersion() != opened+1 {
				t.Errorf("after the leave: %v", g)
			}
			_, err = e.client.LeaveSeat(as(tok1), &moonshinev1.LeaveSeatRequest{GameId: id})
			wantRefused(t, "the freed credential", err, codes.Unauthenticated, "BAD_CREDENTIAL")
			_, err = e.submit(tok1, id, "m1", cmdPass())
			wantRefused(t, "a command with the freed credential", err, codes.Unauthenticated, "BAD_CREDENTIAL")
			h := e.history("", id)
			last := h.GetEvents()[len(h.GetEvents())-1]
			if left := last.GetPublic().GetTable().GetSeatLeft(); left == nil || left.GetSeat() != 1 || last.GetSeq() != opened+1 || last.GetPublic().GetLabel() != "seat 1 left" {
				t.Errorf("the log's last event: %v", last)
			}
			tok1 = e.join(id, 1) // the seat is free again
			e.join(id, 2)
			e.mustSubmit(tok0, id, "m1", cmdPass())
			before := logSize(t, store)
			_, err = e.client.LeaveSeat(as(tok1), &moonshinev1.LeaveSeatRequest{GameId: id})
			wantRefused(t, "leaving a started game", err, codes.FailedPrecondition, "GAME_STARTED")
			if after := logSize(t, store); !maps.Equal(after, before) {
				t.Errorf("a refused leave wrote: %v, was %v", after, before)
			}
		})
	}
}

// TestCancelGame, on every store: only the creator credential cancels,
// only before the start; a cancelled game is over, marked cancelled,
// refuses joins and commands, and its cancellation is an event.
func TestCancelGame(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			store := st.open(t)
			e := newEnv(t, store, nil)
			id, creator := e.createWithCreator(2)
			tok0 := e.join(id, 0)
			other, otherCreator := e.createWithCreator(2)
			for _, c := range []struct {
				what string
				cred string
			}{{"no credential", ""}, {"a seat's credential", tok0}, {"another table's creator", otherCreator}} {
				_, err := e.client.CancelGame(context.Background(), &moonshinev1.CancelGameRequest{GameId: id, CreatorCredential: c.cred})
				if c.cred == "" {
					wantRefused(t, c.what, err, codes.InvalidArgument, "BAD_REQUEST")
					continue
				}
				wantRefused(t, c.what, err, codes.PermissionDenied, "NOT_CREATOR")
			}
			stale := int64(0)
			_, err := e.client.CancelGame(context.Background(), &moonshinev1.CancelGameRequest{GameId: id, CreatorCredential: creator, ExpectedVersion: &stale})
			wantRefused(t, "a stale version", err, codes.Aborted, "VERSION_CONFLICT")
			res, err := e.client.CancelGame(context.Background(), &moonshinev1.CancelGameRequest{GameId: id, CreatorCredential: creator})
			if err != nil {
				t.Fatalf("CancelGame: %v", err)
			}
			if g := res.GetGame(); !g.GetCancelled() || g.GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER || g.GetFinishedAt() == nil {
				t.Errorf("the cancelled game: %v", g)
			}
			_, err = e.submit(tok0, id, "m1", cmdPass())
			wantRefused(t, "a command after the cancel", err, codes.FailedPrecondition, "GAME_CANCELLED")
			_, err = e.client.JoinGame(context.Background(), &moonshinev1.JoinGameRequest{GameId: id, Name: "late"})
			wantRefused(t, "joining a cancelled game", err, codes.FailedPrecondition, "GAME_CANCELLED")
			_, err = e.client.CancelGame(context.Background(), &moonshinev1.CancelGameRequest{GameId: id, CreatorCredential: creator})
			wantRefused(t, "cancelling twice", err, codes.FailedPrecondition, "GAME_STARTED")
			if got := listAll(t, e, &moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OPEN}); len(got) != 1 || got[0] != other {
				t.Errorf("open tables: %v, want only %s", got, other)
			}
			over := listAll(t, e, &moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OVER})
			if len(over) != 1 || over[0] != id {
				t.Errorf("finished tables: %v, want %s", over, id)
			}
			h := e.history("", id)
			if last := h.GetEvents()[len(h.GetEvents())-1]; last.GetPublic().GetTable().GetCancelled() == nil {
				t.Errorf("the log's last event: %v", last)
			}
			// A game that has started is not cancelled.
			otok := e.join(other, 0)
			e.mustSubmit(otok, other, "m1", cmdPass())
			before := logSize(t, store)
			_, err = e.client.CancelGame(context.Background(), &moonshinev1.CancelGameRequest{GameId: other, CreatorCredential: otherCreator})
			wantRefused(t, "cancelling a started game", err, codes.FailedPrecondition, "GAME_STARTED")
			if after := logSize(t, store); !maps.Equal(after, before) {
				t.Errorf("a refused cancel wrote: %v, was %v", after, before)
			}
		})
	}
}

// TestRotateCredential, on every store: the creator replaces a seat's
// credential, during the game too; the old one stops working at once, the
// new one acts; the rotation is an event; a wrong creator, an unclaimed
// or bot seat, or a finished game is refused and writes nothing.
func TestRotateCredential(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			store := st.open(t)
			e := newEnv(t, store, nil)
			id, creator := e.createWithCreator(2)
			old := e.join(id, 0)
			e.mustSubmit(old, id, "m1", cmdPass()) // started: a rotation is still allowed
			before := logSize(t, store)
			for _, c := range []struct {
				what   string
				req    *moonshinev1.RotateCredentialRequest
				code   codes.Code
				reason string
			}{
				{"a seat's credential as the creator's", &moonshinev1.RotateCredentialRequest{GameId: id, CreatorCredential: old, Seat: 0}, codes.PermissionDenied, "NOT_CREATOR"},
				{"an unclaimed seat", &moonshinev1.RotateCredentialRequest{GameId: id, CreatorCredential: creator, Seat: 1}, codes.FailedPrecondition, "SEAT_NOT_CLAIMED"},
				{"no such seat", &moonshinev1.RotateCredentialRequest{GameId: id, CreatorCredential: creator, Seat: 2}, codes.InvalidArgument, "BAD_REQUEST"},
			} {
				_, err := e.client.RotateCredential(context.Background(), c.req)
				wantRefused(t, c.what, err, c.code, c.reason)
			}
			if after := logSize(t, store); !maps.Equal(after, before) {
				t.Errorf("refused rotations wrote: %v, was %v", after, before)
			}
			res, err := e.client.RotateCredential(context.Background(), &moonshinev1.RotateCredentialRequest{GameId: id, CreatorCredential: creator, Seat: 0})
			if err != nil {
				t.Fatalf("RotateCredential: %v", err)
			}
			fresh := res.GetCredential()
			if fresh == "" || fresh == old || !res.GetGame().GetSeats()[0].GetClaimed() {
				t.Fatalf("rotated: %v", res)
			}
			_, err = e.submit(old, id, "m2", cmdPass())
			wantRefused(t, "the old credential", err, codes.Unauthenticated, "BAD_CREDENTIAL")
			h := e.history("", id)
			last := h.GetEvents()[len(h.GetEvents())-1]
			if r := last.GetPublic().GetTable().GetCredentialRotated(); r == nil || r.GetSeat() != 0 {
				t.Errorf("the log's last event: %v", last)
			}
			tokens := []string{fresh, e.join(id, 1)}
			e.mustSubmit(tokens[1], id, "m1", cmdPass())
			for i := 2; i < toyMoves; i++ { // the new credential acts as seat 0
				e.mustSubmit(tokens[i%2], id, fmt.Sprint("m", i), cmdPass())
			}
			// The finished game, rotation and all, verifies.
			reg, err := games.New(toyModule())
			if err != nil {
				t.Fatal(err)
			}
			if err := audit.VerifyWith(reg, e.history(auditorToken, id)); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}
