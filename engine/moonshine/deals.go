package moonshine

import (
	"slices"
	"strconv"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The Broker's Word: binding deals staked with a Favor (rulings 81-88).
// ProposeDeal, AnswerDeal and ConfirmTerm are side commands (ruling 71):
// any seat may send them at any time, and they never move the pending
// decision. Every term binds the proposer, whose Favor vouches for it, to
// the seat asked. Resolution runs at the end of every decision (resolveDeals).

// Reason codes of the Broker's Word.
const (
	ReasonNoFavor      = "NO_FAVOR_TO_STAKE"
	ReasonFavorStaked  = "FAVOR_ALREADY_VOUCHING"
	ReasonBadDeal      = "BAD_DEAL"
	ReasonNoSuchDeal   = "NO_SUCH_DEAL"
	ReasonNotYourDeal  = "NOT_YOUR_DEAL"
	ReasonDealAnswered = "DEAL_ALREADY_ANSWERED"
	ReasonBadTerm      = "BAD_TERM"
)

// deal is an open Broker's Word deal, proposed or accepted.
type deal struct {
	ID, From, To int
	Broker       pb.Broker
	Deadline     int // the end of this Day
	Terms        []*pb.DealTerm
	Accepted     bool
	Paid         int   // cash From handed To since acceptance
	Confirms     []int // per term: bit 0 From, bit 1 To
}

func cloneDeals(ds []deal) []deal {
	out := slices.Clone(ds)
	for i := range out {
		out[i].Confirms = slices.Clone(out[i].Confirms)
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

func (b *builder) brokersWord(seat int, c *pb.Command) *engine.RuleError {
	s := b.s
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
		case dl < s.Day:
			return engine.Malform(ReasonBadDeal, "the deadline (Day %d) has passed", dl)
		case !s.Seats[seat].Favors[x.Broker]:
			// "To make a binding deal, a player must have at least one Favor Card."
			return engine.Refuse(ReasonNoFavor, "you hold no Favor of %s", x.Broker)
		case s.vouching(seat, x.Broker):
			// "Each Broker may only vouch for one deal at a time."
			return engine.Refuse(ReasonFavorStaked, "%s already vouches for a deal", x.Broker)
		}
		for _, t := range x.Terms {
			switch t.Kind {
			case pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH:
				if t.Amount == 0 {
					return engine.Malform(ReasonBadTerm, "a cash term needs an amount")
				}
			case pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK:
			case pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
				if t.Text == "" {
					return engine.Malform(ReasonBadTerm, "a free-text term needs words")
				}
			default:
				return engine.Malform(ReasonBadTerm, "unknown term kind %s", t.Kind)
			}
		}
		b.pub(&pb.DealProposed{Deal: u32(s.NextDeal), From: u32(seat), To: x.To, Broker: x.Broker,
			DeadlineDay: u32(dl), Terms: x.Terms})
	case *pb.Command_AnswerDeal:
		x := k.AnswerDeal
		d := s.findDeal(int(x.Deal))
		switch {
		case d == nil:
			return engine.Refuse(ReasonNoSuchDeal, "no open deal %d", x.Deal)
		case d.To != seat:
			return engine.Refuse(ReasonNotYourDeal, "deal %d asks seat %d", x.Deal, d.To)
		case d.Accepted:
			return engine.Refuse(ReasonDealAnswered, "deal %d is already accepted", x.Deal)
		}
		b.pub(&pb.DealAnswered{Deal: x.Deal, Accept: x.Accept})
	case *pb.Command_ConfirmTerm:
		x := k.ConfirmTerm
		d := s.findDeal(int(x.Deal))
		switch {
		case d == nil:
			return engine.Refuse(ReasonNoSuchDeal, "no open deal %d", x.Deal)
		case d.To != seat && d.From != seat:
			return engine.Refuse(ReasonNotYourDeal, "you are no party to deal %d", x.Deal)
		case !d.Accepted:
			return engine.Refuse(ReasonNotYourDeal, "deal %d awaits its answer", x.Deal)
		case int(x.Term) >= len(d.Terms) || d.Terms[x.Term].Kind != pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
			return engine.Malform(ReasonBadTerm, "term %d of deal %d is not a free-text term", x.Term, x.Deal)
		}
		b.pub(&pb.TermConfirmed{Deal: x.Deal, Term: x.Term, Seat: u32(seat)})
	}
	return nil
}

func partyBit(d *deal, seat int) int {
	if seat == d.From {
		return 1
	}
	return 2
}

func (s *state) applyDeal(e *pb.Event) bool {
	switch k := e.GetKind().(type) {
	case *pb.Event_DealProposed:
		x := k.DealProposed
		s.Deals = append(s.Deals, deal{ID: int(x.Deal), From: int(x.From), To: int(x.To), Broker: x.Broker,
			Deadline: int(x.DeadlineDay), Terms: x.Terms, Confirms: make([]int, len(x.Terms))})
		s.NextDeal = int(x.Deal) + 1
	case *pb.Event_DealAnswered:
		if k.DealAnswered.Accept {
			s.findDeal(int(k.DealAnswered.Deal)).Accepted = true
		} else {
			s.dropDeal(int(k.DealAnswered.Deal))
		}
	case *pb.Event_TermConfirmed:
		d := s.findDeal(int(k.TermConfirmed.Deal))
		d.Confirms[k.TermConfirmed.Term] |= partyBit(d, int(k.TermConfirmed.Seat))
	case *pb.Event_DealHonoured:
		s.dropDeal(int(k.DealHonoured.Deal))
	case *pb.Event_DealBroken:
		x := k.DealBroken
		s.dropDeal(int(x.Deal))
		p := &s.Seats[x.Seat]
		// "The owner must immediately discard the Favor Card and lose its
		// permanent Influence marker." The Favor goes back to the Broker,
		// still bought (never buyable again by that seat).
		p.Favors[x.Broker] = false
		switch {
		case x.NoMarker:
		case x.FromSlots:
			i := slices.Index(p.SlotOwners, int(x.Seat))
			p.SlotOwners = slices.Delete(p.SlotOwners, i, i+1)
			p.Influence--
		default:
			p.Stash--
			p.Influence--
		}
	case *pb.Event_CashGiven:
		// Counted before the cash event's own apply: see apply.
		for i := range s.Deals {
			d := &s.Deals[i]
			if d.Accepted && d.From == int(k.CashGiven.From) && d.To == int(k.CashGiven.To) {
				d.Paid += int(k.CashGiven.Amount)
			}
		}
		return false
	default:
		return false
	}
	return true
}

func (s *state) dropDeal(id int) {
	s.Deals = slices.DeleteFunc(s.Deals, func(d deal) bool { return d.ID == id })
}

// breakDeal emits DealBroken for term t of d, taking the lost marker from
// the owner's Stash, else its own slotted markers, else none.
func (b *builder) breakDeal(d *deal, t int) {
	p := &b.s.Seats[d.From]
	ev := &pb.DealBroken{Deal: u32(d.ID), Seat: u32(d.From), Broker: d.Broker, Term: u32(t)}
	switch {
	case p.Stash > 0:
	case slices.Contains(p.SlotOwners, d.From):
		ev.FromSlots = true
	default:
		ev.NoMarker = true
	}
	b.pub(ev)
}

// attacks reports whether ev is seat from starting or fighting a fight
// against seat to: a Move onto its turf, an Ambush of its Invaders, an
// Assault on its District.
func (s *state) attacks(ev *pb.Event, from, to int) bool {
	switch k := ev.GetKind().(type) {
	case *pb.Event_Moved:
		x := k.Moved
		if int(x.Seat) != from {
			return false
		}
		dd := s.dist(x.To)
		return dd.Occupier == to || dd.Mobs[to].mobsters() > 0 || (x.SafehouseTakenFrom != nil && int(*x.SafehouseTakenFrom) == to)
	case *pb.Event_CombatRound:
		x := k.CombatRound
		if x.Occupier == nil {
			return false
		}
		if x.Kind == pb.CombatKind_COMBAT_KIND_AMBUSH {
			return int(*x.Occupier) == from && int(x.Invader) == to
		}
		return int(x.Invader) == from && int(*x.Occupier) == to
	}
	return false
}

// resolveDeals runs after every decision over the events it built: standing
// terms broken, cash paid, confirmations, deadlines passed.
func (b *builder) resolveDeals(evs []engine.Event) {
	s := b.s
	passed := 0 // a Day that began: every deadline before it has passed
	var bodies []*pb.Event
	for _, ev := range evs {
		for _, body := range ev.Bodies() {
			if e, ok := body.(*pb.Event); ok {
				bodies = append(bodies, e)
				if d := e.GetDayStarted(); d != nil {
					passed = int(d.Day)
				}
			}
		}
	}
	for _, id := range s.dealIDs() {
		d := s.findDeal(id)
		if !d.Accepted {
			if passed > d.Deadline {
				b.pub(&pb.DealAnswered{Deal: u32(id), Lapsed: true})
			}
			continue
		}
		broken, met := -1, true
		for t, term := range d.Terms {
			switch term.Kind {
			case pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH:
				if d.Paid < int(term.Amount) {
					met = false
					if passed > d.Deadline && broken < 0 {
						broken = t
					}
				}
			case pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK:
				for _, e := range bodies {
					if s.attacks(e, d.From, d.To) && broken < 0 {
						broken = t
					}
				}
				if passed <= d.Deadline {
					met = false // a standing term is kept only when the deadline passes
				}
			case pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT:
				// Unconfirmed at the deadline, it is void: the engine
				// will not judge words.
				if d.Confirms[t] != 3 && passed <= d.Deadline {
					met = false
				}
			}
		}
		switch {
		case broken >= 0:
			b.breakDeal(d, broken)
		case met:
			b.pub(&pb.DealHonoured{Deal: u32(id)})
		}
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
			DeadlineDay: u32(d.Deadline), Terms: d.Terms, Accepted: d.Accepted, Paid: u32(d.Paid)}
		for _, c := range d.Confirms {
			v.Confirmations = append(v.Confirmations, u32(c))
		}
		out = append(out, v)
	}
	return out
}

// dealTemplates offers the seat asked its answers to the proposals awaiting it.
func (s *state) dealTemplates(seat int) []engine.Template {
	var out []engine.Template
	for _, d := range s.Deals {
		if d.To == seat && !d.Accepted {
			out = append(out,
				engine.Template{Name: "accept-deal", Description: "accept the Broker's Word deal proposed by seat " + strconv.Itoa(d.From),
					Command: cmd(&pb.AnswerDeal{Deal: u32(d.ID), Accept: true})},
				engine.Template{Name: "decline-deal", Description: "decline the Broker's Word deal proposed by seat " + strconv.Itoa(d.From),
					Command: cmd(&pb.AnswerDeal{Deal: u32(d.ID)})})
		}
	}
	return out
}
