package gameservice

import (
	"fmt"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"slices"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/protobuf/types/known/durationpb"
)

// The checks of a table's configuration that CreateGame makes beyond the
// edge's (fields.go): its visibility, its bot seats and levels, its turn
// timer.

// unlistedOf checks a table's visibility and reports whether the lobby
// leaves the table out (unset is public).
func unlistedOf(cfg *moonshinev1.GameConfig) (bool, error) {
	switch v := cfg.GetVisibility(); v {
	case moonshinev1.Visibility_VISIBILITY_UNSPECIFIED, moonshinev1.Visibility_VISIBILITY_PUBLIC:
		return false, nil
	case moonshinev1.Visibility_VISIBILITY_UNLISTED:
		return true, nil
	default:
		return false, rpcstatus.BadRequest("config.visibility", "unknown visibility %d", v)
	}
}

// checkBotSeats refuses bot seats out of the table or repeated, a bot
// level that names no level, or one for a seat that is not a bot seat.
func checkBotSeats(cfg *moonshinev1.GameConfig) error {
	for i, b := range cfg.GetBotSeats() {
		if b < 0 || b >= cfg.GetPlayers() || slices.Contains(cfg.GetBotSeats()[:i], b) {
			return rpcstatus.BadRequest("config.bot_seats", "seat %d is out of range or repeated", b)
		}
	}
	if _, ok := projection.Levels[cfg.GetBotLevel()]; !ok {
		return rpcstatus.BadRequest("config.bot_level", "unknown bot level %d: BOT_LEVEL_EASY, BOT_LEVEL_NORMAL or BOT_LEVEL_HARD", cfg.GetBotLevel())
	}
	seats := make([]int32, 0, len(cfg.GetBotLevels()))
	for seat := range cfg.GetBotLevels() {
		seats = append(seats, seat)
	}
	slices.Sort(seats) // the first bad seat is named, the same each time
	for _, seat := range seats {
		field := fmt.Sprintf("config.bot_levels[%d]", seat)
		if !slices.Contains(cfg.GetBotSeats(), seat) {
			return rpcstatus.BadRequest(field, "seat %d is not one of bot_seats", seat)
		}
		if l := cfg.GetBotLevels()[seat]; projection.Levels[l] == "" {
			return rpcstatus.BadRequest(field, "unknown bot level %d: BOT_LEVEL_EASY, BOT_LEVEL_NORMAL or BOT_LEVEL_HARD", l)
		}
	}
	return nil
}

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
func badTimer(field, format string, args ...any) *rpcstatus.Refusal {
	r := rpcstatus.BadRequest(field, format, args...)
	r.Reason = ReasonBadTimer
	return r
}
