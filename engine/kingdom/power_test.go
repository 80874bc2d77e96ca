package kingdom

import (
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

func TestRise(t *testing.T) {
	// "Appoint a new Boss ($0) in any District you Control, or any
	// Unoccupied District, and immediately spawn 2 free Runners with them.
	// You may also instantly Secure this District for free by placing or
	// relocating a Safehouse there."
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 1, true)
	refused(t, s, 0, cmd(&pb.Rise{District: village}), ReasonBossInPlay)
	put(s, 0, harlem, 1, 0, true)
	put(s, 1, hellsKit, 1, 0, false)
	refused(t, s, 0, cmd(&pb.Rise{District: hellsKit}), ReasonUnoccupiedOrYours)
	refused(t, s, 0, cmd(&pb.Rise{District: sugarHill}), ReasonUnoccupiedOrYours)
	refused(t, s, 0, cmd(&pb.Rise{District: harlem, Secure: true}), ReasonAlreadySecured)
	run(t, s, 0, cmd(&pb.Rise{District: village, Secure: true, RelocateFrom: harlem}))
	v := s.dist(village).Mobs[0]
	if v.Bosses != 1 || v.Runners != 2 || !v.Safehouse || s.dist(harlem).Mobs[0].Safehouse || s.Seats[0].Cash != 1000 {
		t.Errorf("rise: %+v", v)
	}
	if len(s.Seats[0].SlotOwners) != 3 {
		t.Errorf("Rise is a Power Play costing 2: %v", s.Seats[0].SlotOwners)
	}
}

func TestBribe(t *testing.T) {
	// "Pay off one of the City's Power brokers in a High Society District you
	// control for $2,500. Take that District's Favor card and gain 1
	// permanent Influence marker in your Stash. Each player may buy each High
	// Society Favor once per game. You keep it even if you later lose the
	// District."
	s := cleared(t, 2)
	s.dist(morrisPark).Precinct = false // as if stormed (issue II)
	put(s, 0, morrisPark, 2, 0, false)
	refused(t, s, 0, cmd(&pb.Bribe{District: harlem}), ReasonNotHighSociety)
	refused(t, s, 0, cmd(&pb.Bribe{District: morrisPark}), ReasonNotEnoughCash)
	s.Seats[0].Cash = 3000
	refused(t, s, 0, cmd(&pb.Bribe{District: sugarHill}), ReasonNotYourTurf)
	run(t, s, 0, cmd(&pb.Bribe{District: morrisPark}))
	p := s.Seats[0]
	if !p.Favors[pb.Broker_BROKER_JIMMY_WALKER] || p.Influence != 8 || p.Stash != 5 || p.Cash != 500 {
		t.Errorf("bribe: %+v", p)
	}
	s.Current, s.Seats[0].Cash = 0, 3000
	refused(t, s, 0, cmd(&pb.Bribe{District: morrisPark}), ReasonFavorTaken)
	// Lost the card (a broken deal, issue III): still bought once.
	s.Seats[0].Favors[pb.Broker_BROKER_JIMMY_WALKER] = false
	s.Seats[0].Influence--
	s.Seats[0].Stash--
	refused(t, s, 0, cmd(&pb.Bribe{District: morrisPark}), ReasonFavorTaken)
}

func TestLayLowTokens(t *testing.T) {
	// "Swap your current token for the lowest numbered available Turn Token
	// of the opposite moon phase (e.g., claiming #1 to guarantee striking
	// first tomorrow)."
	s := cleared(t, 3)
	s.Current = 1
	run(t, s, 1, cmd(&pb.LayLow{}))
	if p := s.Seats[1]; p.Token != 1 || p.TokenMoon != pb.Moon_MOON_FULL || len(p.SlotOwners) != 0 || p.Stash != 7 {
		t.Errorf("seat 1: %+v", p)
	}
	// "Operations runs in Turn Order, one Play at a time."
	if s.Current != 2 {
		t.Errorf("current %d", s.Current)
	}
	run(t, s, 2, cmd(&pb.LayLow{}))
	if s.Seats[2].Token != 2 || s.Current != 0 {
		t.Errorf("seat 2 token %d current %d", s.Seats[2].Token, s.Current)
	}
	run(t, s, 0, cmd(&pb.LayLow{}))
	// Everyone laid low: the Reckoning ran, the Moon flipped and the next
	// Day begins in the new order (seat 1 first).
	if s.Day != 2 || s.Moon != pb.Moon_MOON_FULL || s.Phase != pb.Phase_PHASE_BREW || s.Current != 1 {
		t.Errorf("day %d moon %v phase %v current %d", s.Day, s.Moon, s.Phase, s.Current)
	}
}

func TestRunningOutLaysLow(t *testing.T) {
	// "When you run out of Influence ... you must Lay Low"
	s := cleared(t, 2)
	put(s, 0, harlem, 2, 0, false)
	s.Seats[0].Stash += 4
	s.Seats[0].SlotOwners = s.Seats[0].SlotOwners[:1]
	run(t, s, 0, move(harlem, mottHaven, 1, 0))
	if !s.Seats[0].LaidLow || s.Current != 1 {
		t.Errorf("not laid low")
	}
	// Only seat 1 is left: it plays on alone.
	put(s, 1, corona, 2, 0, false)
	run(t, s, 1, move(corona, flushing, 1, 0))
	if s.Current != 1 {
		t.Errorf("current %d", s.Current)
	}
}

func TestWrongStepAndTurn(t *testing.T) {
	s := cleared(t, 2)
	refused(t, s, 1, cmd(&pb.LayLow{}), "NOT_YOUR_TURN")
	refused(t, s, 0, cmd(&pb.Fund{}), ReasonWrongStep)
	refused(t, s, 0, cmd(&pb.BrewDraft{Red: 1, White: 1}), ReasonWrongStep)
	refused(t, s, 0, cmd(&pb.Move{From: 99, To: 1, Runners: 1}), ReasonNoSuchDistrict)
}
