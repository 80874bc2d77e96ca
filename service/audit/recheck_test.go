package audit_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
	"google.golang.org/protobuf/proto"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// changedVersion is the rules version of the changed Booze Barons.
const changedVersion = "test-changed"

// changedRules are Booze Barons with a rules change: once the state has
// folded after bodies, the first event of every decision also tells seat
// 0 its first body privately. Games stored under the real rules replay
// the same up to their first decision past that point.
type changedRules struct {
	engine.Rules
	after int
}

// NewState returns a state that counts the bodies it folds.
func (r changedRules) NewState() engine.State {
	return &changedState{State: r.Rules.NewState(), after: r.after}
}

type changedState struct {
	engine.State
	after, bodies int
}

// Clone copies the state with its count.
func (s *changedState) Clone() engine.State {
	c := *s
	c.State = s.State.Clone()
	return &c
}

func (s *changedState) Apply(body proto.Message) error {
	s.bodies++
	return s.State.Apply(body)
}

func (s *changedState) Decide(seat engine.Seat, cmd proto.Message, rng *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, next, err := s.State.Decide(seat, cmd, rng)
	if err != nil {
		return nil, nil, err
	}
	after := &changedState{State: next, after: s.after, bodies: s.bodies}
	for _, ev := range evs {
		after.bodies += len(ev.Bodies())
	}
	if s.bodies >= s.after && len(evs) > 0 {
		evs = slices.Clone(evs)
		first := evs[0]
		evs[0] = engine.Event{Public: first.Public, Private: append(slices.Clone(first.Private), engine.PrivateTo(first.Bodies()[0], 0))}
	}
	return evs, after, nil
}

// changedRegistry hosts the changed Booze Barons beside the real
// Moonshine Kingdom.
func changedRegistry(t *testing.T, after int) *games.Registry {
	t.Helper()
	bb := boozebarons.Module()
	bb.Rules = changedRules{Rules: bb.Rules, after: after}
	bb.RulesVersion = changedVersion
	kingdom, _ := games.Default().Lookup("moonshine-kingdom")
	reg, err := games.New(bb, kingdom.Module)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// firstChanged is the sequence number of the first event the changed
// rules give otherwise than the real ones in a history: the first event
// of the first command decided once the game's events before it hold
// after bodies.
func firstChanged(h *moonshinev1.GetHistoryResponse, after int) int64 {
	bodies := map[int64]int{} // seq -> bodies of the game's events before it
	n := 0
	for _, ev := range h.GetEvents() {
		bodies[ev.GetSeq()] = n
		if ev.GetPublic().GetChat() == nil {
			n += len(ev.GetPrivate())
			if ev.GetPublic() != nil {
				n++
			}
		}
	}
	for _, c := range h.GetCommands() {
		if bodies[c.GetFirstSeq()] >= after {
			return c.GetFirstSeq()
		}
	}
	return 0
}

// bodies counts the game's bodies of a history (table talk left out).
func bodies(h *moonshinev1.GetHistoryResponse) int {
	n := 0
	for _, ev := range h.GetEvents() {
		if ev.GetPublic().GetChat() == nil {
			n += len(ev.GetPrivate())
			if ev.GetPublic() != nil {
				n++
			}
		}
	}
	return n
}

// stores opens a fresh PostgreSQL store and a fresh embedded store.
func stores(t *testing.T) map[string]eventstore.Store {
	t.Helper()
	pg, err := pgstore.Open(t.Context(), pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	return map[string]eventstore.Store{"postgres": pg, "sqlite": embedded(t)}
}

// embedded opens a fresh embedded store.
func embedded(t *testing.T) eventstore.Store {
	t.Helper()
	st, err := sqlitestore.Open(filepath.Join(t.TempDir(), "moonshine.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestRecheckStoredGames stores games played by the server's bots (two
// Booze Barons games over, a Moonshine Kingdom game in play), then
// rechecks them: under this build's rules every game re-runs the same;
// under a changed Booze Barons, the report names each Booze Barons game
// with its first differing event, recorded against replayed, and both
// rules versions, while the Kingdom game passes.
func TestRecheckStoredGames(t *testing.T) {
	for name, st := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := serve(t, st, nil)
			want := map[string]int64{} // game id -> first changed seq (0: the same)
			played := map[string]*moonshinev1.GetHistoryResponse{}
			after := 0 // half the bodies of the shorter game: the change starts midway through both
			for _, players := range []int32{3, 5} {
				id, h := s.botGame(boozebarons.Name, players, 0)
				played[id] = h
				if n := bodies(h) / 2; after == 0 || n < after {
					after = n
				}
			}
			for id, h := range played {
				if want[id] = firstChanged(h, after); want[id] == 0 {
					t.Fatalf("game %s: no command after %d bodies", id, after)
				}
			}
			kingdom, _ := s.botGame("moonshine-kingdom", 2, 40)
			want[kingdom] = 0

			rep, err := audit.RecheckStore(t.Context(), games.Default(), st, audit.RecheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.GetGames()) != 3 || !audit.Clean(rep) || rep.GetSame() != 3 {
				t.Fatalf("under this build's rules: %v", rep)
			}
			rep, err = audit.RecheckStore(t.Context(), changedRegistry(t, after), st, audit.RecheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if audit.Clean(rep) || rep.GetDiffer() != 2 || rep.GetSame() != 1 || len(rep.GetGames()) != 3 {
				t.Fatalf("under changed rules: %d same, %d differ, %d failed of %d", rep.GetSame(), rep.GetDiffer(), rep.GetFailed(), len(rep.GetGames()))
			}
			for _, g := range rep.GetGames() {
				checkRechecked(t, g, want[g.GetGameId()])
			}
		})
	}
}

// checkRechecked checks one game's report against the first event the
// changed rules change (0: none).
func checkRechecked(t *testing.T, g *moonshinev1.RecheckedGame, seq int64) {
	t.Helper()
	if seq == 0 {
		if g.GetResult() != moonshinev1.RecheckResult_RECHECK_RESULT_SAME || g.GetGame() != "moonshine-kingdom" || g.GetFirstDifference() != nil {
			t.Errorf("game %s: %v", g.GetGameId(), g)
		}
		return
	}
	d := g.GetFirstDifference()
	switch {
	case g.GetResult() != moonshinev1.RecheckResult_RECHECK_RESULT_DIFFERS || d.GetSeq() != seq:
		t.Errorf("game %s: %v at event %d, want it to differ at event %d", g.GetGameId(), g.GetResult(), d.GetSeq(), seq)
	case g.GetRecordedRulesVersion() != boozebarons.RulesVersion || g.GetBuildRulesVersion() != changedVersion:
		t.Errorf("game %s: rules %q, build %q", g.GetGameId(), g.GetRecordedRulesVersion(), g.GetBuildRulesVersion())
	case !strings.Contains(d.GetReason(), "this build plays rules "+changedVersion):
		t.Errorf("game %s: reason %q", g.GetGameId(), d.GetReason())
	case d.GetRecorded().GetSeq() != seq || d.GetReplayed().GetSeq() != seq:
		t.Errorf("game %s: recorded %v, replayed %v", g.GetGameId(), d.GetRecorded(), d.GetReplayed())
	case !slices.Equal(append(slices.Clone(d.GetRecordedKinds()), d.GetRecordedKinds()[0]), d.GetReplayedKinds()):
		t.Errorf("game %s: recorded kinds %v, replayed %v: want one more part, a copy of the first", g.GetGameId(), d.GetRecordedKinds(), d.GetReplayedKinds())
	case len(d.GetReplayed().GetPrivate()) == 0 || !slices.Equal(d.GetReplayed().GetPrivate()[len(d.GetReplayed().GetPrivate())-1].GetSeats(), []int32{0}):
		t.Errorf("game %s: the replayed event does not tell seat 0: %v", g.GetGameId(), d.GetReplayed())
	}
}

// TestRecheckChoosesGames checks the recheck's choice of games: by rules
// id, by id, and a sample.
func TestRecheckChoosesGames(t *testing.T) {
	st := embedded(t)
	s := serve(t, st, nil)
	var ids []string
	for range 3 {
		id, _ := s.botGame(boozebarons.Name, 3, 0)
		ids = append(ids, id)
	}
	order := func(opts audit.RecheckOptions) []string {
		rep, err := audit.RecheckStore(t.Context(), games.Default(), st, opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range rep.GetGames() {
			out = append(out, g.GetGameId())
		}
		return out
	}
	count := func(opts audit.RecheckOptions) int { return len(order(opts)) }
	if one, three := order(audit.RecheckOptions{}), order(audit.RecheckOptions{Parallel: 3}); !slices.Equal(one, three) {
		t.Errorf("the games in order %v, in parallel %v", one, three)
	}
	for _, c := range []struct {
		name string
		opts audit.RecheckOptions
		want int
	}{
		{"every game", audit.RecheckOptions{}, 3},
		{"one rules id", audit.RecheckOptions{Game: boozebarons.Name}, 3},
		{"another rules id", audit.RecheckOptions{Game: "moonshine-kingdom"}, 0},
		{"named", audit.RecheckOptions{IDs: ids[1:]}, 2},
		{"a sample", audit.RecheckOptions{Sample: 2, SampleSeed: 7}, 2},
		{"in parallel", audit.RecheckOptions{Parallel: 3}, 3},
	} {
		if got := count(c.opts); got != c.want {
			t.Errorf("%s: %d games rechecked, want %d", c.name, got, c.want)
		}
	}
	if _, err := audit.RecheckStore(t.Context(), games.Default(), st, audit.RecheckOptions{IDs: []string{"no-such-game"}}); err == nil {
		t.Error("an unknown game id was rechecked")
	}
}
