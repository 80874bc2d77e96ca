package turnclock

import "time"

// Clock tells the time to the turn clocks: the host reads it when a
// decision opens, and the timer driver waits on it for deadlines. Tests
// pass a fake one that they move by hand.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Until returns a channel that receives once the time is at or past
	// at (at once if it is already).
	Until(at time.Time) <-chan time.Time
}

// System is the wall clock.
type System struct{}

// Now implements Clock.
func (System) Now() time.Time { return time.Now() }

// Until implements Clock.
func (System) Until(at time.Time) <-chan time.Time { return time.After(time.Until(at)) }
