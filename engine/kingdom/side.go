package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"strconv"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Side commands: Shylock's Marks and cash handed between seats. Any seat
// may send them at any time while the game runs, whether or not the game
// waits for it; they never change whose decision is pending (ruling 71).

// Reason codes of the side commands.
const (
	ReasonNoLoan    = "NO_LOAN_TO_REPAY"
	ReasonBadPayee  = "BAD_PAYEE"
	ReasonBadAmount = "BAD_AMOUNT"
)

// side reports whether c is a side command, open to every seat at any time.
func side(c *pb.Command) bool {
	switch c.GetKind().(type) {
	case *pb.Command_TakeLoan, *pb.Command_RepayLoan, *pb.Command_GiveCash, *pb.Command_Lend,
		*pb.Command_ProposeDeal, *pb.Command_AnswerDeal, *pb.Command_ConfirmTerm:
		return true
	}
	return false
}

func (s *state) repayCost(seat int) int {
	return printed.RepayPrice(s.Seats[seat].Favors[pb.Broker_BROKER_ARNOLD_ROTHSTEIN])
}

func (b *builder) sideDeal(seat int, c *pb.Command) *engine.RuleError {
	s := b.State()
	switch k := c.GetKind().(type) {
	case *pb.Command_TakeLoan:
		// "At any time before the endgame triggers, you may take a Shylock's
		// Mark card to instantly gain $1,500. You may hold multiple marks."
		if b.Checking() {
			return nil
		}
		b.pub(&pb.LoanTaken{Seat: u32(seat), Amount: printed.LoanAmount})
	case *pb.Command_RepayLoan:
		// "To clear the debt, pay $2,500 to the bank at any time before the
		// game ends (or $1,500 if Arnold Rothstein vouches for you)".
		cost := s.repayCost(seat)
		switch {
		case s.Seats[seat].Loans == 0:
			return engine.Refuse(ReasonNoLoan, "you owe Shylock nothing")
		case s.Seats[seat].Cash < cost:
			return engine.Refuse(ReasonNotEnoughCash, "repaying a Mark costs $%d", cost)
		}
		if b.Checking() {
			return nil
		}
		b.pub(&pb.LoanRepaid{Seat: u32(seat), Amount: u32(cost)})
	case *pb.Command_GiveCash:
		// "only Cash can be physically traded off the board. Hand it over
		// anytime, no Influence required."
		x := k.GiveCash
		switch {
		case int(x.To) >= s.Players || int(x.To) == seat:
			return engine.Malform(ReasonBadPayee, "hand cash to another seat at the table")
		case x.Amount == 0:
			return engine.Malform(ReasonBadAmount, "hand over at least $1")
		case int(x.Amount) > s.Seats[seat].Cash:
			return engine.Refuse(ReasonNotEnoughCash, "you have $%d", s.Seats[seat].Cash)
		}
		if b.Checking() {
			return nil
		}
		b.pub(&pb.CashGiven{From: u32(seat), To: x.To, Amount: x.Amount})
	}
	return nil
}

// sideTemplates offers the side commands to the seat the game waits for
// (ruling 71: the other seats may send them too, unprompted).
func (s *state) sideTemplates(seat int) []engine.Template {
	var others []string
	for i := range s.Players {
		if i != seat {
			others = append(others, strconv.Itoa(i))
		}
	}
	out := []engine.Template{{Name: "take-loan", Description: "take a Shylock's Mark: $1,500 now, -1 Respect while unpaid (any time)",
		Command: cmd(&pb.TakeLoan{})}}
	if s.Seats[seat].Loans > 0 {
		out = append(out, engine.Template{Name: "repay-loan", Description: "repay a Shylock's Mark (any time)", Command: cmd(&pb.RepayLoan{})})
	}
	if s.Seats[seat].Cash > 0 {
		out = append(out, engine.Template{Name: "give-cash", Description: "hand cash to another seat (any time, no Influence)",
			Command: cmd(&pb.GiveCash{}), Params: []engine.Param{
				{Field: "give_cash.to", Description: "the seat receiving it", Choices: others},
				{Field: "give_cash.amount", Description: "dollars", Min: 1, Max: s.Seats[seat].Cash},
			}})
	}
	return out
}
