package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Each test quotes the sentence of "Mob Signature Plays" it checks.

const (
	pbSicilians = pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE
	pbIrish     = pb.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH
	pbVipers    = pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS
	pbKnights   = pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS
)

// mobs returns a cleared 3-player table with the given Playbooks.
func mobs(t *testing.T, books ...pb.Playbook) *state {
	s := cleared(t, 3)
	for i, b := range books {
		s.Seats[i].Playbook = b
		s.Seats[i].BossPieces = 1
		if b == pbSicilians {
			s.Seats[i].BossPieces = 2
		}
	}
	return s
}

func TestCapo(t *testing.T) {
	// "Capo (Cost: 2) Promote a Runner from any District to Capo (switch
	// Runner for the spare Boss piece). ... You may only have 1 Capo (2
	// Bosses total)."
	s := mobs(t, pbSicilians, pbIrish, pbVipers)
	put(s, 0, harlem, 3, 1, false)
	put(s, 0, fordham, 0, 0, true)
	refused(t, s, 0, cmd(&pb.Capo{District: fordham}), ReasonNoRunner)
	run(t, s, 0, cmd(&pb.Capo{District: harlem}))
	if p := s.dist(harlem).Mobs[0]; p.Runners != 2 || p.Bosses != 2 || len(s.Seats[0].SlotOwners) != 3 {
		t.Fatalf("after Capo: %+v, %d slotted", p, len(s.Seats[0].SlotOwners))
	}
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Capo{District: harlem}), ReasonNoSpareBoss)
	put(s, 1, hellsKit, 3, 0, false)
	s.Current = 1
	refused(t, s, 1, cmd(&pb.Capo{District: hellsKit}), ReasonNotYourPlaybook)
}

func TestCapoThreat(t *testing.T) {
	// "Your Capo is a second Boss, providing stability and gaining +1 Threat
	// in Combat (+2 when both Bosses attack one District)."
	if printed.Threat(printed.Bonuses{Boss: true}) != 2 || printed.Threat(printed.Bonuses{Boss: true, Capo: true}) != 3 || printed.Threat(printed.Bonuses{Capo: true}) != 1 {
		t.Fatal("capo bonus")
	}
	s := mobs(t, pbSicilians, pbIrish, pbVipers)
	put(s, 0, harlem, 1, 2, false)
	put(s, 1, hellsKit, 2, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 1, 2))
	run(t, s, 1, holdFire)
	r := rounds(rigged(t, s, 0, cmd(&pb.Assault{}), 1, 1))[0]
	if r.InvaderThreat != 3 || r.OccupierThreat != 1 {
		t.Fatalf("both Bosses attack: %v", r)
	}
	// On defence (ruling 63) the two Bosses give the ordinary +1.
	s = mobs(t, pbIrish, pbSicilians, pbVipers)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 1, 2, false)
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	run(t, s, 1, holdFire)
	r = rounds(rigged(t, s, 0, cmd(&pb.Assault{}), 1, 1))[0]
	if r.OccupierThreat != 2 {
		t.Fatalf("both Bosses defend: %v", r)
	}
	// The Ambush is the Occupier's attack: Base + both Bosses + Ambush.
	s = mobs(t, pbIrish, pbSicilians, pbVipers)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 1, 2, false)
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	r = rounds(rigged(t, s, 1, ambush, 1, 1))[0]
	if r.OccupierThreat != 4 {
		t.Fatalf("both Bosses ambush: %v", r)
	}
}

func TestConsigliere(t *testing.T) {
	// "Consigliere (Cost: 1) Use your connections to smooth over legal
	// troubles. Remove 1 Influence marker of your choice from the Heat Track
	// and return it to its owner's Stash (move other markers down to fill
	// gaps if required)."
	s := mobs(t, pbSicilians, pbIrish, pbVipers)
	s.Heat = []int{1, 2, 1}
	s.Seats[1].Stash -= 2
	s.Seats[2].Stash--
	refused(t, s, 0, cmd(&pb.Consigliere{Index: 3}), ReasonNoSuchMarker)
	stash := s.Seats[2].Stash
	run(t, s, 0, cmd(&pb.Consigliere{Index: 1}))
	if len(s.Heat) != 2 || s.Heat[0] != 1 || s.Heat[1] != 1 || s.Seats[2].Stash != stash+1 || len(s.Seats[0].SlotOwners) != 4 {
		t.Fatalf("heat %v stash %d", s.Heat, s.Seats[2].Stash)
	}
	s.Current = 1
	refused(t, s, 1, cmd(&pb.Consigliere{Index: 0}), ReasonNotYourPlaybook)
}

func skiff(from, to pb.District, runners, bosses int, barrels ...*pb.Barrels) *pb.Command {
	return cmd(&pb.Move{From: from, To: to, Runners: u32(runners), Bosses: u32(bosses), Barrels: barrels, Skiff: true})
}

func TestSkiff(t *testing.T) {
	// "Skiff (Cost: 1) Move up to 5 mobsters (with or without liquor) from a
	// Coastal District you control to any other Coastal District. This
	// movement does not require Docks. If you enter a Rival District,
	// standard Ambush rules apply."
	s := mobs(t, pbKnights, pbIrish, pbVipers)
	put(s, 0, westSide, 6, 1, false)
	s.dist(westSide).Barrels[rum] = 2
	put(s, 0, harlem, 2, 0, false)
	refused(t, s, 0, skiff(westSide, tottenville, 5, 1), ReasonTooManyMobsters)
	refused(t, s, 0, skiff(harlem, tottenville, 2, 0), ReasonNotCoastal)
	refused(t, s, 0, skiff(westSide, hellsKit, 2, 0), ReasonNotCoastal)
	refused(t, s, 0, skiff(westSide, westSide, 2, 0), ReasonSameDistrict)
	run(t, s, 0, skiff(westSide, tottenville, 4, 1, bar(rum, 2)))
	if s.mobstersAt(0, tottenville) != 5 || s.dist(tottenville).Barrels[rum] != 2 || s.controller(tottenville) != 0 {
		t.Fatalf("tottenville: %+v", s.dist(tottenville))
	}
	// Into a rival's Coastal District: the Standoff.
	put(s, 1, coney, 2, 0, false)
	s.Current = 0
	run(t, s, 0, skiff(tottenville, coney, 3, 0))
	if who, aw := s.awaited(); who != 1 || aw != pb.Awaiting_AWAITING_STANDOFF || s.Fight.Origin != tottenville {
		t.Fatalf("awaits %d %v", who, aw)
	}
	// Only the Knights sail, and only from their own turf.
	s = mobs(t, pbIrish, pbKnights, pbVipers)
	put(s, 0, westSide, 2, 0, false)
	refused(t, s, 0, skiff(westSide, tottenville, 2, 0), ReasonNotYourPlaybook)
}

func stealth(from, to pb.District, runners, bosses int, barrels ...*pb.Barrels) *pb.Command {
	return cmd(&pb.Move{From: from, To: to, Runners: u32(runners), Bosses: u32(bosses), Barrels: barrels, Stealth: true})
}

func TestStealth(t *testing.T) {
	// "Stealth (Cost: 1) Move up to 5 mobsters (no liquor) into a connected
	// rival district without triggering a Standoff (the Defender cannot
	// Ambush or Fold). You cannot end your Play in this state. You must
	// immediately spend another Influence to either: Assault the district,
	// or Advance to a connected safe district."
	s := mobs(t, pbVipers, pbIrish, pbKnights)
	put(s, 0, harlem, 6, 0, false)
	s.dist(harlem).Barrels[gin] = 1
	put(s, 1, hellsKit, 2, 0, false)
	refused(t, s, 0, stealth(harlem, hellsKit, 6, 0), ReasonTooManyMobsters)
	refused(t, s, 0, stealth(harlem, hellsKit, 2, 0, bar(gin, 1)), ReasonTooManyBarrels)
	refused(t, s, 0, stealth(harlem, sugarHill, 2, 0), ReasonNotRival)
	refused(t, s, 0, stealth(harlem, westSide, 2, 0), ReasonNotConnected)
	s.Seats[0].SlotOwners = s.Seats[0].SlotOwners[:1]
	s.Seats[0].Stash += 4
	refused(t, s, 0, stealth(harlem, hellsKit, 2, 0), ReasonNotEnoughInfluence)
	s.Seats[0].SlotOwners = []int{0, 0, 0}
	s.Seats[0].Stash -= 2
	run(t, s, 0, stealth(harlem, hellsKit, 5, 0))
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_PINNED || !s.Fight.Stealth {
		t.Fatalf("awaits %d %v", who, aw)
	}
	refused(t, s, 0, cmd(&pb.FallBack{}), ReasonStealthStrike)
	refused(t, s, 1, ambush, engine.ReasonNotYourTurn)
	// After the Assault the usual Pinned choices return.
	rigged(t, s, 0, cmd(&pb.Assault{}), 1, 1, 1)
	if s.Fight == nil || s.Fight.Stealth {
		t.Fatal("stealth should be spent")
	}
	run(t, s, 0, cmd(&pb.FallBack{}))
	s = mobs(t, pbIrish, pbVipers, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 2, 0, false)
	refused(t, s, 0, stealth(harlem, hellsKit, 2, 0), ReasonNotYourPlaybook)
}

func TestFirepower(t *testing.T) {
	// "Firepower Pay a flat $200 when you Assault or Ambush to roll exactly
	// one additional attack die (up to a maximum of 5). You cannot pay extra
	// to buy multiple dice. Cannot be used when defending an Assault."
	s := mobs(t, pbVipers, pbIrish, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 2, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	run(t, s, 1, holdFire)
	cash := s.Seats[0].Cash
	r := rounds(rigged(t, s, 0, cmd(&pb.Assault{Firepower: true}), 1, 1, 1))[0]
	if len(r.InvaderRolls) != 2 || r.FirepowerCost != 200 || s.Seats[0].Cash != cash-200 {
		t.Fatalf("firepower: %v, cash %d", r, s.Seats[0].Cash)
	}
	// Five dice are the most.
	s = mobs(t, pbVipers, pbIrish, pbKnights)
	put(s, 0, harlem, 9, 0, false)
	put(s, 1, hellsKit, 2, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 9, 0))
	run(t, s, 1, holdFire)
	refused(t, s, 0, cmd(&pb.Assault{Firepower: true}), ReasonMaxDice)
	s.Seats[0].Cash = 100
	// The Vipers' Ambush; the Irish cannot buy it, and the defender of an
	// Assault has no way to ask (only the attacker's commands carry it).
	s = mobs(t, pbIrish, pbVipers, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 2, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	r = rounds(rigged(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH, Firepower: true}), 1, 1))[0]
	if len(r.OccupierRolls) != 2 || s.Seats[1].Cash != printed.StartCash-200 {
		t.Fatalf("ambush firepower: %v", r)
	}
	refused(t, s, 0, cmd(&pb.Assault{Firepower: true}), ReasonNotYourPlaybook)
	s.Seats[1].Cash = 0
	s2 := mobs(t, pbVipers, pbIrish, pbKnights)
	put(s2, 0, harlem, 2, 0, false)
	put(s2, 1, hellsKit, 2, 0, false)
	run(t, s2, 0, move(harlem, hellsKit, 2, 0))
	run(t, s2, 1, holdFire)
	s2.Seats[0].Cash = 199
	refused(t, s2, 0, cmd(&pb.Assault{Firepower: true}), ReasonNotEnoughCash)
}

func TestCourage(t *testing.T) {
	// "Courage (Cost: 0) Before you roll dice for an Ambush or for an Assault
	// that you initiated, you may discard 1 of your Liquor barrels located
	// in that District to gain +1 Threat for that roll. You cannot use
	// Courage to boost your defense when a rival initiates an Assault
	// against you."
	s := mobs(t, pbIrish, pbVipers, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	s.dist(harlem).Barrels[gin] = 1
	put(s, 1, hellsKit, 2, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 2, 0, bar(gin, 1)))
	run(t, s, 1, holdFire)
	refused(t, s, 0, cmd(&pb.Assault{Courage: whisky}), ReasonNotEnoughBarrels)
	slots := len(s.Seats[0].SlotOwners)
	r := rounds(rigged(t, s, 0, cmd(&pb.Assault{Courage: gin}), 1, 1))[0]
	if r.InvaderThreat != 2 || r.Courage != gin || s.dist(hellsKit).Barrels[gin] != 0 || len(s.Seats[0].SlotOwners) != slots-1 {
		t.Fatalf("courage: %v", r)
	}
	// The Irish Ambush.
	s = mobs(t, pbVipers, pbIrish, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 2, 0, false)
	s.dist(hellsKit).Barrels[whisky] = 2
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	refused(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE, Courage: whisky}), ReasonBadStandoff)
	r = rounds(rigged(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH, Courage: whisky}), 1))[0]
	if r.OccupierThreat != 3 || s.dist(hellsKit).Barrels[whisky] != 1 {
		t.Fatalf("ambush courage: %v", r)
	}
	refused(t, s, 0, cmd(&pb.Assault{Courage: whisky}), ReasonNotYourPlaybook)
}

func TestTorch(t *testing.T) {
	// "Torch (Cost: 2) Burn down a Safehouse in a rival District. To perform
	// this Play, you must have at least one Runner Pinned in the target
	// District. Sacrifice one of those Pinned Runners; he strikes the match
	// and goes up with the flames. He is removed from the game. The rival's
	// Safehouse is immediately destroyed (return it to their supply). Any
	// rival mobsters and liquor in the District are unharmed and retain
	// Control. This Play generates Heat."
	s := mobs(t, pbKnights, pbIrish, pbVipers)
	put(s, 0, harlem, 2, 1, false)
	put(s, 1, hellsKit, 2, 0, true)
	s.dist(hellsKit).Barrels[whisky] = 2
	run(t, s, 0, move(harlem, hellsKit, 2, 1))
	run(t, s, 1, holdFire)
	supply := s.runnerSupply(0)
	run(t, s, 0, cmd(&pb.Torch{}))
	x := s.dist(hellsKit)
	if x.Mobs[1].Safehouse || x.Mobs[1].Runners != 2 || x.Barrels[whisky] != 2 || s.controller(hellsKit) != 1 ||
		x.Mobs[0].Runners != 1 || s.runnerSupply(0) != supply || s.Seats[0].Burned != 1 || len(s.Seats[0].SlotOwners) != 2 {
		t.Fatalf("after the Torch: %+v burned %d", x, s.Seats[0].Burned)
	}
	// The Heat lands when the Play ends (ruling 65).
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_PINNED || len(s.Heat) != 0 {
		t.Fatalf("awaits %d %v heat %v", who, aw, s.Heat)
	}
	refused(t, s, 0, cmd(&pb.Torch{}), ReasonNoRivalHouse)
	run(t, s, 0, cmd(&pb.FallBack{}))
	if len(s.Heat) != 1 || s.Heat[0] != 0 {
		t.Fatalf("heat %v", s.Heat)
	}
	// A Bossless crew sacrificing its last Runner ends the fight.
	s = mobs(t, pbKnights, pbIrish, pbVipers)
	put(s, 0, harlem, 1, 0, false)
	put(s, 1, hellsKit, 2, 0, true)
	run(t, s, 0, move(harlem, hellsKit, 1, 0))
	run(t, s, 1, holdFire)
	run(t, s, 0, cmd(&pb.Torch{}))
	if s.Fight != nil || s.mobstersAt(0, hellsKit) != 0 || len(s.Heat) != 1 || s.Current != 1 {
		t.Fatalf("fight %v heat %v", s.Fight, s.Heat)
	}
	// Only the Knights, and only where a rival Safehouse stands.
	s = mobs(t, pbIrish, pbKnights, pbVipers)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 2, 0, true)
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	run(t, s, 1, holdFire)
	refused(t, s, 0, cmd(&pb.Torch{}), ReasonNotYourPlaybook)
}

func TestPlunder(t *testing.T) {
	// "Plunder (Cost: 1) Initiate a special attack. For each successful hit,
	// instead of eliminating a mobster, steal 1 Liquor barrel of your choice
	// from the target District. You can carry these away if you Advance.
	// Defender hits still kill. ... Plunder does not create Heat."
	s := mobs(t, pbIrish, pbVipers, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	put(s, 1, hellsKit, 3, 0, false)
	s.dist(hellsKit).Barrels[whisky] = 2
	s.dist(hellsKit).Barrels[gin] = 1
	run(t, s, 0, move(harlem, hellsKit, 2, 0))
	run(t, s, 1, holdFire)
	refused(t, s, 0, cmd(&pb.Assault{Plunder: true, Steal: []pb.Liquor{rum}}), ReasonNotEnoughBarrels)
	refused(t, s, 0, cmd(&pb.Assault{Steal: []pb.Liquor{gin}}), "STEAL_WITHOUT_PLUNDER")
	// One hit steals the first barrel named; the Defender's hit still kills.
	r := rounds(rigged(t, s, 0, cmd(&pb.Assault{Plunder: true, Steal: []pb.Liquor{whisky, gin}}), 6, 6, 1))[0]
	if !r.Plunder || r.InvaderHits != 1 || r.OccupierRunnersLost != 0 || r.InvaderRunnersLost != 1 ||
		len(r.Plundered) != 1 || r.Plundered[0].Liquor != whisky || s.Fight.Plundered[whisky] != 1 {
		t.Fatalf("plunder: %v", r)
	}
	if s.Bloodshed {
		t.Fatal("Plunder does not create Heat")
	}
	// "You can carry these away if you Advance": the lone survivor carries
	// his own barrel and the plundered one.
	refused(t, s, 0, cmd(&pb.Advance{To: harlem, Barrels: []*pb.Barrels{bar(whisky, 2), bar(gin, 1)}}), ReasonTooManyBarrels)
	run(t, s, 0, cmd(&pb.Advance{To: harlem, Barrels: []*pb.Barrels{bar(whisky, 2)}}))
	if s.dist(harlem).Barrels[whisky] != 2 || len(s.Heat) != 0 {
		t.Fatalf("harlem %v heat %v", s.dist(harlem).Barrels, s.Heat)
	}
	// "You may also choose to Plunder when you Ambush (Cost: 0)": the hits
	// spare the Invaders.
	s = mobs(t, pbVipers, pbIrish, pbKnights)
	put(s, 0, harlem, 2, 0, false)
	s.dist(harlem).Barrels[gin] = 2
	put(s, 1, hellsKit, 2, 0, false)
	run(t, s, 0, move(harlem, hellsKit, 2, 0, bar(gin, 2)))
	slots := len(s.Seats[1].SlotOwners)
	r = rounds(rigged(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH, Plunder: true, Steal: []pb.Liquor{gin}}), 6))[0]
	if r.OccupierHits != 1 || r.InvaderRunnersLost != 0 || len(r.Plundered) != 1 || len(s.Seats[1].SlotOwners) != slots || s.held(1, gin) != 2 {
		t.Fatalf("ambush plunder: %v", r)
	}
	refused(t, s, 0, cmd(&pb.Assault{Plunder: true}), ReasonNotYourPlaybook)
}
