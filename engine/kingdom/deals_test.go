package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// Each test quotes the sentence of "The Broker's Word: A Binding Handshake"
// it checks.

const walker = pb.Broker_BROKER_JIMMY_WALKER

// favored gives seat Jimmy Walker's Favor and its permanent marker (in its
// Stash).
func favored(s *state, seat int) {
	s.Seats[seat].Favors[walker] = true
	s.Seats[seat].Bought[walker] = true
	s.Seats[seat].Influence++
	s.Seats[seat].Stash++
}

func payTerm(n uint32) *pb.DealTerm {
	return &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: n}
}

var noAttack = &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK}

func propose(to int, terms ...*pb.DealTerm) *pb.Command {
	return cmd(&pb.ProposeDeal{To: u32(to), Broker: walker, Terms: terms})
}

// passDay runs the deal resolution over a new Day beginning (the deadline
// of the current Day passes).
func passDay(t *testing.T, s *state) {
	t.Helper()
	resolveAfter(t, s, &pb.DayStarted{Day: u32(s.Day + 1)})
}

// resolveAfter runs the deal resolution over the given events (as if a
// decision had just built them) and applies what it decides.
func resolveAfter(t *testing.T, s *state, bodies ...proto.Message) {
	t.Helper()
	b := decision(s)
	var evs []engine.Event
	for _, m := range bodies {
		evs = append(evs, public(m))
	}
	b.resolveDeals(evs)
	for _, ev := range b.Emitted() {
		for _, body := range ev.Bodies() {
			if err := s.Apply(body); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkInvariants(t, s, "deadline")
}

func TestDealNeedsAFavor(t *testing.T) {
	// "To make a binding deal, a player must have at least one Favor Card."
	s := invaded(t)
	refused(t, s, 2, propose(0, payTerm(100)), ReasonNoFavor)
	favored(s, 2)
	s.Seats[2].Favors[pb.Broker_BROKER_ARNOLD_ROTHSTEIN] = true
	refused(t, s, 2, propose(2, payTerm(100)), ReasonBadDeal)
	refused(t, s, 2, propose(0), ReasonBadDeal)
	refused(t, s, 2, propose(0, payTerm(0)), ReasonBadTerm)
	who, aw := s.awaited()
	run(t, s, 2, propose(0, payTerm(100)))
	if w, a := s.awaited(); w != who || a != aw {
		t.Fatalf("the proposal moved the game to %d %v", w, a)
	}
	// "Each Broker may only vouch for one deal at a time."
	refused(t, s, 2, propose(1, noAttack), ReasonFavorStaked)
	// The seat asked, when the game waits for it, finds its answers among
	// its prompt's templates (ruling 82); the others see the deal in the view.
	names := map[string]bool{}
	for _, tp := range s.Prompts()[0].Templates {
		names[tp.Name] = true
	}
	if names["accept-deal"] {
		t.Fatal("seat 1 offered seat 0's answer")
	}
	// Seat 0, which the game does not wait for, is prompted to answer, but
	// need not (ruling 82).
	if ps := s.Prompts(); len(ps) != 2 || ps[1].Seat != 0 || ps[1].MustAct || ps[1].Reason != "answer-deal" || len(ps[1].Legal) != 2 {
		t.Fatalf("prompts %+v", ps)
	}
	// Each prompt speaks to its own seat, in the imperative.
	for _, p := range s.Prompts() {
		if strings.Contains(p.Detail, "seat") || strings.Contains(p.Detail, "must") {
			t.Errorf("seat %v's prompt reads %q, want it addressed to the seat", p.Seat, p.Detail)
		}
	}
	run(t, s, 2, cmd(&pb.ProposeDeal{To: 1, Broker: pb.Broker_BROKER_ARNOLD_ROTHSTEIN, Terms: []*pb.DealTerm{noAttack}}))
	names = map[string]bool{}
	for _, tp := range s.Prompts()[0].Templates {
		names[tp.Name] = true
	}
	if !names["accept-deal"] || !names["decline-deal"] {
		t.Fatal("seat 1 not offered its answer")
	}
	v := s.View(engine.SpectatorViewer()).(*pb.View)
	if len(v.Deals) != 2 || v.Deals[0].Broker != walker || v.Deals[0].Accepted || v.Deals[0].DeadlineDay != u32(s.Day) {
		t.Fatalf("deals %v", v.Deals)
	}
	refused(t, s, 1, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}), ReasonNotYourDeal)
	refused(t, s, 0, cmd(&pb.AnswerDeal{Deal: 7, Accept: true}), ReasonNoSuchDeal)
}

func TestDealDeclinedChangesNothing(t *testing.T) {
	s := invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, payTerm(100)))
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0}))
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] || s.Seats[2].Influence != printed.StartInfluence+1 {
		t.Fatalf("deals %v", s.Deals)
	}
	// The Favor is free to vouch again.
	run(t, s, 2, propose(0, payTerm(100)))
}

func TestCashDealHonoured(t *testing.T) {
	// "Deal Honored: The moment the terms are met, the deal is complete. The
	// Favor Card is immediately returned to its owner."
	s := invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, payTerm(300)))
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	run(t, s, 2, cmd(&pb.GiveCash{To: 0, Amount: 200}))
	if len(s.Deals) != 1 || s.Deals[0].Paid[proposer] != 200 {
		t.Fatalf("deals %v", s.Deals)
	}
	evs := run(t, s, 2, cmd(&pb.GiveCash{To: 0, Amount: 100}))
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] || evs[len(evs)-1].Bodies()[0].(*pb.Event).GetDealHonoured() == nil {
		t.Fatalf("deals %v", s.Deals)
	}
	run(t, s, 2, propose(1, noAttack))
}

func TestDealBrokenAtTheDeadline(t *testing.T) {
	// "Deal Broken: If the agreed deadline passes without the terms being
	// met ... The owner must immediately discard the Favor Card and lose its
	// permanent Influence marker."
	s := invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, payTerm(300)))
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	stash, infl := s.Seats[2].Stash, s.Seats[2].Influence
	passDay(t, s)
	p := s.Seats[2]
	if len(s.Deals) != 0 || p.Favors[walker] || !p.Bought[walker] || p.Stash != stash-1 || p.Influence != infl-1 {
		t.Fatalf("favor %v stash %d influence %d", p.Favors[walker], p.Stash, p.Influence)
	}
	// An unanswered proposal lapses at its deadline, harmlessly.
	s = invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, payTerm(300)))
	passDay(t, s)
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] {
		t.Fatal("the lapsed proposal cost the Favor")
	}
	// A standing term kept to the deadline honours the deal.
	s = invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, noAttack))
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	passDay(t, s)
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] {
		t.Fatal("the kept truce cost the Favor")
	}
}

func TestDealBrokenByAViolation(t *testing.T) {
	// "if a player violates a standing agreement for any reason ... the
	// Broker's trust is shattered" — the Ambush stays legal, and breaks the
	// deal at once.
	s := invaded(t)
	favored(s, 1)
	run(t, s, 1, propose(0, noAttack))
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	stash := s.Seats[1].Stash
	run(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}))
	if len(s.Deals) != 0 || s.Seats[1].Favors[walker] || s.Seats[1].Stash != stash-1 {
		t.Fatalf("deals %v favor %v", s.Deals, s.Seats[1].Favors[walker])
	}
}

func TestFreeTextTermConfirmed(t *testing.T) {
	// The engine cannot read words: a free-text term is kept when both
	// parties confirm it (ruling 91).
	s := invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT, Text: "vote for me"}))
	refused(t, s, 2, cmd(&pb.ConfirmTerm{Deal: 0}), ReasonNotYourDeal)
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	refused(t, s, 1, cmd(&pb.ConfirmTerm{Deal: 0}), ReasonNotYourDeal)
	refused(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0, Term: 1}), ReasonBadTerm)
	run(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0}))
	if len(s.Deals) != 1 || s.View(engine.SpectatorViewer()).(*pb.View).Deals[0].Confirmations[0] != 2 {
		t.Fatal("honoured on one confirmation")
	}
	run(t, s, 2, cmd(&pb.ConfirmTerm{Deal: 0}))
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] {
		t.Fatal("not honoured")
	}
	// Unconfirmed at the deadline, it is void: the deal is honoured.
	s = invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT, Text: "vote for me"}))
	run(t, s, 0, cmd(&pb.AnswerDeal{Deal: 0, Accept: true}))
	passDay(t, s)
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] {
		t.Fatal("void term cost the Favor")
	}
}
