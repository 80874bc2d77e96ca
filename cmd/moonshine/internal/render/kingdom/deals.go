package kingdom

import (
	"fmt"
	"strings"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The Broker's Word: binding deals.

// termText describes a deal term; from and to name the proposer and the
// seat asked, and the term's obligor decides who is bound to whom.
func termText(t *mk.DealTerm, from, to string) string {
	by, other := from, to
	if t.GetObligor() == mk.DealParty_DEAL_PARTY_ASKED {
		by, other = to, from
	}
	switch t.GetKind() {
	case mk.DealTermKind_DEAL_TERM_KIND_PAY_CASH:
		return fmt.Sprintf("%s pays %s to %s", by, dollars(t.GetAmount()), other)
	case mk.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS:
		return fmt.Sprintf("%s lends %d Influence to %s", by, t.GetAmount(), other)
	case mk.DealTermKind_DEAL_TERM_KIND_NO_ATTACK:
		return fmt.Sprintf("%s attacks no mobster of %s", by, other)
	case mk.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE:
		var ds []string
		for _, d := range t.GetDistricts() {
			ds = append(ds, enumName(d))
		}
		return fmt.Sprintf("%s lets %s pass unharmed through %s", by, other, strings.Join(ds, ", "))
	case mk.DealTermKind_DEAL_TERM_KIND_NO_RAT:
		return fmt.Sprintf("%s makes no Rat Play", by)
	case mk.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
		return fmt.Sprintf("%s: %q", by, t.GetText())
	}
	return "an unknown term"
}

func termsText(ts []*mk.DealTerm, from, to string) string {
	var out []string
	for i, t := range ts {
		out = append(out, fmt.Sprintf("(%d) %s", i, termText(t, from, to)))
	}
	return strings.Join(out, "; ")
}

// deadlineText describes a deal's deadline (day 0: today).
func deadlineText(kind mk.DealDeadline, day uint32) string {
	switch {
	case kind == mk.DealDeadline_DEAL_DEADLINE_UNTIL_MET:
		return "until met"
	case day == 0:
		return "by the end of today"
	}
	return fmt.Sprintf("by the end of Day %d", day)
}

// dealCommand describes a Broker's Word command, or returns "".
func dealCommand(c *mk.Command) string {
	switch k := c.GetKind().(type) {
	case *mk.Command_ProposeDeal:
		x := k.ProposeDeal
		return fmt.Sprintf("propose seat %d a deal staked with %s's Favor, %s: %s", x.GetTo(), enumName(x.GetBroker()),
			deadlineText(x.GetDeadline(), x.GetDeadlineDay()), termsText(x.GetTerms(), "you", fmt.Sprintf("seat %d", x.GetTo())))
	case *mk.Command_AnswerDeal:
		if k.AnswerDeal.GetAccept() {
			return fmt.Sprintf("accept deal %d", k.AnswerDeal.GetDeal())
		}
		return fmt.Sprintf("decline (or, as its proposer, withdraw) deal %d", k.AnswerDeal.GetDeal())
	case *mk.Command_ConfirmTerm:
		if k.ConfirmTerm.GetBroken() {
			return fmt.Sprintf("declare term %d of deal %d broken", k.ConfirmTerm.GetTerm(), k.ConfirmTerm.GetDeal())
		}
		return fmt.Sprintf("confirm term %d of deal %d kept", k.ConfirmTerm.GetTerm(), k.ConfirmTerm.GetDeal())
	}
	return ""
}

// dealEvent describes a Broker's Word event, or returns "".
func dealEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_DealProposed:
		x := k.DealProposed
		return fmt.Sprintf("seat %d proposes deal %d to seat %d, staking %s's Favor, %s: %s", x.GetFrom(), x.GetDeal(),
			x.GetTo(), enumName(x.GetBroker()), deadlineText(x.GetDeadline(), x.GetDeadlineDay()),
			termsText(x.GetTerms(), fmt.Sprintf("seat %d", x.GetFrom()), fmt.Sprintf("seat %d", x.GetTo())))
	case *mk.Event_DealAnswered:
		x := k.DealAnswered
		switch {
		case x.GetLapsed():
			return fmt.Sprintf("deal %d lapses unanswered", x.GetDeal())
		case x.GetWithdrawn():
			return fmt.Sprintf("deal %d is withdrawn by its proposer", x.GetDeal())
		case x.GetAccept():
			return fmt.Sprintf("deal %d is accepted", x.GetDeal())
		}
		return fmt.Sprintf("deal %d is declined", x.GetDeal())
	case *mk.Event_TermConfirmed:
		x := k.TermConfirmed
		if x.GetBroken() {
			return fmt.Sprintf("seat %d declares term %d of deal %d broken", x.GetSeat(), x.GetTerm(), x.GetDeal())
		}
		return fmt.Sprintf("seat %d confirms term %d of deal %d kept", x.GetSeat(), x.GetTerm(), x.GetDeal())
	case *mk.Event_DealHonoured:
		return fmt.Sprintf("deal %d is honoured; the Favor returns to its owner", k.DealHonoured.GetDeal())
	case *mk.Event_DealVoided:
		return fmt.Sprintf("deal %d is void: the seat asked broke term %d; the Favor returns unharmed", k.DealVoided.GetDeal(), k.DealVoided.GetTerm())
	case *mk.Event_DealBroken:
		x := k.DealBroken
		lost := "no marker (it had none left to lose)"
		switch x.GetMarkerFrom() {
		case mk.MarkerSource_MARKER_SOURCE_STASH:
			lost = "a marker from its Stash"
		case mk.MarkerSource_MARKER_SOURCE_SLOTS:
			lost = fmt.Sprintf("a marker from seat %d's Operations slots", x.GetHolder())
		case mk.MarkerSource_MARKER_SOURCE_HEAT_TRACK:
			lost = "a marker from the Heat Track"
		case mk.MarkerSource_MARKER_SOURCE_CONTRACT:
			lost = fmt.Sprintf("a marker from its staked Contract %d", x.GetHolder())
		}
		return fmt.Sprintf("deal %d is broken (term %d): seat %d discards %s's Favor and loses %s", x.GetDeal(), x.GetTerm(),
			x.GetSeat(), enumName(x.GetBroker()), lost)
	}
	return ""
}

// dealLine describes an open deal in the view.
func dealLine(d *mk.DealView) string {
	status := "awaiting seat " + fmt.Sprint(d.GetTo()) + "'s answer"
	if d.GetAccepted() {
		status = fmt.Sprintf("accepted; handed since: seat %d %s and %d Influence, seat %d %s and %d Influence", d.GetFrom(),
			dollars(d.GetPaid()), d.GetLent(), d.GetTo(), dollars(d.GetPaidByAsked()), d.GetLentByAsked())
	}
	return fmt.Sprintf("deal %d: seat %d to seat %d, %s's Favor staked, %s, %s: %s", d.GetDeal(), d.GetFrom(), d.GetTo(),
		enumName(d.GetBroker()), deadlineText(d.GetDeadline(), d.GetDeadlineDay()), status,
		termsText(d.GetTerms(), fmt.Sprintf("seat %d", d.GetFrom()), fmt.Sprintf("seat %d", d.GetTo())))
}
