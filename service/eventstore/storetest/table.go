package storetest

import (
	"errors"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// testChangeTable: a seat is freed only by its credential's hash and only
// before the start (no command recorded), with one event in the same
// transaction; a freed seat may be claimed again; a cancelled game is over and marked so; a stale
// version, a started game or an unknown game writes nothing.
func testChangeTable(t *testing.T, s eventstore.Store) {
	ctx := ctxFor(t)
	g := eventstore.GameRecord{ID: "t", Rules: "r", Players: 3, CreatorHash: []byte("creator")}
	if _, err := s.CreateGame(ctx, g, payloads("t", 1)); err != nil {
		t.Fatal(err)
	}
	claimN(t, s, "t", 2) // seats 0 and 1, hashes "t0" and "t1"
	leave := func(seat int, hash string, expected int64) error {
		_, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: "t", ExpectedVersion: expected, Event: []byte("left"),
			Leave: &eventstore.SeatClaim{GameID: "t", Seat: seat, TokenHash: []byte(hash)}})
		return err
	}
	var conflict *eventstore.VersionConflictError
	for _, c := range []struct {
		name string
		err  error
		ok   func(error) bool
	}{
		{"another seat's hash", leave(1, "t0", 1), func(e error) bool { return errors.Is(e, eventstore.ErrSeatNotHeld) }},
		{"an unclaimed seat", leave(2, "t2", 1), func(e error) bool { return errors.Is(e, eventstore.ErrSeatNotHeld) }},
		{"a stale version", leave(1, "t1", 0), func(e error) bool { return errors.As(e, &conflict) }},
	} {
		if !c.ok(c.err) {
			t.Errorf("%s: %v", c.name, c.err)
		}
	}
	if evs, err := s.ReadStream(ctx, "t", 0, 0); err != nil || len(evs) != 1 {
		t.Fatalf("refused changes wrote: %d events, %v", len(evs), err)
	}
	res, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: "t", ExpectedVersion: 1, Event: []byte("left"),
		Leave: &eventstore.SeatClaim{GameID: "t", Seat: 1, TokenHash: []byte("t1")}})
	if err != nil || res.FirstSeq != 2 || res.LastSeq != 2 {
		t.Fatalf("leave = %+v, %v; want event 2", res, err)
	}
	rec, err := s.GetGame(ctx, "t")
	if err != nil || rec.Version != 2 || rec.SeatsTaken != 1 || len(rec.Seats) != 1 || string(rec.CreatorHash) != "creator" {
		t.Fatalf("after the leave: %+v, %v", rec, err)
	}
	if _, err := s.SeatByToken(ctx, []byte("t1")); !errors.Is(err, eventstore.ErrNotFound) {
		t.Errorf("the freed credential still finds a seat: %v", err)
	}
	if err := s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "t", Seat: 1, TokenHash: []byte("new1"), Name: "q"}); err != nil {
		t.Fatalf("claiming the freed seat: %v", err)
	}
	// A full table has not started until a command is played.
	if err := s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "t", Seat: 2, TokenHash: []byte("new2"), Name: "q"}); err != nil {
		t.Fatal(err)
	}
	if err := leave(2, "new2", 2); err != nil {
		t.Fatalf("leaving a full table before any command: %v", err)
	}
	if err := s.ClaimSeat(ctx, eventstore.SeatClaim{GameID: "t", Seat: 2, TokenHash: []byte("new2b"), Name: "q"}); err != nil {
		t.Fatal(err)
	}
	mustAppend(t, s, eventstore.AppendRequest{GameID: "t", ExpectedVersion: 3, Events: payloads("move", 1),
		Command: &eventstore.Command{GameID: "t", ID: "c1", Seat: 0, Data: []byte("cmd")}})
	if err := leave(2, "new2b", eventstore.AnyVersion); !errors.Is(err, eventstore.ErrTableStarted) {
		t.Errorf("leaving a started game: %v", err)
	}
	if _, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: "t", ExpectedVersion: eventstore.AnyVersion, Event: []byte("x"), Cancel: true}); !errors.Is(err, eventstore.ErrTableStarted) {
		t.Errorf("cancelling a started game: %v", err)
	}
	// A rotation is allowed after the start: the old hash finds no seat.
	rotate := func(id string, seat int, hash string) error {
		_, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: id, ExpectedVersion: eventstore.AnyVersion, Event: []byte("rotated"),
			Rotate: &eventstore.SeatClaim{GameID: id, Seat: seat, TokenHash: []byte(hash)}})
		return err
	}
	if err := rotate("t", 0, "rot0"); err != nil {
		t.Fatalf("rotating seat 0 after the start: %v", err)
	}
	if _, err := s.SeatByToken(ctx, []byte("t0")); !errors.Is(err, eventstore.ErrNotFound) {
		t.Errorf("the rotated-out credential still finds a seat: %v", err)
	}
	if c, err := s.SeatByToken(ctx, []byte("rot0")); err != nil || c.Seat != 0 || c.GameID != "t" {
		t.Errorf("the new credential finds %+v, %v", c, err)
	}
	if rec, err := s.GetGame(ctx, "t"); err != nil || rec.SeatsTaken != 3 || rec.Version != 5 {
		t.Errorf("after the rotation: %+v, %v; want 3 seats taken, version 5", rec, err)
	}
	if _, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: "nope", ExpectedVersion: eventstore.AnyVersion, Event: []byte("x"), Cancel: true}); !errors.Is(err, eventstore.ErrNotFound) {
		t.Errorf("an unknown game: %v", err)
	}

	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "c", Rules: "r", Players: 2}, payloads("c", 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: "c", ExpectedVersion: 1, Event: []byte("cancelled"), Cancel: true}); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	rec, err = s.GetGame(ctx, "c")
	if err != nil || !rec.Cancelled || rec.FinishedAt.IsZero() || rec.Status() != eventstore.StatusOver || rec.Version != 2 {
		t.Errorf("after the cancel: %+v, %v", rec, err)
	}
	if err := leave(0, "x", eventstore.AnyVersion); err == nil {
		t.Error("a change of a cancelled game was accepted")
	}
	if err := rotate("c", 0, "r"); !errors.Is(err, eventstore.ErrTableStarted) {
		t.Errorf("rotating in a game that is over: %v", err)
	}
	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "u", Rules: "r", Players: 2}, payloads("u", 1)); err != nil {
		t.Fatal(err)
	}
	if err := rotate("u", 1, "r"); !errors.Is(err, eventstore.ErrSeatNotHeld) {
		t.Errorf("rotating an unclaimed seat: %v", err)
	}
	if _, err := s.ChangeTable(ctx, eventstore.TableChange{GameID: "c", Event: []byte("x")}); !errors.Is(err, eventstore.ErrInvalidRequest) {
		t.Errorf("a change that neither frees nor cancels: %v", err)
	}
}
