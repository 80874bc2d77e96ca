package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Each test quotes the sentence of "Shylock's Mark" or "Deals on the Side"
// it checks.

func TestShylockLoan(t *testing.T) {
	// "The Loan: At any time before the endgame triggers, you may take a
	// Shylock's Mark card to instantly gain $1,500. You may hold multiple
	// marks." — even out of turn, in the middle of someone else's fight.
	s := invaded(t)
	who, aw := s.awaited()
	respect := s.respect(2)
	run(t, s, 2, cmd(&pb.TakeLoan{}))
	run(t, s, 2, cmd(&pb.TakeLoan{}))
	if s.Seats[2].Cash != printed.StartCash+2*printed.LoanAmount || s.Seats[2].Loans != 2 {
		t.Fatalf("cash %d loans %d", s.Seats[2].Cash, s.Seats[2].Loans)
	}
	if w, a := s.awaited(); w != who || a != aw {
		t.Fatalf("the loan moved the game to %d %v", w, a)
	}
	// "The Toll: ... Every unpaid Mark in your ledger at the final Reckoning
	// costs you -1 Respect."
	if s.respect(2) != respect-2 || s.View(engine.SpectatorViewer()).(*pb.View).Seats[2].Loans != 2 {
		t.Fatalf("respect %d", s.respect(2))
	}
	// "Paying the Piper: To clear the debt, pay $2,500 to the bank at any
	// time before the game ends (or $1,500 if Arnold Rothstein vouches for
	// you), then discard the card."
	run(t, s, 2, cmd(&pb.RepayLoan{}))
	if s.Seats[2].Cash != printed.StartCash+2*printed.LoanAmount-printed.RepayCost || s.Seats[2].Loans != 1 || s.respect(2) != respect-1 {
		t.Fatalf("cash %d loans %d", s.Seats[2].Cash, s.Seats[2].Loans)
	}
	s.Seats[2].Favors[pb.Broker_BROKER_ARNOLD_ROTHSTEIN] = true
	cash := s.Seats[2].Cash
	run(t, s, 2, cmd(&pb.RepayLoan{}))
	if s.Seats[2].Cash != cash-printed.RepayInsideVig || s.Seats[2].Loans != 0 {
		t.Fatalf("inside vig: cash %d", s.Seats[2].Cash)
	}
	refused(t, s, 2, cmd(&pb.RepayLoan{}), ReasonNoLoan)
	s.Seats[1].Loans, s.Seats[1].Cash = 1, printed.RepayCost-1
	refused(t, s, 1, cmd(&pb.RepayLoan{}), ReasonNotEnoughCash)
	// The game over, Shylock closes his book.
	s.outcome = &engine.Outcome{}
	refused(t, s, 1, cmd(&pb.TakeLoan{}), engine.ReasonGameOver)
}

func TestCashOnTheSide(t *testing.T) {
	// "You may wheel and deal outside the rules, but only Cash can be
	// physically traded off the board. Hand it over anytime, no Influence
	// required."
	s := invaded(t)
	slots := len(s.Seats[2].SlotOwners)
	run(t, s, 2, cmd(&pb.GiveCash{To: 0, Amount: 250}))
	if s.Seats[2].Cash != printed.StartCash-250 || s.Seats[0].Cash != printed.StartCash+250 || len(s.Seats[2].SlotOwners) != slots {
		t.Fatalf("cash %d %d", s.Seats[2].Cash, s.Seats[0].Cash)
	}
	refused(t, s, 2, cmd(&pb.GiveCash{To: 0, Amount: printed.StartCash}), ReasonNotEnoughCash)
	refused(t, s, 2, cmd(&pb.GiveCash{To: 2, Amount: 1}), ReasonBadPayee)
	refused(t, s, 2, cmd(&pb.GiveCash{To: 3, Amount: 1}), ReasonBadPayee)
	refused(t, s, 2, cmd(&pb.GiveCash{To: 1}), ReasonBadAmount)
	// The seat the game waits for is offered them too, as templates.
	p := s.Prompts()[0]
	names := map[string]bool{}
	for _, tp := range p.Templates {
		names[tp.Name] = true
	}
	if p.Seat != 1 || !names["take-loan"] || !names["give-cash"] || names["repay-loan"] {
		t.Fatalf("prompt %+v", p)
	}
}

func TestFavorKeptAfterLosingTheDistrict(t *testing.T) {
	// "Once bought, their loyalty (and the Influence marker) remains yours
	// even if you lose their District".
	s := cleared(t, 2)
	s.dist(williamsbg).Precinct = false
	put(s, 0, williamsbg, 2, 0, false)
	s.Seats[0].Cash = 2500
	run(t, s, 0, cmd(&pb.Bribe{District: williamsbg}))
	s.dist(williamsbg).Mobs[0] = pieces{}
	put(s, 1, williamsbg, 2, 0, false)
	if !s.Seats[0].Favors[pb.Broker_BROKER_ARNOLD_ROTHSTEIN] || s.Seats[0].Influence != printed.StartInfluence+1 {
		t.Fatal("the Favor went with the District")
	}
	// The Inside Vig still works.
	run(t, s, 0, cmd(&pb.TakeLoan{}))
	run(t, s, 0, cmd(&pb.RepayLoan{}))
	if s.Seats[0].Cash != 0 || s.Seats[0].Loans != 0 {
		t.Fatalf("cash %d", s.Seats[0].Cash)
	}
	v := s.View(engine.SpectatorViewer()).(*pb.View).Seats[0]
	if len(v.Bought) != 1 || v.Bought[0] != pb.Broker_BROKER_ARNOLD_ROTHSTEIN {
		t.Fatalf("bought %v", v.Bought)
	}
}
