package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// FuzzDecide sends arbitrary commands, from any seat, at states reached by
// the bot: Decide must refuse with a RuleError or return events that apply
// and keep every invariant.
func FuzzDecide(f *testing.F) {
	for _, c := range []*pb.Command{
		cmd(&pb.LayLow{}), move(harlem, westSide, 1, 0), push(harlem, westSide, bar(gin, 1)),
		cmd(&pb.Hustle{Decks: []pb.Tier{gig, score}}), unload(hellsKit, bar(gin, 4)),
		cmd(&pb.BrewDraft{Red: 3, White: 4, Liquor: gin}), cmd(&pb.Fund{Markers: 5}),
		cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: harlem}), cmd(&pb.Assault{}),
		cmd(&pb.Advance{To: westSide, Barrels: []*pb.Barrels{bar(gin, 1)}}), cmd(&pb.FallBack{}), cmd(&pb.Storm{}),
		cmd(&pb.Spoils{Commandeer: true, RelocateFrom: harlem}),
	} {
		b, _ := proto.Marshal(c)
		f.Add(uint8(0), uint8(10), b)
	}
	f.Fuzz(func(t *testing.T, seat, steps uint8, raw []byte) {
		c := &pb.Command{}
		if proto.Unmarshal(raw, c) != nil {
			return
		}
		sm := newSim(t, 3, uint64(steps%7))
		for range int(steps) % 60 {
			ps := sm.state().Prompts()
			if sm.state().Outcome() != nil {
				return
			}
			cm, ok := sm.choose(ps[0])
			sm.step(ps[0].Seat, cm, ok, &simResult{})
		}
		var res simResult
		sm.step(engine.Seat(int(seat)%4), c, false, &res)
	})
}
