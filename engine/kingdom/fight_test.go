package kingdom

import (
	"fmt"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"sync"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Each test quotes the sentence of "Combat Rules: Blood on the Streets" or
// "Territory" it checks.

func standoffCmd(c pb.StandoffChoice, fleeTo pb.District) *pb.Command {
	return cmd(&pb.Standoff{Choice: c, FleeTo: fleeTo})
}

var (
	ambush   = standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH, 0)
	holdFire = standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE, 0)
)

// invaded returns a 3-player table where seat 0 (2 Runners and a gin barrel
// in Harlem) has moved into Hell's Kitchen, held by seat 1 (2 Runners,
// Safehouse, 3 whisky barrels).
func invaded(t *testing.T) *state {
	s := cleared(t, 3)
	put(s, 0, harlem, 2, 0, false)
	s.dist(harlem).Barrels[gin] = 1
	put(s, 1, hellsKit, 2, 0, true)
	s.dist(hellsKit).Barrels[whisky] = 3
	run(t, s, 0, move(harlem, hellsKit, 2, 0, bar(gin, 1)))
	return s
}

func TestStandoffPausesThePlay(t *testing.T) {
	// "When an opponent Moves into a District you control, the game pauses.
	// As the Occupier, you must immediately choose one of three responses".
	s := invaded(t)
	if who, aw := s.awaited(); who != 1 || aw != pb.Awaiting_AWAITING_STANDOFF {
		t.Fatalf("awaits %d %v", who, aw)
	}
	refused(t, s, 0, cmd(&pb.Assault{}), engine.ReasonNotYourTurn)
	refused(t, s, 2, cmd(&pb.LayLow{}), engine.ReasonNotYourTurn)
	refused(t, s, 1, cmd(&pb.LayLow{}), ReasonWrongStep)
	refused(t, s, 1, standoffCmd(0, 0), ReasonBadStandoff)
	// "Stepping onto Hostile turf immediately leaves your mobsters Pinned."
	// "Contested Ground: During a firefight, the original Occupier retains
	// Control (and all defensive bonuses) until their last piece is removed
	// or retreats."
	if !s.dist(hellsKit).Mobs[0].Pinned || s.controller(hellsKit) != 1 || s.held(1, whisky) != 3 || s.held(1, gin) != 1 {
		t.Fatalf("hell's kitchen: %+v", s.dist(hellsKit))
	}
}

func TestAmbush(t *testing.T) {
	// "Ambush: ... Free Shot: Only the Occupier rolls dice. Bonus: Gain +1
	// Threat. Casualties: Hits remove Invaders (Runners first). No Heat.
	// Invaders are now Pinned."
	s := invaded(t)
	evs := rigged(t, s, 1, ambush, 4)
	r := rounds(evs)[0]
	if r.OccupierThreat != 2 || len(r.InvaderRolls) != 0 || r.InvaderRunnersLost != 1 {
		t.Fatalf("ambush: %v", r)
	}
	if len(s.Heat) != 0 || s.Bloodshed || !s.dist(hellsKit).Mobs[0].Pinned || s.dist(hellsKit).Mobs[0].Runners != 1 {
		t.Fatalf("after the ambush: heat %v %+v", s.Heat, s.dist(hellsKit).Mobs[0])
	}
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_PINNED {
		t.Fatalf("awaits %d %v", who, aw)
	}
}

func TestDefenderHolds(t *testing.T) {
	// "If the Defender Holds: The District remains theirs. Liquor dropped by
	// dead Invaders becomes Defender property."
	s := invaded(t)
	evs := rigged(t, s, 1, ambush, 6)
	rigged(t, s, 0, cmd(&pb.Assault{}), 1, 6)
	if s.Fight != nil || s.controller(hellsKit) != 1 || s.held(1, gin) != 1 || s.mobstersAt(0, hellsKit) != 0 {
		t.Fatalf("after the fight: %+v", s.dist(hellsKit))
	}
	// "Defenders gain no Heat for self-defense kills."
	if len(s.Heat) != 0 || s.Current != 1 || len(rounds(evs)) != 1 {
		t.Fatalf("heat %v current %d", s.Heat, s.Current)
	}
}

func TestHoldFireAndPinned(t *testing.T) {
	// "Hold Fire: You stand your ground but don't shoot. ... The Invaders are
	// now Pinned." "While Pinned, your mobsters cannot make normal Plays. The
	// standoff stays in your turn".
	s := invaded(t)
	evs := run(t, s, 1, holdFire)
	if len(rounds(evs)) != 0 || !s.dist(hellsKit).Mobs[0].Pinned || s.Current != 0 {
		t.Fatal("hold fire")
	}
	refused(t, s, 0, cmd(&pb.Recruit{District: harlem, Runners: 1}), ReasonWrongStep)
	refused(t, s, 0, cmd(&pb.LayLow{}), ReasonWrongStep)
	refused(t, s, 0, cmd(&pb.Storm{}), ReasonNotPoliceTurf)
	refused(t, s, 1, cmd(&pb.Assault{}), engine.ReasonNotYourTurn)
}

func TestAssaultRepeats(t *testing.T) {
	// "Repeat: If both sides stand, remain Pinned. Spend another Influence
	// to Assault again." "Defenders lose Ambush bonus but keep
	// Safehouse/Boss bonuses."
	s := invaded(t)
	run(t, s, 1, holdFire)
	slots := len(s.Seats[0].SlotOwners)
	evs := rigged(t, s, 0, cmd(&pb.Assault{}), 1, 1)
	r := rounds(evs)[0]
	if r.InvaderThreat != 1 || r.OccupierThreat != 3 || len(s.Seats[0].SlotOwners) != slots-1 || s.Fight == nil {
		t.Fatalf("round: %v; slots %d", r, len(s.Seats[0].SlotOwners))
	}
	// "Heat: If the Attacker kills Defenders, gain Heat" — at the end of the
	// Play, once.
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1)
	if len(s.Heat) != 0 || !s.Bloodshed {
		t.Fatalf("heat %v before the Play ends", s.Heat)
	}
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 1)
	if s.Fight == nil || s.Fight.Stage != pb.Awaiting_AWAITING_SPOILS {
		t.Fatalf("fight %+v", s.Fight)
	}
	run(t, s, 0, cmd(&pb.Spoils{}))
	if !slices.Equal(s.Heat, []int{0}) || s.dist(hellsKit).Mobs[1].Safehouse {
		t.Fatalf("heat %v, %+v", s.Heat, s.dist(hellsKit).Mobs)
	}
}

func TestFold(t *testing.T) {
	// "Fold (Cost: 0): You surrender the District. You may immediately move
	// your mobsters to one Connected Safe District."
	s := invaded(t)
	put(s, 2, village, 1, 0, false)
	refused(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, village), ReasonNotSafe)
	refused(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, coney), ReasonNotConnected)
	refused(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE, westSide), ReasonBadStandoff)
	run(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, westSide))
	// "Panic: Fleeing mobsters cannot carry Liquor; any barrels are left
	// behind. You also cannot pack up a building--your Safehouse remains."
	// "The Takeover: The Invader immediately claims Control, captures dropped
	// Liquor, and may Commandeer or destroy your Safehouse."
	x := s.dist(hellsKit)
	if s.mobstersAt(1, westSide) != 2 || x.Barrels[whisky] != 3 || !x.Mobs[1].Safehouse || s.controller(hellsKit) != 0 {
		t.Fatalf("after the fold: %+v", x)
	}
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_SPOILS || x.Mobs[0].Pinned {
		t.Fatalf("awaits %d %v", who, aw)
	}
	// "The Invaders are not Pinned; their Play ends."
	run(t, s, 0, cmd(&pb.Spoils{Commandeer: true}))
	if !x.Mobs[0].Safehouse || x.Mobs[1].Safehouse || s.Current != 1 || s.held(0, whisky) != 3 || len(s.Heat) != 0 {
		t.Fatalf("after the spoils: %+v", x)
	}
}

func TestFoldWithoutSafehouseEndsThePlay(t *testing.T) {
	s := cleared(t, 2)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 1, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 1, 0))
	run(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, village))
	if s.Fight != nil || s.controller(hellsKit) != 0 || s.Current != 1 {
		t.Fatalf("fight %+v", s.Fight)
	}
}

func TestAdvance(t *testing.T) {
	// "Advance (Cost: 1 Influence) Shoot your way out. Move Pinned mobsters
	// (and up to 1 barrel each) to any Safe Connected District, including
	// across water via Docks. You cannot enter hostile turf."
	s := cleared(t, 3)
	put(s, 0, westSide, 2, 0, false)
	put(s, 1, redHook, 2, 0, false)
	s.dist(redHook).Barrels[rum] = 4
	put(s, 2, flatbush, 1, 0, false)
	run(t, s, 0, move(westSide, redHook, 2, 0))
	run(t, s, 1, holdFire)
	refused(t, s, 0, cmd(&pb.Advance{To: flatbush}), ReasonNotSafe)
	refused(t, s, 0, cmd(&pb.Advance{To: williamsbg}), ReasonNotSafe)
	refused(t, s, 0, cmd(&pb.Advance{To: thorggsNeck, Barrels: []*pb.Barrels{bar(rum, 3)}}), ReasonTooManyBarrels)
	slots := len(s.Seats[0].SlotOwners)
	run(t, s, 0, cmd(&pb.Advance{To: thorggsNeck, Barrels: []*pb.Barrels{bar(rum, 2)}}))
	if s.mobstersAt(0, thorggsNeck) != 2 || s.dist(thorggsNeck).Barrels[rum] != 2 || s.Fight != nil ||
		len(s.Seats[0].SlotOwners) != slots-1 || s.Current != 1 || s.dist(thorggsNeck).Mobs[0].Pinned {
		t.Fatalf("advance: %+v", s.dist(thorggsNeck))
	}
}

func TestFallBack(t *testing.T) {
	// "Fall Back (Cost: 0 Influence) (Invader Only) Cut and run. Retreat to
	// the origin District you entered from. Carried Liquor is left behind
	// for the Defender."
	s := invaded(t)
	run(t, s, 1, holdFire)
	slots := len(s.Seats[0].SlotOwners)
	run(t, s, 0, cmd(&pb.FallBack{}))
	if s.mobstersAt(0, harlem) != 2 || s.held(1, gin) != 1 || len(s.Seats[0].SlotOwners) != slots || s.Fight != nil || s.Current != 1 {
		t.Fatalf("fall back: %+v", s.dist(harlem))
	}
}

func TestForcedFallBack(t *testing.T) {
	// "Keep choosing until Pinned is resolved, or the Invader runs dry and
	// must Fall Back." "If you have 0 Influence remaining, you must Fall
	// Back."
	s := invaded(t)
	s.Seats[0].Stash += len(s.Seats[0].SlotOwners)
	s.Seats[0].SlotOwners = nil
	evs := run(t, s, 1, holdFire)
	w, ok := find(evs, (*pb.Event).GetWithdrew, func(x *pb.Withdrew) bool { return x == nil })
	if !ok || !w.Forced || w.Advance || s.mobstersAt(0, harlem) != 2 || s.Fight != nil {
		t.Fatalf("no forced fall back: %v", w)
	}
	if !s.Seats[0].LaidLow || s.Current != 1 {
		t.Fatal("the turn did not pass")
	}
}

func TestDeadBossCripplesTheCrew(t *testing.T) {
	// "if he catches a bullet, your crew is crippled until you crown a
	// successor" — no Hustle and no Boss bonus until Rise.
	s := cleared(t, 2)
	put(s, 0, harlem, 0, 1, false)
	put(s, 1, hellsKit, 3, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 0, 1))
	rigged(t, s, 1, ambush, 6, 1)
	if s.bossInPlay(0) || s.Fight != nil {
		t.Fatal("the Boss survived")
	}
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Hustle{Decks: []pb.Tier{gig, gig}}), ReasonNoBoss)
	run(t, s, 0, cmd(&pb.Rise{District: harlem}))
	if !s.bossInPlay(0) {
		t.Fatal("no successor")
	}
}

func TestSpoilsRelocate(t *testing.T) {
	// "If you have no spare Safehouses, you must relocate an existing one."
	s := invaded(t)
	for _, d := range []pb.District{stGeorge, tottenville, bayRidge} {
		s.dist(d).Mobs[0].Safehouse = true
	}
	run(t, s, 1, standoffCmd(pb.StandoffChoice_STANDOFF_CHOICE_FOLD, westSide))
	refused(t, s, 0, cmd(&pb.Spoils{Commandeer: true}), ReasonNoSpareSafehouse)
	refused(t, s, 0, cmd(&pb.Spoils{RelocateFrom: bayRidge}), ReasonBadSpoils)
	run(t, s, 0, cmd(&pb.Spoils{Commandeer: true, RelocateFrom: bayRidge}))
	if s.dist(bayRidge).Mobs[0].Safehouse || !s.dist(hellsKit).Mobs[0].Safehouse || s.dist(hellsKit).Mobs[1].Safehouse {
		t.Fatal("relocation")
	}
}

func TestHostileCommandeerRefused(t *testing.T) {
	// "Note: You may also Commandeer a Defenseless Safehouse simply by Moving
	// into its District." A guarded one must be won first.
	s := cleared(t, 2)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 1, 0, true)
	c := move(harlem, hellsKit, 1, 0)
	c.GetMove().Commandeer = true
	refused(t, s, 0, c, ReasonNothingToCommandeer)
}

func TestMovingThroughClaims(t *testing.T) {
	// "Control shifts the moment your piece enters a District. (Moving through
	// an unoccupied District claims it for that exact instant)." Every Move
	// and Advance is one hop, so a District is only ever entered, never
	// passed through (ruling 58): entering claims it and its liquor at once.
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 0, false)
	s.dist(hellsKit).Barrels[gin] = 2
	evs := run(t, s, 0, move(harlem, hellsKit, 1, 0))
	if s.controller(hellsKit) != 0 || s.held(0, gin) != 2 || s.controller(harlem) != none || len(evs) != 3 {
		t.Fatalf("claim: %d events", len(evs))
	}
}

func responses(s *state) []pb.FightResponse {
	v := s.View(engine.SeatViewer(2)).(*pb.View)
	return v.GetFight().GetResponses()
}

func TestFightView(t *testing.T) {
	// The rules reference for frontends: every seat's view says who is
	// Pinned where, whose decision is pending and which responses are legal;
	// the decider's prompt lists them as concrete commands.
	s := invaded(t)
	v := s.View(engine.SeatViewer(2)).(*pb.View)
	f := v.GetFight()
	if f.GetDistrict() != hellsKit || f.GetInvader() != 0 || f.GetOccupier() != 1 || f.GetOrigin() != harlem ||
		f.GetAwaiting() != pb.Awaiting_AWAITING_STANDOFF || f.GetDecider() != 1 {
		t.Fatalf("fight view %v", f)
	}
	if !v.Districts[hellsKit-1].Forces[0].Pinned || v.Waiting[0].Seat != 1 {
		t.Fatal("pinned or waiting not shown")
	}
	want := []pb.FightResponse{pb.FightResponse_FIGHT_RESPONSE_AMBUSH, pb.FightResponse_FIGHT_RESPONSE_HOLD_FIRE, pb.FightResponse_FIGHT_RESPONSE_FOLD}
	if got := responses(s); !slices.Equal(got, want) {
		t.Fatalf("standoff responses %v", got)
	}
	p := s.Prompts()[0]
	if p.Seat != 1 || p.Reason != "standoff" || len(p.Legal) != 2+4 { // Fold to any neighbour: all are empty
		t.Fatalf("prompt %v: %d legal", p.Reason, len(p.Legal))
	}
	run(t, s, 1, holdFire)
	want = []pb.FightResponse{pb.FightResponse_FIGHT_RESPONSE_ASSAULT, pb.FightResponse_FIGHT_RESPONSE_FALL_BACK, pb.FightResponse_FIGHT_RESPONSE_ADVANCE}
	if got := responses(s); !slices.Equal(got, want) {
		t.Fatalf("pinned responses %v", got)
	}
	if p := s.Prompts()[0]; p.Seat != 0 || p.Reason != "pinned" || p.Templates[0].Name != "advance" || p.Templates[1].Name != "take-loan" {
		t.Fatalf("pinned prompt %+v", p)
	}
	run(t, s, 0, cmd(&pb.FallBack{}))
	if s.View(engine.SeatViewer(0)).(*pb.View).GetFight() != nil {
		t.Fatal("fight shown after it ended")
	}
}

func TestRandomFights(t *testing.T) {
	// Seeded games in which the bot goes looking for fights (and Favors, and
	// in Blood Oath its Sit-Down), under every invariant of checkInvariants
	// (the conservation laws; partners never fight; a Favor held by one seat
	// at most, which bought it), sim.checkPlay, sim.checkOath (partners
	// paired once, for good) and sim.checkLedger (each Favor bought at most
	// once per seat; Respect recomputed from the log equal to the view's, as
	// each Day starts and at the end); Decide never changes the state
	// (sim.step). 300 games each of 2 and 3 players over two Days, and 2,000
	// of 4 players, half of them Blood Oath, over five Days, every 25th to
	// the end or Day 25, with lower Respect targets so that some end.
	// Every 50th game is replayed by engine.Verify.
	t.Parallel()
	small, four, shard := 300, 2000, 100
	if testing.Short() {
		small, four, shard = 10, 20, 10
	}
	var mu sync.Mutex
	totals := map[int]*tally{2: {}, 3: {}, 4: {}}
	t.Run("games", func(t *testing.T) {
		for players := 2; players <= printed.MaxSeats; players++ {
			games := small
			if players == printed.MaxSeats {
				games = four
			}
			for from := 0; from < games; from += shard {
				t.Run(fmt.Sprintf("%dp-%d", players, from), func(t *testing.T) {
					t.Parallel()
					var sum tally
					for g := from; g < min(from+shard, games); g++ {
						n := uint64(500000 + players*10000 + g)
						sm, days := newOathSim(t, players, n), 2
						switch {
						case players == printed.MaxSeats && g%25 == 0:
							sm, days = newEndgameSim(t, n), 25
						case players == printed.MaxSeats:
							days = 5
						}
						sm.run(days, 5)
						if g%50 < 2 {
							if err := sm.verify(); err != nil {
								t.Fatalf("game %d: verify: %v", g, err)
							}
						}
						sum.add(sm.tally)
					}
					mu.Lock()
					totals[players].add(sum)
					mu.Unlock()
				})
			}
		}
	})
	for players := 2; players <= printed.MaxSeats; players++ {
		t.Logf("%d players: %v", players, totals[players])
	}
	if testing.Short() || t.Failed() {
		return
	}
	// Floors a little under what the seeds reach, so that coverage cannot
	// silently collapse.
	for players := 2; players < printed.MaxSeats; players++ {
		if a := totals[players]; a.games != small || a.fights < 3*a.games || a.raids == 0 || a.favors == 0 {
			t.Errorf("%d players: %v", players, a)
		}
	}
	a := totals[printed.MaxSeats]
	floors := []struct {
		what      string
		got, want int
	}{
		{"games", a.games, four},
		{"Blood Oath games", a.oathGames, four / 2},
		{"Sit-Downs", a.sitDowns, four * 3 / 10},
		{"fights", a.fights, 15 * four},
		{"fights after a Sit-Down", a.oathFights, 2 * four},
		{"commands refused for ending a Phase in a partner's District", a.partnerRefused, four * 3 / 5},
		{"Moves into a partner's District", a.guests, four * 2 / 5},
		{"Phases ended with mobsters stranded in a partner's District", a.stranded, four / 50},
		{"defences handed to the Occupier's partner", a.handovers, four / 400},
		{"Raids", a.raids, four * 2 / 5},
		{"Favors bought", a.favors, four * 3 / 20},
		{"games ended", a.ended, 1},
	}
	for _, f := range floors {
		if f.got < f.want {
			t.Errorf("4 players: only %d %s, want %d or more", f.got, f.what, f.want)
		}
	}
	if a.games != four || a.oathGames != four/2 {
		t.Errorf("4 players: %d games, %d in Blood Oath; want %d, half of them", a.games, a.oathGames, four)
	}
}

func TestMutualAnnihilation(t *testing.T) {
	// "Combat ends when one side is eliminated" — when an Assault kills the
	// last of both sides, the District stays with what is left of the
	// Occupier's (ruling 60), and the Attacker still draws Heat.
	s := invaded(t)
	s.dist(hellsKit).Mobs[1].Runners = 1
	s.dist(hellsKit).Mobs[0].Runners = 1
	run(t, s, 1, holdFire)
	rigged(t, s, 0, cmd(&pb.Assault{}), 6, 6)
	if s.Fight != nil || s.controller(hellsKit) != 1 || s.mobstersAt(0, hellsKit)+s.mobstersAt(1, hellsKit) != 0 ||
		!slices.Equal(s.Heat, []int{0}) {
		t.Fatalf("after: %+v heat %v", s.dist(hellsKit).Mobs, s.Heat)
	}
}

func TestAdvanceCommandeers(t *testing.T) {
	// An Advance may walk into an unguarded rival Safehouse like a Move
	// (ruling 57): "Unattended liquor and unguarded Rival Safehouses do not
	// make a District hostile".
	s := invaded(t)
	put(s, 2, westSide, 0, 0, true)
	run(t, s, 1, holdFire)
	run(t, s, 0, cmd(&pb.Advance{To: westSide, Commandeer: true}))
	if x := s.dist(westSide); x.Mobs[2].Safehouse || !x.Mobs[0].Safehouse || s.controller(westSide) != 0 {
		t.Fatalf("west side: %+v", x.Mobs)
	}
}
