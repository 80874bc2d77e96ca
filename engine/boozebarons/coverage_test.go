package boozebarons

import (
	"fmt"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// TestRandomGamesReachEveryEvent checks that the random games exercise every
// event kind, every prompt, and both kinds of end.
func TestRandomGamesReachEveryEvent(t *testing.T) {
	seen := map[string]int{}
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		for i := range 12 {
			opts := &pb.Options{}
			if i%2 == 1 {
				opts.DocksSide = pb.Side_SIDE_B
			}
			res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: players, Options: opts}, Seed: seedOf(players, 1000+i)})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res.Events {
				for _, b := range r.Event.Bodies() {
					seen[fmt.Sprintf("%T", b.(*pb.Event).Kind)]++
				}
			}
			st := res.Game.State.(*State)
			seen[fmt.Sprintf("rounds=%d", min(st.round/5*5, 30))]++
		}
	}
	kinds := (&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("kind").Fields()
	for i := range kinds.Len() {
		name := fmt.Sprintf("*boozebaronsv1.Event_%s", goName(string(kinds.Get(i).Name())))
		// A resignation is a seat's own choice, never offered in a prompt:
		// resign_test.go plays it in random games.
		if seen[name] == 0 && name != "*boozebaronsv1.Event_Resigned" {
			t.Errorf("no random game produced %s", name)
		}
	}
	t.Log(seen)
}

func goName(snake string) string {
	out := []byte{}
	up := true
	for _, c := range []byte(snake) {
		if c == '_' {
			up = true
			continue
		}
		if up && c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		up = false
		out = append(out, c)
	}
	return string(out)
}
