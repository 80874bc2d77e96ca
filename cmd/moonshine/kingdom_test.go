package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// TestKingdomSession drives the CLI through the first Day of a Moonshine
// Kingdom game with one human seat and two bots: create with options, join,
// view, legal, submit by number until Day 2 begins, watch and history.
func TestKingdomSession(t *testing.T) {
	s := newSession(t)
	out := s.ok("create", "--game", "moonshine-kingdom", "--players", "3", "--bots", "1,2", "--options-json", `{"respectToWin":15}`)
	game := regexp.MustCompile(`game id: (\S+)`).FindStringSubmatch(out)[1]
	contains(t, "create", out, "moonshine-kingdom  3 seats", "seat 1: bot", "seat 2: bot")
	s.ok("join", game, "--name", "alice")
	view := s.ok("view", game)
	if n := regexp.MustCompile(`(?m)^  .* \((Manhattan|Brooklyn|Queens|Bronx|Staten Island), .*, Still \d+\): `).FindAllString(view, -1); len(n) != 25 {
		t.Errorf("the view shows %d Districts, want all 25:\n%s", len(n), view)
	}
	contains(t, "view", view, "viewing as seat 0 (alice)", "Day 1 (New Moon), brew phase", "turn order: seat ",
		"Heat Track: empty", "seat 0 (alice); ", "$1,000 cash; Influence 7 (2 in the Stash, 5 slotted); Respect ",
		"your Contracts: none", "districts (all of them; `moonshine board` shows how they are Connected):", "Sugar Hill (Manhattan, High Society, Still ", "Precinct (Police Turf)",
		"Contract decks: Gig 14 to draw")
	if !regexp.MustCompile(`(?m)^waiting for (you|seat \d \(bot\)) to draft Brew dice$`).MatchString(view) {
		t.Errorf("the view does not say whom the game waits for, in words:\n%s", view)
	}
	var legal strings.Builder
	for range 300 {
		v := &moonshinev1.GameView{}
		if err := protojson.Unmarshal([]byte(s.ok("view", game, "--json")), v); err != nil {
			t.Fatal(err)
		}
		if v.GetMoonshineKingdom().GetDay() > 1 {
			break
		}
		if len(v.GetPrompt().GetLegal()) > 0 {
			legal.WriteString(s.ok("legal", game))
			contains(t, "submit", s.ok("submit", game, "1"), "played: ", "  you ")
			continue
		}
		s.ok("wait", game)
	}
	board := s.ok("board", game)
	if n := strings.Count(board, " (DISTRICT_"); n != 25 {
		t.Errorf("board shows %d Districts, want 25:\n%s", n, board)
	}
	contains(t, "board", board, "West Side (DISTRICT_WEST_SIDE, Dock, Coastal): to Sugar Hill, Hell's Kitchen, Greenwich Village, Red Hook (Water)")
	contains(t, "legal", legal.String(), "your move: draft Brew dice\n", "  1. draft Red ", "and dump the mash", "brew Gin at every Still numbered ", ", for the mob that Controls it [Still ",
		"  1. fund Operations with 0 markers", "  1. lay low for the rest of the Day")
	contains(t, "view on Day 2", s.ok("view", game), "Day 2 (Full Moon), brew phase", "waiting for ", " to draft Brew dice")
	contains(t, "watch", s.ok("watch", game, "--count", "6"), "   1  game started: 3 players; you: ",
		"   2  the Deed of ", "   4  the Deed of ", "   5  Day 1 begins (New Moon): Brew dice Red ", "   6  ")
	contains(t, "history", s.ok("history", game), "redacted for you", "Operations begin; ", "you lay low and take ")
	contains(t, "public view", s.ok("view", game, "--perspective", "public"), "viewing as a spectator", "districts (all of them")
}

// TestKingdomRenderer checks the words for a view's secrets and a Raid,
// and the lines of an event's public and private labels.
func TestKingdomRenderer(t *testing.T) {
	r := renderFor("moonshine-kingdom")
	you := uint32(1)
	view := &moonshinev1.GameView{
		Info:   &moonshinev1.GameInfo{GameId: "g", Game: "moonshine-kingdom"},
		Viewer: &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: 1},
		View: &moonshinev1.GameView_MoonshineKingdom{MoonshineKingdom: &mk.View{
			Players: 2, Day: 3, Moon: mk.Moon_MOON_FULL, Phase: mk.Phase_PHASE_OPERATIONS, You: &you,
			Seats: []*mk.SeatView{
				{Seat: 0, Playbook: mk.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH, Home: mk.Borough_BOROUGH_BRONX, TurnToken: 1, TokenMoon: mk.Moon_MOON_NEW, Cash: 12500, HandSize: 2},
				{Seat: 1, Playbook: mk.Playbook_PLAYBOOK_HARLEM_KNIGHTS, Home: mk.Borough_BOROUGH_QUEENS, TurnToken: 1, TokenMoon: mk.Moon_MOON_FULL, HandSize: 1, Hand: []uint32{3},
					Staked: []*mk.StakedView{{Card: 15, Markers: 2}}, Favors: []mk.Broker{mk.Broker_BROKER_STEPHANIE_ST_CLAIR}, Loans: 2},
			},
			Titles: []*mk.TitleView{{Title: mk.Title_TITLE_DEED, Borough: mk.Borough_BOROUGH_QUEENS, Holder: &you}},
			Heat:   []uint32{1, 0, 1},
			Districts: []*mk.DistrictView{{District: mk.District_DISTRICT_HELLS_KITCHEN, Still: 4, Controller: &you,
				Forces:  []*mk.ForceView{{Seat: 1, Runners: 2, Bosses: 1, Safehouse: true}},
				Barrels: []*mk.Barrels{{Liquor: mk.Liquor_LIQUOR_GIN, Count: 2}}}},
			Raid:    &mk.RaidView{Target: 1, Trigger: mk.RaidTrigger_RAID_TRIGGER_RAT, Tied: []mk.District{mk.District_DISTRICT_CORONA, mk.District_DISTRICT_ASTORIA}},
			Waiting: []*mk.WaitingView{{Seat: 1, Awaiting: mk.Awaiting_AWAITING_TARGETS_CALL}},
		}},
		Waiting: []*moonshinev1.Waiting{{Seat: 1, MustAct: true, Detail: "make the Target's Call"}},
	}
	var w bytes.Buffer
	viewText(&w, view)
	contains(t, "view", w.String(), "Day 3 (Full Moon), operations phase",
		"turn order: seat 1 (Full Moon token 1), seat 0 (New Moon token 1)",
		"Heat Track: seat 1, seat 0, seat 1 (3 of 5)",
		"seat 0; Hell's Kitchen Irish from Bronx; $12,500 cash", "2 Contracts in hand",
		"holds the Deed of Queens, the Favor of Stephanie St. Clair", "owes Shylock 2 Marks",
		"staked: #15 Harbour Master (Racket: Control 3 Docks.), 2 markers left",
		"your Contracts: #3 Stock the Cellar (Gig: Hold 4 Barrels.)",
		"Hell's Kitchen (Manhattan, Speakeasy, Still 4): seat 1: 2 Runners and 1 Boss, Safehouse; 2 Gin; controlled by seat 1",
		"Police Raid (Rat) on seat 1", "tied for the Big Bust: Corona, Astoria",
		"waiting for you to make the Target's Call")
	if n := strings.Count(w.String(), "make the Target's Call"); n != 1 {
		t.Errorf("the wait is written %d times, want once, in the server's words:\n%s", n, w.String())
	}
	if strings.Contains(w.String(), "seat 0's Contracts") {
		t.Errorf("a seat's view names another seat's Contracts:\n%s", w.String())
	}
	// The server labels each body in the words of the viewer it goes to.
	body := func(e *mk.Event) *moonshinev1.EventBody {
		return &moonshinev1.EventBody{Body: &moonshinev1.EventBody_MoonshineKingdom{MoonshineKingdom: e},
			Label: printed.Labels{}.Event(engine.SeatViewer(1), e)}
	}
	ev := &moonshinev1.Event{Seq: 7,
		Public: body(&mk.Event{Kind: &mk.Event_ContractsDrawn{ContractsDrawn: &mk.ContractsDrawn{Seat: 1, Decks: []mk.Tier{mk.Tier_TIER_GIG, mk.Tier_TIER_SCORE}, Hustle: true}}}),
		Private: []*moonshinev1.PrivatePart{{Seats: []int32{1},
			Body: body(&mk.Event{Kind: &mk.Event_ContractsReceived{ContractsReceived: &mk.ContractsReceived{Seat: 1, Cards: []uint32{3, 36}}}})}},
	}
	w.Reset()
	eventLines(&w, r, ev)
	contains(t, "event", w.String(), "   7  you hustle, drawing from the Gig, Score decks",
		"[private to seat 1] you draw #3 Stock the Cellar (Gig: Hold 4 Barrels.); #36 Full Bar (Score: ")
	if got := r.Command("", &moonshinev1.GameCommand{}); !strings.Contains(got, "{}") {
		t.Errorf("an empty command: %q", got)
	}
}

// TestKingdomFightRenderer checks the fight in a view.
func TestKingdomFightRenderer(t *testing.T) {
	one := uint32(1)
	var w bytes.Buffer
	viewText(&w, &moonshinev1.GameView{
		Info: &moonshinev1.GameInfo{GameId: "g", Game: "moonshine-kingdom"},
		View: &moonshinev1.GameView_MoonshineKingdom{MoonshineKingdom: &mk.View{Players: 2,
			Districts: []*mk.DistrictView{{District: mk.District_DISTRICT_WEST_SIDE, Controller: &one,
				Forces: []*mk.ForceView{{Seat: 0, Runners: 2, Pinned: true}, {Seat: 1, Bosses: 1, Safehouse: true}}}},
			Fight: &mk.FightView{District: mk.District_DISTRICT_WEST_SIDE, Invader: 0, Occupier: &one, Origin: mk.District_DISTRICT_HELLS_KITCHEN,
				Awaiting: mk.Awaiting_AWAITING_PINNED, Decider: 0,
				Responses: []mk.FightResponse{mk.FightResponse_FIGHT_RESPONSE_ASSAULT, mk.FightResponse_FIGHT_RESPONSE_FALL_BACK}},
			Waiting: []*mk.WaitingView{{Seat: 0, Awaiting: mk.Awaiting_AWAITING_PINNED}},
		}},
	})
	contains(t, "view", w.String(), "seat 0: 2 Runners, pinned",
		"fight at West Side: seat 0 (from Hell's Kitchen) against seat 1; seat 0 decides: assault, fall back")
}
