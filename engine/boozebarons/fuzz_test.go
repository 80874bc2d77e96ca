package boozebarons

import (
	"bytes"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// FuzzDecide plays a seeded number of random legal steps, then sends a
// command decoded from the fuzzer's bytes: Decide must never panic, must
// answer with a rule error or events, and must never change the state.
func FuzzDecide(f *testing.F) {
	for _, c := range []proto.Message{
		&pb.ChooseMovement{Location: casino}, &pb.Deliver{CardId: 3}, &pb.Tail{Target: 1},
		&pb.TriggerEvent{Target: proto.Int32(2)}, &pb.Steal{CardId: 35}, &pb.Expose{Guess: rye},
		&pb.CasinoKeep{CardIds: []int32{1, 2, 3}}, &pb.DocksCollect{CardIds: []int32{-1, 40}}, &pb.Decline{},
	} {
		b, _ := proto.Marshal(Cmd(c))
		f.Add(uint8(5), uint16(40), uint8(1), b)
	}
	f.Fuzz(func(t *testing.T, players uint8, steps uint16, seat uint8, data []byte) {
		n := printed.MinPlayers + int(players)%(printed.MaxPlayers-printed.MinPlayers+1)
		seed := []byte{players, byte(steps), byte(steps >> 8)}
		g, _, err := engine.Start(Rules{}, engine.Config{Players: n}, seed)
		if err != nil {
			t.Fatal(err)
		}
		bot := engine.CommandRand(seed, 99)
		for range int(steps) % 300 {
			if g.State.Outcome() != nil {
				break
			}
			var live []engine.Prompt
			for _, p := range g.State.Prompts() {
				if len(p.Legal) > 0 {
					live = append(live, p)
				}
			}
			p := live[bot.IntN(len(live))]
			evs, _, err := g.Decide(p.Seat, p.Legal[bot.IntN(len(p.Legal))])
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(evs...); err != nil {
				t.Fatal(err)
			}
		}
		cmd := &pb.Command{}
		if proto.Unmarshal(data, cmd) != nil {
			return
		}
		before := playtest.Fingerprint(g.State)
		_, _, err = g.State.Decide(engine.Seat(int(seat)-3), cmd, nil)
		if err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("not a rule error: %v", err)
			}
		}
		if !bytes.Equal(before, playtest.Fingerprint(g.State)) {
			t.Fatal("Decide changed the state")
		}
	})
}
