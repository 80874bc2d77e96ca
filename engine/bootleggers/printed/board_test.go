package printed

import (
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// TestBoard: the data served to clients is the data the rules read.
func TestBoard(t *testing.T) {
	b := Board()
	if len(b.Places) != PlaceCount || len(b.Trucks) != len(House.Trucks) || len(b.MenOfAction) != len(House.MenOfAction) ||
		len(b.Tables) != MaxPlayers-MinPlayers+1 || b.HouseRulesVersion != HouseRulesVersion {
		t.Fatalf("board sizes: %d places, %d trucks, %d cards, %d tables", len(b.Places), len(b.Trucks), len(b.MenOfAction), len(b.Tables))
	}
	for i, p := range b.Places {
		n, ok := Speakeasy(p.Place)
		if p.Place != Places[i].Place || p.Name != Places[i].Name || ok && (int(p.Dice) != n.Dice || int(p.Price) != n.Price ||
			int(p.OwnerBonus) != n.OwnerBonus || int(p.Minimum) != n.Minimum || int(p.Circles) != n.Circles) {
			t.Errorf("place %d: %v", i, p)
		}
	}
	ids := 0
	for _, c := range b.MenOfAction {
		for id := c.FirstId; id <= c.LastId; id++ {
			if CardKindOf(int(id)) != c.Kind {
				t.Errorf("card %d is a %v, the board says %v", id, CardKindOf(int(id)), c.Kind)
			}
			ids++
		}
	}
	trucks := 0
	for _, tr := range b.Trucks {
		for id := tr.FirstTruck; id <= tr.LastTruck; id++ {
			if TruckSizeOf(int(id)) != tr.Size || int(tr.Capacity) != Truck(tr.Size).Capacity {
				t.Errorf("truck %d: %v", id, tr)
			}
			trucks++
		}
	}
	if ids != MenOfActionCards || trucks != TruckCards {
		t.Errorf("%d card ids, %d truck ids", ids, trucks)
	}
	for _, ts := range b.Tables {
		if two := ts.Players == TwoPlayers; two != (ts.Variant == pb.Variant_VARIANT_WHERE_ARE_DA_BOYS) || !two && ts.Variant != pb.Variant_VARIANT_STANDARD {
			t.Errorf("%d players: variant %v", ts.Players, ts.Variant)
		}
		o := &pb.Options{Variant: ts.Variant}
		if int(ts.Offer) != OfferSize(int(ts.Players), o) || int(ts.EndMoney) != EndMoney(o) || ts.Copper != CopperInPlay(o) {
			t.Errorf("%d players: %v", ts.Players, ts)
		}
	}
	if b.Tables[1].OfferNeedALittleHelp != 4 || b.Tables[2].OfferNeedALittleHelp != 0 {
		t.Errorf("Need a Little Help: %v", b.Tables)
	}
}

func TestBoardCarriesTheBoardwalk(t *testing.T) {
	// The module's Board gives clients the casinos and the Casino deck from
	// the same table the rules read (rulings 72, 73, 77, 78).
	d := Board().GetBoardwalk()
	if len(d.GetCasinos()) != CasinoPlacards || len(d.GetCasinoCards()) != len(Boardwalk.CasinoCards) {
		t.Fatalf("board: %d casinos, %d Casino card kinds", len(d.GetCasinos()), len(d.GetCasinoCards()))
	}
	for _, c := range d.GetCasinos() {
		spec, _ := Casino(c.GetPlace())
		if int(c.GetBasePrice()) != spec.BasePrice || len(c.GetPerCrate()) != MaxPlayers-StandardMinPlayers+1 {
			t.Errorf("%s: %v", spec.Name, c)
		}
		for i, pay := range c.GetPerCrate() {
			if int(pay) != CasinoPerCrate(c.GetPlace(), StandardMinPlayers+i) {
				t.Errorf("%s with %d players pays %d", spec.Name, StandardMinPlayers+i, pay)
			}
		}
	}
	if d.GetCasinoMarkerPrice() != 3 || d.GetGraftPerDie() != 1 || d.GetBookingFee() != 2 || d.GetOmalleysCutsPerRound() != 3 {
		t.Errorf("printed numbers: %v", d)
	}
}
