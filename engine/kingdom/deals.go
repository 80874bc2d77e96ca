package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"strconv"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// The Broker's Word: binding deals staked with a Favor (rulings 81-92).
// ProposeDeal, AnswerDeal and ConfirmTerm are side commands (ruling 71):
// any seat may send them at any time, and they never move the pending
// decision. Each term binds one party (its obligor) to the other; only the
// proposer's word is vouched for by its Favor. Resolution runs at the end
// of every decision (resolveDeals).

// Reason codes of the Broker's Word.
const (
	ReasonNoFavor      = "NO_FAVOR_TO_STAKE"
	ReasonFavorStaked  = "FAVOR_ALREADY_VOUCHING"
	ReasonBadDeal      = "BAD_DEAL"
	ReasonNoSuchDeal   = "NO_SUCH_DEAL"
	ReasonNotYourDeal  = "NOT_YOUR_DEAL"
	ReasonDealAnswered = "DEAL_ALREADY_ANSWERED"
	ReasonBadTerm      = "BAD_TERM"
	ReasonTermSettled  = "TERM_ALREADY_SETTLED"
)

// Limits on a proposal's size: a deal is a handshake, not a contract.
const (
	// MaxDealTerms is the most terms a deal may hold.
	MaxDealTerms = 8
	// MaxTermText is the longest free-text term, in bytes.
	MaxTermText = 280
)

// The parties of a deal, as indexes of its per-party tallies.
const (
	proposer = 0
	asked    = 1
)

// deal is an open Broker's Word deal, proposed or accepted.
type deal struct {
	ID, From, To int
	Broker       pb.Broker
	Deadline     int  // the end of this Day (DAY_END)
	UntilMet     bool // DEAL_DEADLINE_UNTIL_MET
	Terms        []*pb.DealTerm
	Accepted     bool
	// Paid and Lent tally, by paying party, the cash handed and the
	// markers lent to the other party since the acceptance.
	Paid, Lent [2]int
	// Kept and Declared hold, per term, the parties that confirmed it kept
	// and that declared it broken (bit 0 proposer, bit 1 asked).
	Kept, Declared []int
}

func cloneDeals(ds []deal) []deal {
	out := slices.Clone(ds)
	for i := range out {
		out[i].Kept = slices.Clone(out[i].Kept)
		out[i].Declared = slices.Clone(out[i].Declared)
	}
	return out
}

func (s *state) findDeal(id int) *deal {
	for i := range s.Deals {
		if s.Deals[i].ID == id {
			return &s.Deals[i]
		}
	}
	return nil
}

func (s *state) vouching(seat int, b pb.Broker) bool {
	for _, d := range s.Deals {
		if d.From == seat && d.Broker == b {
			return true
		}
	}
	return false
}

// obligor returns the party a term binds.
func obligor(t *pb.DealTerm) int {
	if t.Obligor == pb.DealParty_DEAL_PARTY_ASKED {
		return asked
	}
	return proposer
}

// seatOf returns the seat of a party of d.
func (d *deal) seatOf(party int) int {
	if party == proposer {
		return d.From
	}
	return d.To
}

// partyOf returns seat's party in d (-1: none).
func (d *deal) partyOf(seat int) int {
	switch seat {
	case d.From:
		return proposer
	case d.To:
		return asked
	}
	return -1
}

// standing reports whether a term kind is a standing agreement, kept only
// by not breaking it until the deadline.
func standing(k pb.DealTermKind) bool {
	switch k {
	case pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK, pb.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE, pb.DealTermKind_DEAL_TERM_KIND_NO_RAT:
		return true
	}
	return false
}

// checkTerms validates a proposal's terms.
func checkTerms(terms []*pb.DealTerm) *engine.RuleError {
	if len(terms) > MaxDealTerms {
		return engine.Malform(ReasonBadDeal, "a deal holds at most %d terms", MaxDealTerms)
	}
	var tallied [2][8]bool // per obligor, per kind: one cash and one marker term each
	for i, t := range terms {
		if t.Obligor != pb.DealParty_DEAL_PARTY_UNSPECIFIED && t.Obligor != pb.DealParty_DEAL_PARTY_ASKED {
			return engine.Malform(ReasonBadTerm, "term %d: unknown obligor %s", i, t.Obligor)
		}
		amount, text, districts := t.Amount > 0, t.Text != "", len(t.Districts) > 0
		switch t.Kind {
		case pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH, pb.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS:
			if !amount {
				return engine.Malform(ReasonBadTerm, "term %d: a %s term needs an amount", i, t.Kind)
			}
			if tallied[obligor(t)][t.Kind] {
				return engine.Malform(ReasonBadTerm, "term %d: one %s term per party", i, t.Kind)
			}
			tallied[obligor(t)][t.Kind] = true
			amount = false
		case pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
			if !text || len(t.Text) > MaxTermText {
				return engine.Malform(ReasonBadTerm, "term %d: a free-text term needs 1 to %d bytes of words", i, MaxTermText)
			}
			text = false
		case pb.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE:
			if !districts {
				return engine.Malform(ReasonBadTerm, "term %d: safe passage names its Districts", i)
			}
			for j, d := range t.Districts {
				if !printed.ValidDistrict(d) || slices.Contains(t.Districts[:j], d) {
					return engine.Malform(ReasonBadTerm, "term %d: bad or repeated District %s", i, d)
				}
			}
			districts = false
		case pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK, pb.DealTermKind_DEAL_TERM_KIND_NO_RAT:
		default:
			return engine.Malform(ReasonBadTerm, "term %d: unknown term kind %s", i, t.Kind)
		}
		if amount || text || districts {
			return engine.Malform(ReasonBadTerm, "term %d: fields that a %s term does not take", i, t.Kind)
		}
	}
	return nil
}

func (b *builder) brokersWord(seat int, c *pb.Command) *engine.RuleError {
	s := b.State()
	switch k := c.GetKind().(type) {
	case *pb.Command_ProposeDeal:
		x := k.ProposeDeal
		dl := int(x.DeadlineDay)
		if dl == 0 {
			dl = s.Day
		}
		switch {
		case int(x.To) >= s.Players || int(x.To) == seat:
			return engine.Malform(ReasonBadDeal, "propose a deal to another seat at the table")
		case x.Broker <= pb.Broker_BROKER_UNSPECIFIED || int(x.Broker) >= len(s.Seats[seat].Favors):
			return engine.Malform(ReasonBadDeal, "stake a Power Broker's Favor")
		case len(x.Terms) == 0:
			return engine.Malform(ReasonBadDeal, "a deal needs at least one term")
		case x.Deadline != pb.DealDeadline_DEAL_DEADLINE_UNSPECIFIED && x.Deadline != pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET:
			return engine.Malform(ReasonBadDeal, "unknown deadline %s", x.Deadline)
		case x.Deadline == pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET && x.DeadlineDay != 0:
			return engine.Malform(ReasonBadDeal, "a deal until met has no deadline Day")
		case dl < s.Day:
			return engine.Malform(ReasonBadDeal, "the deadline (Day %d) has passed", dl)
		case !s.Seats[seat].Favors[x.Broker]:
			// "To make a binding deal, a player must have at least one Favor Card."
			return engine.Refuse(ReasonNoFavor, "you hold no Favor of %s", x.Broker)
		case s.vouching(seat, x.Broker):
			// "Each Broker may only vouch for one deal at a time."
			return engine.Refuse(ReasonFavorStaked, "%s already vouches for a deal", x.Broker)
		}
		if err := checkTerms(x.Terms); err != nil {
			return err
		}
		ev := &pb.DealProposed{Deal: u32(s.NextDeal), From: u32(seat), To: x.To, Broker: x.Broker,
			DeadlineDay: u32(dl), Terms: x.Terms, Deadline: x.Deadline}
		if x.Deadline == pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET {
			ev.DeadlineDay = 0
		}
		if b.Checking() {
			return nil
		}
		b.pub(ev)
	case *pb.Command_AnswerDeal:
		x := k.AnswerDeal
		d := s.findDeal(int(x.Deal))
		switch {
		case d == nil:
			return engine.Refuse(ReasonNoSuchDeal, "no open deal %d", x.Deal)
		case d.Accepted:
			return engine.Refuse(ReasonDealAnswered, "deal %d is already accepted", x.Deal)
		case d.From == seat && !x.Accept:
			// The proposer may take back an offer not yet answered.
			if b.Checking() {
				return nil
			}
			b.pub(&pb.DealAnswered{Deal: x.Deal, Withdrawn: true})
			return nil
		case d.To != seat:
			return engine.Refuse(ReasonNotYourDeal, "deal %d asks seat %d", x.Deal, d.To)
		}
		if b.Checking() {
			return nil
		}
		b.pub(&pb.DealAnswered{Deal: x.Deal, Accept: x.Accept})
	case *pb.Command_ConfirmTerm:
		x := k.ConfirmTerm
		d := s.findDeal(int(x.Deal))
		switch {
		case d == nil:
			return engine.Refuse(ReasonNoSuchDeal, "no open deal %d", x.Deal)
		case d.partyOf(seat) < 0:
			return engine.Refuse(ReasonNotYourDeal, "you are no party to deal %d", x.Deal)
		case !d.Accepted:
			return engine.Refuse(ReasonNotYourDeal, "deal %d awaits its answer", x.Deal)
		case int(x.Term) >= len(d.Terms) || d.Terms[x.Term].Kind != pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
			return engine.Malform(ReasonBadTerm, "term %d of deal %d is not a free-text term", x.Term, x.Deal)
		}
		said := d.Kept[x.Term]
		if x.Broken {
			said = d.Declared[x.Term]
		}
		if said&(1<<d.partyOf(seat)) != 0 {
			return engine.Refuse(ReasonTermSettled, "you already said so of term %d of deal %d", x.Term, x.Deal)
		}
		if b.Checking() {
			return nil
		}
		b.pub(&pb.TermConfirmed{Deal: x.Deal, Term: x.Term, Seat: u32(seat), Broken: x.Broken})
	}
	return nil
}

// applyDealProposed opens a deal, awaiting its answer.
func (s *state) applyDealProposed(x *pb.DealProposed) {
	s.Deals = append(s.Deals, deal{ID: int(x.Deal), From: int(x.From), To: int(x.To), Broker: x.Broker,
		Deadline: int(x.DeadlineDay), UntilMet: x.Deadline == pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET,
		Terms: x.Terms, Kept: make([]int, len(x.Terms)), Declared: make([]int, len(x.Terms))})
	s.NextDeal = int(x.Deal) + 1
}

// applyDealAnswered accepts a deal, or drops it: refused, withdrawn or
// lapsed.
func (s *state) applyDealAnswered(x *pb.DealAnswered) {
	if x.Accept {
		s.findDeal(int(x.Deal)).Accepted = true
		return
	}
	s.dropDeal(int(x.Deal))
}

// applyTermConfirmed records a party's word on a free-text term: its latest
// word stands.
func (s *state) applyTermConfirmed(x *pb.TermConfirmed) {
	d := s.findDeal(int(x.Deal))
	bit := 1 << d.partyOf(int(x.Seat))
	if x.Broken {
		d.Declared[x.Term] |= bit
		d.Kept[x.Term] &^= bit
	} else {
		d.Kept[x.Term] |= bit
		d.Declared[x.Term] &^= bit
	}
}

// tally counts n (cash or markers) handed from one seat to another in every
// accepted deal between them.
func (s *state) tally(from, to, n int, field func(*deal) *[2]int) {
	for i := range s.Deals {
		d := &s.Deals[i]
		if d.Accepted && d.partyOf(from) >= 0 && d.partyOf(to) >= 0 && from != to {
			field(d)[d.partyOf(from)] += n
		}
	}
}

// applyDealBroken discards the Favor: "The owner must immediately discard
// the Favor Card and lose its permanent Influence marker." The Favor goes
// back to the Broker, still bought (never buyable again by that seat).
func (s *state) applyDealBroken(x *pb.DealBroken) {
	s.dropDeal(int(x.Deal))
	p := &s.Seats[x.Seat]
	p.Favors[x.Broker] = false
	owner := int(x.Seat)
	switch x.MarkerFrom {
	case pb.MarkerSource_MARKER_SOURCE_UNSPECIFIED:
		return
	case pb.MarkerSource_MARKER_SOURCE_STASH:
		p.Stash--
	case pb.MarkerSource_MARKER_SOURCE_SLOTS:
		h := &s.Seats[x.Holder]
		i := slices.Index(h.SlotOwners, owner)
		h.SlotOwners = slices.Delete(h.SlotOwners, i, i+1)
	case pb.MarkerSource_MARKER_SOURCE_HEAT_TRACK:
		i := lastIndex(s.Heat, owner)
		s.Heat = slices.Delete(s.Heat, i, i+1)
	case pb.MarkerSource_MARKER_SOURCE_CONTRACT:
		for i := range p.Staked {
			if p.Staked[i].Card == int(x.Holder) {
				p.Staked[i].Markers--
			}
		}
	}
	p.Influence--
}

func lastIndex(xs []int, v int) int {
	for i := len(xs) - 1; i >= 0; i-- {
		if xs[i] == v {
			return i
		}
	}
	return -1
}

func (s *state) dropDeal(id int) {
	s.Deals = slices.DeleteFunc(s.Deals, func(d deal) bool { return d.ID == id })
}

// breakDeal emits DealBroken for term t of d (a term of the proposer's),
// taking the lost marker from the owner's Stash, else its own slotted
// markers, else its markers lent to another seat's Operations, else its
// marker on the Heat Track nearest the Boiling Point, else a staked
// Contract that keeps at least one marker, else none (ruling 90).
func (b *builder) breakDeal(d *deal, t int) {
	s := b.State()
	p := &s.Seats[d.From]
	ev := &pb.DealBroken{Deal: u32(d.ID), Seat: u32(d.From), Broker: d.Broker, Term: u32(t)}
	holder := func() int {
		if slices.Contains(p.SlotOwners, d.From) {
			return d.From
		}
		for i := range s.Seats {
			if slices.Contains(s.Seats[i].SlotOwners, d.From) {
				return i
			}
		}
		return none
	}()
	switch {
	case p.Stash > 0:
		ev.MarkerFrom = pb.MarkerSource_MARKER_SOURCE_STASH
	case holder != none:
		ev.MarkerFrom, ev.Holder = pb.MarkerSource_MARKER_SOURCE_SLOTS, u32(holder)
	case slices.Contains(s.Heat, d.From):
		ev.MarkerFrom = pb.MarkerSource_MARKER_SOURCE_HEAT_TRACK
	default:
		for _, k := range p.Staked {
			if k.Markers > 1 {
				ev.MarkerFrom, ev.Holder = pb.MarkerSource_MARKER_SOURCE_CONTRACT, u32(k.Card)
				break
			}
		}
	}
	b.pub(ev)
}

// breach closes d for its term t broken: the proposer's word breaks the
// deal, the other party's voids it.
func (b *builder) breach(d *deal, t int) {
	if obligor(d.Terms[t]) == proposer {
		b.breakDeal(d, t)
		return
	}
	b.pub(&pb.DealVoided{Deal: u32(d.ID), Term: u32(t)})
}

// fires reports whether ev is seat from firing on, or starting a fight
// against, seat to: a Move onto its turf, an Ambush of its Invaders, an
// Assault on its District, a Torch of its Safehouse, a Move or Fold that
// takes its unguarded Safehouse. in, when not nil, limits the shooting to
// those Districts, and then neither a Move nor a Fold counts.
func (s *state) fires(ev *pb.Event, from, to int, in []pb.District) bool {
	where := func(d pb.District) bool { return in == nil || slices.Contains(in, d) }
	switch k := ev.GetKind().(type) {
	case *pb.Event_Moved:
		x := k.Moved
		if in != nil || int(x.Seat) != from {
			return false
		}
		dd := s.dist(x.To)
		return (x.Hostile && (dd.Occupier == to || dd.Mobs[to].mobsters() > 0)) || (x.SafehouseTakenFrom != nil && int(*x.SafehouseTakenFrom) == to)
	case *pb.Event_StandoffChosen:
		x := k.StandoffChosen
		return in == nil && int(x.Seat) == from && x.SafehouseTakenFrom != nil && int(*x.SafehouseTakenFrom) == to
	case *pb.Event_CombatRound:
		x := k.CombatRound
		if x.Occupier == nil || !where(x.District) {
			return false
		}
		if x.Kind == pb.CombatKind_COMBAT_KIND_AMBUSH {
			return int(*x.Occupier) == from && int(x.Invader) == to
		}
		return int(x.Invader) == from && int(*x.Occupier) == to
	case *pb.Event_Torched:
		x := k.Torched
		return int(x.Seat) == from && int(x.Owner) == to && where(x.District)
	}
	return false
}

// violates reports whether ev breaks standing term t of d.
func (s *state) violates(ev *pb.Event, d *deal, t *pb.DealTerm) bool {
	o := obligor(t)
	by, against := d.seatOf(o), d.seatOf(1-o)
	switch t.Kind {
	case pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK:
		return s.fires(ev, by, against, nil)
	case pb.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE:
		return s.fires(ev, by, against, t.Districts)
	case pb.DealTermKind_DEAL_TERM_KIND_NO_RAT:
		return ev.GetRatted() != nil && int(ev.GetRatted().Seat) == by
	}
	return false
}

// termState is a term's standing at a resolution.
type termState int

const (
	termOpen   termState = iota
	termMet              // kept (cash or markers handed, both confirmed)
	termBroken           // unmet at the deadline, or conceded broken
	termVoid             // a free-text term unsettled at the deadline
)

// settle says where a term that is not standing stands; over is true once
// the deadline passed.
func (d *deal) settle(t int, over bool) termState {
	term := d.Terms[t]
	o := obligor(term)
	met := false
	switch term.Kind {
	case pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH:
		met = d.Paid[o] >= int(term.Amount)
	case pb.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS:
		met = d.Lent[o] >= int(term.Amount)
	case pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
		beneficiary := 1 << (1 - o)
		switch {
		case d.Kept[t] == 3:
			return termMet
		case d.Declared[t] == 3:
			return termBroken // declared and conceded
		case !over:
			return termOpen
		case d.Declared[t] == beneficiary && d.Kept[t]&(1<<o) == 0:
			return termBroken // declared, and not disputed by the deadline
		}
		return termVoid
	}
	switch {
	case met:
		return termMet
	case over:
		return termBroken
	}
	return termOpen
}

// resolveDeals runs after every decision over the events it built: standing
// terms broken, cash paid and markers lent, free-text terms settled,
// deadlines passed, and at the game's end every deal still open.
func (b *builder) resolveDeals(evs []engine.Event) {
	passed := 0 // a Day that began: every deadline before it has passed
	ended := false
	var bodies []*pb.Event
	for _, ev := range evs {
		for _, body := range ev.Bodies() {
			if e, ok := body.(*pb.Event); ok {
				bodies = append(bodies, e)
				if d := e.GetDayStarted(); d != nil {
					passed = int(d.Day)
				}
				ended = ended || e.GetGameEnded() != nil
			}
		}
	}
	for _, id := range b.State().dealIDs() {
		s := b.State() // as the deals resolved so far leave it
		d := s.findDeal(id)
		over := ended || (!d.UntilMet && passed > d.Deadline)
		if !d.Accepted {
			if over {
				b.pub(&pb.DealAnswered{Deal: u32(id), Lapsed: true})
			}
			continue
		}
		if t := d.standingBreach(s, bodies); t >= 0 {
			b.breach(d, t)
			continue
		}
		b.resolveTerms(d, over)
	}
}

// standingBreach returns the first standing term of d broken by the events,
// in the order they happened (-1: none). "if a player violates a standing
// agreement for any reason (including third-party interference)".
func (d *deal) standingBreach(s *state, bodies []*pb.Event) int {
	for _, e := range bodies {
		for t, term := range d.Terms {
			if standing(term.Kind) && s.violates(e, d, term) {
				return t
			}
		}
	}
	return -1
}

// resolveTerms honours, breaks or voids d on its terms that can be met, or
// leaves it open. The proposer's broken terms come first: its word is the
// one the Broker vouched for.
func (b *builder) resolveTerms(d *deal, over bool) {
	open, standingTerms, meetable := false, false, false
	broken := [2]int{-1, -1}
	for t, term := range d.Terms {
		if standing(term.Kind) {
			standingTerms = true
			continue
		}
		meetable = true
		switch d.settle(t, over) {
		case termOpen:
			open = true
		case termBroken:
			if o := obligor(term); broken[o] < 0 {
				broken[o] = t
			}
		}
	}
	switch {
	case broken[proposer] >= 0:
		b.breakDeal(d, broken[proposer])
	case broken[asked] >= 0:
		b.pub(&pb.DealVoided{Deal: u32(d.ID), Term: u32(broken[asked])})
	case open:
	case over, !standingTerms, d.UntilMet && meetable:
		// Every term met: standing terms are kept when the deadline passes,
		// or, until met, as soon as the others are met.
		b.pub(&pb.DealHonoured{Deal: u32(d.ID)})
	}
}

func (s *state) dealIDs() []int {
	var ids []int
	for _, d := range s.Deals {
		ids = append(ids, d.ID)
	}
	return ids
}

func (s *state) dealViews() []*pb.DealView {
	var out []*pb.DealView
	for _, d := range s.Deals {
		v := &pb.DealView{Deal: u32(d.ID), From: u32(d.From), To: u32(d.To), Broker: d.Broker,
			DeadlineDay: u32(d.Deadline), Terms: d.Terms, Accepted: d.Accepted,
			Paid: u32(d.Paid[proposer]), PaidByAsked: u32(d.Paid[asked]),
			Lent: u32(d.Lent[proposer]), LentByAsked: u32(d.Lent[asked])}
		if d.UntilMet {
			v.Deadline = pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET
		}
		for t := range d.Terms {
			v.Confirmations = append(v.Confirmations, u32(d.Kept[t]))
			v.DeclaredBroken = append(v.DeclaredBroken, u32(d.Declared[t]))
		}
		out = append(out, v)
	}
	return out
}

// dealAnswers lists the answers of seat to the proposals awaiting it.
func (s *state) dealAnswers(seat int) []*pb.Command {
	var out []*pb.Command
	for _, d := range s.Deals {
		if d.To == seat && !d.Accepted {
			out = append(out, cmd(&pb.AnswerDeal{Deal: u32(d.ID), Accept: true}), cmd(&pb.AnswerDeal{Deal: u32(d.ID)}))
		}
	}
	return out
}

// dealTemplates offers the awaited seat its answers to the proposals
// awaiting it, beside the decision the game waits for (ruling 82).
func (s *state) dealTemplates(seat int) []engine.Template {
	var out []engine.Template
	for _, c := range s.dealAnswers(seat) {
		x := c.GetAnswerDeal()
		from := strconv.Itoa(s.findDeal(int(x.Deal)).From)
		if x.Accept {
			out = append(out, engine.Template{Name: "accept-deal", Description: "accept the Broker's Word deal proposed by seat " + from, Command: c})
		} else {
			out = append(out, engine.Template{Name: "decline-deal", Description: "decline the Broker's Word deal proposed by seat " + from, Command: c})
		}
	}
	return out
}

// dealPrompts prompts every seat the game does not wait for that has a
// proposal to answer: it may act (MustAct false), the game goes on without
// it, and an unanswered proposal lapses at its deadline (ruling 82).
func (s *state) dealPrompts(awaited int) []engine.Prompt {
	var out []engine.Prompt
	for seat := range s.Players {
		if seat == awaited {
			continue
		}
		if legal := s.dealAnswers(seat); len(legal) > 0 {
			out = append(out, engine.Prompt{Seat: engine.Seat(seat), Reason: "answer-deal",
				Detail: "answer the Broker's Word deal proposed, or let it lapse", Legal: toMessages(legal)})
		}
	}
	return out
}

func toMessages(cs []*pb.Command) []proto.Message {
	out := make([]proto.Message, len(cs))
	for i, c := range cs {
		out[i] = c
	}
	return out
}
