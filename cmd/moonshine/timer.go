package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/types/known/durationpb"
)

// timerFlags adds create's turn timer flags to fs and returns the
// TurnTimer they ask for once parsed (nil: none). The server checks it.
func timerFlags(fs *flag.FlagSet) func() *moonshinev1.TurnTimer {
	per := fs.Duration("time-per-decision", 0, "turn timer: the time each decision gets, e.g. 2m")
	bank := fs.Duration("time-bank", 0, "turn timer: each seat's bank of time, chess-style, e.g. 20m")
	inc := fs.Duration("time-increment", 0, "turn timer: added to a seat's bank each time it acts")
	takeover := fs.Int("takeover-after", 0, "turn timer: the server's bot plays a seat for the rest of the game after this many timeouts in a row")
	return func() *moonshinev1.TurnTimer {
		if *per == 0 && *bank == 0 && *inc == 0 && *takeover == 0 {
			return nil
		}
		tt := &moonshinev1.TurnTimer{TakeoverAfter: int32(*takeover)}
		set := func(d time.Duration) *durationpb.Duration {
			if d == 0 {
				return nil
			}
			return durationpb.New(d)
		}
		tt.PerDecision, tt.Bank, tt.Increment = set(*per), set(*bank), set(*inc)
		return tt
	}
}

// clocksText writes the seats' turn clocks of a view: each running
// deadline, and each bank.
func clocksText(w io.Writer, info *moonshinev1.GameInfo, clocks []*moonshinev1.SeatClock) {
	for _, sc := range clocks {
		name := seatName(info, sc.GetSeat())
		switch {
		case sc.GetTakenOver():
			fmt.Fprintf(w, "clock of %s: taken over by its bot\n", name)
		case sc.GetRunning():
			fmt.Fprintf(w, "clock of %s: must act by %s\n", name, sc.GetDeadline().AsTime().UTC().Format(time.DateTime+" UTC"))
		case sc.GetBank() != nil:
			fmt.Fprintf(w, "clock of %s: stopped, %s left\n", name, sc.GetBank().AsDuration())
		}
	}
}
