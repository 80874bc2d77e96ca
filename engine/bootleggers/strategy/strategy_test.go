package strategy_test

import (
	"fmt"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// play runs one game with policy at every seat, each choosing from its own
// view and prompt, and fails on the first command the rules refuse: every
// command the policy builds, from a template or the legal list, must be
// legal. It returns the public events.
func play(t *testing.T, players int, opts *pb.Options, policy strategy.Policy, seed string) []*pb.Event {
	t.Helper()
	g, _, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: players, Options: opts}, []byte(seed))
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand([32]byte{byte(players), byte(len(seed))})
	var log []*pb.Event
	for steps := 0; g.State.Outcome() == nil; steps++ {
		if steps > 5000 {
			t.Fatalf("%s: no end after %d commands", seed, steps)
		}
		var p engine.Prompt
		var c proto.Message
		for _, q := range g.State.Prompts() {
			if len(q.Legal) == 0 {
				continue
			}
			if !q.MustAct {
				// Nobody must answer it: the policy may let it pass.
				if qc := policy.Choose(g.State.View(engine.SeatViewer(q.Seat)), q, r); qc != nil {
					p, c = q, qc
					break
				}
				continue
			}
			if p.Legal == nil {
				p = q
			}
		}
		if c == nil {
			c = policy.Choose(g.State.View(engine.SeatViewer(p.Seat)), p, r)
		}
		if c == nil {
			t.Fatalf("%s: %v has no command for %s", seed, p.Seat, p.Reason)
		}
		evs, _, err := g.Decide(p.Seat, c)
		if err != nil {
			t.Fatalf("%s: %s policy, %v (%s): %v refused: %v", seed, policy.Style, p.Seat, p.Reason, c, err)
		}
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			log = append(log, ev.Public.(*pb.Event))
		}
	}
	return log
}

// TestEveryStyleFinishesGames: each style plays whole games at every table
// size and every option with only legal commands.
func TestEveryStyleFinishesGames(t *testing.T) {
	opts := []*pb.Options{{}, {RampStillProduction: true, PlayItCool: true, RingUpTheBoys: true, MusclingIn: true},
		{OwnerThreshold: pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY}}
	for _, style := range strategy.Styles {
		for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
			for i, o := range opts {
				play(t, players, o, strategy.Policy{Style: style}, fmt.Sprintf("%s/%d/%d", style, players, i))
			}
		}
	}
}

// TestChooseIsDeterministic: the same view, prompt and generator give the
// same command.
func TestChooseIsDeterministic(t *testing.T) {
	g, _, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: 4}, []byte("determinism"))
	if err != nil {
		t.Fatal(err)
	}
	for range 60 {
		p := g.State.Prompts()[0]
		v := g.State.View(engine.SeatViewer(p.Seat))
		a := strategy.Policy{}.Choose(v, p, engine.NewRand([32]byte{1}))
		b := strategy.Policy{}.Choose(proto.Clone(v), p, engine.NewRand([32]byte{1}))
		if !proto.Equal(a, b) {
			t.Fatalf("%s: %v, then %v", p.Reason, a, b)
		}
		evs, _, err := g.Decide(p.Seat, a)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFixedStylesKeepTheirHabit: "always the highest Muscle card" seals
// its highest card, "always the lowest" its lowest, "never buy a truck"
// owns only its starting truck, "O'Malley's only" places no marker.
func TestFixedStylesKeepTheirHabit(t *testing.T) {
	g, _, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: 3}, []byte("habits"))
	if err != nil {
		t.Fatal(err)
	}
	p := g.State.Prompts()[0]
	v := g.State.View(engine.SeatViewer(p.Seat)).(*pb.View)
	hand := v.GetSeats()[p.Seat].GetSecrets().GetMuscleHand()
	r := engine.NewRand([32]byte{})
	if c := (strategy.Policy{Style: strategy.HighestMuscle}).Choose(v, p, r).(*pb.Command); c.GetChooseMuscle().GetCard() != hand[len(hand)-1] {
		t.Errorf("highest-muscle sealed %v of %v", c, hand)
	}
	if c := (strategy.Policy{Style: strategy.LowestMuscle}).Choose(v, p, r).(*pb.Command); c.GetChooseMuscle().GetCard() != hand[0] {
		t.Errorf("lowest-muscle sealed %v of %v", c, hand)
	}
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		for _, e := range play(t, players, nil, strategy.Policy{Style: strategy.NeverTruck}, fmt.Sprint("never/", players)) {
			if e.GetTruckBought() != nil || e.GetTradeProposed() != nil {
				t.Errorf("never-truck: %v", e)
			}
		}
		for _, e := range play(t, players, nil, strategy.Policy{Style: strategy.OMalleysOnly}, fmt.Sprint("omalleys/", players)) {
			if len(e.GetBoysSent().GetPlacements()) > 0 {
				t.Errorf("omalleys-only: %v", e)
			}
			for _, l := range e.GetWhiskeyRun().GetLinedUp() {
				if l.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_OMALLEYS {
					t.Errorf("omalleys-only: %v", e)
				}
			}
		}
	}
}
