package bootleggers

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// TestModuleVariantsStart: the module is consistent, and every variant
// starts at its smallest and largest table with its options recorded.
func TestModuleVariantsStart(t *testing.T) {
	m := Module(nil)
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	if v, _ := m.Variant(""); v.Name != "standard" || v.MinPlayers != 3 || v.MaxPlayers != 6 {
		t.Errorf("the default variant is %+v", v)
	}
	if v, ok := m.Variant("where-are-da-boys"); !ok || v.MinPlayers != 2 || v.MaxPlayers != 2 {
		t.Errorf("the 2-player variant is %+v", v)
	}
	for _, v := range m.Variants {
		for _, n := range []int{v.MinPlayers, v.MaxPlayers} {
			cfg, err := m.Table(v.Name, n)
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			_, evs, err := engine.Start(m.Rules, cfg, []byte(v.Name))
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			got := evs[0].Public.(*pb.Event).GetGameStarted().GetOptions()
			want, _ := NormaliseOptions(n, v.Options.(*pb.Options))
			if !proto.Equal(got, want) {
				t.Errorf("%s: the game started with %v, not %v", v.Name, got, want)
			}
		}
	}
	if _, err := m.Table("need-a-little-help", 4); err == nil {
		t.Error("Need a Little Help was offered for 4 players")
	}
}

// TestBoard: the data served to clients is the data the rules read.
func TestBoard(t *testing.T) {
	b := Module(nil).Board.(*pb.Board)
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
		o, _ := NormaliseOptions(int(ts.Players), nil)
		if int(ts.Offer) != OfferSize(int(ts.Players), o) || int(ts.EndMoney) != EndMoney(o) || ts.Copper != CopperInPlay(o) {
			t.Errorf("%d players: %v", ts.Players, ts)
		}
	}
	if b.Tables[1].OfferNeedALittleHelp != 4 || b.Tables[2].OfferNeedALittleHelp != 0 {
		t.Errorf("Need a Little Help: %v", b.Tables)
	}
}

// TestLabelsNameEveryKind: every command and event kind has a label of
// its own, for every viewer.
func TestLabelsNameEveryKind(t *testing.T) {
	l := Labels{}
	for _, v := range []engine.Viewer{engine.SeatViewer(1), engine.SpectatorViewer(), engine.AuditorViewer()} {
		for _, e := range events.All() {
			if got := l.Event(v, e); got == "" || strings.HasPrefix(got, "not a") {
				t.Errorf("%s: %q", events.Name(e), got)
			}
		}
		for _, c := range commands.All() {
			if got := l.Command(v, c); got == "" || strings.HasPrefix(got, "not a") {
				t.Errorf("%s: %q", commands.Name(c), got)
			}
		}
	}
	if got := l.Event(engine.SeatViewer(0), &pb.Command{}); !strings.HasPrefix(got, "not a") {
		t.Errorf("a command labelled as an event: %q", got)
	}
	if got := l.Command(engine.SeatViewer(0), wrap(&pb.RoundStarted{})); !strings.HasPrefix(got, "not a") {
		t.Errorf("an event labelled as a command: %q", got)
	}
}

// TestLabelsSpeakToTheViewer: "you" for the viewer's own seat, "seat N"
// for the others, and the card's printed name from the deck list.
func TestLabelsSpeakToTheViewer(t *testing.T) {
	l := Labels{}
	hitID := int32(cardOfKind(hit))
	played := wrap(&pb.CardPlayed{Seat: 2, CardId: hitID, Kind: hit, Effect: &pb.CardPlayed_Hit{Hit: &pb.Hit{Place: texas,
		Victims: []*pb.Colour{{Who: &pb.Colour_Seat{Seat: 1}}, {Who: &pb.Colour_Neutral{Neutral: true}}}}}})
	for _, c := range []struct {
		v    engine.Viewer
		want string
	}{
		{engine.SeatViewer(1), "seat 2 played Hit #%d: hit you and the neutral colour at Texas Lil's"},
		{engine.SeatViewer(2), "you played Hit #%d: hit seat 1 and the neutral colour at Texas Lil's"},
		{engine.SpectatorViewer(), "seat 2 played Hit #%d: hit seat 1 and the neutral colour at Texas Lil's"},
	} {
		if got, want := l.Event(c.v, played), fmt.Sprintf(c.want, hitID); got != want {
			t.Errorf("%v reads %q, want %q", c.v, got, want)
		}
	}
	if got := l.Event(engine.SeatViewer(0), wrap(&pb.MuscleHand{Seat: 0, Cards: []int32{3, 40}})); got != "your Muscle hand: 3, 40" {
		t.Errorf("own hand: %q", got)
	}
	run := Cmd(&pb.RunTheWhiskey{Runs: []*pb.Run{{Truck: 0, Crates: 4, Place: omalleys}, {Truck: 7, Crates: 1, Place: mothers}}})
	if got := l.Command(engine.SeatViewer(0), run); got != "run truck 0 (4 crates) to O'Malley's, truck 7 (1 crate) to Mother's Groceries" {
		t.Errorf("a run: %q", got)
	}
	offer := Cmd(&pb.ProposeTrade{To: 3, Give: &pb.Goods{Money: 2}, Get: &pb.Goods{Trucks: []int32{9}}})
	if got := l.Command(engine.SeatViewer(0), offer); got != "offer seat 3 2G for truck 9's rent" {
		t.Errorf("an offer: %q", got)
	}
}

// cardOfKind returns the lowest card id of kind k.
func cardOfKind(k pb.CardKind) int {
	for _, id := range CardIDs() {
		if CardKindOf(id) == k {
			return id
		}
	}
	return noCard
}
