package kingdom

import (
	"fmt"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The issue III invariants read from the event log alone: each Favor bought
// at most once per player, and every seat's Respect recomputed from the log
// equal to the view's.

// ledger folds the log into what Respect is made of.
type ledger struct {
	deeds            map[pb.Borough]int
	syndicates       map[pb.Liquor]int
	wardBoss, rat    int
	contracts, loans []int
	bought           map[[2]int]int
}

func newLedger(players int) *ledger {
	return &ledger{deeds: map[pb.Borough]int{}, syndicates: map[pb.Liquor]int{}, wardBoss: none, rat: none,
		contracts: make([]int, players), loans: make([]int, players), bought: map[[2]int]int{}}
}

// fold adds one event body; it fails on a Favor bought a second time by
// the same seat.
func (l *ledger) fold(e *pb.Event) error {
	switch k := e.GetKind().(type) {
	case *pb.Event_TitleChanged:
		h := none
		if k.TitleChanged.Holder != nil {
			h = int(*k.TitleChanged.Holder)
		}
		switch k.TitleChanged.Title {
		case pb.Title_TITLE_DEED:
			l.deeds[k.TitleChanged.Borough] = h
		case pb.Title_TITLE_SYNDICATE:
			l.syndicates[k.TitleChanged.Liquor] = h
		default:
			l.wardBoss = h
		}
	case *pb.Event_ContractReckoned:
		if x := k.ContractReckoned; x.Completed {
			card, _ := printed.Card(int(x.Card))
			l.contracts[x.Seat] += printed.Tiers[card.Tier].Respect
		}
	case *pb.Event_Resigned:
		l.resigned(int(k.Resigned.Seat))
	case *pb.Event_LoanTaken:
		l.loans[k.LoanTaken.Seat]++
	case *pb.Event_LoanRepaid:
		l.loans[k.LoanRepaid.Seat]--
	case *pb.Event_Ratted:
		l.rat = int(k.Ratted.Seat)
	case *pb.Event_RaidEnded:
		if k.RaidEnded.RatCardReturned {
			l.rat = none
		}
	case *pb.Event_Bribed:
		key := [2]int{int(k.Bribed.Seat), int(k.Bribed.Broker)}
		if l.bought[key]++; l.bought[key] > 1 {
			return fmt.Errorf("seat %d bought the Favor of %v %d times", key[0], pb.Broker(key[1]), l.bought[key])
		}
	}
	return nil
}

// resigned returns the Titles of a seat that resigned to the Supply.
func (l *ledger) resigned(seat int) {
	for bo, h := range l.deeds {
		if h == seat {
			l.deeds[bo] = none
		}
	}
	for li, h := range l.syndicates {
		if h == seat {
			l.syndicates[li] = none
		}
	}
	if l.wardBoss == seat {
		l.wardBoss = none
	}
}

func (l *ledger) respect(seat int) int {
	r := l.contracts[seat] - l.loans[seat]
	for _, bo := range printed.Boroughs() {
		if h, ok := l.deeds[bo.ID]; ok && h == seat {
			r += bo.Respect
		}
	}
	for _, h := range l.syndicates {
		if h == seat {
			r += 2
		}
	}
	if l.wardBoss == seat {
		r += 3
	}
	if l.rat == seat {
		r -= 3
	}
	return r
}

// watcher holds the invariants that span events, for any driver of a game
// (the random bot here, the strategy's full games through export_test.go):
// the ledger of the log, the Day whose start was last checked against the
// view, and the partners the Sit-Down made.
type watcher struct {
	t         testing.TB
	led       *ledger
	ledgerDay int
	// partner is the seats' partners as the Sit-Down made them (none
	// before): they never change after.
	partner [printed.MaxSeats]int
}

func newWatcher(t testing.TB, players int) *watcher {
	return &watcher{t: t, led: newLedger(players), partner: [printed.MaxSeats]int{none, none, none, none}}
}

// fold adds an applied event to the ledger.
func (w *watcher) fold(r engine.Recorded) {
	for _, b := range r.Event.Bodies() {
		if err := w.led.fold(b.(*pb.Event)); err != nil {
			w.t.Fatalf("event %d: %v", r.Seq, err)
		}
	}
}

// check holds every invariant after the event ev was applied to s.
func (w *watcher) check(s *state, ev engine.Event) {
	w.t.Helper()
	where := func() string { return fmt.Sprintf("after %v", ev.Public) }
	checkInvariantsAt(w.t, s, where)
	checkFavors(w.t, s, where)
	w.checkOath(s)
}

// checkDay checks the ledger when a Day has begun since the last check.
func (w *watcher) checkDay(s *state) {
	if s.Day != w.ledgerDay {
		w.checkLedger(s)
	}
}

// checkOath holds the Blood Oath invariants after every event: no partners
// outside the variant; the Sit-Down pairs the four seats two by two, once,
// for good; and partners never fight (checkInvariants).
func (w *watcher) checkOath(s *state) {
	if s.Partner == w.partner {
		return
	}
	if !s.bloodOath() || w.partner[0] != none {
		w.t.Fatalf("day %d: partners changed from %v to %v (Blood Oath %v)", s.Day, w.partner, s.Partner, s.bloodOath())
	}
	for a, b := range s.Partner {
		if b == none || b == a || s.Partner[b] != a {
			w.t.Fatalf("day %d: partners %v do not pair the seats", s.Day, s.Partner)
		}
	}
	w.partner = s.Partner
}

// checkLedger compares the log's Respect with the view's, and the Favors
// bought by the log with the state's; it runs as each Day starts and at
// the end.
func (w *watcher) checkLedger(s *state) {
	l := w.led
	w.ledgerDay = s.Day
	v := s.View(engine.AuditorViewer()).(*pb.View)
	for i := range s.Players {
		if got := l.respect(i); got != int(v.Seats[i].Respect) {
			w.t.Fatalf("day %d: seat %d has %d Respect by the log, %d by the view (%+v; deeds %v syn %v ward %d rat %d loans %d)", s.Day, i, got, v.Seats[i].Respect, l, s.Deeds, s.Syndicates, s.WardBoss, s.Rat, s.Seats[i].Loans)
		}
		for b, bought := range s.Seats[i].Bought {
			if n := l.bought[[2]int{i, b}]; bought != (n == 1) {
				w.t.Fatalf("day %d: seat %d bought the Favor of %v %d times by the log; the state says %v", s.Day, i, pb.Broker(b), n, bought)
			}
		}
	}
}
