package boozebarons

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// What the heuristic expects an action to be worth, in Coins for its Mob
// (End of Game: "+1 Coin for each Delivery card acquired", "+2 Coins for
// each Movement card", and "Exposing a player and taking their Movement
// card gives you two more coins and takes those two coins from them").
const (
	deliverWorth = 1.0
	// stealWorth: the card is a Coin for the thief and one fewer for a
	// seat that is probably of another Mob.
	stealWorth = 1.3
	// exposeWorth: two Coins gained, two taken from another Mob.
	exposeWorth = 4.0
	// casinoWorth: three cards, each showing a given type one time in three.
	casinoWorth = 0.9
	// docksWorth: up to two cards for the seat chosen, if it is a teammate.
	docksWorth = 1.6
	// cavesWorth: what the River Caves' shelter is worth to a seat whose
	// type the table can narrow to one (divided by the number of types
	// left to it).
	cavesWorth = 2.4
	// jitter is the most random noise added to a value, so that ties break
	// at random and the heuristic's seats are not predictable.
	jitter = 0.25
)

// heuristic is Booze Barons' goal-aware policy for one seat: the easy bot's
// play and the search's default policy. It pursues the printed scoring:
// deliveries and steals for Coins, Exposes of other Mobs for their
// Movement cards, the River Caves when its own type is easy to tell, and
// no Expose of its own Mob. It reads of the state only what its seat may
// know: its own Booze card, where everyone stands, the cards waiting at the
// Locations, the cards each seat holds (every one was taken face-up, in
// public), the Exposed seats' cards and the deck's size; what each other
// seat may be comes from suspects.
type heuristic struct {
	s    *State
	seat int
	me   *seatState
	mob  typeMask // the seat's own Mob
	// suspects returns the types a seat may have, as this seat can tell.
	suspects func(seat int) typeMask
	r        *engine.Rand
}

// newHeuristic returns the heuristic of seat in s. suspects nil: what the
// table shows now (the cards each seat holds and the Exposed ones).
func newHeuristic(s *State, seat int, suspects func(int) typeMask, r *engine.Rand) heuristic {
	h := heuristic{s: s, seat: seat, me: &s.seats[seat], r: r}
	h.mob = mobMask(printed.MobOf(h.me.booze))
	h.suspects = suspects
	if suspects == nil {
		h.suspects = h.shown
	}
	return h
}

// shown is what the table shows of seat t's type: each card it holds shows
// it, and no card another seat has been seen to hold is its.
func (h heuristic) shown(t int) typeMask {
	p := &h.s.seats[t]
	if p.exposed || t == h.seat {
		return typeBit(p.booze)
	}
	m := allTypes &^ typeBit(h.me.booze)
	for i, q := range h.s.seats {
		if q.exposed && i != t {
			m &^= typeBit(q.booze)
		}
	}
	for _, id := range p.faceUp {
		m &= faceMask(id)
	}
	for _, id := range p.faceDown {
		m &= faceMask(id)
	}
	return m
}

// act returns the seat's command in the Action Phase.
func (h heuristic) act() *pb.Command {
	if h.s.pend.kind != pb.PendingKind_PENDING_KIND_UNSPECIFIED {
		return h.finish()
	}
	return h.turn()
}

// plan is an action the heuristic may take, built into a command only
// once chosen.
type plan struct {
	kind   planKind
	arg    int32 // the card or the target seat
	target bool  // an Event with a target seat
}

type planKind int

const (
	planPass planKind = iota
	planDeliver
	planTail
	planEvent
)

// command builds the plan's command without reflection (a playout builds
// one per step).
func (p plan) command() *pb.Command {
	switch p.kind {
	case planDeliver:
		return &pb.Command{Kind: &pb.Command_Deliver{Deliver: &pb.Deliver{CardId: p.arg}}}
	case planTail:
		return &pb.Command{Kind: &pb.Command_Tail{Tail: &pb.Tail{Target: p.arg}}}
	case planEvent:
		e := &pb.TriggerEvent{}
		if p.target {
			e.Target = proto.Int32(p.arg)
		}
		return &pb.Command{Kind: &pb.Command_TriggerEvent{TriggerEvent: e}}
	}
	return &pb.Command{Kind: &pb.Command_Pass{Pass: &pb.Pass{}}}
}

// choice is the best plan found so far and its value.
type choice struct {
	plan  plan
	value float64
}

func (h heuristic) offer(c *choice, p plan, v float64) {
	if v <= 0 {
		return
	}
	if v += h.noise(); v > c.value {
		c.plan, c.value = p, v
	}
}

// noise is a random value in [0, jitter).
func (h heuristic) noise() float64 { return jitter * float64(h.r.IntN(1024)) / 1024 }

// turn picks the seat's action: DELIVER, TAIL, EVENT or PASS.
func (h heuristic) turn() *pb.Command {
	best := choice{plan: plan{kind: planPass}, value: jitter}
	here := h.me.location
	if id, ok := h.matchingAt(here); ok {
		h.offer(&best, plan{kind: planDeliver, arg: id}, deliverWorth)
	}
	for t := range h.s.players {
		if t != h.seat && h.s.seats[t].location == here {
			h.offer(&best, plan{kind: planTail, arg: int32(t)}, h.tailWorth(t))
		}
	}
	switch here {
	case casino:
		if len(h.s.deck) > 0 {
			h.offer(&best, plan{kind: planEvent}, casinoWorth)
		}
	case pete:
		for _, t := range []int{h.s.left(h.seat), h.s.right(h.seat)} {
			h.offer(&best, plan{kind: planEvent, arg: int32(t), target: true}, h.peteWorth(t))
		}
	case officers, curtain:
		if t := h.s.eventTailTarget(h.seat, here); h.s.seats[t].location != caves {
			h.offer(&best, plan{kind: planEvent}, h.tailWorth(t))
		}
	case docks:
		if t, p := h.likeliestTeammate(); t >= 0 {
			worth := docksWorth * p
			if h.s.opts.GetDocksSide() == pb.Side_SIDE_B {
				worth = 0.3 * p
			}
			h.offer(&best, plan{kind: planEvent, arg: int32(t), target: true}, worth)
		}
	}
	return best.plan.command()
}

// finish completes the multi-step action under way.
func (h heuristic) finish() *pb.Command {
	s := h.s
	switch s.pend.kind {
	case pb.PendingKind_PENDING_KIND_TAIL, pb.PendingKind_PENDING_KIND_SEEDY_PETES:
		t := s.pend.target
		id, canSteal := h.stealable(t)
		if s.pend.kind == pb.PendingKind_PENDING_KIND_TAIL && !s.seats[t].exposed {
			if worth, guess := h.exposeWorth(t); worth > 0 && (!canSteal || worth >= stealWorth) {
				return &pb.Command{Kind: &pb.Command_Expose{Expose: &pb.Expose{Guess: guess}}}
			}
		}
		if canSteal {
			return &pb.Command{Kind: &pb.Command_Steal{Steal: &pb.Steal{CardId: id}}}
		}
		return &pb.Command{Kind: &pb.Command_Decline{Decline: &pb.Decline{}}}
	case pb.PendingKind_PENDING_KIND_CASINO:
		var keep []int32
		for _, id := range s.pend.casino {
			if printed.Deck[id].Shows(h.me.booze) {
				keep = append(keep, id)
			}
		}
		return &pb.Command{Kind: &pb.Command_CasinoKeep{CasinoKeep: &pb.CasinoKeep{CardIds: keep}}}
	case pb.PendingKind_PENDING_KIND_DOCKS:
		var take []int32
		for _, l := range printed.Locations {
			for _, id := range sortedIDs(s.at[l]) {
				if len(take) < printed.DocksCollectMax && printed.Deck[id].Shows(h.me.booze) {
					take = append(take, id)
				}
			}
		}
		return &pb.Command{Kind: &pb.Command_DocksCollect{DocksCollect: &pb.DocksCollect{CardIds: sortedIDs(take)}}}
	}
	return nil
}

// choose is move as a command.
func (h heuristic) choose() *pb.Command {
	return &pb.Command{Kind: &pb.Command_ChooseMovement{ChooseMovement: &pb.ChooseMovement{Location: h.move()}}}
}

// move picks the Location to visit: the best action it expects there,
// plus the River Caves' shelter.
func (h heuristic) move() pb.Location {
	var best pb.Location
	bestValue := -1.0
	for _, l := range printed.Locations {
		if !h.me.hand[l] {
			continue
		}
		v := h.placeWorth(l) + h.noise()
		if v > bestValue {
			best, bestValue = l, v
		}
	}
	return best
}

// placeWorth is what the seat expects of a Location it may move to.
func (h heuristic) placeWorth(l pb.Location) float64 {
	v := 0.0
	if _, ok := h.matchingAt(l); ok {
		v = deliverWorth
	}
	switch l {
	case casino:
		if len(h.s.deck) > 0 {
			v = max(v, casinoWorth)
		}
	case pete:
		v = max(v, h.peteWorth(h.s.left(h.seat)), h.peteWorth(h.s.right(h.seat)))
	case officers, curtain:
		// The neighbour may go to the River Caves, one Location in six.
		v = max(v, 5.0/6*h.tailWorth(h.s.eventTailTarget(h.seat, l)))
	case docks:
		if _, p := h.likeliestTeammate(); h.s.opts.GetDocksSide() != pb.Side_SIDE_B {
			v = max(v, docksWorth*p)
		}
	case caves:
		if !h.me.exposed {
			v += cavesWorth / float64(max(1, h.shownToOthers().count()))
		}
	}
	return v
}

// shownToOthers is what the others can tell of the seat's own type.
func (h heuristic) shownToOthers() typeMask {
	m := allTypes
	for i, q := range h.s.seats {
		if q.exposed && i != h.seat {
			m &^= typeBit(q.booze)
		}
	}
	for _, id := range h.me.faceUp {
		m &= faceMask(id)
	}
	for _, id := range h.me.faceDown {
		m &= faceMask(id)
	}
	return m
}
