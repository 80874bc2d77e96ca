package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// reckon lays every seat low, which runs the night's Reckoning.
func reckon(t *testing.T, s *state) {
	t.Helper()
	for s.Phase == pb.Phase_PHASE_OPERATIONS && s.outcome == nil {
		run(t, s, s.Current, cmd(&pb.LayLow{}))
	}
}

func TestSweep(t *testing.T) {
	// "Any District with more than 5 Mobsters faces arrests. Remove excess
	// Runners to bring the count down to 5, unless you hold Mayor Jimmy
	// Walker's Favor."
	s := cleared(t, 2)
	put(s, 0, harlem, 6, 1, false)
	put(s, 1, corona, 8, 0, false)
	put(s, 1, flushing, 5, 0, false)
	s.Seats[1].Favors[pb.Broker_BROKER_JIMMY_WALKER] = true
	reckon(t, s)
	if s.dist(harlem).Mobs[0] != (pieces{Runners: 4, Bosses: 1}) || s.dist(corona).Mobs[1].Runners != 8 {
		t.Errorf("sweep: %+v %+v", s.dist(harlem).Mobs[0], s.dist(corona).Mobs[1])
	}
}

func TestTitles(t *testing.T) {
	// "to claim a Title, you must hold the most Districts or Joints of that
	// type (minimum 2). If there is a tie, the Title returns to the Supply.
	// Police do not count as rivals; Police-controlled Districts, Joints, and
	// Ghettos count as empty for Title checks."
	s := cleared(t, 3)
	// Manhattan: seat 0 holds 2, seat 1 holds 1: Deed to seat 0.
	put(s, 0, harlem, 1, 0, false)
	put(s, 0, westSide, 1, 0, false)
	put(s, 1, village, 1, 0, false)
	// Queens: a tie 2-2: nobody.
	put(s, 1, astoria, 1, 0, false)
	put(s, 1, lic, 1, 0, false)
	put(s, 2, corona, 1, 0, false)
	put(s, 2, flushing, 1, 0, true)
	// Brooklyn: one District only: below the minimum.
	put(s, 2, redHook, 0, 0, true)
	// Ghettos: seat 0 Harlem + Five Points + Mott Haven; seat 2 Corona.
	put(s, 0, fivePoints, 1, 0, false)
	put(s, 0, mottHaven, 1, 0, false)
	// Gin Joints: seat 1 Flatbush + Hell's Kitchen; Richmond Hill is Police.
	put(s, 1, flatbush, 1, 0, false)
	put(s, 1, hellsKit, 1, 0, false)
	s.Deeds[queens] = 2 // held from before: a tie sends it back
	reckon(t, s)
	if s.Deeds[manhattan] != 0 || s.Deeds[queens] != none || s.Deeds[brooklyn] != none || s.WardBoss != 0 || s.Syndicates[gin] != 1 {
		t.Errorf("deeds %v ward %d syndicates %v", s.Deeds, s.WardBoss, s.Syndicates)
	}
	// "Boroughs are worth 3 Respect"; "Gain 3 Respect if you hold the Ward
	// Boss card"; "Gain 2 Respect for each Syndicate Card you currently hold."
	// Seat 1 also holds the Whisky Syndicate (Greenwich Village, Astoria).
	if s.respect(0) != 6 || s.respect(1) != 4 || s.respect(2) != 0 {
		t.Errorf("respect %d %d %d", s.respect(0), s.respect(1), s.respect(2))
	}
	// "Staten Island at 2": St. George and Tottenville (Stapleton is Police).
	s.Phase, s.Current = pb.Phase_PHASE_OPERATIONS, s.DayOrder[0]
	for i := range s.Seats {
		s.Seats[i].LaidLow = false
		s.Seats[i].SlotOwners = []int{i}
		s.Seats[i].Stash--
	}
	put(s, 2, stGeorge, 1, 0, false)
	put(s, 2, tottenville, 1, 0, false)
	reckon(t, s)
	if s.Deeds[statenIsland] != 2 || s.respect(2) != 2 {
		t.Errorf("Staten Island: %d, respect %d", s.Deeds[statenIsland], s.respect(2))
	}
}

func TestRespectDeductions(t *testing.T) {
	// "Subtract 1 Respect for every unpaid Loan owed to Shylock." and
	// "Subtract 3 Respect if you are stuck holding the Rat Card"
	s := cleared(t, 2)
	s.Seats[0].Loans = 2
	s.Rat = 0
	s.Seats[0].Completed = []int{1, 15, 27}
	if got := s.respect(0); got != 1+3+5-2-3 {
		t.Errorf("respect %d", got)
	}
}

func stakeNow(s *state, seat, card, markers int) {
	c, _ := printed.Card(card)
	s.Decks[c.Tier].Draw = removeOne(s.Decks[c.Tier].Draw, card)
	p := &s.Seats[seat]
	p.Staked = append(p.Staked, stake{Card: card, Markers: markers})
	for range markers {
		if p.Stash > 0 {
			p.Stash--
		} else {
			p.SlotOwners = p.SlotOwners[1:]
		}
	}
}

func TestContractsAtReckoning(t *testing.T) {
	// "Remove 1 marker from each of your active Contracts and return it to
	// your Stash." "If your current board state meets the objective, the
	// Contract is Completed (add it to your Respect pile and collect the
	// Take). If you missed the objective, the Contract is Botched (discard it
	// face-up into its deck's discard pile for nothing)."
	s := cleared(t, 2)
	put(s, 0, westSide, 1, 0, false)
	put(s, 0, redHook, 1, 0, false)
	stakeNow(s, 0, 1, 1)  // Dock Work: Control 2 Docks - met
	stakeNow(s, 0, 8, 1)  // $1,500 cash - missed ($1,000)
	stakeNow(s, 0, 15, 2) // Harbour Master, 2 Days
	reckon(t, s)
	p := s.Seats[0]
	if len(p.Completed) != 1 || p.Completed[0] != 1 || p.Cash != 1500 || len(p.Staked) != 1 || p.Staked[0].Markers != 1 {
		t.Errorf("completed %v cash %d staked %v", p.Completed, p.Cash, p.Staked)
	}
	if d := s.Decks[gig]; len(d.Discard) != 1 || d.Discard[0] != 8 || !slices.Equal(s.View(engine.SpectatorViewer()).(*pb.View).Decks[0].FaceUp, []uint32{8}) {
		t.Errorf("botched not face up: %+v", d)
	}
	// Both checks read the same board: the $500 Take of Dock Work did not
	// complete the $1,500 Contract ("Each Reckoning stage is resolved
	// simultaneously").
	// 7 markers: 1 still on Harbour Master, the rest back in the Stash.
	if p.Stash != 6 {
		t.Errorf("stash %d", p.Stash)
	}
}

// complete gives seat completed Contracts, taking the cards from the decks.
func complete(s *state, seat int, ids ...int) {
	for _, id := range ids {
		c, _ := printed.Card(id)
		s.Decks[c.Tier].Draw = removeOne(s.Decks[c.Tier].Draw, id)
		s.Seats[seat].Completed = append(s.Seats[seat].Completed, id)
	}
}

func TestCommissionAndWin(t *testing.T) {
	// "Completing a Gig, Racket, and Score earns you a seat on The
	// Commission" and "If any Kingpin holds a Commission Card AND 20+
	// Respect, the game ends immediately!"
	for _, c := range []struct {
		name  string
		extra []int
		over  bool
	}{
		{"18 Respect: short of 20", nil, false},
		{"21 Respect", []int{17}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := cleared(t, 2)
			complete(s, 0, append([]int{2, 16}, c.extra...)...) // a Gig and a Racket
			stakeNow(s, 0, 32, 1)                               // The Vault: $6,000 cash
			s.Seats[0].Cash = 6000
			// Manhattan and Queens Deeds (6) and the Ward Boss (3).
			for _, d := range []pb.District{harlem, westSide, fivePoints, corona, astoria, lic, brownsville} {
				put(s, 0, d, 1, 0, false)
			}
			reckon(t, s)
			if !s.Seats[0].Commission {
				t.Fatal("no Commission")
			}
			if (s.outcome != nil) != c.over {
				t.Fatalf("respect %d, over %v", s.respect(0), s.outcome != nil)
			}
			if c.over && (s.outcome.Winners[0] != 0 || s.Phase != pb.Phase_PHASE_GAME_OVER) {
				t.Errorf("outcome %+v", s.outcome)
			}
			// "If not, the war continues. Flip the Moon Phase token"
			if !c.over && (s.Day != 2 || s.Moon != pb.Moon_MOON_FULL) {
				t.Errorf("the Moon did not flip: day %d %v", s.Day, s.Moon)
			}
		})
	}
}

func TestFinalStandoff(t *testing.T) {
	// "Total Respect: The highest overall Respect takes the crown. Cold Hard
	// Cash: If deadlocked, the Kingpin with the fattest bankroll buys the
	// throne (include the loose change printed on your Playbook)."
	knights, sicilians := pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS, pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE
	for _, c := range []struct {
		name         string
		extra0       []int // seat 0 has 21 Respect plus these
		cash0, cash1 int
		book0, book1 pb.Playbook
		want         engine.Seat
	}{
		{"more Respect", []int{5}, 0, 9000, knights, sicilians, 0},
		{"more cash", nil, 1000, 2000, sicilians, knights, 1},
		{"loose change", nil, 1000, 1000, knights, sicilians, 1},
		{"loose change, other way", nil, 1000, 1000, sicilians, knights, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := cleared(t, 2)
			s.Seats[0].Playbook, s.Seats[1].Playbook = c.book0, c.book1
			s.Seats[0].Cash, s.Seats[1].Cash = c.cash0, c.cash1
			complete(s, 0, append([]int{1, 3, 4, 15, 27, 28, 29}, c.extra0...)...) // 21
			complete(s, 1, 8, 9, 10, 16, 30, 31, 32)                               // 21
			s.Seats[0].Commission, s.Seats[1].Commission = true, true
			reckon(t, s)
			if s.outcome == nil || s.outcome.Winners[0] != c.want {
				t.Errorf("outcome %+v", s.outcome)
			}
		})
	}
}
