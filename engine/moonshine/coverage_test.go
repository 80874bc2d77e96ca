package moonshine

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/reflect/protoreflect"
)

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
	for players := 2; players <= 4; players++ {
		for g := range 8 {
			// A low bar to win lets random games reach the end.
			sm := newSimWith(t, engine.Config{Players: players, Options: &pb.Options{RespectToWin: 8}}, uint64(70000+10*players+g))
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
	}
	kinds := oneof("kind").Fields()
	for i := range kinds.Len() {
		name := string(kinds.Get(i).Name())
		if seen[name] == 0 && name != "bribed" {
			t.Errorf("no random game produced %s", name)
		}
	}
	for _, k := range []string{"RAID_TRIGGER_BOILING_POINT", "RAID_TRIGGER_RAT", "targets_call",
		"STANDOFF_CHOICE_AMBUSH", "STANDOFF_CHOICE_HOLD_FIRE", "STANDOFF_CHOICE_FOLD",
		"COMBAT_KIND_AMBUSH", "COMBAT_KIND_ASSAULT", "COMBAT_KIND_STORM",
		"FIGHT_OUTCOME_HELD", "FIGHT_OUTCOME_TAKEN", "FIGHT_OUTCOME_STORMED",
		"advance", "fall_back", "forced", "commandeered", "destroyed", "seized", "rebuilt"} {
		if seen[k] == 0 {
			t.Errorf("no random game reached %s", k)
		}
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
	if len(e.GetRaidEnded().GetRebuilt()) > 0 {
		seen["rebuilt"]++
	}
}

func oneof(name string) protoreflect.OneofDescriptor {
	return (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName(protoreflect.Name(name))
}
