package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

func TestCombatDiceTable(t *testing.T) {
	// "Mobster Count / Dice Rolled: 1-2 mobsters 1 die, 3-4 mobsters 2 dice,
	// 5-6 mobsters 3 dice, 7-8 mobsters 4 dice, 9+ mobsters 5 dice" — "capped
	// at 5 in Combat".
	want := []int{0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5}
	for n, dice := range want {
		if got := printed.CombatDice(n); got != dice {
			t.Errorf("%d mobsters roll %d dice, want %d", n, got, dice)
		}
	}
}

func TestThreatTable(t *testing.T) {
	// "Level 1 (Base) 5-6, Level 2 4-6, Level 3 3-6, Level 4 (Max) 2-6".
	for level, killOn := range map[int]int{1: 5, 2: 4, 3: 3, 4: 2} {
		if got := printed.KillOn(level); got != killOn {
			t.Errorf("level %d kills on %d+, want %d+", level, got, killOn)
		}
		hits := Hits(level, []int{1, 2, 3, 4, 5, 6})
		if hits != 7-killOn {
			t.Errorf("level %d: %d hits on one of each face", level, hits)
		}
	}
	// "Your Base Threat is Level 1 (Kill on a 5+). This improves with
	// bonuses, which stack up to Level 4: Boss Bonus (+1) ... Safehouse Bonus
	// (+2) ... Ambush Bonus (+1)".
	for _, tc := range []struct {
		b    printed.Bonuses
		want int
	}{
		{printed.Bonuses{}, 1}, {printed.Bonuses{Boss: true}, 2}, {printed.Bonuses{Ambush: true}, 2}, {printed.Bonuses{Safehouse: true}, 3},
		{printed.Bonuses{Boss: true, Ambush: true}, 3}, {printed.Bonuses{Boss: true, Safehouse: true}, 4},
		{printed.Bonuses{Safehouse: true, Ambush: true}, 4}, {printed.Bonuses{Boss: true, Safehouse: true, Ambush: true}, 4},
	} {
		if got := printed.Threat(tc.b); got != tc.want {
			t.Errorf("%+v: Threat %d, want %d", tc.b, got, tc.want)
		}
	}
}

func TestCombatCasualtiesRunnersFirst(t *testing.T) {
	// "Casualties: Both sides apply hits (Runners first)."
	if got := (Force{Runners: 2, Bosses: 1}).Lose(2); got != (Force{Runners: 2}) {
		t.Errorf("2 hits on 2 Runners and a Boss kill %+v", got)
	}
	if got := (Force{Runners: 2, Bosses: 1}).Lose(5); got != (Force{Runners: 2, Bosses: 1}) {
		t.Errorf("5 hits on 3 mobsters kill %+v", got)
	}
}

// The Battle for the Docks as printed: the Knights (1 Boss, 3 Runners)
// move into a Dock held by the Irish (1 Boss, 2 Runners, Safehouse).
var (
	knights = Force{Runners: 3, Bosses: 1}
	irish   = Force{Runners: 2, Bosses: 1}
)

func TestBattleForTheDocksResolve(t *testing.T) {
	// "Irish (Defender) 3 Mobsters (2 Dice) Level 3 (Hit 3+) (Base + Boss +
	// Ambush) Roll: [2, 5] 1 Hit. Result: Knights lose 1 Runner."
	occ := printed.Threat(printed.Bonuses{Boss: true, Ambush: true})
	if printed.CombatDice(irish.Mobsters()) != 2 || occ != 3 {
		t.Fatalf("ambush: %d dice, level %d", printed.CombatDice(irish.Mobsters()), occ)
	}
	r := ResolveRound(knights, irish, 0, occ, nil, []int{2, 5})
	if r.OccupierHits != 1 || r.InvaderLost != (Force{Runners: 1}) || r.OccupierLost != (Force{}) {
		t.Fatalf("ambush: %+v", r)
	}
	kn := Force{Runners: 2, Bosses: 1}
	// Round 1: "Knights (Attacker) 3 Mobsters (2 Dice) Level 2 (Hit 4+) (Base
	// + Boss) Roll: [4, 6] 2 Hits / Irish (Defender) 3 Mobsters (2 Dice) Level
	// 4 (Hit 2+) (Base + Boss + House) Roll: [1, 5] 1 Hit". "Irish take 2 hits
	// (remove 2 Runners). Knights take 1 hit (remove 1 Runner)."
	inv, occ := printed.Threat(printed.Bonuses{Boss: true}), printed.Threat(printed.Bonuses{Boss: true, Safehouse: true})
	if inv != 2 || occ != 4 || printed.CombatDice(kn.Mobsters()) != 2 {
		t.Fatalf("round 1 levels %d %d", inv, occ)
	}
	r = ResolveRound(kn, irish, inv, occ, []int{4, 6}, []int{1, 5})
	if r.InvaderHits != 2 || r.OccupierHits != 1 || r.OccupierLost != (Force{Runners: 2}) || r.InvaderLost != (Force{Runners: 1}) {
		t.Fatalf("round 1: %+v", r)
	}
	// Round 2: "Knights 2 Mobsters (1 Die) Level 2 Roll: [5] 1 Hit / Irish 1
	// Mobster (1 Die) Level 4 Roll: [1] 0 Hits". "The Irish Boss is
	// eliminated. The Knights lose no one this round."
	kn, ir := Force{Runners: 1, Bosses: 1}, Force{Bosses: 1}
	if printed.CombatDice(kn.Mobsters()) != 1 || printed.CombatDice(ir.Mobsters()) != 1 {
		t.Fatal("round 2 dice")
	}
	r = ResolveRound(kn, ir, inv, occ, []int{5}, []int{1})
	if r.InvaderHits != 1 || r.OccupierHits != 0 || r.OccupierLost != (Force{Bosses: 1}) || r.InvaderLost != (Force{}) {
		t.Fatalf("round 2: %+v", r)
	}
}

// battleTable sets the Battle for the Docks: the Knights (seat 0) in
// Hell's Kitchen, the Irish (seat 1) on the West Side Dock.
func battleTable(t *testing.T) *state {
	s := cleared(t, 2)
	s.Seats[0].Playbook, s.Seats[1].Playbook = pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS, pb.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH
	put(s, 0, hellsKit, 3, 1, false)
	put(s, 1, westSide, 2, 1, true)
	return s
}

// rigged decides c with the given dice (the rolls Decide would draw from
// the seeded generator) and applies the events, failing on refusal.
func rigged(t *testing.T, s *state, seat int, c *pb.Command, dice ...int) []engine.Event {
	t.Helper()
	if _, err := decider.Precheck(s, engine.Seat(seat), c); err != nil {
		t.Fatalf("refused: %v", err)
	}
	b := decision(s)
	b.dice = dice
	if err := b.dispatch(seat, c); err != nil {
		t.Fatalf("refused: %v", err)
	}
	if len(b.dice) > 0 {
		t.Fatalf("dice %v left unrolled", b.dice)
	}
	for _, ev := range b.Emitted() {
		for _, body := range ev.Bodies() {
			if err := s.Apply(body); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkInvariants(t, s, "rigged")
	return b.Emitted()
}

func rounds(evs []engine.Event) []*pb.CombatRound {
	var out []*pb.CombatRound
	for _, e := range publicBodies(evs) {
		if r := e.GetCombatRound(); r != nil {
			out = append(out, r)
		}
	}
	return out
}

func TestBattleForTheDocks(t *testing.T) {
	s := battleTable(t)
	start := s.clone()
	var log []engine.Event
	log = append(log, rigged(t, s, 0, move(hellsKit, westSide, 3, 1))...)
	// "The Irish (Occupier) refuse to Fold, choosing to Ambush. They fire
	// first. The Knights do not roll yet."
	ev := rigged(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}), 2, 5)
	log = append(log, ev...)
	want := []*pb.CombatRound{{District: westSide, Kind: pb.CombatKind_COMBAT_KIND_AMBUSH, Invader: 0, Occupier: optSeat(1),
		OccupierRolls: []uint32{2, 5}, OccupierThreat: 3, OccupierHits: 1, InvaderRunnersLost: 1}}
	checkRounds(t, "ambush", rounds(ev), want)
	// "The Irish generate no Heat for this defensive Ambush. Knights are now
	// Pinned."
	if len(s.Heat) != 0 || !s.dist(westSide).Mobs[0].Pinned {
		t.Fatalf("after the ambush: heat %v, pinned %v", s.Heat, s.dist(westSide).Mobs[0].Pinned)
	}
	// "The Knights choose to fight. Both sides roll simultaneously."
	ev = rigged(t, s, 0, cmd(&pb.Assault{}), 4, 6, 1, 5)
	log = append(log, ev...)
	checkRounds(t, "round 1", rounds(ev), []*pb.CombatRound{{District: westSide, Kind: pb.CombatKind_COMBAT_KIND_ASSAULT,
		Occupier: optSeat(1), InvaderRolls: []uint32{4, 6}, OccupierRolls: []uint32{1, 5}, InvaderThreat: 2, OccupierThreat: 4,
		InvaderHits: 2, OccupierHits: 1, InvaderRunnersLost: 1, OccupierRunnersLost: 2}})
	// "Both sides still have units (Boss + Runner vs Boss). Knights are still
	// Pinned."
	if p := s.dist(westSide).Mobs; p[0].Runners != 1 || p[0].Bosses != 1 || p[1].mobsters() != 1 || !p[0].Pinned {
		t.Fatalf("after round 1: %+v", p)
	}
	// "The Knights spend another Influence to Assault."
	ev = rigged(t, s, 0, cmd(&pb.Assault{}), 5, 1)
	log = append(log, ev...)
	checkRounds(t, "round 2", rounds(ev), []*pb.CombatRound{{District: westSide, Kind: pb.CombatKind_COMBAT_KIND_ASSAULT,
		Occupier: optSeat(1), InvaderRolls: []uint32{5}, OccupierRolls: []uint32{1}, InvaderThreat: 2, OccupierThreat: 4,
		InvaderHits: 1, OccupierBossesLost: 1}})
	// "The Knights claim the District and choose to Commandeer the
	// Safehouse, immediately Securing it with their own Safehouse."
	if s.Fight == nil || s.Fight.Stage != pb.Awaiting_AWAITING_SPOILS || s.controller(westSide) != 0 {
		t.Fatalf("after round 2: fight %+v", s.Fight)
	}
	log = append(log, rigged(t, s, 0, cmd(&pb.Spoils{Commandeer: true}))...)
	checkBattleEnd(t, s)
	// Replay: folding the recorded events into the opening state gives the
	// same game, without a die rolled.
	for _, e := range log {
		for _, body := range e.Bodies() {
			if err := start.Apply(body); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !proto.Equal(start.View(engine.AuditorViewer()), s.View(engine.AuditorViewer())) {
		t.Fatal("replaying the events gives another game")
	}
}

func checkBattleEnd(t *testing.T, s *state) {
	t.Helper()
	x := s.dist(westSide)
	if x.Mobs[1].any() || !x.Mobs[0].Safehouse || x.Mobs[0].Runners != 1 || x.Mobs[0].Bosses != 1 || x.Mobs[0].Pinned {
		t.Errorf("West Side: %+v", x.Mobs)
	}
	// "Heat: The Knights killed enemies, so gain Heat."
	if !slices.Equal(s.Heat, []int{0}) {
		t.Errorf("heat %v, want one Knights marker", s.Heat)
	}
	// "With combat resolved, the Play comes to an end. The player with the
	// next Turn Token now takes their turn." Move and two Assaults: 3 paid.
	if s.Fight != nil || s.Current != 1 || len(s.Seats[0].SlotOwners) != 2 {
		t.Errorf("fight %v, current %d, slots %v", s.Fight, s.Current, s.Seats[0].SlotOwners)
	}
}

func checkRounds(t *testing.T, what string, got, want []*pb.CombatRound) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rounds, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !proto.Equal(got[i], want[i]) {
			t.Fatalf("%s:\n got %v\nwant %v", what, got[i], want[i])
		}
	}
}

func TestBattleForTheDocksThroughDecide(t *testing.T) {
	// The same fight through Decide and the seeded generator: each roll is
	// drawn inside Decide and written into the event, so engine.Verify
	// replays it exactly from the seed and the command log.
	s := battleTable(t)
	evs := run(t, s, 0, move(hellsKit, westSide, 3, 1))
	if s.Fight == nil || s.Fight.Stage != pb.Awaiting_AWAITING_STANDOFF || len(evs) != 2 {
		t.Fatalf("no Standoff: %+v", s.Fight)
	}
	evs = run(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}))
	r := rounds(evs)[0]
	if len(r.OccupierRolls) != 2 || len(r.InvaderRolls) != 0 || int(r.OccupierHits) != Hits(3, ints(r.OccupierRolls)) {
		t.Fatalf("ambush round %v", r)
	}
}
