package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// brewing returns a 2-player game in the Brew with chosen dice, seat 0
// first, an empty board and Stills numbered by the caller.
func brewing(t *testing.T, red, white []int) *state {
	s := cleared(t, 2)
	s.Phase, s.Drafted, s.Red, s.White, s.Current = pb.Phase_PHASE_BREW, 0, red, white, 0
	for i := range s.Seats {
		s.Seats[i].Greased = false
	}
	for i := range s.D {
		s.D[i].Still = 12
	}
	return s
}

func draft(r, w int, l pb.Liquor) *pb.Command {
	return cmd(&pb.BrewDraft{Red: u32(r), White: u32(w), Liquor: l, Dump: l == 0})
}

func TestBrewProduce(t *testing.T) {
	// "Produce: Every matching Still fires up, including rivals'. Brew
	// Domestic Liquor (Gin, Whisky, or Moonshine) based on your crew size
	// using The Muscle Ratio." Table: "1 - 2 Mobsters: 1 Barrel, 3 - 4: 2
	// Barrels, [5+]: 3 Barrels."
	for _, c := range []struct{ crew, want int }{{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {9, 3}} {
		s := brewing(t, []int{3, 1, 1}, []int{4, 1, 1})
		s.dist(harlem).Still, s.dist(corona).Still = 7, 7
		put(s, 0, harlem, c.crew, 0, false)
		put(s, 1, corona, c.crew-1, 1, false)
		run(t, s, 0, draft(3, 4, gin))
		if s.dist(harlem).Barrels[gin] != c.want || s.dist(corona).Barrels[gin] != c.want {
			t.Errorf("crew %d: %d and %d gin, want %d", c.crew, s.dist(harlem).Barrels[gin], s.dist(corona).Barrels[gin], c.want)
		}
	}
}

func TestBrewDryTapOrder(t *testing.T) {
	// "First to draft gets the goods; if supply runs dry (Dry Tap),
	// production stops." The drafter's own Stills fire first.
	s := brewing(t, []int{3, 1, 1}, []int{4, 1, 1})
	s.dist(harlem).Still, s.dist(corona).Still = 7, 7
	put(s, 0, harlem, 5, 0, false)
	put(s, 1, corona, 5, 0, false)
	s.dist(village).Barrels[gin] = printed.BarrelSupply - 4
	put(s, 0, village, 1, 0, false)
	evs := run(t, s, 0, draft(3, 4, gin))
	if s.dist(harlem).Barrels[gin] != 3 || s.dist(corona).Barrels[gin] != 1 || s.barrelSupply(gin) != 0 {
		t.Errorf("drafter got %d, rival %d", s.dist(harlem).Barrels[gin], s.dist(corona).Barrels[gin])
	}
	if b, _ := find(evs, (*pb.Event).GetBrewDrafted, isNilBrew); len(b.Productions) != 2 || b.Productions[0].Seat != 0 {
		t.Errorf("productions %v", b.Productions)
	}
}

func isNilBrew(b *pb.BrewDrafted) bool { return b == nil }

func TestBrewDumpAndRefusals(t *testing.T) {
	s := brewing(t, []int{3, 1, 1}, []int{4, 1, 1})
	s.dist(harlem).Still = 7
	put(s, 0, harlem, 2, 0, false)
	// "Rum ... You can't brew it in a basement"
	refused(t, s, 0, draft(3, 4, rum), ReasonNotDomestic)
	refused(t, s, 0, draft(6, 4, gin), ReasonDieNotInPool)
	// "In Turn Order, draft 1 Red and 1 White die from the pool."
	refused(t, s, 1, draft(3, 4, gin), "NOT_YOUR_TURN")
	// "Dump the Mash: Discard your drafted dice. No Stills fire."
	run(t, s, 0, draft(3, 4, 0))
	if s.dist(harlem).barrelCount() != 0 || len(s.Red) != 2 || s.Current != 1 {
		t.Errorf("dump brewed or kept dice: %v %v", s.Red, s.dist(harlem).Barrels)
	}
}

func TestBlowback(t *testing.T) {
	// "add together the two leftover undrafted dice (1 Red, 1 White) to get
	// the Blowback Number. ... Every matching Still explodes. Tally casualties
	// using The Muscle Ratio. Runners take the shrapnel first; an unprotected
	// Boss goes home in a pine box."
	for _, c := range []struct{ runners, bosses, leftR, leftB int }{
		{4, 1, 1, 1}, // 5 mobsters: 3 dead, all Runners
		{1, 1, 0, 1}, // 2 mobsters: 1 dead, the Runner shields the Boss
		{0, 1, 0, 0}, // the unprotected Boss dies
		{1, 2, 0, 1}, // 3 mobsters: 2 dead, the Runner and a Boss
		{6, 0, 3, 0}, // capped at 3 dead
	} {
		s := brewing(t, []int{1, 2, 6}, []int{1, 2, 6})
		s.dist(fivePoints).Still = 12
		s.Seats[1].BossPieces = 2 // a Sicilian's Capo for the 2-Boss case
		put(s, 1, fivePoints, c.runners, c.bosses, true)
		run(t, s, 0, draft(1, 1, 0))
		run(t, s, 1, draft(2, 2, 0))
		p := s.dist(fivePoints).Mobs[1]
		if p.Runners != c.leftR || p.Bosses != c.leftB || s.Phase != pb.Phase_PHASE_GREASE {
			t.Errorf("%+v: left %+v phase %v", c, p, s.Phase)
		}
	}
}

func TestStakeAndFund(t *testing.T) {
	s := cleared(t, 2)
	s.Phase, s.Current = pb.Phase_PHASE_GREASE, 0
	for i := range s.Seats {
		s.Seats[i].Greased = false
		s.Seats[i].Stash += len(s.Seats[i].SlotOwners)
		s.Seats[i].SlotOwners = nil
	}
	s.Decks[racket].Draw = removeOne(s.Decks[racket].Draw, 15)
	s.Decks[score].Draw = removeOne(s.Decks[score].Draw, 27)
	s.Seats[0].Hand = []int{15, 27}
	// "Place Stash markers equal to each card's Days to Deadline (1, 2, or 3)."
	evs := run(t, s, 0, cmd(&pb.StakeContract{Card: 15}))
	if s.Seats[0].Stash != 5 || len(s.Seats[0].Staked) != 1 || s.Seats[0].Staked[0].Markers != 2 {
		t.Errorf("stake: stash %d staked %v", s.Seats[0].Stash, s.Seats[0].Staked)
	}
	// Staking reveals the card: its id is in the public body.
	if e := publicBodies(evs)[0].GetContractStaked(); e.GetCard() != 15 {
		t.Errorf("stake not public: %v", evs)
	}
	run(t, s, 0, cmd(&pb.StakeContract{Card: 27}))
	refused(t, s, 0, cmd(&pb.StakeContract{Card: 1}), ReasonNotInHand)
	// "Move up to 5 markers from your Stash into your Operations slots."
	refused(t, s, 0, cmd(&pb.Fund{Markers: 3}), ReasonNotEnoughInfluence)
	run(t, s, 0, cmd(&pb.Fund{Markers: 2}))
	if s.Current != 1 || len(s.Seats[0].SlotOwners) != 2 {
		t.Errorf("fund: current %d slots %v", s.Current, s.Seats[0].SlotOwners)
	}
	refused(t, s, 1, cmd(&pb.Fund{Markers: 6}), ReasonSlotsFull)
	run(t, s, 1, cmd(&pb.Fund{Markers: 5}))
	if s.Phase != pb.Phase_PHASE_OPERATIONS || s.Current != 0 {
		t.Errorf("operations did not start: %v", s.Phase)
	}
}

func TestFundNothingLaysLow(t *testing.T) {
	// "When you run out of Influence ... you must Lay Low"
	s := cleared(t, 2)
	s.Phase, s.Current = pb.Phase_PHASE_GREASE, 0
	for i := range s.Seats {
		s.Seats[i].Greased = false
		s.Seats[i].Stash += len(s.Seats[i].SlotOwners)
		s.Seats[i].SlotOwners = nil
	}
	run(t, s, 0, cmd(&pb.Fund{Markers: 0}))
	run(t, s, 1, cmd(&pb.Fund{Markers: 5}))
	if !s.Seats[0].LaidLow || s.Current != 1 || s.Seats[0].TokenMoon != pb.Moon_MOON_FULL || s.Seats[0].Token != 1 {
		t.Errorf("seat 0 did not lay low: %+v current %d", s.Seats[0], s.Current)
	}
}
