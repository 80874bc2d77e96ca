package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The heuristic's key decisions, each on a board built by hand and judged
// against the printed win: "The war for New York ends the moment a player
// secures a Commission Card (by completing a Gig, Racket, and Score) AND
// amasses 20 or more Total Respect", and "During the Reckoning Phase, to
// claim a Title, you must hold the most Districts or Joints of that type
// (minimum 2). If there is a tie, the Title returns to the Supply." Every
// command chosen is then played through the rules, which must accept it.
func TestHeuristicDecisions(t *testing.T) {
	// closeTo19 gives seat 1 a Commission and 16 Respect of Contracts
	// (two Scores, a Racket, three Gigs); with the Bronx Deed it has 19.
	closeTo19 := func(s *state) {
		complete(s, 1, 27, 28, 15, 1, 2, 3)
		s.Seats[1].Commission = true
	}
	bronx := func(s *state) {
		for _, d := range []pb.District{fordham, mottHaven, thorggsNeck} {
			put(s, 1, d, 1, 0, false)
		}
		s.Deeds[pb.Borough_BOROUGH_BRONX] = 1
		put(s, 0, huntsPoint, 3, 1, false)
	}
	for _, c := range []struct {
		name  string
		setup func(*state)
		// want judges seat 0's command; follow, when set, judges its next
		// one (the same Play goes on: a Pinned crew).
		want, follow func(*pb.Command) bool
	}{{
		// "Hold the most Districts in a Borough (minimum 2) to claim its
		// Deed": Tottenville, the second of Staten Island's open Districts,
		// lies beyond the Stapleton Precinct: walk in ("You may freely Move
		// into a Police District"), then Advance.
		name: "seek a Deed through Police Turf",
		setup: func(s *state) {
			put(s, 0, stGeorge, 3, 1, false)
		},
		want: func(c *pb.Command) bool {
			m := c.GetMove()
			return m.GetFrom() == stGeorge && m.GetTo() == stapleton && m.GetRunners() >= 1
		},
		follow: func(c *pb.Command) bool { return c.GetAdvance().GetTo() == tottenville },
	}, {
		// "Hold the most Joints of a liquor type (minimum 2) to claim its
		// Syndicate Card": taking Hell's Kitchen from a lone Runner gives
		// seat 0 two of the Gin Joints (and Manhattan's Deed).
		name: "strike for a Syndicate",
		setup: func(s *state) {
			put(s, 0, harlem, 4, 1, true)
			put(s, 0, flatbush, 1, 0, true)
			put(s, 1, hellsKit, 1, 0, false)
		},
		want: func(c *pb.Command) bool {
			m := c.GetMove()
			return m.GetFrom() == harlem && m.GetTo() == hellsKit && m.GetRunners()+m.GetBosses() >= 4
		},
	}, {
		// Seat 1 holds a Commission and 19 Respect: one more wins it. Taking
		// Mott Haven ties the Bronx at 2 Districts each, and "If there is a
		// tie, the Title returns to the Supply".
		name:  "block a rival one Respect from the win",
		setup: func(s *state) { bronx(s); closeTo19(s) },
		want: func(c *pb.Command) bool {
			m := c.GetMove()
			return m.GetFrom() == huntsPoint && (m.GetTo() == mottHaven || m.GetTo() == thorggsNeck)
		},
	}, {
		// The same board with seat 1 far from the win (no Commission, 4
		// Respect): taking the District wins seat 0 nothing, so no fight.
		name: "leave a rival far from the win alone",
		setup: func(s *state) {
			bronx(s)
			complete(s, 1, 1)
		},
		want: func(c *pb.Command) bool {
			m := c.GetMove()
			return m == nil || (m.GetTo() != mottHaven && m.GetTo() != thorggsNeck && m.GetTo() != fordham)
		},
	}, {
		// Sugar Hill's Precinct guards the second Rum Joint: a crew of five
		// with its Boss Storms it ("You need 2+ Hits to break their lines").
		name: "storm a Precinct for a Syndicate",
		setup: func(s *state) {
			put(s, 0, harlem, 4, 1, true)
			put(s, 0, coney, 1, 0, true)
		},
		want: func(c *pb.Command) bool {
			m := c.GetMove()
			return m.GetFrom() == harlem && m.GetTo() == sugarHill && m.GetRunners() == 4 && m.GetBosses() == 1
		},
		follow: func(c *pb.Command) bool { return c.GetStorm() != nil },
	}} {
		t.Run(c.name, func(t *testing.T) {
			s := cleared(t, 4)
			s.Seats[0].Hustled = true // no Hustle offered: the board decides
			c.setup(s)
			got := heuristicChoice(t, s)
			if !c.want(got) {
				t.Fatalf("chose %v", got)
			}
			run(t, s, 0, got)
			if c.follow == nil {
				return
			}
			if got = heuristicChoice(t, s); !c.follow(got) {
				t.Fatalf("then chose %v", got)
			}
			run(t, s, 0, got)
		})
	}
}

// In the Blood Oath the strategy Rats to bring the Sit-Down; the heuristic
// races to the win instead and never takes the Rat Card ("Subtract 3
// Respect if you are stuck holding the Rat Card at the end of the game").
func TestHeuristicDoesNotRat(t *testing.T) {
	s := cleared(t, 4)
	s.Opts = &pb.Options{BloodOath: true}
	s.Crackdown, s.Heat = 1, []int{1}
	put(s, 0, harlem, 2, 1, true)
	p := s.Prompts()[0]
	v := s.View(engine.SeatViewer(0)).(*pb.View)
	if c := strategy.Choose(v, strategy.FromEngine(p), engine.NewRand([32]byte{})); c.GetRat() == nil {
		t.Fatalf("the strategy chose %v, not the Rat (the test's board does not offer it)", c)
	}
	if c := strategy.ChooseToWin(v, strategy.FromEngine(p), engine.NewRand([32]byte{})); c.GetRat() != nil {
		t.Fatal("the heuristic Rats")
	}
}

// heuristicChoice is the heuristic's command for the seat s waits for.
func heuristicChoice(t *testing.T, s *state) *pb.Command {
	t.Helper()
	p := s.Prompts()[0]
	if p.Seat != 0 {
		t.Fatalf("the game waits for %v (%s)", p.Seat, p.Reason)
	}
	c := strategy.ChooseToWin(s.View(engine.SeatViewer(0)).(*pb.View), strategy.FromEngine(p), engine.NewRand([32]byte{1}))
	if c == nil {
		t.Fatalf("no command for %s", p.Reason)
	}
	return c
}
