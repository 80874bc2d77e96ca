package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// The home Deeds: "Shuffle the four remaining Borough Deeds and deal one to
// each player. This is your home turf." A Deed dealt at setup is held like
// any Title won at Reckoning.

func TestHomeDeedsDealtAtSetup(t *testing.T) {
	// "Shuffle the four remaining Borough Deeds and deal one to each player.
	// This is your home turf." The deal is drawn from the game's seed and
	// recorded: one TitleChanged per seat right after GameStarted.
	for players := 2; players <= printed.MaxSeats; players++ {
		g, evs, err := engine.Start(Rules{}, engine.Config{Players: players}, seedOf(uint64(40+players)))
		if err != nil {
			t.Fatal(err)
		}
		s := g.State.(*state)
		held := 0
		for _, bo := range printed.Boroughs() {
			if h := s.Deeds[bo.ID]; h != none {
				held++
				if s.Seats[h].Home != bo.ID {
					t.Errorf("%d players: seat %d holds the %s Deed, its home is %v", players, h, bo.Name, s.Seats[h].Home)
				}
			}
		}
		if held != players || s.Deeds[statenIsland] != none {
			t.Errorf("%d players: %d Deeds held, Staten Island's by %d", players, held, s.Deeds[statenIsland])
		}
		bodies := publicBodies(evs)
		for i := range players {
			x := bodies[1+i].GetTitleChanged()
			if x == nil || x.Title != pb.Title_TITLE_DEED || x.Borough != s.Seats[i].Home || x.GetHolder() != u32(i) {
				t.Errorf("%d players: event %d is %v, want seat %d's home Deed", players, 2+i, bodies[1+i], i)
			}
		}
		// "Borough Turf: Gain 3 Respect for each Controlled Borough": from
		// the first Day.
		v := s.View(engine.SpectatorViewer()).(*pb.View)
		for i := range players {
			if v.Seats[i].Respect != 3 || s.respect(i) != 3 {
				t.Errorf("%d players: seat %d has %d Respect at setup", players, i, v.Seats[i].Respect)
			}
		}
		// The recorded deal is verified: another holder does not re-run.
		forged := make([]engine.Recorded, len(evs))
		for i, ev := range evs {
			forged[i] = engine.Recorded{Seq: int64(i + 1), Event: ev}
		}
		x := proto.Clone(bodies[1]).(*pb.Event)
		x.GetTitleChanged().Holder = optSeat(1)
		forged[1].Event = engine.PublicEvent(x)
		if err := engine.Verify(Module(), engine.Config{Players: players}, seedOf(uint64(40+players)), nil, forged); err == nil {
			t.Errorf("%d players: a forged home Deed verifies", players)
		}
	}
}

// toOperations plays the first Day's Shadows with Dumped drafts and no
// funding, so that Operations begin with the setup's board.
func toOperations(t *testing.T, s *state) {
	t.Helper()
	for s.Phase != pb.Phase_PHASE_OPERATIONS {
		p := s.Prompts()[0]
		var c *pb.Command
		for _, m := range p.Legal {
			k := m.(*pb.Command)
			if k.GetBrewDraft().GetDump() || (k.GetFund() != nil && k.GetFund().Markers == 0) {
				c = k
				break
			}
		}
		if c == nil {
			t.Fatalf("no Dump or empty Fund offered to %v", p.Seat)
		}
		run(t, s, int(p.Seat), c)
	}
}

func TestExtortOnDayOne(t *testing.T) {
	// "Deeds also unlock that Borough's Extort action." and "Extort: Borough
	// Deed required. ... earn $200 per District you Control in that
	// Borough." The home Deed is held from setup, so the home turf's three
	// Districts pay $600 on the first Day.
	s := started(t, 3)
	toOperations(t, s)
	seat := s.Current
	home := s.Seats[seat].Home
	ps := s.Prompts()
	offered := false
	for _, m := range ps[0].Legal {
		if x := m.(*pb.Command).GetExtort(); x != nil && x.Borough == home {
			offered = true
		}
	}
	if !offered {
		t.Fatalf("Extort of %v not offered on Day 1", home)
	}
	cash := s.Seats[seat].Cash
	evs := run(t, s, seat, cmd(&pb.Extort{Borough: home}))
	if x, ok := find(evs, (*pb.Event).GetExtorted, func(x *pb.Extorted) bool { return x == nil }); !ok || x.Amount != 600 || s.Seats[seat].Cash != cash+600 {
		t.Fatalf("extorted %v, cash %d", x, s.Seats[seat].Cash)
	}
	// Another seat's home turf is not the next seat's to shake down.
	if s.Current == seat {
		t.Fatal("the turn did not pass")
	}
	refused(t, s, s.Current, cmd(&pb.Extort{Borough: home}), ReasonNoDeed)
}

func TestHomeDeedAtTheReckoning(t *testing.T) {
	// "If a new mob meets a Title's minimum requirements and holds a strict
	// majority, the card is immediately transferred to them. If a Title's
	// conditions are no longer met by anyone, or there is a tie, return it
	// to the Supply." A dealt Deed is checked like any held Title.
	for _, c := range []struct {
		name   string
		board  func(s *state)
		holder int
	}{
		{"still the most", func(s *state) {
			put(s, 0, fivePoints, 1, 0, true)
			put(s, 0, westSide, 1, 0, false)
			put(s, 1, village, 1, 0, false)
		}, 0},
		{"a strict majority elsewhere", func(s *state) {
			put(s, 0, fivePoints, 1, 0, true)
			put(s, 1, westSide, 1, 0, false)
			put(s, 1, village, 1, 0, false)
			put(s, 1, harlem, 1, 0, false)
		}, 1},
		{"a tie", func(s *state) {
			put(s, 0, fivePoints, 1, 0, true)
			put(s, 0, westSide, 1, 0, false)
			put(s, 1, village, 1, 0, false)
			put(s, 1, harlem, 1, 0, false)
		}, none},
		{"below the minimum", func(s *state) {
			put(s, 0, fivePoints, 1, 0, true)
		}, none},
	} {
		s := cleared(t, 2)
		s.Seats[0].Home, s.Deeds[manhattan] = manhattan, 0
		c.board(s)
		reckon(t, s)
		if s.Deeds[manhattan] != c.holder {
			t.Errorf("%s: the Manhattan Deed is with %d, want %d", c.name, s.Deeds[manhattan], c.holder)
		}
	}
}
