package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// TestResignBreaksUpTheMob: the house ruling leans on "If a Title's
// conditions are no longer met by anyone, or there is a tie, return it to
// the Supply": the resigned mob's pieces leave the board, its Titles go
// back, its slotted markers return to their owners, and the turn passes.
func TestResignBreaksUpTheMob(t *testing.T) {
	s := cleared(t, 3)
	put(s, 0, tottenville, 2, 1, true)
	s.dist(tottenville).Barrels[pb.Liquor_LIQUOR_GIN] = 2
	s.Deeds[pb.Borough_BOROUGH_STATEN_ISLAND] = 0
	s.WardBoss = 0
	s.Seats[1].SlotOwners = s.Seats[1].SlotOwners[:4] // seat 1 lent one marker to seat 0
	s.Seats[0].SlotOwners = []int{0, 0, 0, 0, 1}
	s.Seats[0].Stash++
	stash0, stash1, cash := s.Seats[0].Stash, s.Seats[1].Stash, s.Seats[0].Cash

	evs := run(t, s, 0, cmd(&pb.Resign{}))
	res, ok := find(evs, (*pb.Event).GetResigned, func(x *pb.Resigned) bool { return x == nil })
	if !ok || len(res.RemovedFrom) != 1 || res.RemovedFrom[0] != tottenville {
		t.Fatalf("Resigned %v", res)
	}
	if r, b, h := s.onBoard(0); r+b != 0 || h != 0 {
		t.Fatalf("pieces left on the board: %d %d %v", r, b, h)
	}
	if s.Deeds[pb.Borough_BOROUGH_STATEN_ISLAND] != none || s.WardBoss != none {
		t.Fatalf("Titles kept: deed %d ward boss %d", s.Deeds[pb.Borough_BOROUGH_STATEN_ISLAND], s.WardBoss)
	}
	if s.Seats[0].Stash != stash0+4 || s.Seats[1].Stash != stash1+1 || s.Seats[0].Cash != cash {
		t.Fatalf("stashes %d %d cash %d", s.Seats[0].Stash, s.Seats[1].Stash, s.Seats[0].Cash)
	}
	if s.dist(tottenville).Barrels[pb.Liquor_LIQUOR_GIN] != 2 {
		t.Fatal("the liquor left with the mob")
	}
	if seat, _ := s.awaited(); seat != 1 || !s.Seats[0].LaidLow {
		t.Fatalf("the game awaits %d; seat 0 laid low %v", seat, s.Seats[0].LaidLow)
	}
	v := s.View(engine.SpectatorViewer()).(*pb.View)
	if !v.Seats[0].Resigned || v.Seats[1].Resigned {
		t.Fatal("the view does not show who resigned")
	}
}

func TestResignRefusals(t *testing.T) {
	s := cleared(t, 3)
	run(t, s, 1, cmd(&pb.Resign{}))
	refused(t, s, 1, cmd(&pb.Resign{}), ReasonResigned)
	refused(t, s, 1, cmd(&pb.TakeLoan{}), ReasonResigned)
	refused(t, s, 0, cmd(&pb.GiveCash{To: 1, Amount: 1}), ReasonRivalResigned)
	refused(t, s, 0, cmd(&pb.Lend{To: 1, Markers: 1}), ReasonRivalResigned)

	f := cleared(t, 2)
	f.Fight = &fight{District: tottenville, Invader: 0, Occupier: 1, Stage: pb.Awaiting_AWAITING_STANDOFF}
	refused(t, f, 1, cmd(&pb.Resign{}), ReasonResignNotNow)
}

// TestResignLastRivalEnds: the game ends when one mob is left, in its
// favour, by forfeit.
func TestResignLastRivalEnds(t *testing.T) {
	s := cleared(t, 3)
	run(t, s, 2, cmd(&pb.Resign{}))
	if s.outcome != nil {
		t.Fatal("two mobs are left: the game goes on")
	}
	evs := run(t, s, 0, cmd(&pb.Resign{}))
	end, ok := find(evs, (*pb.Event).GetGameEnded, func(x *pb.GameEnded) bool { return x == nil })
	if !ok || !end.Forfeit || end.Winner != 1 {
		t.Fatalf("GameEnded %v", end)
	}
	if o := s.Outcome(); len(o.Winners) != 1 || o.Winners[0] != 1 || len(o.Scores) != 3 {
		t.Fatalf("outcome %+v", o)
	}
	refused(t, s, 1, cmd(&pb.Resign{}), engine.ReasonGameOver)
}

// TestResignBloodOath: after the Sit-Down a partner's resignation leaves
// its Alliance in the game ("To win the game, an Alliance must
// collectively possess ..."): the game ends only once both mobs of the
// other Alliance are gone, and the Alliance left wins with its resigned
// partner.
func TestResignBloodOath(t *testing.T) {
	s := oath(t)
	allied(s)
	run(t, s, 1, cmd(&pb.Resign{}))
	run(t, s, 2, cmd(&pb.Resign{}))
	if s.outcome != nil {
		t.Fatal("each Alliance has a mob left: the game goes on")
	}
	evs := run(t, s, 3, cmd(&pb.Resign{}))
	end, ok := find(evs, (*pb.Event).GetGameEnded, func(x *pb.GameEnded) bool { return x == nil })
	if !ok || !end.Forfeit || end.Partner == nil {
		t.Fatalf("GameEnded %v", end)
	}
	if w := []uint32{end.Winner, *end.Partner}; !(w[0] == 0 && w[1] == 1 || w[0] == 1 && w[1] == 0) {
		t.Fatalf("winners %v, want the Alliance of 0 and 1", w)
	}
}

// TestResignBeforeSitDown: before the Sit-Down every mob stands alone: the
// last one left wins alone.
func TestResignBeforeSitDown(t *testing.T) {
	s := oath(t)
	for _, seat := range []int{3, 1, 2} {
		run(t, s, seat, cmd(&pb.Resign{}))
	}
	if o := s.Outcome(); o == nil || len(o.Winners) != 1 || o.Winners[0] != 0 {
		t.Fatalf("outcome %+v", o)
	}
}

// TestResignRandomGames: in random games a seat resigns at a random point
// and play goes on for the others through every phase: the invariants hold
// after every event (the sim's watcher), no prompt ever names a resigned
// seat, and the game replays from its log.
func TestResignRandomGames(t *testing.T) {
	for g := range 6 {
		sm := newOathSim(t, 3+g%2, uint64(91000+g))
		sm.run(1+g%3, 0)
		if sm.state().Outcome() != nil {
			continue
		}
		quit := sm.bot.IntN(sm.state().Players)
		var res simResult
		before := len(sm.records)
		sm.step(engine.Seat(quit), cmd(&pb.Resign{}), false, &res)
		if len(sm.records) == before {
			continue // refused now (mid-fight): nothing to check
		}
		for day := sm.state().Day; day < 6 && sm.state().Outcome() == nil; day++ {
			sm.run(day+1, 0)
			for _, p := range sm.state().Prompts() {
				if sm.state().Seats[p.Seat].Resigned {
					t.Fatalf("game %d: prompt for resigned %v", g, p.Seat)
				}
			}
		}
		if err := sm.verify(); err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
	}
}
