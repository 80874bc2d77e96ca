package eventstore

import "fmt"

// TableChange is a change of a table before its game starts: one event,
// appended with a compare-and-set like [AppendRequest], and with it either
// a seat freed (Leave) or the game cancelled (Cancel). The game has
// started once a command is recorded (play may begin before every seat is
// claimed): the store refuses the change with ErrTableStarted if one is,
// or if the game is over, checked in the same transaction as the write.
// A command appended meanwhile moves the version, so a change decided
// before it fails its compare-and-set, and the reverse.
type TableChange struct {
	GameID string
	// ExpectedVersion as in [AppendRequest]; AnyVersion skips the check.
	ExpectedVersion int64
	// Event is the marshalled table event.
	Event []byte
	// Leave frees a seat: its claim is removed and no longer counted in
	// SeatsTaken, so that the seat may be claimed again. The claim must
	// be Seat's and hold TokenHash, or nothing is written
	// (ErrSeatNotHeld).
	Leave *SeatClaim
	// Cancel ends the game unplayed: FinishedAt is set, and Cancelled.
	Cancel bool
	// Rotate replaces the credential hash of Seat's claim with TokenHash
	// (ErrSeatNotHeld if the seat is not claimed). Unlike the others it is
	// allowed after the start, until the game is over (ErrTableStarted).
	Rotate *SeatClaim
}

// kinds counts the changes c asks for.
func (c TableChange) kinds() int {
	n := 0
	for _, set := range []bool{c.Leave != nil, c.Cancel, c.Rotate != nil} {
		if set {
			n++
		}
	}
	return n
}

// ValidateTableChange checks a TableChange; the error wraps
// ErrInvalidRequest.
func ValidateTableChange(c TableChange) error {
	switch {
	case c.GameID == "" || !ValidText(c.GameID):
		return fmt.Errorf("%w: table change of game %q", ErrInvalidRequest, c.GameID)
	case c.kinds() != 1:
		return fmt.Errorf("%w: a table change frees a seat, cancels the game or rotates a credential, one of them", ErrInvalidRequest)
	case c.Leave != nil && len(c.Leave.TokenHash) == 0:
		return fmt.Errorf("%w: freeing seat %d needs its credential's hash", ErrInvalidRequest, c.Leave.Seat)
	case c.Rotate != nil && len(c.Rotate.TokenHash) == 0:
		return fmt.Errorf("%w: rotating seat %d's credential needs the new hash", ErrInvalidRequest, c.Rotate.Seat)
	case c.ExpectedVersion < AnyVersion:
		return fmt.Errorf("%w: expected version %d", ErrInvalidRequest, c.ExpectedVersion)
	}
	return nil
}
