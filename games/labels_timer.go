package games

import (
	"fmt"
	"strings"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// timerLabel labels the turn timers' table events as v reads them: "seat
// 2 ran out of time", "you must act by 2031-05-06 07:00:30 UTC", "seat 3 was taken
// over by its bot"; "" for another event.
func timerLabel(v engine.Viewer, te *moonshinev1.TableEvent) string {
	switch {
	case te.GetTimedOut() != nil:
		seat := engine.Seat(te.GetTimedOut().GetSeat())
		if v.IsSeat(seat) {
			return "you ran out of time"
		}
		return v.Name(seat) + " ran out of time"
	case te.GetTakenOver() != nil:
		seat := engine.Seat(te.GetTakenOver().GetSeat())
		if v.IsSeat(seat) {
			return fmt.Sprintf("you were taken over by your bot after %d timeouts", te.GetTakenOver().GetTimeouts())
		}
		return fmt.Sprintf("%s was taken over by its bot after %d timeouts", v.Name(seat), te.GetTakenOver().GetTimeouts())
	case te.GetClocks() != nil:
		var parts []string
		for _, sc := range te.GetClocks().GetSeats() {
			if sc.GetRunning() {
				at := sc.GetDeadline().AsTime().UTC().Format(time.DateTime + " UTC")
				parts = append(parts, fmt.Sprintf("%s must act by %s", v.Name(engine.Seat(sc.GetSeat())), at))
			}
		}
		if len(parts) == 0 {
			return "clocks stopped"
		}
		return strings.Join(parts, "; ")
	}
	return ""
}
