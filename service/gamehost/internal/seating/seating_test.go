package seating

import (
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// TestSeating: a record read before a seat was left does not bring the
// freed claim back; claims are trusted for Fresh after a read and not
// before any; a game over is known only with its end.
func TestSeating(t *testing.T) {
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	two := []eventstore.SeatClaim{{Seat: 0}, {Seat: 1}}
	s := New(eventstore.GameRecord{}, time.Time{})
	if s.Trusted(t0, false) {
		t.Error("claims never read are trusted")
	}
	s.Refresh(eventstore.GameRecord{Seats: two, Version: 3}, t0)
	if !s.Trusted(t0.Add(Fresh/2), false) || s.Trusted(t0.Add(Fresh), false) {
		t.Error("claims read are not trusted for Fresh exactly")
	}
	if _, known := s.Record(eventstore.GameRecord{}, 2, false); !known {
		t.Error("a full table's claims are not known")
	}
	if _, known := s.Record(eventstore.GameRecord{}, 2, true); known {
		t.Error("a game over is known without its end")
	}
	s.Left(1, 5)
	s.Refresh(eventstore.GameRecord{Seats: two, Version: 4}, t0)
	if rec, _ := s.Record(eventstore.GameRecord{}, 2, false); len(rec.Seats) != 1 {
		t.Errorf("a record read before the seat was left brought it back: %v", rec.Seats)
	}
	s.Claimed(eventstore.SeatClaim{Seat: 1, TokenHash: []byte("t")})
	if rec, _ := s.Record(eventstore.GameRecord{}, 2, false); len(rec.Seats) != 2 || rec.Seats[1].TokenHash != nil {
		t.Errorf("a claim made here: %v", rec.Seats)
	}
	s.Cancel(t0)
	if rec, known := s.Record(eventstore.GameRecord{}, 2, true); !known || !rec.Cancelled || !rec.FinishedAt.Equal(t0) {
		t.Errorf("the cancellation: %+v, %v", rec, known)
	}
}
