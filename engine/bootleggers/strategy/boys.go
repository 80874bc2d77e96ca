package strategy

import (
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 2 (kept cards, then the boys) and Phase 3.

// neutral is the neutral colour's index in a tally.
const neutral = printed.Colours

// tally is the markers at one speakeasy by colour: the seats, then the
// neutral colour.
type tally [printed.Colours + 1]int

func tallyOf(pv *pb.PlaceView) *tally {
	t := &tally{}
	for _, c := range pv.GetMarkers() {
		k := neutral
		if !c.GetColour().GetNeutral() {
			k = int(c.GetColour().GetSeat())
		}
		if k >= 0 && k <= neutral {
			t[k] = int(c.GetMarkers())
		}
	}
	return t
}

func (t *tally) sum() int {
	n := 0
	for _, m := range t {
		n += m
	}
	return n
}

// majority returns the colour with most markers, ties to the higher Muscle
// card of the round, the neutral colour losing every tie (rulings 4, 11).
func (b *board) majority(t *tally) (int, bool) {
	best, most := 0, 0
	for c, m := range t {
		if m == 0 {
			continue
		}
		if m > most || m == most && b.beats(c, best) {
			best, most = c, m
		}
	}
	return best, most > 0
}

// beats reports whether colour a wins a tie against colour b.
func (b *board) beats(a, c int) bool {
	switch {
	case a == neutral:
		return false
	case c == neutral:
		return true
	}
	return b.v.GetSeats()[a].GetMuscle() > b.v.GetSeats()[c].GetMuscle()
}

// value is what speakeasy pv with markers t is worth to seat a round: its
// share of the sales by its tier, and the owner's bonus (rulings 11-12,
// 42, 44); a closed speakeasy is worth a part of what it would be, by how
// near it is to opening.
func (b *board) value(pv *pb.PlaceView, t *tally, seat int) float64 {
	demand := b.demandIfOpen(pv)
	open := 1.0
	if n := t.sum(); n < int(pv.GetMinimum()) {
		open = 0.3 * float64(n) / float64(pv.GetMinimum())
	}
	m, ok := b.majority(t)
	share := 0.2
	switch {
	case b.ownsCasino(seat):
		share = 0 // he runs no truck: only an owner's bonus pays him
	case ok && m == seat:
		share = 1
	case t[seat] > 0:
		share = 0.45
	}
	v := demand * float64(pv.GetPrice()) * share * 0.5
	if ok && m == seat && b.owns(t, seat) {
		v += demand * float64(pv.GetOwnerBonus())
	}
	return v * open
}

// owns reports whether the majority holder seat owns with tally t.
func (b *board) owns(t *tally, seat int) bool {
	others := t.sum() - t[seat]
	if b.v.GetOptions().GetOwnerThreshold() == pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY {
		return t[seat] > others
	}
	return t[seat] >= others
}

// sendIn plays a Phase 2 card worth playing, else sends the boys in.
func (d *decider) sendIn() *pb.Command {
	if d.style != Random {
		if c := d.best(d.phase2Card, 2); c != nil {
			return c
		}
		if c := d.casinoCard(); c != nil {
			return c
		}
		if c := d.redevelop(); c != nil {
			return c
		}
	}
	return d.placements()
}

// phase2Card scores a listed Phase 2 card play.
func (d *decider) phase2Card(c *pb.Command) (float64, bool) {
	p := c.GetPlayCard()
	if p == nil {
		return 0, false
	}
	b := d.b
	switch e := p.Effect.(type) {
	case *pb.PlayCard_PayOffTheCopper:
		return 10, true
	case *pb.PlayCard_Hit:
		pv := b.place(e.Hit.GetPlace())
		before := tallyOf(pv)
		after := tallyOf(pv)
		harm := 0.0
		for _, v := range e.Hit.GetVictims() {
			k := neutral
			if !v.GetNeutral() {
				k = int(v.GetSeat())
			}
			if k < 0 || k > neutral {
				return 0, false
			}
			after[k]--
			if k != neutral && k == b.leader() {
				harm += 0.5
			}
		}
		return b.value(pv, after, b.me) - b.value(pv, before, b.me) + harm + 0.1*float64(b.round-9), true
	case *pb.PlayCard_Shutdown:
		sv := b.v.GetSeats()[e.Shutdown.GetSeat()]
		n := sv.GetStills()[e.Shutdown.GetStill()].GetDice()
		score := float64(n) - 1
		if int(e.Shutdown.GetSeat()) == b.leader() {
			score += 0.5
		}
		return score + 0.2*float64(b.round-9), true
	}
	return 0, false
}

// placements sends the Back Room's markers in, one at a time, each where
// it adds most to the seat's worth; with Ring up the Boys it first moves a
// marker that is worth more elsewhere.
func (d *decider) placements() *pb.Command {
	if d.style == OMalleysOnly {
		return d.listed(func(c *pb.Command) bool {
			s := c.GetSendInTheBoys()
			return s != nil && len(s.GetPlacements()) == 0 && s.GetRedevelop() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED
		})
	}
	return d.placementsAfter(pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED)
}

// placementsAfter is placements once speakeasy re (unless unspecified) is
// redeveloped: re takes no marker, and the seat's markers there come home
// to be sent in ("The new Casino owner moves his Influence from the
// Speakeasy being redeveloped to his Back Room." and "may optionally place
// Influence according to the Bootleggers rules").
func (d *decider) placementsAfter(re pb.DrinkingPlace) *pb.Command {
	b := d.b
	back := int(b.my.GetBackRoom())
	tallies := map[pb.DrinkingPlace]*tally{}
	for _, pv := range b.speakeasies() {
		if pv.GetPlace() == re {
			back += markers(pv, b.me)
			continue
		}
		tallies[pv.GetPlace()] = tallyOf(pv)
	}
	cmd := &pb.SendInTheBoys{Redevelop: re}
	if re != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		b.owner = true
		defer func() { b.owner = false }()
	}
	if b.v.GetOptions().GetRingUpTheBoys() && !b.my.GetRangUp() {
		if from, ok := d.ringUp(tallies); ok {
			cmd.RingUpFrom = from
			tallies[from][b.me]--
			back++
		}
	}
	placed := map[pb.DrinkingPlace]int{}
	for range back {
		p, gain := d.bestMarker(tallies)
		if p == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || gain <= 0 && b.v.GetOptions().GetMusclingIn() && d.style != InfluenceFirst {
			break
		}
		tallies[p][b.me]++
		placed[p]++
	}
	for _, pv := range b.speakeasies() {
		if n := placed[pv.GetPlace()]; n > 0 {
			cmd.Placements = append(cmd.Placements, &pb.Placement{Place: pv.GetPlace(), Markers: int32(n)})
		}
	}
	if cmd.RingUpFrom != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED && len(cmd.Placements) == 0 {
		cmd.RingUpFrom = pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED
	}
	return &pb.Command{Kind: &pb.Command_SendInTheBoys{SendInTheBoys: cmd}}
}

// bestMarker returns the speakeasy where one more marker adds most.
func (d *decider) bestMarker(tallies map[pb.DrinkingPlace]*tally) (pb.DrinkingPlace, float64) {
	b := d.b
	best, gain := pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED, -1.0
	for _, pv := range b.speakeasies() {
		t := tallies[pv.GetPlace()]
		if t == nil || t.sum() >= int(pv.GetCircles()) {
			continue
		}
		before := b.value(pv, t, b.me)
		t[b.me]++
		g := b.value(pv, t, b.me) - before
		t[b.me]--
		if g > gain {
			best, gain = pv.GetPlace(), g
		}
	}
	return best, gain
}

// ringUp returns a speakeasy to call a marker back from: one where the
// marker is worth least, that does not close by it (ruling 67).
func (d *decider) ringUp(tallies map[pb.DrinkingPlace]*tally) (pb.DrinkingPlace, bool) {
	b := d.b
	best, loss := pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED, 0.5
	for _, pv := range b.speakeasies() {
		t := tallies[pv.GetPlace()]
		if t == nil || t[b.me] == 0 || pv.GetOpen() && t.sum()-1 < int(pv.GetMinimum()) {
			continue
		}
		before := b.value(pv, t, b.me)
		t[b.me]--
		l := before - b.value(pv, t, b.me)
		t[b.me]++
		if l < loss {
			best, loss = pv.GetPlace(), l
		}
	}
	if best == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		return best, false
	}
	t := tallies[best]
	t[b.me]--
	_, gain := d.bestMarker(tallies)
	t[b.me]++
	return best, gain > loss+1
}

// fireUp plays it cool when 3 a die fills its trucks anyway.
func (d *decider) fireUp() *pb.Command {
	cool := 3*dice(d.b.my) >= d.b.capacity(d.b.me)
	return d.listed(func(c *pb.Command) bool {
		return c.GetFireUpTheStill() != nil && c.GetFireUpTheStill().GetPlayItCool() == cool
	})
}
