package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// TestApplyCoversEveryKind: Apply's one switch has a case for every kind
// of the Event oneof, and an unknown kind is an error, never skipped.
func TestApplyCoversEveryKind(t *testing.T) {
	for _, cfg := range []engine.Config{{Players: 2}, {Players: printed.MaxSeats, Options: &pb.Options{BloodOath: true}}} {
		if err := playtest.CheckApply(Rules{}, cfg); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRandomGamesReachEveryEvent checks that random play exercises every
// event kind (Bribed needs a stormed High Society District and $2,500,
// which random play rarely puts together), every prompt and every kind of
// fight.
func TestRandomGamesReachEveryEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	t.Parallel()
	seen := map[string]int{}
	kinds := oneof("kind").Fields()
	extra := []string{"RAID_TRIGGER_BOILING_POINT", "RAID_TRIGGER_RAT", "targets_call",
		"STANDOFF_CHOICE_AMBUSH", "STANDOFF_CHOICE_HOLD_FIRE", "STANDOFF_CHOICE_FOLD",
		"COMBAT_KIND_AMBUSH", "COMBAT_KIND_ASSAULT", "COMBAT_KIND_STORM",
		"FIGHT_OUTCOME_HELD", "FIGHT_OUTCOME_TAKEN", "FIGHT_OUTCOME_STORMED",
		"advance", "fall_back", "forced", "commandeered", "destroyed", "seized", "rebuilt",
		"skiff", "stealth", "firepower", "courage", "plunder", "trade", "accepted", "refused",
		"stranded", "fold_takes_safehouse"}
	missing := func() []string {
		var out []string
		for i := range kinds.Len() {
			if name := string(kinds.Get(i).Name()); seen[name] == 0 && name != "bribed" && name != "resigned" && !dealEvents[name] && !legacyEvents[name] {
				out = append(out, name)
			}
		}
		for _, k := range extra {
			if seen[k] == 0 {
				out = append(out, k)
			}
		}
		return out
	}
	// Seeded games until every kind is seen, at most 150.
	games := 0
	for g := 0; g < 150 && len(missing()) > 0; g++ {
		games++
		players := 2 + g%3
		// A low bar to win lets random games reach the end.
		opts := &pb.Options{RespectToWin: 8}
		if players == printed.MaxSeats && g%2 == 1 {
			opts.BloodOath, opts.SitDownAt = true, 2
		}
		sm := newSimWith(t, engine.Config{Players: players, Options: opts}, uint64(70000+g))
		sm.run(40, 0)
		for _, r := range sm.records {
			for _, b := range r.Event.Bodies() {
				e := b.(*pb.Event)
				seen[string(e.ProtoReflect().WhichOneof(oneof("kind")).Name())]++
				if rs := e.GetRaidStarted(); rs != nil {
					seen[rs.Trigger.String()]++
				}
				if len(e.GetRaidStrike().GetTied()) > 0 {
					seen["targets_call"]++
				}
				countFight(seen, e)
			}
		}
	}
	t.Logf("%d games", games)
	if m := missing(); len(m) > 0 {
		t.Errorf("no random game reached %v", m)
	}
	t.Log(seen)
}

// countFight tallies the kinds of fight events random play reaches.
func countFight(seen map[string]int, e *pb.Event) {
	if x := e.GetStandoffChosen(); x != nil {
		seen[x.Choice.String()]++
	}
	if x := e.GetCombatRound(); x != nil {
		seen[x.Kind.String()]++
	}
	if x := e.GetFightEnded(); x != nil {
		seen[x.Outcome.String()]++
	}
	if x := e.GetWithdrew(); x != nil {
		seen[map[bool]string{true: "advance", false: "fall_back"}[x.Advance]]++
		if x.Forced {
			seen["forced"]++
		}
	}
	if x := e.GetSpoilsTaken(); x != nil {
		seen[map[bool]string{true: "commandeered", false: "destroyed"}[x.Commandeered]]++
	}
	if e.GetMoved().GetSeized() {
		seen["seized"]++
	}
	if e.GetMoved().GetSkiff() {
		seen["skiff"]++
	}
	if e.GetMoved().GetStealth() {
		seen["stealth"]++
	}
	if x := e.GetCombatRound(); x.GetFirepowerCost() > 0 {
		seen["firepower"]++
	}
	if x := e.GetCombatRound(); x.GetCourage() != 0 {
		seen["courage"]++
	}
	if e.GetCombatRound().GetPlunder() {
		seen["plunder"]++
	}
	if len(e.GetLaidLow().GetStranded()) > 0 {
		seen["stranded"]++
	}
	if x := e.GetStandoffChosen(); x != nil && x.SafehouseTakenFrom != nil {
		seen["fold_takes_safehouse"]++
	}
	if len(e.GetPushed().GetBack()) > 0 {
		seen["trade"]++
	}
	if x := e.GetConsentGiven(); x != nil {
		seen[map[bool]string{true: "accepted", false: "refused"}[x.Accept]]++
	}
	if len(e.GetRaidEnded().GetRebuilt()) > 0 {
		seen["rebuilt"]++
	}
}

func oneof(name string) protoreflect.OneofDescriptor {
	return (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName(protoreflect.Name(name))
}

// legacyEvents are written only in games recorded under rules version 1.
var legacyEvents = map[string]bool{"contracts_discarded_cards": true}

// dealEvents need a Favor, which random play rarely Bribes (see "bribed"):
// deals_test.go reaches each of them.
var dealEvents = map[string]bool{"deal_proposed": true, "deal_answered": true, "term_confirmed": true,
	"deal_honoured": true, "deal_broken": true, "deal_voided": true}
