package kingdom

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Reason codes of resignation refusals.
const (
	// ReasonResigned: the seat has resigned and sends nothing more.
	ReasonResigned = "RESIGNED"
	// ReasonRivalResigned: the command names a seat that has resigned
	// (cash, Influence or a deal for a mob no longer in the game).
	ReasonRivalResigned = "RIVAL_RESIGNED"
	// ReasonResignNotNow: the seat is part of a fight, a Police Raid or a
	// Push awaiting consent, which it must see through first.
	ReasonResignNotNow = "RESIGN_NOT_NOW"
)

// resign decides a seat's concession (house ruling, docs/rules): the mob
// is broken up and lays low for good; the game goes on for the others, or
// ends when one mob (Blood Oath after the Sit-Down: one Alliance) is left.
func (b *builder) resign(seat int) *engine.RuleError {
	s := b.State()
	if err := s.checkResign(seat); err != nil {
		return err
	}
	if b.Checking() {
		return nil
	}
	b.pub(s.resigned(seat))
	s = b.State()
	if s.Phase == pb.Phase_PHASE_OPERATIONS && !s.Seats[seat].LaidLow {
		b.layLow(seat)
		if s.Current == seat {
			b.passTurn()
		}
	}
	return nil
}

// checkResign refuses a concession while the seat is part of something
// under way that only it can settle: a fight, a Raid on it, a Push it
// proposed or must answer.
func (s *state) checkResign(seat int) *engine.RuleError {
	f, r, p := s.Fight, s.Raid, s.Proposal
	switch {
	case f != nil && (f.Invader == seat || f.Occupier == seat):
		return engine.Refuse(ReasonResignNotNow, "finish the fight in %s first", printed.Info(f.District).Name)
	case r != nil && (r.Target == seat || s.Current == seat):
		return engine.Refuse(ReasonResignNotNow, "the Police Raid must end first")
	case p != nil && (int(p.Rival) == seat || s.Current == seat):
		return engine.Refuse(ReasonResignNotNow, "the Push awaiting consent must be settled first")
	}
	return nil
}

// resigned builds the seat's Resigned event: the Districts its pieces
// leave and the deals it is party to.
func (s *state) resigned(seat int) *pb.Resigned {
	ev := &pb.Resigned{Seat: u32(seat)}
	for _, d := range printed.AllDistricts() {
		if s.dist(d).Mobs[seat].any() {
			ev.RemovedFrom = append(ev.RemovedFrom, d)
		}
	}
	for _, d := range s.Deals {
		if d.From == seat || d.To == seat {
			ev.VoidedDeals = append(ev.VoidedDeals, u32(d.ID))
		}
	}
	return ev
}

// applyResigned takes the mob off the board and its markers out of its
// slots, returns its Titles to the Supply (with no pieces on the board it
// meets no Title's conditions: "If a Title's conditions are no longer met
// by anyone, ... return it to the Supply") and voids its deals.
func (s *state) applyResigned(x *pb.Resigned) {
	seat := int(x.Seat)
	p := &s.Seats[seat]
	p.Resigned = true
	for i, h := range s.Deeds {
		if h == seat {
			s.Deeds[i] = none
		}
	}
	for i, h := range s.Syndicates {
		if h == seat {
			s.Syndicates[i] = none
		}
	}
	if s.WardBoss == seat {
		s.WardBoss = none
	}
	for _, d := range x.RemovedFrom {
		s.dist(d).Mobs[seat] = pieces{}
	}
	for i := range s.D {
		if s.D[i].Occupier == seat {
			s.D[i].Occupier = none
		}
	}
	for _, o := range p.SlotOwners {
		s.Seats[o].Stash++
	}
	p.SlotOwners = nil
	for _, id := range x.VoidedDeals {
		s.dropDeal(int(id))
	}
}

// refuseResigned refuses any command of a seat that resigned, and one
// that names a resigned seat as its counterparty.
func (s *state) refuseResigned(seat engine.Seat, c *pb.Command) *engine.RuleError {
	if s.Seats[seat].Resigned {
		return engine.Refuse(ReasonResigned, "%s has resigned", seat)
	}
	to := -1
	switch k := c.GetKind().(type) {
	case *pb.Command_GiveCash:
		to = int(k.GiveCash.GetTo())
	case *pb.Command_Lend:
		to = int(k.Lend.GetTo())
	case *pb.Command_ProposeDeal:
		to = int(k.ProposeDeal.GetTo())
	}
	if to >= 0 && to < s.Players && s.Seats[to].Resigned {
		return engine.Refuse(ReasonRivalResigned, "%s has resigned", engine.Seat(to))
	}
	return nil
}

// standIn plays for the resigned seats whenever the game waits for one,
// so that it never waits for them (house ruling): a resigned mob drafts
// the lowest Brew dice and dumps the mash, funds nothing, lays low, folds,
// takes the Fall and refuses every Push; then, when one mob or Alliance is
// left, the game ends in its favour.
func (b *builder) standIn() {
	for range maxStandIns {
		s := b.State()
		if s.outcome != nil {
			return
		}
		if b.forfeit() {
			return
		}
		seat, aw := s.awaited()
		if seat == none || !s.Seats[seat].Resigned {
			return
		}
		if b.dispatch(seat, s.standInFor(seat, aw)) != nil {
			return // no default fits: the prompt shows the wait (a bug the tests catch)
		}
	}
}

// maxStandIns bounds the stand-in turns of one decision: a Day has a few
// decisions per seat.
const maxStandIns = 64

// standInFor is the resigned seat's default for the decision awaited.
func (s *state) standInFor(seat int, aw pb.Awaiting) *pb.Command {
	switch aw {
	case pb.Awaiting_AWAITING_BREW_DRAFT:
		if len(s.Red) == 0 || len(s.White) == 0 {
			break
		}
		return cmd(&pb.BrewDraft{Red: u32(slices.Min(s.Red)), White: u32(slices.Min(s.White)), Dump: true})
	case pb.Awaiting_AWAITING_GREASE:
		return cmd(&pb.Fund{})
	case pb.Awaiting_AWAITING_PLAY:
		return cmd(&pb.LayLow{})
	case pb.Awaiting_AWAITING_BRIBE_OR_FALL:
		return cmd(&pb.BribeOrFall{})
	case pb.Awaiting_AWAITING_CONSENT:
		return cmd(&pb.Consent{})
	case pb.Awaiting_AWAITING_STANDOFF:
		return cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD})
	}
	if cs := s.candidates(seat, aw); len(cs) > 0 {
		for _, c := range cs {
			if (&builder{Decision: engine.NewCheck(s)}).dispatch(seat, c) == nil {
				return c
			}
		}
	}
	return cmd(&pb.LayLow{})
}

// forfeit ends the game when every mob but one has resigned, or after the
// Sit-Down every Alliance but one has lost both its mobs: those left win,
// a partner who resigned sharing its Alliance's win (the Alliance's
// Combined Respect counts both partners: "an Alliance must collectively
// possess ..."). The Capo di Tutti Capi is chosen as at any end.
func (b *builder) forfeit() bool {
	s := b.State()
	if !slices.ContainsFunc(s.Seats, func(p seat) bool { return p.Resigned }) {
		return false // the common case: nobody resigned
	}
	left := s.unresigned()
	switch {
	case len(left) == 0 || len(left) > 1 && s.Partner[left[0]] == none:
		return false
	case len(left) == 1 && s.Partner[left[0]] == none:
		ev := s.ended(left[0], nil)
		ev.Forfeit = true
		b.pub(ev)
		return true
	}
	team := s.Partner[left[0]]
	for _, seat := range left {
		if seat != left[0] && seat != team {
			return false
		}
	}
	capo, partner := left[0], team
	if d := s.respect(partner) - s.respect(capo); d > 0 || (d == 0 && s.bankroll(partner) > s.bankroll(capo)) {
		capo, partner = partner, capo
	}
	ev := s.ended(capo, optSeat(partner))
	ev.Forfeit = true
	b.pub(ev)
	return true
}

// unresigned returns the seats that have not resigned, in seat order.
func (s *state) unresigned() []int {
	var out []int
	for i := range s.Seats {
		if !s.Seats[i].Resigned {
			out = append(out, i)
		}
	}
	return out
}
