package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// Test helpers: tables of rules build states by hand and run commands
// through Decide and Apply.

const (
	sugarHill   = pb.District_DISTRICT_SUGAR_HILL
	harlem      = pb.District_DISTRICT_HARLEM
	westSide    = pb.District_DISTRICT_WEST_SIDE
	hellsKit    = pb.District_DISTRICT_HELLS_KITCHEN
	village     = pb.District_DISTRICT_GREENWICH_VILLAGE
	fivePoints  = pb.District_DISTRICT_FIVE_POINTS
	williamsbg  = pb.District_DISTRICT_WILLIAMSBURG
	redHook     = pb.District_DISTRICT_RED_HOOK
	brownsville = pb.District_DISTRICT_BROWNSVILLE
	flatbush    = pb.District_DISTRICT_FLATBUSH
	bayRidge    = pb.District_DISTRICT_BAY_RIDGE
	coney       = pb.District_DISTRICT_CONEY_ISLAND
	richmond    = pb.District_DISTRICT_RICHMOND_HILL
	astoria     = pb.District_DISTRICT_ASTORIA
	lic         = pb.District_DISTRICT_LONG_ISLAND_CITY
	corona      = pb.District_DISTRICT_CORONA
	flushing    = pb.District_DISTRICT_FLUSHING
	morrisPark  = pb.District_DISTRICT_MORRIS_PARK
	fordham     = pb.District_DISTRICT_FORDHAM
	mottHaven   = pb.District_DISTRICT_MOTT_HAVEN
	huntsPoint  = pb.District_DISTRICT_HUNTS_POINT
	thorggsNeck = pb.District_DISTRICT_THORGGS_NECK
	stGeorge    = pb.District_DISTRICT_ST_GEORGE
	stapleton   = pb.District_DISTRICT_STAPLETON
	tottenville = pb.District_DISTRICT_TOTTENVILLE
)

// started returns a freshly set-up game state.
func started(t testing.TB, players int) *state {
	t.Helper()
	g, _, err := engine.Start(Rules{}, engine.Config{Players: players}, seedOf(7))
	if err != nil {
		t.Fatal(err)
	}
	return g.State.(*state)
}

// cleared returns a game with an empty board (Precincts kept) and every
// Title in the Supply, in Operations, seat 0 to play, every seat with 5
// slotted markers and 2 in the Stash, Turn Tokens in seat order.
func cleared(t testing.TB, players int) *state {
	t.Helper()
	s := started(t, players)
	for i := range s.D {
		s.D[i].Mobs = [printed.MaxSeats]pieces{}
		s.D[i].Barrels = [5]int{}
	}
	for i := range s.Deeds {
		s.Deeds[i] = none
	}
	s.DayOrder = nil
	for i := range s.Seats {
		s.Seats[i].Token, s.Seats[i].TokenMoon, s.Seats[i].Greased = i+1, pb.Moon_MOON_NEW, true
		s.DayOrder = append(s.DayOrder, i)
	}
	s.Phase, s.Current, s.Red, s.White, s.Drafted = pb.Phase_PHASE_OPERATIONS, 0, nil, nil, s.Players
	return s
}

func put(s *state, seat int, d pb.District, runners, bosses int, safehouse bool) {
	s.dist(d).Mobs[seat] = pieces{Runners: runners, Bosses: bosses, Safehouse: safehouse}
}

// run decides c for seat and applies the events, failing on refusal.
func run(t testing.TB, s *state, seat int, c *pb.Command) []engine.Event {
	t.Helper()
	evs, _, err := s.Decide(engine.Seat(seat), c, engine.CommandRand(seedOf(1), 1))
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	for _, ev := range evs {
		for _, b := range ev.Bodies() {
			if err := s.Apply(b); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkInvariants(t, s, "test")
	return evs
}

// decision starts a decision on a copy of s, drawing from a fixed
// generator, for tests that run one step of the rules by hand.
func decision(s *state) *builder {
	return &builder{Decision: engine.NewDecision(s, engine.CommandRand(seedOf(1), 1))}
}

// refused asserts that c is refused with reason, and the state untouched.
func refused(t testing.TB, s *state, seat int, c *pb.Command, reason string) {
	t.Helper()
	before := s.clone()
	_, _, err := s.Decide(engine.Seat(seat), c, engine.CommandRand(seedOf(1), 1))
	re, ok := engine.AsRuleError(err)
	if !ok || re.Reason != reason {
		t.Fatalf("want %s, got %v", reason, err)
	}
	if !proto.Equal(before.View(engine.AuditorViewer()), s.View(engine.AuditorViewer())) {
		t.Fatal("Decide changed the state")
	}
}

// publicKinds lists the public event bodies.
func publicBodies(evs []engine.Event) []*pb.Event {
	var out []*pb.Event
	for _, ev := range evs {
		if ev.Public != nil {
			out = append(out, ev.Public.(*pb.Event))
		}
	}
	return out
}

func find[T any](evs []engine.Event, get func(*pb.Event) T, isNil func(T) bool) (T, bool) {
	for _, e := range publicBodies(evs) {
		if v := get(e); !isNil(v) {
			return v, true
		}
	}
	var zero T
	return zero, false
}

func bar(l pb.Liquor, n int) *pb.Barrels { return &pb.Barrels{Liquor: l, Count: u32(n)} }
