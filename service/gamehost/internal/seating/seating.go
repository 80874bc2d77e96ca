// Package seating holds what a hosted game knows of its record's mutable
// part: the seat claims, the game's end and its cancellation, as the game
// last wrote, folded or read them, and how long a view may trust them. It
// sits under service/gamehost, whose Game keeps one Seating under its
// lock; it does no I/O.
package seating

import (
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// Fresh bounds how long a view of a table with free seats trusts the
// claims it last read without a word from the store. The store tells of
// every claim (eventstore.Change.Seats), so this only bounds how stale a
// view can be when a notification between servers was lost.
const Fresh = time.Second

// Seating is the record's seats and end as last known. Its zero value
// knows nothing; New starts it from a record.
type Seating struct {
	// claims and finishedAt are the record's Seats and FinishedAt kept
	// current (copied on write).
	claims     []eventstore.SeatClaim
	finishedAt time.Time
	// cancelled is set once the game folded its cancellation; leftAt is
	// the seq of the last seat_left event it folded, so that a record read
	// before it does not bring the freed claim back.
	cancelled bool
	leftAt    int64
	// readAt is when the claims were last read from the store (zero: not
	// read, as for a game this process created).
	readAt time.Time
}

// New starts from a record, read from the store at readAt (zero: written
// by this process, not read).
func New(rec eventstore.GameRecord, readAt time.Time) Seating {
	return Seating{claims: rec.Seats, finishedAt: rec.FinishedAt, readAt: readAt}
}

// Record returns rec with its seats and end as last known, and whether
// that is current without asking the store: once all players' seats are
// claimed the claims no longer change, and once the game is over (over)
// its end is known.
func (s *Seating) Record(rec eventstore.GameRecord, players int, over bool) (eventstore.GameRecord, bool) {
	rec.Seats, rec.FinishedAt, rec.Cancelled = s.claims, s.finishedAt, rec.Cancelled || s.cancelled
	return rec, len(s.claims) >= players && (!over || !s.finishedAt.IsZero())
}

// Trusted reports whether the claims, read within Fresh of now, may serve
// a view at now; over as for Record. The caller knows that the store told
// of no claim since they were read.
func (s *Seating) Trusted(now time.Time, over bool) bool {
	return !s.readAt.IsZero() && now.Sub(s.readAt) < Fresh && (!over || !s.finishedAt.IsZero())
}

// Refresh takes the seats and end of a record read from the store at at.
func (s *Seating) Refresh(rec eventstore.GameRecord, at time.Time) {
	if len(rec.Seats) >= len(s.claims) && rec.Version >= s.leftAt {
		s.claims = rec.Seats
	}
	if s.finishedAt.IsZero() {
		s.finishedAt = rec.FinishedAt
	}
	s.cancelled = s.cancelled || rec.Cancelled
	if at.After(s.readAt) {
		s.readAt = at
	}
}

// Claimed records a seat claim this process made.
func (s *Seating) Claimed(c eventstore.SeatClaim) {
	if slices.ContainsFunc(s.claims, func(o eventstore.SeatClaim) bool { return o.Seat == c.Seat }) {
		return
	}
	c.TokenHash = nil // the record's claims never carry it
	claims := append(slices.Clone(s.claims), c)
	slices.SortFunc(claims, func(a, b eventstore.SeatClaim) int { return a.Seat - b.Seat })
	s.claims = claims
}

// Finished records when the append that ended the game was stored.
func (s *Seating) Finished(at time.Time) {
	if s.finishedAt.IsZero() {
		s.finishedAt = at
	}
}

// Cancel folds the table's cancellation, stored at at.
func (s *Seating) Cancel(at time.Time) {
	s.cancelled = true
	s.Finished(at)
}

// Cancelled reports whether the game was cancelled.
func (s *Seating) Cancelled() bool { return s.cancelled }

// Left folds the seat_left event at seq: the seat's claim is freed.
func (s *Seating) Left(seat int, seq int64) {
	kept := make([]eventstore.SeatClaim, 0, len(s.claims))
	for _, c := range s.claims {
		if c.Seat != seat {
			kept = append(kept, c)
		}
	}
	s.claims, s.leftAt = kept, seq
}
