package printed

import (
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// TestBoard: the printed data served to clients is the data the rules read,
// and the Dealing Booze rows are those of the rulebook's examples: "in a six
// player game, two cards would be added from each Mob", "in a four player
// game, one card would be added from each Mob ... and add one of those
// cards to the pile".
func TestBoard(t *testing.T) {
	b := Board()
	if len(b.Locations) != len(Locations) || len(b.Mobs) != len(Mobs) || len(b.Deck) != DeckSize || len(b.Tables) != MaxPlayers-MinPlayers+1 {
		t.Fatalf("board sizes: %d locations, %d mobs, %d cards, %d tables", len(b.Locations), len(b.Mobs), len(b.Deck), len(b.Tables))
	}
	for i, l := range b.Locations {
		if l.Location != Locations[i] || l.Name == "" || l.Event == "" || l.Passive != (l.Location == caves) || (l.EventSideB != "") != (l.Location == docks) {
			t.Errorf("location %d: %v", i, l)
		}
	}
	for _, m := range b.Mobs {
		for _, bt := range m.BoozeTypes {
			if MobOf(bt.BoozeType) != m.Mob || bt.Name == "" {
				t.Errorf("%v lists %v", m.Mob, bt)
			}
		}
		if len(m.BoozeTypes) != 4 {
			t.Errorf("%v has %d Booze types", m.Mob, len(m.BoozeTypes))
		}
	}
	for id, c := range b.Deck {
		if !proto.Equal(c, FaceOf(int32(id))) {
			t.Errorf("card %d: %v", id, c)
		}
	}
	rows := map[int32]*pb.TableSize{}
	for _, r := range b.Tables {
		rows[r.Players] = r
		pile := int(r.BoozePerMob) * len(Mobs)
		if r.BoozeFromRest {
			pile++
		}
		if pile < int(r.Players) || r.SnitchTokens != int32(SnitchTokens(int(r.Players))) || r.Refill < r.RefillRoundedDown {
			t.Errorf("%d players: %v", r.Players, r)
		}
	}
	if six, four := rows[6], rows[4]; six.BoozePerMob != 2 || six.BoozeFromRest || four.BoozePerMob != 1 || !four.BoozeFromRest {
		t.Errorf("six players %v, four players %v", six, four)
	}
	if !rows[4].LonePlayerDoubled || rows[6].LonePlayerDoubled || !rows[8].ThreeCountTwo || rows[9].ThreeCountTwo {
		t.Error("the scoring rows for four, six, eight and nine players")
	}
}
