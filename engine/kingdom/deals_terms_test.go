package kingdom

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The typed terms of the Broker's Word beyond the first slice: terms that
// bind the seat asked, deadlines "until met", safe passage, lent markers,
// no Rat, free text declared broken, and where the lost marker comes from
// (rulings 87-92). Each test quotes the sentence it interprets.

var (
	noRat   = &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_NO_RAT}
	byAsked = pb.DealParty_DEAL_PARTY_ASKED
)

func askedPays(n uint32) *pb.DealTerm {
	return &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: n, Obligor: byAsked}
}

func freeText(by pb.DealParty) *pb.DealTerm {
	return &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT, Text: "vote for me", Obligor: by}
}

func passage(by pb.DealParty, ds ...pb.District) *pb.DealTerm {
	return &pb.DealTerm{Kind: pb.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE, Districts: ds, Obligor: by}
}

// unslot returns every marker in seat's slots to its owner's Stash.
func unslot(s *state, seat int) {
	for _, o := range s.Seats[seat].SlotOwners {
		s.Seats[o].Stash++
	}
	s.Seats[seat].SlotOwners = nil
}

// keep takes seat's Stash down to n markers, the others out of the game.
func keep(s *state, seat, n int) {
	s.Seats[seat].Influence -= s.Seats[seat].Stash - n
	s.Seats[seat].Stash = n
}

// slot moves n of seat's markers from its Stash to its Operations slots.
func slot(s *state, seat, n int) {
	for range n {
		s.Seats[seat].Stash--
		s.Seats[seat].SlotOwners = append(s.Seats[seat].SlotOwners, seat)
	}
}

// accepted proposes a deal from seat from to seat to, staked with Jimmy
// Walker's Favor, and has it accepted.
func accepted(t *testing.T, s *state, from, to int, x *pb.ProposeDeal) {
	t.Helper()
	x.To, x.Broker = u32(to), walker
	run(t, s, from, cmd(x))
	run(t, s, to, cmd(&pb.AnswerDeal{Deal: u32(s.NextDeal - 1), Accept: true}))
}

func lastBody(evs []engine.Event) *pb.Event {
	b := publicBodies(evs)
	return b[len(b)-1]
}

func TestProposalsChecked(t *testing.T) {
	// "The terms must be clear" — every term is typed and checked before
	// the proposal is recorded.
	tests := []struct {
		name   string
		x      *pb.ProposeDeal
		reason string
	}{
		{"cash without an amount", &pb.ProposeDeal{Terms: []*pb.DealTerm{{Kind: pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH}}}, ReasonBadTerm},
		{"markers without a count", &pb.ProposeDeal{Terms: []*pb.DealTerm{{Kind: pb.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS}}}, ReasonBadTerm},
		{"two cash terms of one party", &pb.ProposeDeal{Terms: []*pb.DealTerm{payTerm(1), payTerm(2)}}, ReasonBadTerm},
		{"passage nowhere", &pb.ProposeDeal{Terms: []*pb.DealTerm{passage(byAsked)}}, ReasonBadTerm},
		{"passage twice through a District", &pb.ProposeDeal{Terms: []*pb.DealTerm{passage(byAsked, harlem, harlem)}}, ReasonBadTerm},
		{"passage through no District", &pb.ProposeDeal{Terms: []*pb.DealTerm{passage(byAsked, pb.District(99))}}, ReasonBadTerm},
		{"an amount on a truce", &pb.ProposeDeal{Terms: []*pb.DealTerm{{Kind: pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK, Amount: 3}}}, ReasonBadTerm},
		{"empty words", &pb.ProposeDeal{Terms: []*pb.DealTerm{{Kind: pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT}}}, ReasonBadTerm},
		{"an unknown obligor", &pb.ProposeDeal{Terms: []*pb.DealTerm{{Kind: pb.DealTermKind_DEAL_TERM_KIND_NO_RAT, Obligor: 7}}}, ReasonBadTerm},
		{"until met with a Day", &pb.ProposeDeal{Deadline: pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET, DeadlineDay: 3, Terms: []*pb.DealTerm{noRat}}, ReasonBadDeal},
		{"an unknown deadline", &pb.ProposeDeal{Deadline: 9, Terms: []*pb.DealTerm{noRat}}, ReasonBadDeal},
		{"too many terms", &pb.ProposeDeal{Terms: []*pb.DealTerm{noRat, noRat, noRat, noRat, noRat, noRat, noRat, noRat, noRat}}, ReasonBadDeal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := invaded(t)
			favored(s, 2)
			tc.x.To, tc.x.Broker = 0, walker
			refused(t, s, 2, cmd(tc.x), tc.reason)
		})
	}
}

func TestTermsBindTheSeatAsked(t *testing.T) {
	// "If you let me pass through your Borough unharmed, I promise to give
	// you $1,000" — a deal binds both sides; only the proposer's word is
	// vouched for by its Favor (ruling 87).
	s := invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{askedPays(300), payTerm(100)}})
	run(t, s, 0, cmd(&pb.GiveCash{To: 2, Amount: 300}))
	if len(s.Deals) != 1 || s.Deals[0].Paid[asked] != 300 {
		t.Fatalf("deals %+v", s.Deals)
	}
	if evs := run(t, s, 2, cmd(&pb.GiveCash{To: 0, Amount: 100})); lastBody(evs).GetDealHonoured() == nil {
		t.Fatal("not honoured when both paid")
	}
	// The seat asked fails to pay by the deadline: the deal is void, and
	// the proposer keeps its Favor and its marker.
	s = invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{askedPays(300)}})
	infl := s.Seats[2].Influence
	passDay(t, s)
	if len(s.Deals) != 0 || !s.Seats[2].Favors[walker] || s.Seats[2].Influence != infl {
		t.Fatal("the other side's breach cost the proposer")
	}
	// Both failed: the proposer's word is the one broken.
	s = invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{askedPays(300), payTerm(100)}})
	passDay(t, s)
	if s.Seats[2].Favors[walker] || s.Seats[2].Influence != infl-1 {
		t.Fatal("the proposer's unpaid term did not break the deal")
	}
}

func TestDealUntilMet(t *testing.T) {
	// "you must agree on a specific deadline (e.g. "before the Day ends," or
	// "until you pay me $1000")" — until met, standing terms hold until the
	// terms that can be met are met (ruling 88).
	s := invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Deadline: pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET, Terms: []*pb.DealTerm{noAttack, askedPays(1000)}})
	passDay(t, s)
	passDay(t, s)
	v := s.View(engine.SpectatorViewer()).(*pb.View)
	if len(v.Deals) != 1 || v.Deals[0].Deadline != pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET {
		t.Fatalf("the deal did not outlast the Days: %v", v.Deals)
	}
	run(t, s, 0, cmd(&pb.GiveCash{To: 2, Amount: 600}))
	if evs := run(t, s, 0, cmd(&pb.GiveCash{To: 2, Amount: 400})); lastBody(evs).GetDealHonoured() == nil {
		t.Fatal("not honoured once paid")
	}
	// At the game's end every deal still open is settled: an unmet term
	// breaks (or voids) it, a standing term is kept, a proposal lapses.
	s = invaded(t)
	favored(s, 2)
	s.Seats[2].Favors[pb.Broker_BROKER_ARNOLD_ROTHSTEIN] = true
	s.Seats[2].Favors[pb.Broker_BROKER_TEXAS_GUINAN] = true
	accepted(t, s, 2, 0, &pb.ProposeDeal{Deadline: pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET, Terms: []*pb.DealTerm{payTerm(50)}})
	run(t, s, 2, cmd(&pb.ProposeDeal{To: 1, Broker: pb.Broker_BROKER_ARNOLD_ROTHSTEIN, Deadline: pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET, Terms: []*pb.DealTerm{noRat}}))
	run(t, s, 1, cmd(&pb.AnswerDeal{Deal: 1, Accept: true}))
	run(t, s, 2, cmd(&pb.ProposeDeal{To: 1, Broker: pb.Broker_BROKER_TEXAS_GUINAN, Deadline: pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET, Terms: []*pb.DealTerm{noRat}}))
	b := decision(s)
	b.resolveDeals([]engine.Event{public(&pb.GameEnded{Winner: 1})})
	got := publicBodies(b.Emitted())
	if len(got) != 3 || got[0].GetDealBroken() == nil || got[1].GetDealHonoured() == nil || !got[2].GetDealAnswered().GetLapsed() {
		t.Fatalf("at the game's end: %v", got)
	}
}

func TestSafePassage(t *testing.T) {
	// "If you let me pass through your Borough unharmed" — the obligor fires
	// on no mobster of the other party in the named Districts (ruling 89).
	s := invaded(t) // seat 0 stands in seat 1's Hell's Kitchen
	favored(s, 0)
	accepted(t, s, 0, 1, &pb.ProposeDeal{Terms: []*pb.DealTerm{passage(byAsked, hellsKit)}})
	evs := run(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}))
	if _, ok := find(evs, (*pb.Event).GetDealVoided, func(x *pb.DealVoided) bool { return x == nil }); !ok || !s.Seats[0].Favors[walker] {
		t.Fatal("the Ambush did not void the deal, or cost the proposer")
	}
	// Passage through other Districts is not broken here.
	s = invaded(t)
	favored(s, 0)
	accepted(t, s, 0, 1, &pb.ProposeDeal{Terms: []*pb.DealTerm{passage(byAsked, harlem)}})
	run(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}))
	if len(s.Deals) != 1 {
		t.Fatal("an Ambush elsewhere broke the passage")
	}
	// The proposer's own promise of passage, broken by its Ambush.
	s = invaded(t)
	favored(s, 1)
	accepted(t, s, 1, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{passage(pb.DealParty_DEAL_PARTY_UNSPECIFIED, hellsKit)}})
	run(t, s, 1, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}))
	if s.Seats[1].Favors[walker] || len(s.Deals) != 0 {
		t.Fatal("the proposer's Ambush did not break its word")
	}
}

func TestLendMarkersTerm(t *testing.T) {
	// "you may move Influence markers from your Operations to a rival's
	// Operations" — a deal may promise it (ruling 89).
	s := invaded(t)
	favored(s, 2)
	unslot(s, 2)
	unslot(s, 0)
	slot(s, 2, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{{Kind: pb.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS, Amount: 2}}})
	run(t, s, 2, cmd(&pb.Lend{To: 0, Markers: 1}))
	if len(s.Deals) != 1 || s.Deals[0].Lent[proposer] != 1 {
		t.Fatalf("deals %+v", s.Deals)
	}
	if evs := run(t, s, 2, cmd(&pb.Lend{To: 0, Markers: 1})); lastBody(evs).GetDealHonoured() == nil {
		t.Fatal("not honoured once lent")
	}
}

func TestNoRatTerm(t *testing.T) {
	// A standing term against dropping a dime: the obligor's Rat Play breaks
	// it (ruling 89).
	s := invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{noRat}})
	resolveAfter(t, s, &pb.Ratted{Seat: 0})
	if len(s.Deals) != 1 {
		t.Fatal("another seat's Rat broke the deal")
	}
	resolveAfter(t, s, &pb.Ratted{Seat: 2})
	if len(s.Deals) != 0 || s.Seats[2].Favors[walker] {
		t.Fatal("the proposer's Rat did not break its word")
	}
}

func TestFreeTextDeclaredBroken(t *testing.T) {
	// The engine will not judge words: a free-text term is broken when the
	// party it was promised to declares it broken and the obligor concedes,
	// or does not dispute it by the deadline; disputed, it is void (ruling
	// 91).
	s := invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{freeText(pb.DealParty_DEAL_PARTY_UNSPECIFIED)}})
	run(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true}))
	refused(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true}), ReasonTermSettled)
	if v := s.View(engine.SpectatorViewer()).(*pb.View); len(v.Deals) != 1 || v.Deals[0].DeclaredBroken[0] != 2 {
		t.Fatalf("deals %v", v.Deals)
	}
	run(t, s, 2, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true}))
	if len(s.Deals) != 0 || s.Seats[2].Favors[walker] {
		t.Fatal("the conceded breach did not break the deal")
	}
	// Declared and left undisputed, it breaks at the deadline.
	s = invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{freeText(pb.DealParty_DEAL_PARTY_UNSPECIFIED)}})
	run(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true}))
	passDay(t, s)
	if s.Seats[2].Favors[walker] {
		t.Fatal("the undisputed breach did not break the deal")
	}
	// Disputed, it is void at the deadline: the deal is honoured.
	s = invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{freeText(pb.DealParty_DEAL_PARTY_UNSPECIFIED)}})
	run(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true}))
	run(t, s, 2, cmd(&pb.ConfirmTerm{Deal: 0}))
	passDay(t, s)
	if !s.Seats[2].Favors[walker] || len(s.Deals) != 0 {
		t.Fatal("the disputed term was judged")
	}
	// A term of the seat asked, declared broken by the proposer and
	// conceded, voids the deal.
	s = invaded(t)
	favored(s, 2)
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{freeText(byAsked)}})
	run(t, s, 2, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true}))
	if evs := run(t, s, 0, cmd(&pb.ConfirmTerm{Deal: 0, Broken: true})); lastBody(evs).GetDealVoided() == nil || !s.Seats[2].Favors[walker] {
		t.Fatal("not voided")
	}
}

func TestWithdrawnProposal(t *testing.T) {
	// The proposer may take back an offer before it is answered (ruling 82).
	s := invaded(t)
	favored(s, 2)
	run(t, s, 2, propose(0, payTerm(100)))
	refused(t, s, 1, cmd(&pb.AnswerDeal{Deal: 0}), ReasonNotYourDeal)
	if evs := run(t, s, 2, cmd(&pb.AnswerDeal{Deal: 0})); !lastBody(evs).GetDealAnswered().GetWithdrawn() || len(s.Deals) != 0 {
		t.Fatal("not withdrawn")
	}
	accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{payTerm(100)}})
	refused(t, s, 2, cmd(&pb.AnswerDeal{Deal: 1}), ReasonDealAnswered)
}

func TestLostMarkerSources(t *testing.T) {
	// "The owner must immediately discard the Favor Card and lose its
	// permanent Influence marker." — from its Stash, else its own slots,
	// else a rival's slots it lent to, else the Heat Track, else a staked
	// Contract that keeps a marker, else none (ruling 90).
	tests := []struct {
		name   string
		setup  func(s *state)
		from   pb.MarkerSource
		holder uint32
	}{
		{"stash", func(s *state) {}, pb.MarkerSource_MARKER_SOURCE_STASH, 0},
		{"own slots", func(s *state) { keep(s, 2, 2); slot(s, 2, 2) }, pb.MarkerSource_MARKER_SOURCE_SLOTS, 2},
		{"lent", func(s *state) {
			keep(s, 2, 2)
			n := s.Seats[2].Stash
			s.Seats[2].Stash = 0
			for range n {
				s.Seats[0].SlotOwners = append(s.Seats[0].SlotOwners, 2)
			}
		}, pb.MarkerSource_MARKER_SOURCE_SLOTS, 0},
		{"heat track", func(s *state) {
			keep(s, 2, 2)
			n := s.Seats[2].Stash
			s.Seats[2].Stash = 0
			for range n {
				s.Heat = append(s.Heat, 2)
			}
		}, pb.MarkerSource_MARKER_SOURCE_HEAT_TRACK, 0},
		{"contract", func(s *state) {
			keep(s, 2, 2)
			n := s.Seats[2].Stash
			s.Seats[2].Stash = 0
			var card int
			for i := range s.Decks {
				if d := &s.Decks[i]; len(d.Draw) > 0 {
					card, d.Draw = d.Draw[0], d.Draw[1:]
					break
				}
			}
			s.Seats[2].Staked = []stake{{Card: card, Markers: n}}
		}, pb.MarkerSource_MARKER_SOURCE_CONTRACT, 0},
		{"none", func(s *state) {
			s.Seats[2].Influence -= s.Seats[2].Stash
			s.Seats[2].Stash = 0
		}, pb.MarkerSource_MARKER_SOURCE_UNSPECIFIED, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := invaded(t)
			favored(s, 2)
			s.Heat = nil
			unslot(s, 2)
			unslot(s, 0)
			tc.setup(s)
			holder := tc.holder
			if tc.from == pb.MarkerSource_MARKER_SOURCE_CONTRACT {
				holder = u32(s.Seats[2].Staked[0].Card)
			}
			infl := s.Seats[2].Influence
			accepted(t, s, 2, 0, &pb.ProposeDeal{Terms: []*pb.DealTerm{payTerm(100)}})
			b := decision(s)
			b.resolveDeals([]engine.Event{public(&pb.DayStarted{Day: u32(s.Day + 1)})})
			x := publicBodies(b.Emitted())[0].GetDealBroken()
			if x.GetMarkerFrom() != tc.from || x.GetHolder() != holder {
				t.Fatalf("marker from %v %d, want %v %d", x.GetMarkerFrom(), x.GetHolder(), tc.from, holder)
			}
			passDay(t, s)
			want := infl - 1
			if tc.from == pb.MarkerSource_MARKER_SOURCE_UNSPECIFIED {
				want = infl
			}
			if s.Seats[2].Influence != want {
				t.Fatalf("influence %d, want %d", s.Seats[2].Influence, want)
			}
		})
	}
}
