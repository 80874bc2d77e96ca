package kingdom

import (
	"errors"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func TestSetupTable(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := started(t, players)
		// "Set the starting street prices: Rum $500, Whisky $400, Gin $300, Moonshine $200."
		if s.Market[rum] != 500 || s.Market[whisky] != 400 || s.Market[gin] != 300 || s.Market[moonshine] != 200 {
			t.Errorf("market %v", s.Market)
		}
		// "placing one random face-down Still token in every District"
		var stills []int
		for _, d := range s.D {
			stills = append(stills, d.Still)
		}
		var want []int
		for i, n := range printed.StillTokens {
			for range n {
				want = append(want, i+2)
			}
		}
		slices.Sort(stills)
		if !slices.Equal(stills, want) {
			t.Errorf("stills %v", stills)
		}
		// "Shuffle the Gig, Racket, and Score decks"; nobody starts with a hand.
		if len(s.Decks[gig].Draw) != 14 || len(s.Decks[racket].Draw) != 12 || len(s.Decks[score].Draw) != 10 {
			t.Errorf("decks %d %d %d", len(s.Decks[gig].Draw), len(s.Decks[racket].Draw), len(s.Decks[score].Draw))
		}
		// "The Blue Wall: ... Place 1 Precinct in every Borough's High Society
		// District, and the 5th Precinct in Stapleton"
		if got := s.precincts(); len(got) != 5 {
			t.Errorf("precincts %v", got)
		}
		for _, d := range printed.HomePrecincts() {
			if !s.dist(d).Precinct {
				t.Errorf("no precinct in %v", d)
			}
		}
		checkSeats(t, s)
		// "Roll Red and White dice each equal to the Player Count + 1."
		if len(s.Red) != players+1 || len(s.White) != players+1 || s.Phase != pb.Phase_PHASE_BREW {
			t.Errorf("dice %v %v phase %v", s.Red, s.White, s.Phase)
		}
	}
}

func checkSeats(t *testing.T, s *state) {
	t.Helper()
	books, homes, tokens := map[pb.Playbook]bool{}, map[pb.Borough]bool{}, map[int]bool{}
	for i, p := range s.Seats {
		books[p.Playbook], homes[p.Home], tokens[p.Token] = true, true, true
		// "Nobody starts on Staten Island; return its Deed to the box."
		if p.Home == statenIsland || p.Home == 0 {
			t.Errorf("seat %d home %v", i, p.Home)
		}
		// "Take $1,000 cash and 7 Influence markers. Slot 5 markers onto your
		// Operations board, and drop the remaining 2 into your Stash."
		if p.Cash != 1000 || p.Influence != 7 || len(p.SlotOwners) != 5 || p.Stash != 2 {
			t.Errorf("seat %d: $%d, %d influence, %d slotted, %d stash", i, p.Cash, p.Influence, len(p.SlotOwners), p.Stash)
		}
		// "1 Boss (2 for Sicilians), 15 Runners, and 3 Safehouses"
		wantBosses := 1
		if p.Playbook == pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE {
			wantBosses = 2
		}
		if p.BossPieces != wantBosses || s.runnerSupply(i) != 15-8 || s.safehouseSupply(i) != 2 || s.bossSupply(i) != wantBosses-1 {
			t.Errorf("seat %d supplies wrong", i)
		}
		// "Place 1 Safehouse, 1 Boss, and 2 Runners in your Ghetto. Place 3
		// Runners at your Dock, and 3 Runners in your Speakeasy."
		deed := printed.BoroughOf(p.Home)
		if s.dist(deed.Ghetto).Mobs[i] != (pieces{Runners: 2, Bosses: 1, Safehouse: true}) ||
			s.dist(deed.Dock).Mobs[i] != (pieces{Runners: 3}) || s.dist(deed.Speakeasy).Mobs[i] != (pieces{Runners: 3}) {
			t.Errorf("seat %d starting forces wrong", i)
		}
		// "Randomly deal the New Moon Turn Tokens"
		if p.TokenMoon != pb.Moon_MOON_NEW {
			t.Errorf("seat %d token moon %v", i, p.TokenMoon)
		}
	}
	if len(books) != s.Players || len(homes) != s.Players || len(tokens) != s.Players || s.Moon != pb.Moon_MOON_NEW {
		t.Errorf("deals not distinct: %v %v %v", books, homes, tokens)
	}
	for tok := 1; tok <= s.Players; tok++ {
		if !tokens[tok] {
			t.Errorf("token %d not dealt", tok)
		}
	}
}

func TestSetupTakesATypedNilAsNoOptions(t *testing.T) {
	var none *pb.Options
	if _, err := (Rules{}).Setup(engine.Config{Players: 3, Options: none}, engine.NewRand([32]byte{})); err != nil {
		t.Fatal(err)
	}
}

func TestSetupRefusals(t *testing.T) {
	// "2-4 Players": engine.Start checks the count against Players.
	for _, c := range []struct {
		cfg    engine.Config
		reason string
	}{
		{engine.Config{Players: 1}, engine.ReasonBadPlayerCount},
		{engine.Config{Players: 5}, engine.ReasonBadPlayerCount},
		{engine.Config{Players: 3, Options: wrapperspb.Int64(1)}, engine.ReasonBadOptions},
	} {
		_, _, err := engine.Start(Rules{}, c.cfg, seedOf(1))
		if re, ok := engine.AsRuleError(err); !ok || re.Reason != c.reason {
			t.Errorf("%+v: %v", c.cfg, err)
		}
	}
}

func TestSetupDealsVaryWithSeed(t *testing.T) {
	seen := map[pb.Borough]bool{}
	for n := range uint64(20) {
		g, _, err := engine.Start(Rules{}, engine.Config{Players: 2}, seedOf(n))
		if err != nil {
			t.Fatal(err)
		}
		seen[g.State.(*state).Seats[0].Home] = true
	}
	if len(seen) != 4 {
		t.Errorf("seat 0 homes over 20 seeds: %v", seen)
	}
}

func TestApplyRefusesForeignAndCorrupt(t *testing.T) {
	s := started(t, 2)
	if err := s.Apply(wrapperspb.Int64(1)); err == nil {
		t.Error("foreign body applied")
	}
	if err := s.Apply(&pb.Event{}); !errors.Is(err, engine.ErrUnknownEvent) {
		t.Errorf("an event of no kind: %v, not engine.ErrUnknownEvent", err)
	}
	if err := s.Apply(wrap(&pb.Moved{Seat: 9, From: 99, To: 1})); err == nil {
		t.Error("corrupt event applied")
	}
}

func TestRulesModule(t *testing.T) {
	r := Rules{}
	lo, hi := r.Players()
	// "2-4 Players"
	if r.Name() != "moonshine-kingdom" || lo != 2 || hi != 4 {
		t.Errorf("%s %d-%d", r.Name(), lo, hi)
	}
	// The rules version the service records with each game.
	if v := Module().RulesVersion; v != RulesVersion || v == "" || v == engine.UnrecordedRulesVersion {
		t.Errorf("rules version %q", v)
	}
	if _, ok := r.NewOptions().(*pb.Options); !ok {
		t.Error("options type")
	}
	if _, ok := r.NewCommand().(*pb.Command); !ok {
		t.Error("command type")
	}
	if _, ok := r.NewEvent().(*pb.Event); !ok {
		t.Error("event type")
	}
}

func TestOptionsRespectToWin(t *testing.T) {
	// The table may lower the 20 Respect for short games; the first event
	// records it.
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 2, Options: &pb.Options{RespectToWin: 9}}, seedOf(3))
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*state)
	if s.respectToWin() != 9 || started(t, 2).respectToWin() != 20 {
		t.Errorf("respect to win %d", s.respectToWin())
	}
}
