package main

import (
	"fmt"
	"strings"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The Broker's Word: binding deals.

// termText describes a deal term binding seat from to seat to.
func termText(t *mk.DealTerm, from, to string) string {
	switch t.GetKind() {
	case mk.DealTermKind_DEAL_TERM_KIND_PAY_CASH:
		return fmt.Sprintf("%s pays %s to %s", from, dollars(t.GetAmount()), to)
	case mk.DealTermKind_DEAL_TERM_KIND_NO_ATTACK:
		return fmt.Sprintf("%s attacks no mobster of %s", from, to)
	case mk.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
		return fmt.Sprintf("%s: %q", from, t.GetText())
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

// dealCommand describes a Broker's Word command, or returns "".
func dealCommand(c *mk.Command) string {
	switch k := c.GetKind().(type) {
	case *mk.Command_ProposeDeal:
		x := k.ProposeDeal
		dl := "the end of today"
		if x.GetDeadlineDay() > 0 {
			dl = fmt.Sprintf("the end of Day %d", x.GetDeadlineDay())
		}
		return fmt.Sprintf("propose seat %d a deal staked with %s's Favor, by %s: %s", x.GetTo(), enumName(x.GetBroker()), dl,
			termsText(x.GetTerms(), "you", fmt.Sprintf("seat %d", x.GetTo())))
	case *mk.Command_AnswerDeal:
		if k.AnswerDeal.GetAccept() {
			return fmt.Sprintf("accept deal %d", k.AnswerDeal.GetDeal())
		}
		return fmt.Sprintf("decline deal %d", k.AnswerDeal.GetDeal())
	case *mk.Command_ConfirmTerm:
		return fmt.Sprintf("confirm term %d of deal %d kept", k.ConfirmTerm.GetTerm(), k.ConfirmTerm.GetDeal())
	}
	return ""
}

// dealEvent describes a Broker's Word event, or returns "".
func dealEvent(e *mk.Event) string {
	switch k := e.GetKind().(type) {
	case *mk.Event_DealProposed:
		x := k.DealProposed
		return fmt.Sprintf("seat %d proposes deal %d to seat %d, staking %s's Favor, by the end of Day %d: %s", x.GetFrom(), x.GetDeal(),
			x.GetTo(), enumName(x.GetBroker()), x.GetDeadlineDay(), termsText(x.GetTerms(), fmt.Sprintf("seat %d", x.GetFrom()), fmt.Sprintf("seat %d", x.GetTo())))
	case *mk.Event_DealAnswered:
		x := k.DealAnswered
		switch {
		case x.GetLapsed():
			return fmt.Sprintf("deal %d lapses unanswered", x.GetDeal())
		case x.GetAccept():
			return fmt.Sprintf("deal %d is accepted", x.GetDeal())
		}
		return fmt.Sprintf("deal %d is declined", x.GetDeal())
	case *mk.Event_TermConfirmed:
		x := k.TermConfirmed
		return fmt.Sprintf("seat %d confirms term %d of deal %d kept", x.GetSeat(), x.GetTerm(), x.GetDeal())
	case *mk.Event_DealHonoured:
		return fmt.Sprintf("deal %d is honoured; the Favor returns to its owner", k.DealHonoured.GetDeal())
	case *mk.Event_DealBroken:
		x := k.DealBroken
		lost := "a marker from its Stash"
		switch {
		case x.GetNoMarker():
			lost = "no marker (none in its Stash or slots)"
		case x.GetFromSlots():
			lost = "a marker from its Operations slots"
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
		status = fmt.Sprintf("accepted, %s paid", dollars(d.GetPaid()))
	}
	return fmt.Sprintf("deal %d: seat %d to seat %d, %s's Favor staked, by the end of Day %d, %s: %s", d.GetDeal(), d.GetFrom(), d.GetTo(),
		enumName(d.GetBroker()), d.GetDeadlineDay(), status, termsText(d.GetTerms(), fmt.Sprintf("seat %d", d.GetFrom()), fmt.Sprintf("seat %d", d.GetTo())))
}
