package strategy

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// nobody marks an empty seat reference.
const nobody = -1

// board reads one seat's view: whose pieces stand where, who Controls
// what, and the seat's own board.
type board struct {
	v       *pb.View
	me      int
	partner int
	// d holds the District views by District id (index 0 unused).
	d  [printed.NumDistricts + 1]*pb.DistrictView
	my *pb.SeatView
}

func newBoard(v *pb.View) *board {
	b := &board{v: v, me: int(v.GetYou()), partner: nobody}
	for _, d := range v.GetDistricts() {
		if id := int(d.GetDistrict()); id >= 1 && id <= printed.NumDistricts {
			b.d[id] = d
		}
	}
	for _, s := range v.GetSeats() {
		if int(s.GetSeat()) == b.me {
			b.my = s
		}
	}
	if ps := v.GetPartners(); b.me < len(ps) {
		b.partner = int(ps[b.me])
	}
	return b
}

// dist returns the view of District d (an empty one if the view lacks it).
func (b *board) dist(d pb.District) *pb.DistrictView {
	if x := b.d[d]; x != nil {
		return x
	}
	return &pb.DistrictView{District: d}
}

// force returns seat's pieces in d (nil: none).
func (b *board) force(d pb.District, seat int) *pb.ForceView {
	for _, f := range b.dist(d).GetForces() {
		if int(f.GetSeat()) == seat {
			return f
		}
	}
	return nil
}

// mobsters counts seat's Mobsters in d.
func (b *board) mobsters(d pb.District, seat int) int {
	f := b.force(d, seat)
	return int(f.GetRunners() + f.GetBosses())
}

// controller returns the seat Controlling d, or nobody.
func (b *board) controller(d pb.District) int {
	x := b.dist(d)
	if x.Controller == nil {
		return nobody
	}
	return int(x.GetController())
}

func (b *board) mine(d pb.District) bool { return b.controller(d) == b.me }

// rivalMobsters reports Mobsters of another seat in d.
func (b *board) rivalMobsters(d pb.District) bool {
	for _, f := range b.dist(d).GetForces() {
		if int(f.GetSeat()) != b.me && f.GetRunners()+f.GetBosses() > 0 {
			return true
		}
	}
	return false
}

// partnerHeld reports pieces of the seat's partner in d.
func (b *board) partnerHeld(d pb.District) bool {
	return b.partner != nobody && b.force(d, b.partner) != nil
}

// hostile reports Police or rival Mobsters in d.
func (b *board) hostile(d pb.District) bool { return b.dist(d).GetPrecinct() || b.rivalMobsters(d) }

// enterable reports whether a Move into d starts no fight and stays out of
// the partner's turf: the policy never stops where it may not end its Phase.
func (b *board) enterable(d pb.District) bool { return !b.hostile(d) && !b.partnerHeld(d) }

// barrels returns the barrels lying in d, by liquor.
func (b *board) barrels(d pb.District) [5]int {
	var out [5]int
	for _, x := range b.dist(d).GetBarrels() {
		if l := x.GetLiquor(); l > 0 && int(l) < len(out) {
			out[l] += int(x.GetCount())
		}
	}
	return out
}

func total(bar [5]int) int {
	n := 0
	for _, c := range bar {
		n += c
	}
	return n
}

// controlled lists the Districts seat Controls.
func (b *board) controlled(seat int) []pb.District {
	var out []pb.District
	for _, d := range printed.AllDistricts() {
		if b.controller(d) == seat {
			out = append(out, d)
		}
	}
	return out
}

// count counts the Districts seat Controls that match keep.
func (b *board) count(seat int, keep func(printed.DistrictInfo) bool) int {
	n := 0
	for _, d := range b.controlled(seat) {
		if keep(printed.Info(d)) {
			n++
		}
	}
	return n
}

// held counts the barrels of l (0: all) in the Districts the seat Controls.
func (b *board) held(l pb.Liquor) int {
	n := 0
	for _, d := range b.controlled(b.me) {
		bar := b.barrels(d)
		if l == 0 {
			n += total(bar)
		} else {
			n += bar[l]
		}
	}
	return n
}

// boroughs counts the Boroughs where the seat Controls a District.
func (b *board) boroughs() int {
	seen := map[pb.Borough]bool{}
	for _, d := range b.controlled(b.me) {
		seen[printed.Info(d).Borough] = true
	}
	return len(seen)
}

// onBoard counts the seat's Runners, Bosses and Safehouses on the board.
func (b *board) onBoard() (runners, bosses, safehouses int) {
	for _, d := range printed.AllDistricts() {
		if f := b.force(d, b.me); f != nil {
			runners += int(f.GetRunners())
			bosses += int(f.GetBosses())
			if f.GetSafehouse() {
				safehouses++
			}
		}
	}
	return
}

// titles counts the Deeds and Syndicates the seat holds and whether it is
// the Ward Boss.
func (b *board) titles() (deeds, syndicates int, ward bool) {
	for _, t := range b.v.GetTitles() {
		if t.Holder == nil || int(t.GetHolder()) != b.me {
			continue
		}
		switch t.GetTitle() {
		case pb.Title_TITLE_DEED:
			deeds++
		case pb.Title_TITLE_SYNDICATE:
			syndicates++
		case pb.Title_TITLE_WARD_BOSS:
			ward = true
		}
	}
	return
}

// heatOf counts seat's markers on the Heat Track.
func (b *board) heatOf(seat int) int {
	n := 0
	for _, o := range b.v.GetHeat() {
		if int(o) == seat {
			n++
		}
	}
	return n
}

// slots is how many markers the seat has slotted.
func (b *board) slots() int { return len(b.my.GetSlots()) }

// ownSlotted counts the seat's own markers among its slotted ones.
func (b *board) ownSlotted() int {
	n := 0
	for _, o := range b.my.GetSlots() {
		if int(o) == b.me {
			n++
		}
	}
	return n
}

// cash is the seat's cash.
func (b *board) cash() int { return int(b.my.GetCash()) }

// sitDown reports whether the Sit-Down has paired the seats.
func (b *board) sitDown() bool { return len(b.v.GetPartners()) > 0 }

// seatView returns seat's public view.
func (b *board) seatView(seat int) *pb.SeatView {
	for _, s := range b.v.GetSeats() {
		if int(s.GetSeat()) == seat {
			return s
		}
	}
	return nil
}

// hasFavor reports whether the seat holds a Broker's Favor.
func (b *board) hasFavor(br pb.Broker) bool { return slices.Contains(b.my.GetFavors(), br) }

// handLimit is the seat's Contract hand limit.
func (b *board) handLimit() int {
	return printed.HandLimit(b.hasFavor(pb.Broker_BROKER_TEXAS_GUINAN))
}

// completedTiers reports the tiers of the seat's completed Contracts.
func (b *board) completedTiers() map[pb.Tier]bool {
	out := map[pb.Tier]bool{}
	for _, c := range b.my.GetCompleted() {
		if card, ok := printed.Card(int(c)); ok {
			out[card.Tier] = true
		}
	}
	return out
}

// stakedTiers reports the tiers of the seat's staked Contracts.
func (b *board) stakedTiers() map[pb.Tier]bool {
	out := map[pb.Tier]bool{}
	for _, k := range b.my.GetStaked() {
		if card, ok := printed.Card(int(k.GetCard())); ok {
			out[card.Tier] = true
		}
	}
	return out
}
