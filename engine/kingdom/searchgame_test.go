package kingdom

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The search's value of a position cut short is each seat's chance of
// the win (searchvalue.go), read from the board as the next Reckoning
// would count it: "During the Reckoning Phase, to claim a Title, you must
// hold the most Districts or Joints of that type (minimum 2)", and "The
// war for New York ends the moment a player secures a Commission Card ...
// AND amasses 20 or more Total Respect".
func TestValueReadsTheRace(t *testing.T) {
	var brooklynOpen []pb.District
	for _, d := range printed.AllDistricts() {
		if info := printed.Info(d); info.Borough == brooklyn && info.Kind != highSociety {
			brooklynOpen = append(brooklynOpen, d)
		}
	}
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) {
			// One District of Brooklyn is no Title; two are its Deed at
			// the Reckoning, which the value counts before it.
			one, two := cleared(t, players), cleared(t, players)
			for s := range players {
				put(one, s, printed.AllDistricts()[s], 1, 0, true)
				put(two, s, printed.AllDistricts()[s], 1, 0, true)
			}
			put(one, 0, brooklynOpen[0], 2, 0, false)
			put(two, 0, brooklynOpen[0], 1, 0, false)
			put(two, 0, brooklynOpen[1], 1, 0, false)
			if v1, v2 := (SearchGame{}).Value(one, 0), (SearchGame{}).Value(two, 0); v2 <= v1 {
				t.Errorf("seat 0 with the Brooklyn majority on the board: %.4f, without it %.4f", v2, v1)
			}
			// A Commission and 20 Respect (two Scores, two Rackets, a Gig
			// and the Brooklyn Deed on the board) wins at the Reckoning.
			complete(two, 0, 27, 28, 15, 16, 1)
			two.Seats[0].Commission = true
			sum := 0.0
			for s := range players {
				sum += SearchGame{}.Value(two, engine.Seat(s))
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("the seats' chances sum to %.6f", sum)
			}
			if v := (SearchGame{}).Value(two, 0); v < 0.8 {
				t.Errorf("seat 0, to win at the Reckoning, is valued %.4f", v)
			}
		})
	}
}

// The search compares the heuristic's alternatives, its own choice first.
// When it compared the prompt's listed commands and the heuristic's choice
// under a few generators, 97% of the Operations Plays had one candidate,
// the heuristic's, and the hard bot played as the easy one: on the
// Operations Plays of seeded 4-player games of the heuristic, most offer
// more than one candidate, every candidate is a command the rules accept,
// and the first is the heuristic's choice; a Brew draft, a Grease and a
// discard offer the heuristic's choice alone.
func TestProposalsAreTheHeuristicsAlternatives(t *testing.T) {
	plays, compared := 0, 0
	for n := range uint64(3) {
		seed := make([]byte, engine.SeedSize)
		binary.BigEndian.PutUint64(seed, 700+n)
		g, _, err := engine.Start(Rules{}, engine.Config{Players: 4, Options: &pb.Options{}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; g.State.Outcome() == nil && step < 400; step++ {
			p := g.State.Prompts()[0]
			view := g.State.View(engine.SeatViewer(p.Seat)).(*pb.View)
			own := strategy.ChooseToWin(view, strategy.FromEngine(p), engine.NewRand([32]byte{}))
			cands := SearchGame{}.Propose(g.State, p.Seat)
			if len(cands) == 0 || !proto.Equal(cands[0], own) {
				t.Fatalf("game %d, step %d, %s: the candidates %v do not start with the heuristic's %v", n, step, p.Reason, cands, own)
			}
			for _, c := range cands {
				if !decider.Accepts(g.State.(*state), p.Seat, c) {
					t.Fatalf("game %d, step %d, %s: the rules refuse the candidate %v", n, step, p.Reason, c)
				}
			}
			switch p.Reason {
			case "operations-play":
				plays++
				if len(cands) > 1 {
					compared++
				}
			case "brew-draft", "grease-the-wheels", "discard-to-hand-limit":
				if len(cands) != 1 {
					t.Fatalf("game %d, step %d, %s: %d candidates", n, step, p.Reason, len(cands))
				}
			}
			c := strategy.Heuristic{}.Choose(view, p, engine.BotRand(seed, g.Version+1, p.Seat))
			if _, g, err = g.Decide(p.Seat, c); err != nil {
				t.Fatalf("game %d: %v", n, err)
			}
		}
	}
	if plays < 50 || compared*10 < plays*8 {
		t.Fatalf("%d of %d Operations Plays offered more than one candidate", compared, plays)
	}
	t.Logf("%d of %d Operations Plays offered more than one candidate", compared, plays)
}
