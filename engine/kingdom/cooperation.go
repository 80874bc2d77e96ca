package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Cooperation: "Pulling the Strings" (lending Influence markers) and the
// Push trade made with a rival's permission ("Deals on the Side").

// Reason codes of cooperation.
const (
	ReasonNotOperations = "NOT_DURING_OPERATIONS"
	ReasonBadLend       = "BAD_LEND"
	ReasonPlayPending   = "PLAY_IN_PROGRESS"
	ReasonBadHeatOwner  = "BAD_HEAT_OWNER"
	ReasonBadTrade      = "BAD_TRADE"
)

// lend: "At any time during Operations, you may move Influence markers from
// your Operations to a rival's Operations (up to their 5 marker cap). This is
// not a Play and does not end your turn." Only the lender's own markers move
// (ruling 74).
func (b *builder) lend(seat int, x *pb.Lend) *engine.RuleError {
	s := b.State()
	switch {
	case s.Phase != pb.Phase_PHASE_OPERATIONS && !s.partners(seat, int(x.To)):
		return engine.Refuse(ReasonNotOperations, "markers are lent during Operations")
	case int(x.To) >= s.Players || int(x.To) == seat || x.Markers == 0:
		return engine.Malform(ReasonBadLend, "lend at least one marker to another seat")
	case s.Seats[x.To].LaidLow:
		return engine.Refuse(ReasonLaidLow, "seat %d has laid low for the Day", x.To)
	case seat == s.Current && (s.Fight != nil || s.Proposal != nil):
		return engine.Refuse(ReasonPlayPending, "your markers are committed to the Play in progress")
	}
	own := 0
	for _, o := range s.Seats[seat].SlotOwners {
		if o == seat {
			own++
		}
	}
	if int(x.Markers) > own {
		return engine.Refuse(ReasonNotEnoughInfluence, "you have %d markers of your own slotted", own)
	}
	if len(s.Seats[x.To].SlotOwners)+int(x.Markers) > printed.Slots {
		return engine.Refuse(ReasonSlotsFull, "seat %d has room for %d", x.To, printed.Slots-len(s.Seats[x.To].SlotOwners))
	}
	// Lending the last slotted marker leaves no Influence to move guests out
	// of the partner's Districts before the Phase ends (ruling 78).
	if s.Phase == pb.Phase_PHASE_OPERATIONS && !s.Seats[seat].LaidLow {
		if err := s.checkLastPlay(seat, len(s.Seats[seat].SlotOwners)-int(x.Markers), func() []pb.District { return s.guests(seat) }); err != nil {
			return err
		}
	}
	if b.Checking() {
		return nil
	}
	b.pub(&pb.InfluenceLent{From: u32(seat), To: x.To, Markers: x.Markers})
	return nil
}

// applyLent moves the lent markers and tallies them in the deals between
// the two seats.
func (s *state) applyLent(x *pb.InfluenceLent) {
	s.tally(int(x.From), int(x.To), int(x.Markers), func(d *deal) *[2]int { return &d.Lent })
	from := &s.Seats[x.From]
	for range x.Markers {
		i := slices.Index(from.SlotOwners, int(x.From))
		from.SlotOwners = slices.Delete(from.SlotOwners, i, i+1)
	}
	to := &s.Seats[x.To]
	for range x.Markers {
		to.SlotOwners = append(to.SlotOwners, int(x.From))
	}
}

func (s *state) applyHeatDrawn(x *pb.HeatDrawn) {
	s.Bloodshed = false
	switch {
	case x.NoMarker:
		return
	case x.FromSlots:
		p := &s.Seats[x.Seat]
		i := slices.Index(p.SlotOwners, int(x.Owner))
		p.SlotOwners = slices.Delete(p.SlotOwners, i, i+1)
	default:
		s.Seats[x.Owner].Stash--
	}
	s.Heat = append(s.Heat, int(x.Owner))
}

// spentOwners returns the owners of the markers a Play of cost would spend.
func (s *state) spentOwners(seat, cost int) []int {
	slots := s.Seats[seat].SlotOwners
	return slots[len(slots)-cost:]
}

// checkHeatOwner checks an Unloader's choice: "If this Unload was paid for
// with two different players' markers, you choose which spent marker goes to
// the Heat Track."
func (s *state) checkHeatOwner(seat int, owner *uint32) *engine.RuleError {
	if owner != nil && !slices.Contains(s.spentOwners(seat, 2), int(*owner)) {
		return engine.Refuse(ReasonBadHeatOwner, "the marker on the Heat Track must be one the Unload spends")
	}
	return nil
}

// proposePush asks the rival's permission: "To swap barrels with a rival,
// use a single Push action — with their permission, you can shift any
// barrels either way between your District and a Connected one, clearing
// the whole trade in one Action with no return turn needed." The Play waits
// for the rival (AWAITING_CONSENT); nothing is spent until it agrees.
func (b *builder) proposePush(seat, rival int, x *pb.Push) {
	b.pub(&pb.PushProposed{Seat: u32(seat), Rival: u32(rival), Push: x})
}

// consent answers a Push proposal. A refusal costs the pusher nothing: its
// turn goes on (ruling 76).
func (b *builder) consent(seat int, x *pb.Consent) *engine.RuleError {
	p := b.State().Proposal
	if b.Checking() {
		return nil
	}
	b.pub(&pb.ConsentGiven{Seat: u32(seat), Accept: x.Accept})
	if !x.Accept {
		return nil
	}
	push := p.Push
	pusher := int(p.Seat)
	moved, _, _ := parseBarrels(push.Barrels)
	back, _, _ := parseBarrels(push.Back)
	b.spend(pusher, 1, false)
	b.pub(&pb.Pushed{Seat: p.Seat, From: push.From, To: push.To, Barrels: barrelsList(moved), Back: barrelsList(back)})
	b.finishPlay()
	return nil
}
