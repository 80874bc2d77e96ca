package printed

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

var (
	eventKinds   = engine.KindsOf(&pb.Event{})
	commandKinds = engine.KindsOf(&pb.Command{})
)

// TestLabelsNameEveryKind: every command and event kind has a label of its
// own, for a seat and a spectator, even with no field set.
func TestLabelsNameEveryKind(t *testing.T) {
	l := Labels{}
	for _, v := range []engine.Viewer{engine.SeatViewer(1), engine.SpectatorViewer()} {
		for _, e := range eventKinds.All() {
			if got := l.Event(v, e); got == "" || strings.HasPrefix(got, "not a") {
				t.Errorf("%v, %s: %q", v, eventKinds.Name(e), got)
			}
		}
		for _, c := range commandKinds.All() {
			if got := l.Command(v, c); got == "" || strings.HasPrefix(got, "not a") {
				t.Errorf("%v, %s: %q", v, commandKinds.Name(c), got)
			}
		}
	}
	if got := l.Event(engine.SeatViewer(0), &pb.Command{}); !strings.HasPrefix(got, "not a") {
		t.Errorf("a command labelled as an event: %q", got)
	}
	if got := l.Command(engine.SeatViewer(0), &pb.Event{}); !strings.HasPrefix(got, "not a") {
		t.Errorf("an event labelled as a command: %q", got)
	}
}

// TestLabelsSpeakToTheViewer: a label names the viewer's own seat "you",
// with the verb agreeing, and the others by number; it says what a command
// does, where and for whom (issue #20: a Brew draft brews at every Still of
// its number, for the mob that Controls it).
func TestLabelsSpeakToTheViewer(t *testing.T) {
	l := Labels{}
	moved := eventKinds.Wrap(&pb.Moved{Seat: 2, From: pb.District_DISTRICT_RED_HOOK, To: pb.District_DISTRICT_BAY_RIDGE, Runners: 2, Bosses: 1,
		Hostile: true, Occupier: proto.Uint32(1)})
	brewed := eventKinds.Wrap(&pb.BrewDrafted{Seat: 1, Red: 6, White: 6, Liquor: whisky, Productions: []*pb.Production{
		{District: pb.District_DISTRICT_RED_HOOK, Seat: 2, Liquor: whisky, Count: 2}, {District: pb.District_DISTRICT_HARLEM, Seat: 1, Liquor: whisky, Count: 1}}})
	for _, c := range []struct {
		v     engine.Viewer
		body  proto.Message
		label string
	}{
		{engine.SeatViewer(1), moved, "seat 2 moves 2 Runners and 1 Boss from Red Hook to Bay Ridge; rival turf: Pinned, your Standoff"},
		{engine.SeatViewer(2), moved, "you move 2 Runners and 1 Boss from Red Hook to Bay Ridge; rival turf: Pinned, seat 1's Standoff"},
		{engine.SpectatorViewer(), moved, "seat 2 moves 2 Runners and 1 Boss from Red Hook to Bay Ridge; rival turf: Pinned, seat 1's Standoff"},
		{engine.SeatViewer(1), brewed, "you draft Red 6 and White 6 and brew Whisky; 2 Whisky in Red Hook for seat 2; 1 Whisky in Harlem for you"},
		{engine.SeatViewer(2), brewed, "seat 1 drafts Red 6 and White 6 and brews Whisky; 2 Whisky in Red Hook for you; 1 Whisky in Harlem for seat 1"},
		{engine.SeatViewer(0), eventKinds.Wrap(&pb.LaidLow{Seat: 0, TurnToken: 1, Moon: pb.Moon_MOON_FULL}), "you lay low and take Full Moon Turn Token 1"},
		{engine.SeatViewer(3), eventKinds.Wrap(&pb.ContractsReceived{Seat: 3, Cards: []uint32{3}}), "you draw #3 Stock the Cellar (Gig: Hold 4 Barrels.)"},
		{engine.AuditorViewer(), eventKinds.Wrap(&pb.ContractsReceived{Seat: 3, Cards: []uint32{3}}), "seat 3 draws #3 Stock the Cellar (Gig: Hold 4 Barrels.)"},
		{engine.SeatViewer(0), eventKinds.Wrap(&pb.CashGiven{From: 1, To: 0, Amount: 1500}), "seat 1 hands $1,500 to you"},
	} {
		if got := l.Event(c.v, c.body); got != c.label {
			t.Errorf("%v reads %q,\nwant %q", c.v, got, c.label)
		}
	}
	for c, want := range map[proto.Message]string{
		&pb.BrewDraft{Red: 6, White: 6, Liquor: whisky}:                                                          "draft Red 6 and White 6 and brew Whisky at every Still numbered 12, for the mob that Controls it",
		&pb.BrewDraft{Red: 1, White: 2, Dump: true}:                                                              "draft Red 1 and White 2 and dump the mash: no Still fires",
		&pb.Move{From: pb.District_DISTRICT_RED_HOOK, To: pb.District_DISTRICT_BAY_RIDGE, Runners: 2, Bosses: 2}: "move 2 Runners and 2 Bosses from Red Hook to Bay Ridge",
		&pb.Bribe{District: pb.District_DISTRICT_MORRIS_PARK}:                                                    "bribe Mayor Jimmy Walker at Morris Park for the Favor ($2,500)",
		&pb.GiveCash{To: 0, Amount: 300}:                                                                         "hand $300 to you",
		&pb.Lend{To: 2, Markers: 2}:                                                                              "lend 2 Influence markers to seat 2's Operations",
	} {
		if got := l.Command(engine.SeatViewer(0), commandKinds.Wrap(c)); got != want {
			t.Errorf("%T: %q,\nwant %q", c, got, want)
		}
	}
}

// TestAgree: the verbs agree with "you".
func TestAgree(t *testing.T) {
	me := engine.SeatViewer(0)
	for third, second := range map[string]string{"moves": "move", "pushes": "push", "fixes": "fix", "botches": "botch", "torches": "torch",
		"is": "are", "has": "have", "goes": "go", "lays low": "lay low", "falls back": "fall back", "refuses": "refuse", "buys": "buy",
		"hustles, drawing": "hustle, drawing"} {
		if got := agree(me, 0, third); got != second {
			t.Errorf("%s: %q, want %q", third, got, second)
		}
		if got := agree(me, 1, third); got != third {
			t.Errorf("%s for another seat: %q", third, got)
		}
	}
}

// TestLabelsInTheCLIsWords: the labels keep the wording of the CLI's
// renderers they replace, here as a spectator reads them.
func TestLabelsInTheCLIsWords(t *testing.T) {
	l, v := Labels{}, engine.SpectatorViewer()
	one := uint32(1)
	for e, want := range map[proto.Message]string{
		&pb.CombatRound{District: pb.District_DISTRICT_WEST_SIDE, Kind: pb.CombatKind_COMBAT_KIND_ASSAULT,
			Occupier: &one, InvaderRolls: []uint32{4, 6}, OccupierRolls: []uint32{1, 5}, InvaderThreat: 2, OccupierThreat: 4,
			InvaderHits: 2, OccupierHits: 1, InvaderRunnersLost: 1, OccupierRunnersLost: 2}: "assault at West Side: seat 0 rolls 4, 6 at Threat 2, 2 hits; seat 1 rolls 1, 5 at Threat 4, 1 hit; seat 0 loses 1 Runner, seat 1 loses 2 Runners",
		&pb.StandoffChosen{Seat: 1, District: pb.District_DISTRICT_WEST_SIDE, Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}: "seat 1 chooses Ambush at West Side",
		&pb.HeatDrawn{Seat: 0}: "blood on the pavement: seat 0's marker goes on the Heat Track",
		&pb.Moved{Seat: 0, From: pb.District_DISTRICT_HARLEM, To: pb.District_DISTRICT_SUGAR_HILL, Runners: 2, Hostile: true, Seized: true}: "seat 0 moves 2 Runners from Harlem to Sugar Hill; Police Turf: the liquor is seized, the mobsters Pinned",
		&pb.Withdrew{Seat: 0, From: pb.District_DISTRICT_SUGAR_HILL, To: pb.District_DISTRICT_HARLEM, Runners: 2, Forced: true}:             "seat 0 falls back from Sugar Hill to Harlem with 2 Runners (forced)",
		&pb.FightEnded{District: pb.District_DISTRICT_SUGAR_HILL, Outcome: pb.FightOutcome_FIGHT_OUTCOME_STORMED}:                           "the fight at Sugar Hill ends: stormed: the Precinct is destroyed",
		&pb.SpoilsTaken{Seat: 0, District: pb.District_DISTRICT_WEST_SIDE, Destroyed: &one, Commandeered: true}:                             "seat 0 takes the spoils of West Side; seat 1's Safehouse is destroyed; commandeered",
		&pb.LoanTaken{Seat: 1, Amount: 1500}:          "seat 1 takes a Shylock's Mark for $1,500",
		&pb.LoanRepaid{Seat: 1, Amount: 2500}:         "seat 1 repays a Shylock's Mark for $2,500",
		&pb.CashGiven{From: 1, To: 0, Amount: 300}:    "seat 1 hands $300 to seat 0",
		&pb.InfluenceLent{From: 2, To: 0, Markers: 2}: "seat 2 lends 2 Influence markers to seat 0",
		&pb.PushProposed{Seat: 0, Rival: 1, Push: &pb.Push{From: pb.District_DISTRICT_HARLEM, To: pb.District_DISTRICT_HELLS_KITCHEN,
			Barrels: []*pb.Barrels{{Liquor: gin, Count: 1}}, Back: []*pb.Barrels{{Liquor: rum, Count: 2}}}}: "seat 0 asks seat 1's permission to push 1 Gin from Harlem to Hell's Kitchen and take back 2 Rum",
		&pb.ConsentGiven{Seat: 1, Accept: true}:    "seat 1 gives permission for the Push",
		&pb.SitDown{Ranking: []uint32{2, 1, 3, 0}}: "the Sit-Down: ranked seat 2, seat 1, seat 3, seat 0; seat 2 and seat 0 join forces, and seat 1 and seat 3",
		&pb.GameEnded{Winner: 2, Partner: &one, Respect: []int32{1, 15, 20, 3}, Bankroll: []uint32{1, 2, 3, 4}}:                                                 "game over: the Alliance of seat 2 and seat 1 wins, seat 2 the Capo di Tutti Capi; by seat, Respect 1, 15, 20, 3 and bankrolls $1, $2, $3, $4",
		&pb.CapoPromoted{Seat: 1, District: pb.District_DISTRICT_HARLEM}:                                                                                        "seat 1 promotes a Runner in Harlem to Capo",
		&pb.HeatCooled{Seat: 1, Index: 0, Owner: 0}:                                                                                                             "seat 1's Consigliere takes seat 0's marker (number 1) off the Heat Track",
		&pb.Torched{Seat: 0, District: pb.District_DISTRICT_WEST_SIDE, Owner: 1}:                                                                                "seat 0 torches seat 1's Safehouse in West Side; a Runner goes up with it",
		&pb.Moved{Seat: 0, From: pb.District_DISTRICT_HARLEM, To: pb.District_DISTRICT_HELLS_KITCHEN, Runners: 2, Hostile: true, Occupier: &one, Stealth: true}: "seat 0 moves 2 Runners from Harlem to Hell's Kitchen; slipped into seat 1's turf by Stealth: Pinned, no Standoff",
		&pb.Moved{Seat: 0, From: pb.District_DISTRICT_WEST_SIDE, To: pb.District_DISTRICT_TOTTENVILLE, Runners: 2, Skiff: true}:                                 "seat 0 moves 2 Runners from West Side to Tottenville by Skiff",
		&pb.CombatRound{District: pb.District_DISTRICT_WEST_SIDE, Kind: pb.CombatKind_COMBAT_KIND_ASSAULT, Occupier: &one,
			FirepowerCost: 200, Courage: gin, Plunder: true, Plundered: []*pb.Barrels{{Liquor: rum, Count: 1}}}: "assault at West Side: seat 1 rolls none at Threat 0, 0 hits; seat 0 loses 0 Runners, seat 1 loses 0 Runners (Firepower $200; Courage on Gin; Plunder, no one killed by it, stealing 1 Rum)",
		&pb.ContractsDrawn{Seat: 1, Decks: []pb.Tier{pb.Tier_TIER_GIG, pb.Tier_TIER_SCORE}, Hustle: true}: "seat 1 hustles, drawing from the Gig, Score decks",
		&pb.DealProposed{Deal: 2, From: 1, To: 3, Broker: pb.Broker_BROKER_JIMMY_WALKER, DeadlineDay: 4, Terms: []*pb.DealTerm{
			{Kind: pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: 500}, {Kind: pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK}}}: "seat 1 proposes deal 2 to seat 3, staking Mayor Jimmy Walker's Favor, by the end of Day 4: (0) seat 1 pays $500 to seat 3; (1) seat 1 attacks no mobster of seat 3",
		&pb.DealBroken{Deal: 2, Seat: 1, Broker: pb.Broker_BROKER_JIMMY_WALKER, MarkerFrom: pb.MarkerSource_MARKER_SOURCE_SLOTS, Holder: 2}: "deal 2 is broken (term 0): seat 1 discards Mayor Jimmy Walker's Favor and loses a marker from seat 2's Operations slots",
	} {
		if got := l.Event(v, eventKinds.Wrap(e)); got != want {
			t.Errorf("%T:\n got %q,\nwant %q", e, got, want)
		}
	}
	for c, want := range map[proto.Message]string{
		&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: pb.District_DISTRICT_HARLEM}: "fold and flee to Harlem",
		&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE}:                                 "hold fire",
		&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH, Courage: gin}:                      "ambush with Courage (a Gin barrel for +1 Threat)",
		&pb.Assault{}:                "assault (1 Influence)",
		&pb.Assault{Firepower: true}: "assault (1 Influence) with Firepower ($200, one more die)",
		&pb.Assault{Plunder: true, Steal: []pb.Liquor{rum}}: "assault (1 Influence) with Plunder (stealing Rum)",
		&pb.Advance{To: pb.District_DISTRICT_THORGGS_NECK}:  "advance to Thorggs Neck (1 Influence)",
		&pb.FallBack{}:               "fall back, leaving any carried liquor behind",
		&pb.Storm{}:                  "storm the Precinct (1 Influence)",
		&pb.Spoils{Commandeer: true}: "commandeer: secure the District for free",
		&pb.Capo{District: pb.District_DISTRICT_HARLEM}: "capo: promote a Runner in Harlem to the second Boss (2 Influence)",
		&pb.Consigliere{Index: 2}:                       "consigliere: take Heat marker 3 off the Track (1 Influence)",
		&pb.Consent{}:                                   "refuse permission for the Push",
		&pb.Move{From: pb.District_DISTRICT_HARLEM, To: pb.District_DISTRICT_GREENWICH_VILLAGE, Runners: 1, Via: []pb.District{pb.District_DISTRICT_HELLS_KITCHEN}}: "move 1 Runner from Harlem to Greenwich Village through Hell's Kitchen",
		&pb.Move{From: pb.District_DISTRICT_WEST_SIDE, To: pb.District_DISTRICT_TOTTENVILLE, Runners: 2, Skiff: true}:                                               "move 2 Runners from West Side to Tottenville by Skiff",
		&pb.TakeLoan{}:                    "take a Shylock's Mark ($1,500)",
		&pb.GiveCash{To: 2, Amount: 1000}: "hand $1,000 to seat 2",
		&pb.Torch{}:                       "torch the rival Safehouse, sacrificing a Pinned Runner (2 Influence)",
		&pb.BribeOrFall{Bribe: true}:      "pay the $1,000 Bribe",
		&pb.TargetsCall{District: pb.District_DISTRICT_CORONA}: "send the Police to Corona",
	} {
		if got := l.Command(v, commandKinds.Wrap(c)); got != want {
			t.Errorf("%T:\n got %q,\nwant %q", c, got, want)
		}
	}
}
