package turnclock

import (
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/types/known/durationpb"
)

// TestClocksNext: which clocks start and stop as the awaited seats
// change, for a limit per decision and for a bank: a simultaneous
// decision keeps the clocks of the seats still to act, a seat that acts
// and must act again starts a new decision, a seat no longer awaited
// stops without an increment, a bot's and a taken-over seat's never run,
// and nothing runs at a table that is not full.
func TestClocksNext(t *testing.T) {
	t0 := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	per := &moonshinev1.TurnTimer{PerDecision: durationpb.New(time.Minute)}
	bank := &moonshinev1.TurnTimer{Bank: durationpb.New(10 * time.Minute), Increment: durationpb.New(30 * time.Second)}
	must := func(seats ...engine.Seat) []engine.Prompt {
		var ps []engine.Prompt
		for _, s := range seats {
			ps = append(ps, engine.Prompt{Seat: s, MustAct: true})
		}
		return ps
	}
	running := func(timer *moonshinev1.TurnTimer, seat int32, opened time.Time, left time.Duration) *moonshinev1.SeatClock {
		sc := &moonshinev1.SeatClock{Seat: seat, Bank: timer.GetBank()}
		if timer.GetBank() != nil {
			sc.Bank = durationpb.New(left)
		}
		start(timer, sc, opened)
		return sc
	}
	type want struct {
		seat    int32
		running bool
		bank    time.Duration // for a bank
		at      time.Duration // deadline after t1, when running
	}
	t1 := t0.Add(2 * time.Minute)
	for _, c := range []struct {
		name   string
		timer  *moonshinev1.TurnTimer
		clocks []*moonshinev1.SeatClock
		full   bool
		bots   []int32
		after  []engine.Prompt
		turn   Turn
		want   []want
	}{
		{name: "the table fills up", timer: per, full: true, after: must(0, 1, 2), turn: Turn{Actor: -1, Now: t1},
			want: []want{{0, true, 0, time.Minute}, {1, true, 0, time.Minute}, {2, true, 0, time.Minute}}},
		{name: "not full: nothing runs", timer: per, after: must(0), turn: Turn{Actor: -1, Now: t1}},
		{name: "a simultaneous decision: only the seat that acted stops", timer: per, full: true,
			clocks: []*moonshinev1.SeatClock{running(per, 0, t0, 0), running(per, 1, t0, 0)},
			after:  must(1), turn: Turn{Actor: 0, Now: t1}, want: []want{{0, false, 0, 0}}},
		{name: "a seat that acts and must act again starts anew", timer: per, full: true,
			clocks: []*moonshinev1.SeatClock{running(per, 0, t0, 0)},
			after:  must(0), turn: Turn{Actor: 0, Now: t1}, want: []want{{0, true, 0, time.Minute}}},
		{name: "bots and taken-over seats have no clock", timer: per, full: true, bots: []int32{1},
			clocks: []*moonshinev1.SeatClock{nil, nil, {Seat: 2, TakenOver: true}},
			after:  must(1, 2), turn: Turn{Actor: -1, Now: t1}},
		{name: "a bank loses the time taken and gains the increment", timer: bank, full: true,
			clocks: []*moonshinev1.SeatClock{running(bank, 0, t0, 10*time.Minute)},
			after:  must(1), turn: Turn{Actor: 0, Now: t1},
			want: []want{{0, false, 8*time.Minute + 30*time.Second, 0}, {1, true, 10 * time.Minute, 10 * time.Minute}}},
		{name: "a bank no longer awaited gains no increment", timer: bank, full: true,
			clocks: []*moonshinev1.SeatClock{running(bank, 0, t0, 10*time.Minute), running(bank, 1, t0, 10*time.Minute)},
			after:  must(1), turn: Turn{Actor: 2, Now: t1},
			want: []want{{0, false, 8 * time.Minute, 0}}},
		{name: "a spent bank leaves the increment for the next decision", timer: bank, full: true,
			clocks: []*moonshinev1.SeatClock{running(bank, 0, t0, time.Minute)},
			after:  must(0), turn: Turn{Actor: 0, Platform: true, Now: t1},
			want: []want{{0, true, 30 * time.Second, 30 * time.Second}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs := Clocks{seats: c.clocks}
			got := cs.Next(c.timer, c.full, c.bots, c.after, c.turn)
			if len(got) != len(c.want) {
				t.Fatalf("clocks moved: %v, want %d", got, len(c.want))
			}
			for i, w := range c.want {
				g := got[i]
				ok := g.GetSeat() == w.seat && g.GetRunning() == w.running &&
					(c.timer.GetBank() == nil || g.GetBank().AsDuration() == w.bank) &&
					(!w.running || g.GetDeadline().AsTime().Equal(t1.Add(w.at)))
				if !ok {
					t.Errorf("clock %d: %v, want %+v", i, g, w)
				}
			}
		})
	}
}
