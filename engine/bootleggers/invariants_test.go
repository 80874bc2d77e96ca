package bootleggers

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// dealt returns a state as the setup leaves it, with the shuffles and the
// deal done in id order (no randomness: the invariants do not care about
// order): each seat holds three cards of each band, the rest are set aside
// (or, with 2 players, the blue ones set aside and the others in three
// Non-Player hands).
func dealt(t *testing.T, players int) *State {
	t.Helper()
	s := startState(players, mustOptions(t, players, nil), printed.HouseRulesVersion)
	s.menDeck = printed.CardIDs()
	s.truckDeck = printed.TruckCardIDs()
	var rest []int
	for b := range printed.MuscleBands {
		cards := printed.MuscleBandCards(b)
		for i := range s.seats {
			s.seats[i].hand = append(s.seats[i].hand, cards[i*printed.MusclePerBand:(i+1)*printed.MusclePerBand]...)
		}
		left := cards[players*printed.MusclePerBand:]
		if players == printed.TwoPlayers && b < printed.MuscleBands-1 {
			rest = append(rest, left...)
		} else {
			s.setAside = append(s.setAside, left...)
		}
	}
	if players == printed.TwoPlayers {
		for h := range printed.NonPlayerHands {
			s.nonPlayers = append(s.nonPlayers, nonPlayerHand{cards: rest[h*printed.Rounds : (h+1)*printed.Rounds]})
		}
		for _, p := range printed.Places {
			s.place(p.Place).markers[neutralColour] = p.Neutral
			s.neutralSupply -= p.Neutral
		}
	}
	for i := range s.seats {
		slices.Sort(s.seats[i].hand)
	}
	return s
}

func TestInvariantsHoldAfterSetup(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		if err := startState(players, mustOptions(t, players, nil), printed.HouseRulesVersion).checkInvariants(); err != nil {
			t.Errorf("%d players, before the deal: %v", players, err)
		}
		if err := dealt(t, players).checkInvariants(); err != nil {
			t.Errorf("%d players, dealt: %v", players, err)
		}
	}
}

func TestInvariantsCatchBreaks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(s *State)
	}{
		{"negative money", func(s *State) { s.seats[0].money = -1 }},
		{"a marker created", func(s *State) { s.seats[1].supply++ }},
		{"a marker lost", func(s *State) { s.seats[1].backRoom-- }},
		{"a neutral marker created", func(s *State) { s.place(texas).markers[neutralColour]++ }},
		{"a colour without a seat", func(s *State) { s.place(texas).markers[5] = 1 }},
		{"too many markers in a speakeasy", func(s *State) {
			s.seats[0].supply -= 4
			s.place(texas).markers[0] = 4
		}},
		{"markers at O'Malley's", func(s *State) {
			s.seats[0].backRoom--
			s.place(omalleys).markers[0] = 1
		}},
		{"too many improvements", func(s *State) { s.place(mothers).improvements = 3 }},
		{"a still with five dice", func(s *State) { s.seats[2].stills[0].dice = 5 }},
		{"a Remote Still out of nowhere", func(s *State) { s.seats[2].stills = append(s.seats[2].stills, still{dice: 1}) }},
		{"a Men of Action card twice", func(s *State) { s.menDiscard = append(s.menDiscard, s.menDeck[0]) }},
		{"a Men of Action card lost", func(s *State) { s.menDeck = s.menDeck[1:] }},
		{"a use-now card kept", func(s *State) {
			s.seats[0].kept = []int{s.menDeck[0]}
			s.menDeck = s.menDeck[1:]
		}},
		{"a Muscle card twice", func(s *State) { s.seats[0].muscle = s.seats[1].hand[0] }},
		{"a Muscle card lost", func(s *State) { s.seats[0].hand = s.seats[0].hand[1:] }},
		{"a sealed card not in hand", func(s *State) {
			s.bids.Open(4)
			_ = s.bids.Chose(0)
			_ = s.bids.Hold(0, 72)
		}},
		{"a truck owned and in the deck", func(s *State) { s.trucks[s.truckDeck[0]].owner = 0 }},
		{"a Truck card lost", func(s *State) { s.truckDeck = s.truckDeck[1:] }},
		{"an absent colour's truck", func(s *State) { s.trucks[5].owner = 0 }},
		{"an overloaded truck", func(s *State) { s.trucks[0].crates = 5 }},
		{"a lined-up truck missing from its line", func(s *State) { s.trucks[0].place = texas }},
		{"a line holding a truck at home", func(s *State) { s.place(texas).line = []int{1} }},
		{"a place not in play used", func(s *State) { s.place(volstead).improvements = 1 }},
		{"the Copper with nobody", func(s *State) { s.copper = 7 }},
		{"a trade with oneself", func(s *State) {
			s.lastTrade = 1
			s.trades = []trade{{id: 1, from: 0, to: 0}}
		}},
		{"a trade id never issued", func(s *State) { s.trades = []trade{{id: 3, from: 0, to: 1}} }},
		{"done outside a turn", func(s *State) { s.seats[0].done = true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := dealt(t, 4)
			if err := s.checkInvariants(); err != nil {
				t.Fatalf("before: %v", err)
			}
			tc.damage(s)
			if err := s.checkInvariants(); err == nil {
				t.Error("not caught")
			}
		})
	}
}

func TestInvariantsAcceptPlay(t *testing.T) {
	// A mid-round state: markers placed, a Remote Still built, a truck
	// bought and lined up loaded, a rented truck, cards kept and discarded,
	// a Muscle card revealed.
	s := dealt(t, 3)
	s.round, s.phase, s.step = 2, pb.Phase_PHASE_RUN_THE_WHISKEY, pb.Step_STEP_TURNS
	s.seats[0].supply -= 3
	s.place(mothers).markers[0] = 3
	s.seats[1].stills = append(s.seats[1].stills, still{dice: 2})
	s.remoteStillsLeft--
	s.trucks[s.truckDeck[0]].owner = 1
	s.trucks[s.truckDeck[0]].crates, s.trucks[s.truckDeck[0]].place = 4, mothers
	s.place(mothers).line = []int{s.truckDeck[0]}
	s.truckDeck = s.truckDeck[1:]
	s.trucks[2].runner = 0
	hitCard := slices.IndexFunc(s.menDeck, func(id int) bool { return printed.CardKindOf(id) == hit })
	s.seats[2].kept = []int{s.menDeck[hitCard]}
	s.menDiscard = []int{s.menDeck[0]}
	s.menDeck = slices.Delete(s.menDeck, hitCard, hitCard+1)[1:]
	s.seats[0].muscle = s.seats[0].hand[11]
	s.seats[0].hand = s.seats[0].hand[:11]
	s.order = []contender{{seat: 0, hand: noHand, muscle: s.seats[0].muscle, value: s.seats[0].muscle}}
	s.seats[0].done = true
	if err := s.checkInvariants(); err != nil {
		t.Fatal(err)
	}
	if s.runnerOf(2) != 0 || s.runnerOf(0) != 0 {
		t.Errorf("runners: %d, %d", s.runnerOf(2), s.runnerOf(0))
	}
}
