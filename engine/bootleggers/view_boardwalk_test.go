package bootleggers

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk's preparation in the view: "Place Casinos and
// Entertainment Act Tiles within reach."

func TestCasinosAndTilesWithinReach(t *testing.T) {
	// "There are only 4 Casinos available for purchase. The 4th Casino is
	// only used in 6 player games.": every placard the table uses is in
	// the supply before anyone redevelops, with its base price (ruling 73),
	// its payout at this table (ruling 72) and its dice (ruling 77).
	for players := printed.StandardMinPlayers; players <= printed.MaxPlayers; players++ {
		g, _ := boardwalkGame(t, players, &pb.Options{Boardwalk: true})
		for _, v := range []engine.Viewer{seatView(0), engine.SpectatorViewer(), engine.AuditorViewer()} {
			sup := g.State.View(v).(*pb.View).GetBoardwalk()
			want := 3
			if players == printed.MaxPlayers {
				want = printed.CasinoPlacards
			}
			if len(sup.GetCasinos()) != want || sup.GetEntertainmentActsPlaced() != 0 {
				t.Fatalf("%d players, %v: the supply is %v", players, v, sup)
			}
			for _, c := range sup.GetCasinos() {
				spec, _ := printed.Casino(c.GetPlace())
				if !c.GetInSupply() || c.Owner != nil || int(c.GetBasePrice()) != spec.BasePrice ||
					int(c.GetPerCrate()) != printed.CasinoPerCrate(c.GetPlace(), players) || int(c.GetDice()) != printed.CasinoDice(c.GetPlace()) {
					t.Errorf("%d players: placard %v", players, c)
				}
			}
		}
	}
	// Without the expansion there is nothing to put within reach.
	tb := newTable(t, 4, nil)
	if sup := tb.view(seatView(0)).GetBoardwalk(); sup != nil {
		t.Errorf("a base game shows a Boardwalk supply: %v", sup)
	}
}

func TestAPlacedCasinoLeavesTheSupply(t *testing.T) {
	// "The new Casino owner selects the matching casino from the supply,
	// places it over the Speakeasy being redeveloped": the placard leaves
	// the supply with its owner; an Entertainment Act gained from Hire a
	// Big Act is counted on it and among the tiles placed (ruling 84).
	tb := casinoOfferTable(t)
	tb.bid(1, 4, 61)
	tb.do(2, &pb.TakeCasinoCard{Slot: 0})
	tb.passSelection()
	tb.st().seats[2].money, tb.w.money[2] = 40, 40
	tb.do(2, &pb.SendInTheBoys{Redevelop: barleycorns})
	tb.endRound()
	tb.bid(2, 5, 62)
	tb.do(2, &pb.TakeCasinoCard{Slot: 0, Place: barleycorns})
	sup := tb.view(seatView(0)).GetBoardwalk()
	for _, c := range sup.GetCasinos() {
		placed := c.GetPlace() == barleycorns
		if c.GetInSupply() == placed || placed && (c.Owner == nil || c.GetOwner() != 2 || c.GetEntertainmentActs() != 1) ||
			!placed && (c.Owner != nil || c.GetEntertainmentActs() != 0) {
			t.Errorf("placard %v", c)
		}
	}
	if sup.GetEntertainmentActsPlaced() != 1 {
		t.Errorf("%d Entertainment Acts placed, want 1", sup.GetEntertainmentActsPlaced())
	}
}

func TestTheViewCountsOMalleysCuts(t *testing.T) {
	// "No more than 3 Influence markers may be destroyed per Round." A
	// client sees how many were this round (each one crate less bought
	// from every truck at O'Malley's, ruling 81) and whose they were.
	tb := casinoTable(t)
	s := tb.st()
	s.seats[2].supply, s.seats[2].backRoom = s.seats[2].supply-2, s.seats[2].backRoom+2
	tb.do(2, &pb.CutOMalleys{})
	tb.do(2, &pb.CutOMalleys{})
	v := tb.view(engine.SpectatorViewer())
	if v.GetOmalleysCuts() != 2 || v.GetSeats()[2].GetMarkersDestroyed() != 2 || v.GetSeats()[1].GetMarkersDestroyed() != 0 {
		t.Errorf("the view counts %d cuts, seat 2 destroyed %d", v.GetOmalleysCuts(), v.GetSeats()[2].GetMarkersDestroyed())
	}
	tb.endRound()
	if v := tb.view(engine.SpectatorViewer()); v.GetOmalleysCuts() != 0 || v.GetSeats()[2].GetMarkersDestroyed() != 2 {
		t.Errorf("next round: %d cuts, seat 2 destroyed %d", v.GetOmalleysCuts(), v.GetSeats()[2].GetMarkersDestroyed())
	}
}
