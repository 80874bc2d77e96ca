package kingdom

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Each test quotes the sentence of "Cooperation: Puppets in the Smoke" or
// "Deals on the Side" it checks.

func lendCmd(to, n int) *pb.Command { return cmd(&pb.Lend{To: u32(to), Markers: u32(n)}) }

func TestLendInfluence(t *testing.T) {
	// "At any time during Operations, you may move Influence markers from
	// your Operations to a rival's Operations (up to their 5 marker cap).
	// This is not a Play and does not end your turn."
	s := cleared(t, 3)
	s.Seats[1].SlotOwners, s.Seats[1].Stash = []int{1, 1}, s.Seats[1].Stash+3
	run(t, s, 0, lendCmd(1, 2))
	if s.Current != 0 || len(s.Seats[0].SlotOwners) != 3 || !slices.Equal(s.Seats[1].SlotOwners, []int{1, 1, 0, 0}) {
		t.Fatalf("after lending: current %d, %v %v", s.Current, s.Seats[0].SlotOwners, s.Seats[1].SlotOwners)
	}
	run(t, s, 2, lendCmd(1, 1)) // out of turn
	refused(t, s, 2, lendCmd(1, 1), ReasonSlotsFull)
	refused(t, s, 2, lendCmd(2, 1), ReasonBadLend)
	refused(t, s, 0, lendCmd(2, 4), ReasonNotEnoughInfluence)
	s.Phase = pb.Phase_PHASE_GREASE
	refused(t, s, 0, lendCmd(2, 1), ReasonNotOperations)
	s.Phase = pb.Phase_PHASE_OPERATIONS
	// "The Favor: You lend your name and network. The rival may use these
	// markers as their own, immediately or later. The Risk: If the rival
	// spends your marker on a Play that generates Heat, your marker goes to
	// the Heat Track. Otherwise, it returns to your Stash once used."
	s.Current = 1
	put(s, 1, hellsKit, 2, 0, false)
	s.dist(hellsKit).Barrels[gin] = 8
	sell := func(owner *uint32) *pb.Command {
		return cmd(&pb.Unload{District: hellsKit, Barrels: []*pb.Barrels{bar(gin, 4)}, HeatOwner: owner})
	}
	one := uint32(1)
	refused(t, s, 1, sell(&one), ReasonBadHeatOwner)
	// "If this Unload was paid for with two different players' markers, you
	// choose which spent marker goes to the Heat Track."
	zero := uint32(0)
	stash0, stash2 := s.Seats[0].Stash, s.Seats[2].Stash
	run(t, s, 1, sell(&zero))
	if !slices.Equal(s.Heat, []int{0}) || s.Seats[2].Stash != stash2+1 || s.Seats[0].Stash != stash0 {
		t.Fatalf("heat %v stash %d %d", s.Heat, s.Seats[0].Stash, s.Seats[2].Stash)
	}
	// Unused lent markers go home when the borrower lays low.
	s.Current = 1
	run(t, s, 1, cmd(&pb.LayLow{}))
	if s.Seats[0].Stash != stash0+1 || len(s.Seats[1].SlotOwners) != 0 {
		t.Fatalf("stash %d", s.Seats[0].Stash)
	}
	refused(t, s, 0, lendCmd(1, 1), ReasonLaidLow)
}

func TestViolenceHeatWithLentMarkers(t *testing.T) {
	// Blood on the Pavement with only lent markers spent (ruling 75): the
	// Attacker's marker comes from its slots when its Stash is empty.
	s := invaded(t)
	run(t, s, 1, holdFire)
	s.Seats[0].Stash, s.Seats[0].SlotOwners, s.Seats[0].Influence = 0, []int{0, 2, 2}, 1
	s.Seats[2].Stash -= 2
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1)
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1)
	run(t, s, 0, cmd(&pb.Spoils{}))
	if !slices.Equal(s.Heat, []int{0}) || len(s.Seats[0].SlotOwners) != 0 {
		t.Fatalf("heat %v slots %v", s.Heat, s.Seats[0].SlotOwners)
	}
}

func TestViolenceHeatFromALentMarker(t *testing.T) {
	// "If the rival spends your marker on a Play that generates Heat, your
	// marker goes to the Heat Track." — a Move paid with a lent marker that
	// ends in killing sends the lender's marker (ruling 75).
	s := cleared(t, 3)
	unslot(s, 0)
	s.Seats[2].Stash -= 3
	s.Seats[0].SlotOwners = []int{2, 2, 2}
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 2, 0, true)
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	run(t, s, 1, holdFire)
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1)
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1)
	run(t, s, 0, cmd(&pb.Spoils{}))
	if !slices.Equal(s.Heat, []int{2}) {
		t.Fatalf("heat %v", s.Heat)
	}
	checkInvariants(t, s, "after the Play")
}

func pushTrade(from, to pb.District, there, back []*pb.Barrels) *pb.Command {
	return cmd(&pb.Push{From: from, To: to, Barrels: there, Back: back})
}

func TestPushTrade(t *testing.T) {
	// "Barrel Exchanges: Liquor stays on the board. To swap barrels with a
	// rival, use a single Push action — with their permission, you can shift
	// any barrels either way between your District and a Connected one,
	// clearing the whole trade in one Action with no return turn needed."
	s := cleared(t, 3)
	put(s, 0, harlem, 1, 0, false)
	s.dist(harlem).Barrels[gin] = 2
	put(s, 1, hellsKit, 1, 0, false)
	s.dist(hellsKit).Barrels[whisky] = 3
	trade := pushTrade(harlem, hellsKit, []*pb.Barrels{bar(gin, 1)}, []*pb.Barrels{bar(whisky, 2)})
	refused(t, s, 0, pushTrade(harlem, hellsKit, nil, []*pb.Barrels{bar(whisky, 4)}), ReasonNotEnoughBarrels)
	refused(t, s, 0, pushTrade(harlem, sugarHill, nil, []*pb.Barrels{bar(gin, 1)}), ReasonNotEnoughBarrels)
	s.dist(sugarHill).Barrels[rum] = 1
	s.dist(sugarHill).Precinct = false
	refused(t, s, 0, pushTrade(harlem, sugarHill, nil, []*pb.Barrels{bar(rum, 1)}), ReasonBadTrade)
	// Refused: nothing is spent, the turn goes on.
	run(t, s, 0, trade)
	if who, aw := s.awaited(); who != 1 || aw != pb.Awaiting_AWAITING_CONSENT || len(s.Seats[0].SlotOwners) != 5 {
		t.Fatalf("awaits %d %v", who, aw)
	}
	if v := s.View(engine.SpectatorViewer()).(*pb.View); v.Proposal.GetRival() != 1 {
		t.Fatalf("view proposal %v", v.Proposal)
	}
	refused(t, s, 2, cmd(&pb.Consent{Accept: true}), engine.ReasonNotYourTurn)
	refused(t, s, 0, lendCmd(2, 1), ReasonPlayPending)
	run(t, s, 1, cmd(&pb.Consent{}))
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_PLAY || s.dist(harlem).Barrels[gin] != 2 || len(s.Seats[0].SlotOwners) != 5 {
		t.Fatalf("after refusal: %d %v", who, aw)
	}
	// Accepted: one Push, both ways, 1 Influence.
	run(t, s, 0, trade)
	run(t, s, 1, cmd(&pb.Consent{Accept: true}))
	if s.dist(harlem).Barrels[gin] != 1 || s.dist(harlem).Barrels[whisky] != 2 || s.dist(hellsKit).Barrels[gin] != 1 ||
		s.dist(hellsKit).Barrels[whisky] != 1 || len(s.Seats[0].SlotOwners) != 4 || s.Current != 1 {
		t.Fatalf("after the trade: %v %v", s.dist(harlem).Barrels, s.dist(hellsKit).Barrels)
	}
	// Taking a rival's barrels into your District asks it too.
	s.Current = 0
	run(t, s, 0, push(hellsKit, harlem, bar(whisky, 1)))
	if who, _ := s.awaited(); who != 1 {
		t.Fatalf("awaits %d", who)
	}
}
