package moonshine

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// TestRandomGamesReachEveryEvent checks that random play exercises every
// event kind (Bribed needs a High Society District, which are all Police
// Turf until the Police can be stormed in issue II) and every prompt.
func TestRandomGamesReachEveryEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	t.Parallel()
	seen := map[string]int{}
	for players := 2; players <= 4; players++ {
		for g := range 6 {
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
	for _, k := range []string{"RAID_TRIGGER_BOILING_POINT", "RAID_TRIGGER_RAT", "targets_call"} {
		if seen[k] == 0 {
			t.Errorf("no random game reached %s", k)
		}
	}
	t.Log(seen)
}

func oneof(name string) protoreflect.OneofDescriptor {
	return (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName(protoreflect.Name(name))
}
