package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

func TestHandsAreIndistinguishable(t *testing.T) {
	// "Drawn cards are private to their holder until staked; deck order is
	// nobody's." Two games that differ only in seat 1's hand look the same to
	// seat 0 and to spectators.
	a, b := cleared(t, 3), cleared(t, 3)
	a.Seats[1].Hand, a.Decks[gig].Draw = []int{1, 2}, a.Decks[gig].Draw[2:]
	b.Seats[1].Hand, b.Decks[gig].Draw = []int{13, 14}, b.Decks[gig].Draw[:12]
	for _, v := range []engine.Viewer{engine.SeatViewer(0), engine.SeatViewer(2), engine.SpectatorViewer()} {
		if !proto.Equal(a.View(v), b.View(v)) {
			t.Errorf("%v can tell the hands apart", v)
		}
	}
	if proto.Equal(a.View(engine.SeatViewer(1)), b.View(engine.SeatViewer(1))) {
		t.Error("seat 1 cannot see its own hand")
	}
	if got := a.View(engine.SeatViewer(1)).(*pb.View).Seats[1].Hand; len(got) != 2 {
		t.Errorf("own hand %v", got)
	}
}

func TestDrawEventsRedacted(t *testing.T) {
	// "the public body says only 'seat N drew 2 Contracts'"
	s := cleared(t, 3)
	put(s, 0, harlem, 1, 1, false)
	evs := run(t, s, 0, hustle(gig, score))
	for _, ev := range evs {
		for _, v := range []engine.Viewer{engine.SeatViewer(1), engine.SpectatorViewer()} {
			if len(ev.For(v).Private) != 0 {
				t.Errorf("%v sees a secret", v)
			}
		}
		if pub := ev.Public.(*pb.Event); pub.GetContractsReceived() != nil {
			t.Error("cards in a public body")
		}
	}
}

func TestViewWaitsForTheTarget(t *testing.T) {
	// "The engine asks that seat, the view shows whom the game is waiting
	// for and why, and no other seat can move until it answers."
	s := heated(t, 1, 1, 1)
	put(s, 1, corona, 2, 0, false)
	run(t, s, 0, cmd(&pb.Rat{}))
	v := s.View(engine.SpectatorViewer()).(*pb.View)
	if len(v.Waiting) != 1 || v.Waiting[0].Seat != 1 || v.Waiting[0].Awaiting != pb.Awaiting_AWAITING_BRIBE_OR_FALL || v.Raid.GetHit() != corona {
		t.Errorf("waiting %v raid %v", v.Waiting, v.Raid)
	}
	ps := s.Prompts()
	if len(ps) != 1 || ps[0].Seat != 1 || ps[0].Reason != "bribe-or-fall" || len(ps[0].Legal) != 2 {
		t.Errorf("prompts %+v", ps)
	}
	refused(t, s, 0, cmd(&pb.LayLow{}), engine.ReasonNotYourTurn)
}

func TestPromptsOffer(t *testing.T) {
	s := cleared(t, 2)
	put(s, 0, harlem, 2, 1, true)
	ps := s.Prompts()
	if len(ps) != 1 || ps[0].Seat != 0 || !ps[0].MustAct {
		t.Fatalf("prompts %+v", ps)
	}
	kinds := map[string]bool{}
	for _, c := range ps[0].Legal {
		kinds[string(c.(*pb.Command).ProtoReflect().WhichOneof(c.(*pb.Command).ProtoReflect().Descriptor().Oneofs().Get(0)).Name())] = true
	}
	for _, k := range []string{"lay_low", "hustle", "recruit"} {
		if !kinds[k] {
			t.Errorf("no %s offered: %v", k, kinds)
		}
	}
	if kinds["rat"] || kinds["extort"] {
		t.Errorf("illegal plays offered: %v", kinds)
	}
	names := map[string]bool{}
	for _, tp := range ps[0].Templates {
		names[tp.Name] = true
	}
	if !names["move"] || !names["push"] || names["unload"] {
		t.Errorf("templates %v", names)
	}
}

func TestGameOverRefusesEverything(t *testing.T) {
	s := cleared(t, 2)
	s.outcome = &engine.Outcome{}
	if _, _, err := s.Decide(0, cmd(&pb.LayLow{}), nil); err != engine.ErrGameOver {
		t.Errorf("got %v", err)
	}
	if len(s.Prompts()) != 0 {
		t.Error("prompts after the end")
	}
}
