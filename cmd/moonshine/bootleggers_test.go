package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	bl "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// TestBootleggersSession drives the CLI through the first round of a
// 2-player Bootleggers game ("Where are da boys?") with one human seat and
// one bot: create by variant, join, view, legal, submit by number until
// round 2 begins, watch and history, all in the server's labels.
func TestBootleggersSession(t *testing.T) {
	s := newSession(t)
	out := s.ok("create", "--game", "bootleggers", "--variant", "where-are-da-boys", "--players", "2", "--bots", "1")
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(out)[1]
	contains(t, "create", out, "bootleggers  2 seats", "seat 1: bot")
	s.ok("join", game, "--name", "alice")
	contains(t, "view", s.ok("view", game), "viewing as seat 0 (alice)", "round 1 of 12, Phase 1: Muscle",
		"offer: 0: ", "(beneath Non-Player hand 0)", "Mobsters:", "seat 0 (alice); 10G; markers: 1 in the Back Room, 19 in the supply",
		"Muscle cards left by band (1-18, 19-36, 37-54, 55-72): 3, 3, 3, 3; hand ", "Non-Player hand 2: 12 cards left", "drinking places:", "O'Malley's (open, 1G a crate)",
		"Mother's Groceries (closed, 2G a crate, 2 dice", ": neutral 1", "trucks:", "truck 0 (small, 4 crates")
	var legal strings.Builder
	for range 200 {
		v := &moonshinev1.GameView{}
		if err := protojson.Unmarshal([]byte(s.ok("view", game, "--json")), v); err != nil {
			t.Fatal(err)
		}
		if v.GetBootleggers().GetRound() > 1 || v.GetOutcome() != nil {
			break
		}
		if len(v.GetPrompt().GetLegal()) > 0 {
			legal.WriteString(s.ok("legal", game))
			contains(t, "submit", s.ok("submit", game, "1"), "played: ")
			continue
		}
		s.ok("watch", game, "--from", strconv.FormatInt(v.GetInfo().GetVersion(), 10), "--count", "1")
	}
	contains(t, "legal", legal.String(), "seal Muscle card ", "send in no boys", "keep every truck at home")
	contains(t, "view in round 2", s.ok("view", game), "round 2 of 12, Phase 1: Muscle")
	contains(t, "watch", s.ok("watch", game, "--count", "5"), "   1  game started: 2 players, \"Where are da boys?\"",
		"your Muscle hand: ", "the Men of Action deck shuffled (80 cards)", "neutral markers placed: Mother's Groceries 1")
	contains(t, "history", s.ok("history", game), "you sealed Muscle card ", "Muscle cards revealed; the order: ",
		"Non-Player hand ", "Phase 5: What's the Password?")
	contains(t, "public view", s.ok("view", game, "--perspective", "public"), "viewing as a spectator", "drinking places:")
}

// TestBootleggersRenderer checks the words for the parts of a view a short
// session may not reach: a trade offer, an awaited call, a hijacked truck,
// the auditor's part.
func TestBootleggersRenderer(t *testing.T) {
	r := renderFor("bootleggers")
	view := &moonshinev1.GameView{
		Info: &moonshinev1.GameInfo{GameId: "g", Game: "bootleggers"},
		View: &moonshinev1.GameView_Bootleggers{Bootleggers: &bl.View{
			Round: 3, Phase: bl.Phase_PHASE_RUN_THE_WHISKEY, Turn: ptr32(1), Copper: ptr32(2),
			Trades: []*bl.TradeView{{OfferId: 4, From: 0, To: 1, Give: &bl.Goods{Money: 2}, Get: &bl.Goods{Trucks: []int32{7}}}},
			Call:   &bl.CallView{Seat: 2, Place: bl.DrinkingPlace_DRINKING_PLACE_THE_REAL_MCCOY, Trucks: []int32{1, 7}},
			Trucks: []*bl.TruckView{{Truck: 7, Size: bl.TruckSize_TRUCK_SIZE_MEDIUM, Capacity: 6, Graft: 3, Owner: 0, Runner: ptr32(1),
				Crates: 5, Place: bl.DrinkingPlace_DRINKING_PLACE_TEXAS_LILS}},
			Auditor: &bl.AuditorView{MenOfActionDeck: []int32{3, 9}, TruckDeck: []int32{12}},
		}},
	}
	var buf bytes.Buffer
	r.View(&buf, view)
	contains(t, "view", buf.String(), "round 3 of 12, Phase 4: Run the Whiskey; turn: seat 1", "the Copper: seat 2",
		"offer 4: seat 0 offers seat 1 2G for truck 7's rent", "awaited: seat 2 calls the buying order at The Real McCoy of trucks 1 and 7",
		"truck 7 (medium, 6 crates, graft 3G) of seat 0, run by seat 1: 5 crates at Texas Lil's", "auditor: Men of Action deck 3, 9; Truck deck 12")
	if strings.ContainsAny(buf.String(), "[]") {
		t.Errorf("Go's slice syntax in a view:\n%s", buf.String())
	}
}

func ptr32(v int32) *int32 { return &v }
