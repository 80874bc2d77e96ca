package turnclock

import (
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Clocks is a game's turn clocks as folded from its log: the last
// SeatClock recorded for each seat (nil: none yet). The zero value has
// no clock recorded. Its owner serialises its use.
type Clocks struct {
	seats []*moonshinev1.SeatClock
}

// Seat returns the seat's clock (a stopped one with the table's full bank
// when none was recorded); the caller must not change it.
func (c *Clocks) Seat(timer *moonshinev1.TurnTimer, s int) *moonshinev1.SeatClock {
	if s < len(c.seats) && c.seats[s] != nil {
		return c.seats[s]
	}
	return &moonshinev1.SeatClock{Seat: int32(s), Bank: timer.GetBank()}
}

// Clone returns a copy that folds on apart from c (the SeatClocks, which
// are never changed once recorded, are shared).
func (c *Clocks) Clone() Clocks { return Clocks{seats: slices.Clone(c.seats)} }

// set records a seat's clock.
func (c *Clocks) set(sc *moonshinev1.SeatClock) {
	s := int(sc.GetSeat())
	if s < 0 || s > 1<<10 {
		return // not a seat: a stored event the service did not write
	}
	for len(c.seats) <= s {
		c.seats = append(c.seats, nil)
	}
	c.seats[s] = sc
}

// Fold takes one table event: clocks that moved, a timeout, a takeover.
// Other table events leave the clocks as they are.
func (c *Clocks) Fold(timer *moonshinev1.TurnTimer, te *moonshinev1.TableEvent) {
	switch ch := te.GetChange().(type) {
	case *moonshinev1.TableEvent_Clocks:
		for _, sc := range ch.Clocks.GetSeats() {
			c.set(sc)
		}
	case *moonshinev1.TableEvent_TimedOut:
		sc := proto.CloneOf(c.Seat(timer, int(ch.TimedOut.GetSeat())))
		sc.Timeouts = ch.TimedOut.GetTimeouts()
		c.set(sc)
	case *moonshinev1.TableEvent_TakenOver:
		sc := proto.CloneOf(c.Seat(timer, int(ch.TakenOver.GetSeat())))
		sc.TakenOver, sc.Running, sc.OpenedAt, sc.Deadline = true, false, nil, nil
		c.set(sc)
	}
}

// TakenOver reports whether the seat's bot plays it for good.
func (c *Clocks) TakenOver(s engine.Seat) bool {
	return int(s) < len(c.seats) && c.seats[s].GetTakenOver()
}

// Wire returns every seat's clock for a view, in seat order.
func (c *Clocks) Wire(timer *moonshinev1.TurnTimer, players int) []*moonshinev1.SeatClock {
	if timer == nil {
		return nil
	}
	out := make([]*moonshinev1.SeatClock, players)
	for s := range players {
		out[s] = c.Seat(timer, s)
	}
	return out
}

// Turn is what moved the clocks: the seat whose command was played
// (actor, or -1 for none: the table filled up), whether the platform
// played it for the seat (a timeout or a takeover), and when.
type Turn struct {
	Actor    engine.Seat
	Platform bool
	Now      time.Time
}

// Next returns the clocks that change when the game comes to await the
// prompts after, at turn: the clock of a seat that acted or is no longer
// awaited stops (a bank loses the time used, and gains the increment when
// the seat acted, itself or by the platform's default: a spent bank
// leaves the increment for each decision); a seat now bound to act whose clock is stopped,
// or that acted and must act again, starts a decision. Clocks run only at
// a full table, and never for bots' or taken-over seats.
func (c *Clocks) Next(timer *moonshinev1.TurnTimer, full bool, bots []int32, after []engine.Prompt, turn Turn) []*moonshinev1.SeatClock {
	var out []*moonshinev1.SeatClock
	for s := range c.players(after, turn) {
		cur := c.Seat(timer, s)
		if slices.Contains(bots, int32(s)) || cur.GetTakenOver() {
			continue
		}
		acted := turn.Actor == engine.Seat(s)
		awaited := full && mustAct(after, engine.Seat(s))
		sc := proto.CloneOf(cur)
		changed := false
		if cur.GetRunning() && (acted || !awaited) {
			stop(timer, sc, acted, turn.Now)
			changed = true
		}
		if acted && !turn.Platform {
			sc.Timeouts = 0
		}
		if awaited && (!cur.GetRunning() || acted) {
			start(timer, sc, turn.Now)
			changed = true
		}
		if changed {
			out = append(out, sc)
		}
	}
	return out
}

// players is how many seats the clocks cover: every seat that has a clock
// or a prompt.
func (c *Clocks) players(after []engine.Prompt, turn Turn) int {
	n := max(len(c.seats), int(turn.Actor)+1)
	for _, p := range after {
		n = max(n, int(p.Seat)+1)
	}
	return n
}

// stop stops a running clock at now: a bank keeps what is left of it, plus
// the increment when the seat acted.
func stop(timer *moonshinev1.TurnTimer, sc *moonshinev1.SeatClock, increment bool, now time.Time) {
	if timer.GetBank() != nil {
		left := max(sc.GetBank().AsDuration()-now.Sub(sc.GetOpenedAt().AsTime()), 0)
		if increment {
			left += timer.GetIncrement().AsDuration()
		}
		sc.Bank = durationpb.New(left)
	}
	sc.Running, sc.OpenedAt, sc.Deadline = false, nil, nil
}

// start opens a decision at now: its deadline is the per-decision limit
// away, or what is left of the bank.
func start(timer *moonshinev1.TurnTimer, sc *moonshinev1.SeatClock, now time.Time) {
	limit := timer.GetPerDecision().AsDuration()
	if timer.GetBank() != nil {
		limit = sc.GetBank().AsDuration()
	}
	sc.Running, sc.OpenedAt, sc.Deadline = true, timestamppb.New(now), timestamppb.New(now.Add(limit))
}

// mustAct reports whether the prompts bind seat to act.
func mustAct(ps []engine.Prompt, seat engine.Seat) bool {
	for _, p := range ps {
		if p.Seat == seat && p.MustAct {
			return true
		}
	}
	return false
}

// Due returns when the table's timers next need the platform: the
// earliest running deadline, or now when a taken-over seat must act (its
// bot plays at once); zero when nothing is pending.
func (c *Clocks) Due(after []engine.Prompt, now time.Time) time.Time {
	var at time.Time
	for _, sc := range c.seats {
		switch {
		case sc == nil:
		case sc.GetTakenOver() && mustAct(after, engine.Seat(sc.GetSeat())):
			return now
		case sc.GetRunning() && (at.IsZero() || sc.GetDeadline().AsTime().Before(at)):
			at = sc.GetDeadline().AsTime()
		}
	}
	return at
}
