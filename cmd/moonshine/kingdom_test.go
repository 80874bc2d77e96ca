package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
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
	contains(t, "view", s.ok("view", game), "viewing as seat 0 (alice)", "Day 1 (New Moon), brew phase", "turn order: seat ",
		"Heat Track: empty", "seat 0 (alice); ", "$1,000 cash; Influence 7 (2 in the Stash, 5 slotted); Respect ",
		"your Contracts: none", "districts:", "Sugar Hill (Manhattan, High Society, Still ", "Precinct (Police Turf)",
		"Contract decks: Gig 14 to draw", "the game waits for seat ", "waiting for seat ")
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
			contains(t, "submit", s.ok("submit", game, "1"), "played: ", "seat 0 ")
			continue
		}
		s.ok("watch", game, "--from", strconv.FormatInt(v.GetInfo().GetVersion(), 10), "--count", "1")
	}
	contains(t, "legal", legal.String(), "seat 0 must ", "  1. draft Red ", "and dump the mash", "brew Gin",
		"  1. fund Operations with 0 markers", "  1. lay low for the rest of the Day")
	contains(t, "view on Day 2", s.ok("view", game), "Day 2 (Full Moon), brew phase", "the game waits for seat ")
	contains(t, "watch", s.ok("watch", game, "--count", "6"), "   1  game started: 3 players; seat 0 ",
		"   2  the Deed of ", "   4  the Deed of ", "   5  Day 1 begins (New Moon): Brew dice Red [", "   6  seat ")
	contains(t, "history", s.ok("history", game), "redacted for you", "Operations begin; seat ", "seat 0 lays low")
	contains(t, "public view", s.ok("view", game, "--perspective", "public"), "viewing as a spectator", "districts:")
}

// TestKingdomRenderer checks the words for a view's secrets and a Raid,
// and for private and public events of Contract draws.
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
		"the game waits for seat 1 to make the Target's Call")
	if strings.Contains(w.String(), "seat 0's Contracts") {
		t.Errorf("a seat's view names another seat's Contracts:\n%s", w.String())
	}
	body := func(e *mk.Event) *moonshinev1.EventBody {
		return &moonshinev1.EventBody{Body: &moonshinev1.EventBody_MoonshineKingdom{MoonshineKingdom: e}}
	}
	ev := &moonshinev1.Event{Seq: 7,
		Public: body(&mk.Event{Kind: &mk.Event_ContractsDrawn{ContractsDrawn: &mk.ContractsDrawn{Seat: 1, Decks: []mk.Tier{mk.Tier_TIER_GIG, mk.Tier_TIER_SCORE}, Hustle: true}}}),
		Private: []*moonshinev1.PrivatePart{{Seats: []int32{1},
			Body: body(&mk.Event{Kind: &mk.Event_ContractsReceived{ContractsReceived: &mk.ContractsReceived{Seat: 1, Cards: []uint32{3, 36}}}})}},
	}
	w.Reset()
	eventLines(&w, r, ev)
	contains(t, "event", w.String(), "   7  seat 1 hustles, drawing from the Gig, Score decks",
		"[private to seat 1] seat 1 draws #3 Stock the Cellar (Gig: Hold 4 Barrels.); #36 Full Bar (Score: ")
	for c, want := range map[*mk.Command]string{
		{Kind: &mk.Command_BribeOrFall{BribeOrFall: &mk.BribeOrFall{Bribe: true}}}:                                                               "pay the $1,000 Bribe",
		{Kind: &mk.Command_TargetsCall{TargetsCall: &mk.TargetsCall{District: mk.District_DISTRICT_CORONA}}}:                                     "send the Police to Corona",
		{Kind: &mk.Command_Move{Move: &mk.Move{From: mk.District_DISTRICT_RED_HOOK, To: mk.District_DISTRICT_BAY_RIDGE, Runners: 2, Bosses: 2}}}: "move 2 Runners and 2 Bosses from Red Hook to Bay Ridge",
		{Kind: &mk.Command_Bribe{Bribe: &mk.Bribe{District: mk.District_DISTRICT_MORRIS_PARK}}}:                                                  "bribe Jimmy Walker at Morris Park ($2,500)",
	} {
		if got := r.Command("", &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_MoonshineKingdom{MoonshineKingdom: c}}); got != want {
			t.Errorf("%v: %q, want %q", c, got, want)
		}
	}
	if got := r.Command("", &moonshinev1.GameCommand{}); !strings.Contains(got, "{}") {
		t.Errorf("an empty command: %q", got)
	}
}

func TestKingdomFightRenderer(t *testing.T) {
	r := renderFor("moonshine-kingdom")
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
		"fight at West Side: seat 0 (from Hell's Kitchen) against seat 1; seat 0 decides: assault, fall back",
		"the game waits for seat 0 to Assault, Advance, Fall Back or Storm")
	body := func(e *mk.Event) *moonshinev1.EventBody {
		return &moonshinev1.EventBody{Body: &moonshinev1.EventBody_MoonshineKingdom{MoonshineKingdom: e}}
	}
	for e, want := range map[*mk.Event]string{
		{Kind: &mk.Event_CombatRound{CombatRound: &mk.CombatRound{District: mk.District_DISTRICT_WEST_SIDE, Kind: mk.CombatKind_COMBAT_KIND_ASSAULT,
			Occupier: &one, InvaderRolls: []uint32{4, 6}, OccupierRolls: []uint32{1, 5}, InvaderThreat: 2, OccupierThreat: 4,
			InvaderHits: 2, OccupierHits: 1, InvaderRunnersLost: 1, OccupierRunnersLost: 2}}}: "assault at West Side: seat 0 rolls [4 6] at Threat 2, 2 hits seat 1 rolls [1 5] at Threat 4, 1 hit; seat 0 loses 1 Runner, seat 1 loses 2 Runners",
		{Kind: &mk.Event_StandoffChosen{StandoffChosen: &mk.StandoffChosen{Seat: 1, District: mk.District_DISTRICT_WEST_SIDE, Choice: mk.StandoffChoice_STANDOFF_CHOICE_AMBUSH}}}: "seat 1 chooses Ambush at West Side",
		{Kind: &mk.Event_HeatDrawn{HeatDrawn: &mk.HeatDrawn{Seat: 0}}}: "blood on the pavement: seat 0's marker goes on the Heat Track",
		{Kind: &mk.Event_Moved{Moved: &mk.Moved{Seat: 0, From: mk.District_DISTRICT_HARLEM, To: mk.District_DISTRICT_SUGAR_HILL, Runners: 2, Hostile: true, Seized: true}}}: "Police Turf: the liquor is seized, the mobsters Pinned",
		{Kind: &mk.Event_Withdrew{Withdrew: &mk.Withdrew{Seat: 0, From: mk.District_DISTRICT_SUGAR_HILL, To: mk.District_DISTRICT_HARLEM, Runners: 2, Forced: true}}}:       "seat 0 falls back from Sugar Hill to Harlem with 2 Runners (forced)",
		{Kind: &mk.Event_FightEnded{FightEnded: &mk.FightEnded{District: mk.District_DISTRICT_SUGAR_HILL, Outcome: mk.FightOutcome_FIGHT_OUTCOME_STORMED}}}:                 "the fight at Sugar Hill ends: stormed",
		{Kind: &mk.Event_SpoilsTaken{SpoilsTaken: &mk.SpoilsTaken{Seat: 0, District: mk.District_DISTRICT_WEST_SIDE, Destroyed: &one, Commandeered: true}}}:                 "seat 0 takes the spoils of West Side; seat 1's Safehouse is removed; commandeered",
	} {
		if got := r.Event(body(e)); !strings.Contains(got, want) {
			t.Errorf("%v: %q, want %q", e, got, want)
		}
	}
	for c, want := range map[*mk.Command]string{
		{Kind: &mk.Command_Standoff{Standoff: &mk.Standoff{Choice: mk.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: mk.District_DISTRICT_HARLEM}}}: "fold and flee to Harlem",
		{Kind: &mk.Command_Standoff{Standoff: &mk.Standoff{Choice: mk.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE}}}:                                 "hold fire",
		{Kind: &mk.Command_Assault{Assault: &mk.Assault{}}}:                                                                                       "assault (1 Influence)",
		{Kind: &mk.Command_Advance{Advance: &mk.Advance{To: mk.District_DISTRICT_THORGGS_NECK}}}:                                                  "advance to Thorggs Neck",
		{Kind: &mk.Command_FallBack{FallBack: &mk.FallBack{}}}:                                                                                    "fall back",
		{Kind: &mk.Command_Storm{Storm: &mk.Storm{}}}:                                                                                             "storm the Precinct (1 Influence)",
		{Kind: &mk.Command_Spoils{Spoils: &mk.Spoils{Commandeer: true}}}:                                                                          "commandeer: secure the District for free",
	} {
		if got := r.Command("", &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_MoonshineKingdom{MoonshineKingdom: c}}); got != want {
			t.Errorf("%v: %q, want %q", c, got, want)
		}
	}
}

func TestKingdomMobRenderer(t *testing.T) {
	r := renderFor("moonshine-kingdom")
	one := uint32(1)
	body := func(e *mk.Event) *moonshinev1.EventBody {
		return &moonshinev1.EventBody{Body: &moonshinev1.EventBody_MoonshineKingdom{MoonshineKingdom: e}}
	}
	for e, want := range map[*mk.Event]string{
		{Kind: &mk.Event_LoanTaken{LoanTaken: &mk.LoanTaken{Seat: 1, Amount: 1500}}}:                  "seat 1 takes a Shylock's Mark for $1,500",
		{Kind: &mk.Event_LoanRepaid{LoanRepaid: &mk.LoanRepaid{Seat: 1, Amount: 2500}}}:               "seat 1 repays a Shylock's Mark for $2,500",
		{Kind: &mk.Event_CashGiven{CashGiven: &mk.CashGiven{From: 1, To: 0, Amount: 300}}}:            "seat 1 hands $300 to seat 0",
		{Kind: &mk.Event_InfluenceLent{InfluenceLent: &mk.InfluenceLent{From: 2, To: 0, Markers: 2}}}: "seat 2 lends 2 Influence markers to seat 0",
		{Kind: &mk.Event_PushProposed{PushProposed: &mk.PushProposed{Seat: 0, Rival: 1, Push: &mk.Push{From: mk.District_DISTRICT_HARLEM, To: mk.District_DISTRICT_HELLS_KITCHEN,
			Barrels: []*mk.Barrels{{Liquor: mk.Liquor_LIQUOR_GIN, Count: 1}}, Back: []*mk.Barrels{{Liquor: mk.Liquor_LIQUOR_RUM, Count: 2}}}}}}: "seat 0 asks seat 1's permission to push 1 Gin from Harlem to Hell's Kitchen and take back 2 Rum",
		{Kind: &mk.Event_ConsentGiven{ConsentGiven: &mk.ConsentGiven{Seat: 1, Accept: true}}}:                                                                                                   "seat 1 gives permission",
		{Kind: &mk.Event_SitDown{SitDown: &mk.SitDown{Ranking: []uint32{2, 1, 3, 0}}}}:                                                                                                          "the Sit-Down: seats ranked [2 1 3 0]; seat 2 joins seat 0, seat 1 joins seat 3",
		{Kind: &mk.Event_GameEnded{GameEnded: &mk.GameEnded{Winner: 2, Partner: &one, Respect: []int32{1, 15, 20, 3}}}}:                                                                         "the Alliance of seats 2 and 1 wins, seat 2 the Capo di Tutti Capi",
		{Kind: &mk.Event_CapoPromoted{CapoPromoted: &mk.CapoPromoted{Seat: 1, District: mk.District_DISTRICT_HARLEM}}}:                                                                          "seat 1 promotes a Runner in Harlem to Capo",
		{Kind: &mk.Event_HeatCooled{HeatCooled: &mk.HeatCooled{Seat: 1, Index: 0, Owner: 0}}}:                                                                                                   "seat 1's Consigliere takes seat 0's marker (number 1) off the Heat Track",
		{Kind: &mk.Event_Torched{Torched: &mk.Torched{Seat: 0, District: mk.District_DISTRICT_WEST_SIDE, Owner: 1}}}:                                                                            "seat 0 torches seat 1's Safehouse in West Side",
		{Kind: &mk.Event_Moved{Moved: &mk.Moved{Seat: 0, From: mk.District_DISTRICT_HARLEM, To: mk.District_DISTRICT_HELLS_KITCHEN, Runners: 2, Hostile: true, Occupier: &one, Stealth: true}}}: "by Stealth: Pinned, no Standoff",
		{Kind: &mk.Event_Moved{Moved: &mk.Moved{Seat: 0, From: mk.District_DISTRICT_WEST_SIDE, To: mk.District_DISTRICT_TOTTENVILLE, Runners: 2, Skiff: true}}}:                                 "to Tottenville by Skiff",
		{Kind: &mk.Event_CombatRound{CombatRound: &mk.CombatRound{District: mk.District_DISTRICT_WEST_SIDE, Kind: mk.CombatKind_COMBAT_KIND_ASSAULT, Occupier: &one,
			FirepowerCost: 200, Courage: mk.Liquor_LIQUOR_GIN, Plunder: true, Plundered: []*mk.Barrels{{Liquor: mk.Liquor_LIQUOR_RUM, Count: 1}}}}}: "(Firepower $200; Courage on Gin; Plunder, no one killed by it, stealing 1 Rum)",
	} {
		if got := r.Event(body(e)); !strings.Contains(got, want) {
			t.Errorf("%v: %q, want %q", e, got, want)
		}
	}
	for c, want := range map[*mk.Command]string{
		{Kind: &mk.Command_Capo{Capo: &mk.Capo{District: mk.District_DISTRICT_HARLEM}}}: "capo: promote a Runner in Harlem to the second Boss (2 Influence)",
		{Kind: &mk.Command_Consigliere{Consigliere: &mk.Consigliere{Index: 2}}}:         "consigliere: take Heat marker 3 off the Track (1 Influence)",
		{Kind: &mk.Command_Lend{Lend: &mk.Lend{To: 1, Markers: 1}}}:                     "lend 1 Influence marker to seat 1's Operations",
		{Kind: &mk.Command_Consent{Consent: &mk.Consent{}}}:                             "refuse permission for the Push",
		{Kind: &mk.Command_Move{Move: &mk.Move{From: mk.District_DISTRICT_HARLEM, To: mk.District_DISTRICT_GREENWICH_VILLAGE, Runners: 1, Via: []mk.District{mk.District_DISTRICT_HELLS_KITCHEN}}}}: "move 1 Runner from Harlem to Greenwich Village through Hell's Kitchen",
		{Kind: &mk.Command_TakeLoan{TakeLoan: &mk.TakeLoan{}}}:                                                                                        "take a Shylock's Mark ($1,500)",
		{Kind: &mk.Command_GiveCash{GiveCash: &mk.GiveCash{To: 2, Amount: 1000}}}:                                                                     "hand $1,000 to seat 2",
		{Kind: &mk.Command_Torch{Torch: &mk.Torch{}}}:                                                                                                 "torch the rival Safehouse, sacrificing a Pinned Runner (2 Influence)",
		{Kind: &mk.Command_Assault{Assault: &mk.Assault{Firepower: true}}}:                                                                            "assault (1 Influence) with Firepower ($200, one more die)",
		{Kind: &mk.Command_Assault{Assault: &mk.Assault{Plunder: true, Steal: []mk.Liquor{mk.Liquor_LIQUOR_RUM}}}}:                                    "assault (1 Influence) with Plunder (stealing Rum)",
		{Kind: &mk.Command_Standoff{Standoff: &mk.Standoff{Choice: mk.StandoffChoice_STANDOFF_CHOICE_AMBUSH, Courage: mk.Liquor_LIQUOR_GIN}}}:         "ambush with Courage (a Gin barrel for +1 Threat)",
		{Kind: &mk.Command_Move{Move: &mk.Move{From: mk.District_DISTRICT_WEST_SIDE, To: mk.District_DISTRICT_TOTTENVILLE, Runners: 2, Skiff: true}}}: "move 2 Runners from West Side to Tottenville by Skiff",
	} {
		if got := r.Command("", &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_MoonshineKingdom{MoonshineKingdom: c}}); got != want {
			t.Errorf("%v: %q, want %q", c, got, want)
		}
	}
}

// TestKingdomRendersEveryKind checks that every command and event kind has
// its own description (none falls back to raw JSON).
func TestKingdomRendersEveryKind(t *testing.T) {
	r := renderFor("moonshine-kingdom")
	evKinds := (&mk.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("kind").Fields()
	for i := range evKinds.Len() {
		f := evKinds.Get(i)
		e := &mk.Event{}
		e.ProtoReflect().Set(f, protoreflect.ValueOfMessage(e.ProtoReflect().NewField(f).Message()))
		got := r.Event(&moonshinev1.EventBody{Body: &moonshinev1.EventBody_MoonshineKingdom{MoonshineKingdom: e}})
		if strings.HasPrefix(got, "{") {
			t.Errorf("event %s renders as %q", f.Name(), got)
		}
	}
	cmdKinds := (&mk.Command{}).ProtoReflect().Descriptor().Oneofs().ByName("kind").Fields()
	for i := range cmdKinds.Len() {
		f := cmdKinds.Get(i)
		c := &mk.Command{}
		c.ProtoReflect().Set(f, protoreflect.ValueOfMessage(c.ProtoReflect().NewField(f).Message()))
		got := r.Command("", &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_MoonshineKingdom{MoonshineKingdom: c}})
		if strings.HasPrefix(got, "{") {
			t.Errorf("command %s renders as %q", f.Name(), got)
		}
	}
}
