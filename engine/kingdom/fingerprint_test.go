package kingdom

import (
	"bytes"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// TestFingerprintSeesEveryChange: playtest.Fingerprint, which the
// simulations take around Decide (sim.step), sees a change in every part
// of the Kingdom's state, the fight, the Raid, the deals and the outcome
// included; a clone fingerprints the same.
func TestFingerprintSeesEveryChange(t *testing.T) {
	s := started(t, 4)
	s.Fight = &fight{District: harlem, Occupier: none}
	s.Raid = &raid{Target: 1}
	s.Proposal = &pb.PushProposed{Seat: 1}
	s.Deals = []deal{{ID: 1, Terms: []*pb.DealTerm{{Amount: 5}}, Kept: []int{0}, Declared: []int{0}}}
	s.outcome = &engine.Outcome{Summary: "x"}
	base := playtest.Fingerprint(s)
	if !bytes.Equal(base, playtest.Fingerprint(s.Clone())) {
		t.Fatal("a clone fingerprints differently")
	}
	changes := map[string]func(s *state){
		"district":   func(s *state) { s.dist(harlem).Mobs[2].Pinned = true },
		"hand":       func(s *state) { s.Seats[3].Hand = append(s.Seats[3].Hand, 99) },
		"favor":      func(s *state) { s.Seats[1].Bought[2] = true },
		"deck":       func(s *state) { s.Decks[2].Draw = s.Decks[2].Draw[1:] },
		"fight":      func(s *state) { s.Fight.Plundered[1]++ },
		"raid":       func(s *state) { s.Raid.Tied = append(s.Raid.Tied, harlem) },
		"proposal":   func(s *state) { s.Proposal.Seat = 2 },
		"deal term":  func(s *state) { s.Deals[0].Terms[0].Amount = 6 },
		"kept":       func(s *state) { s.Deals[0].Kept[0] = 1 },
		"declared":   func(s *state) { s.Deals[0].Declared[0] = 2 },
		"paid":       func(s *state) { s.Deals[0].Paid[1] = 7 },
		"play spent": func(s *state) { s.PlaySpent = []int{2} },
		"outcome":    func(s *state) { s.outcome.Summary = "y" },
		"partner":    func(s *state) { s.Partner[1] = 3 },
		"options":    func(s *state) { s.Opts = &pb.Options{BloodOath: true} },
		"no fight":   func(s *state) { s.Fight = nil },
		"slot owner": func(s *state) { s.Seats[0].SlotOwners[0] = 3 },
	}
	for name, change := range changes {
		// Shared pointers (Proposal, deal terms, outcome) are deep-copied
		// by hand so that base stays as it was.
		c := s.clone()
		c.Proposal = proto.Clone(s.Proposal).(*pb.PushProposed)
		c.Deals[0].Terms = []*pb.DealTerm{proto.Clone(s.Deals[0].Terms[0]).(*pb.DealTerm)}
		o := *s.outcome
		c.outcome = &o
		change(c)
		if bytes.Equal(base, playtest.Fingerprint(c)) {
			t.Errorf("%s: the fingerprint did not change", name)
		}
	}
}
