package gameservice

import (
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/types/known/durationpb"
)

// ReasonBadTimer: the table's TurnTimer option is not one the service
// runs (INVALID_ARGUMENT, with the field).
const ReasonBadTimer = "BAD_TIMER"

// Bounds of a TurnTimer.
const (
	minTimerLimit     = time.Second
	maxTimerLimit     = 7 * 24 * time.Hour
	maxTimerIncrement = 24 * time.Hour
	maxTakeoverAfter  = 100
)

// checkTimer checks a table's TurnTimer option (nil: none): a limit per
// decision or a bank, one of them, each from minTimerLimit to
// maxTimerLimit; an increment only with a bank, up to maxTimerIncrement;
// takeover_after from 0 to maxTakeoverAfter.
func checkTimer(tt *moonshinev1.TurnTimer) error {
	if tt == nil {
		return nil
	}
	per, bank := tt.GetPerDecision(), tt.GetBank()
	switch {
	case (per == nil) == (bank == nil):
		return badTimer("config.timer", "set per_decision or bank, one of them")
	case tt.GetIncrement() != nil && bank == nil:
		return badTimer("config.timer.increment", "an increment is for a bank")
	case tt.GetTakeoverAfter() < 0 || tt.GetTakeoverAfter() > maxTakeoverAfter:
		return badTimer("config.timer.takeover_after", "%d is not from 0 to %d", tt.GetTakeoverAfter(), maxTakeoverAfter)
	}
	if per != nil {
		return checkSpan("config.timer.per_decision", per, minTimerLimit, maxTimerLimit)
	}
	if err := checkSpan("config.timer.bank", bank, minTimerLimit, maxTimerLimit); err != nil {
		return err
	}
	if inc := tt.GetIncrement(); inc != nil {
		return checkSpan("config.timer.increment", inc, 0, maxTimerIncrement)
	}
	return nil
}

// checkSpan checks that d is a valid duration from lo to hi.
func checkSpan(field string, d *durationpb.Duration, lo, hi time.Duration) error {
	if err := d.CheckValid(); err != nil {
		return badTimer(field, "not a valid duration: %v", err)
	}
	if v := d.AsDuration(); v < lo || v > hi {
		return badTimer(field, "%v is not from %v to %v", v, lo, hi)
	}
	return nil
}

// badTimer refuses a TurnTimer option, naming the field.
func badTimer(field, format string, args ...any) *refusal {
	r := badRequest(field, format, args...)
	r.reason = ReasonBadTimer
	return r
}
