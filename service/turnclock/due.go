package turnclock

import (
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// Action is what a table's timers need now: a seat to play for (Seat >=
// 0: it timed out, TimedOut its clock, or it was taken over), or clocks to
// start or stop (Open).
type Action struct {
	Seat     engine.Seat
	TimedOut *moonshinev1.SeatClock
	Open     bool
}

// DueAction returns what the clocks need at now, if anything: at a full
// table, a taken-over seat bound to act first, then the earliest deadline
// passed; then clocks that do not match the table, started or stopped: a
// decision open at a full table without a running clock (the table just
// filled up), or running clocks at a table a seat left (they stop until
// it is full again).
func (c *Clocks) DueAction(timer *moonshinev1.TurnTimer, full bool, bots []int32, ps []engine.Prompt, now time.Time) (Action, bool) {
	var late *moonshinev1.SeatClock
	for _, p := range ps {
		sc := c.Seat(timer, int(p.Seat))
		switch {
		case !full || !p.MustAct || slices.Contains(bots, int32(p.Seat)):
		case sc.GetTakenOver():
			return Action{Seat: p.Seat}, true
		case sc.GetRunning() && !sc.GetDeadline().AsTime().After(now) &&
			(late == nil || sc.GetDeadline().AsTime().Before(late.GetDeadline().AsTime())):
			late = sc
		}
	}
	if late != nil {
		return Action{Seat: engine.Seat(late.GetSeat()), TimedOut: late}, true
	}
	if len(c.Next(timer, full, bots, ps, Turn{Actor: -1, Now: now})) > 0 {
		return Action{Seat: -1, Open: true}, true
	}
	return Action{}, false
}
