package kingdom

import (
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
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
		return fmt.Sprintf("%s pays %s to %s", by, printed.Dollars(t.GetAmount()), other)
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

// dealLine describes an open deal in the view.
func dealLine(d *mk.DealView) string {
	status := "awaiting seat " + fmt.Sprint(d.GetTo()) + "'s answer"
	if d.GetAccepted() {
		status = fmt.Sprintf("accepted; handed since: seat %d %s and %d Influence, seat %d %s and %d Influence", d.GetFrom(),
			printed.Dollars(d.GetPaid()), d.GetLent(), d.GetTo(), printed.Dollars(d.GetPaidByAsked()), d.GetLentByAsked())
	}
	return fmt.Sprintf("deal %d: seat %d to seat %d, %s's Favor staked, %s, %s: %s", d.GetDeal(), d.GetFrom(), d.GetTo(),
		enumName(d.GetBroker()), deadlineText(d.GetDeadline(), d.GetDeadlineDay()), status,
		termsText(d.GetTerms(), fmt.Sprintf("seat %d", d.GetFrom()), fmt.Sprintf("seat %d", d.GetTo())))
}
