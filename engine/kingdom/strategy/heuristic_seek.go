package strategy

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// seek walks a spare Runner towards the open District (no rival Mobsters,
// no Police) worth most to the race: one whose taking wins the seat a
// Title, or costs a rival close to the win one. The Runner takes the
// nearest of the seat's spare Runners' shortest ways there, over the
// seat's own Districts and open ones, or through a Police District
// ("You may freely Move into a Police District"; the Pinned Runner then
// Advances "to a safe connected District": pinnedToWin).
func (d *decider) seek() *pb.Command {
	b := d.b
	if !d.offers("move") {
		return nil
	}
	var best *pb.Move
	bestScore := 0.0
	for _, t := range printed.AllDistricts() {
		if b.mine(t) || !b.enterable(t) {
			continue
		}
		v := d.strikeValue(t)
		if v <= 0 {
			continue
		}
		from, to, steps := b.nearestSpare(t)
		if from == 0 {
			continue
		}
		if s := v / float64(steps); s > bestScore {
			bestScore = s
			best = &pb.Move{From: from, To: to, Runners: 1}
			if rivalSafehouse(b.dist(to), b.me) && b.my.GetSafehouseSupply() > 0 {
				best.Commandeer = true
			}
		}
	}
	if best == nil {
		return nil
	}
	return commands.Wrap(best)
}

// spareRunners is how many Runners of the seat's may leave d and still
// leave it held (a Safehouse or a Boss holds it; else one Runner stays).
func (b *board) spareRunners(d pb.District) int {
	f := b.force(d, b.me)
	if f == nil || f.GetPinned() {
		return 0
	}
	n := int(f.GetRunners())
	if !f.GetSafehouse() && f.GetBosses() == 0 {
		n--
	}
	return max(0, n)
}

// nearestSpare finds the seat's District with a spare Runner nearest to t
// over open ground (the seat's Districts, those enterable and Police
// Districts without rival Mobsters to pass through), and returns
// it, the first step of its way to t and the number of steps (from 0: no
// such District).
func (b *board) nearestSpare(t pb.District) (from, step pb.District, steps int) {
	var dist [printed.NumDistricts + 1]int
	var next [printed.NumDistricts + 1]pb.District
	dist[t] = 1
	queue := []pb.District{t}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, n := range printed.Neighbours(at) {
			if dist[n] != 0 || !(b.mine(n) || b.enterable(n) || b.policeOnly(n)) {
				continue
			}
			dist[n], next[n] = dist[at]+1, at
			if b.mine(n) && b.spareRunners(n) > 0 {
				return n, at, dist[at]
			}
			queue = append(queue, n)
		}
	}
	return 0, 0, 0
}

// policeOnly reports Police Turf without rival Mobsters: a District to
// walk through, Pinned, to the open District beyond.
func (b *board) policeOnly(d pb.District) bool {
	return b.dist(d).GetPrecinct() && !b.rivalMobsters(d) && !b.partnerHeld(d)
}

// pinnedToWin Storms the Precinct where a crew worth it is Pinned (storm
// sent it), else Advances a Runner Pinned in Police Turf to the open
// District beyond worth most to the race (seek sent it through);
// otherwise it is pinned's choice.
func (d *decider) pinnedToWin() *pb.Command {
	b := d.b
	if f := b.v.GetFight(); b.dist(f.GetDistrict()).GetPrecinct() {
		if d.stormWorth(f.GetDistrict()) {
			if c := d.legal(func(c *pb.Command) bool { return c.GetStorm() != nil }); c != nil {
				return c
			}
		}
		if c := d.best(func(c *pb.Command) (float64, bool) {
			x := c.GetAdvance()
			if x == nil || len(x.GetBarrels()) > 0 || b.mine(x.GetTo()) || !b.enterable(x.GetTo()) {
				return 0, false
			}
			return d.strikeValue(x.GetTo()), true
		}, 0); c != nil {
			return c
		}
	}
	return d.pinned()
}

// stormCrew is the least crew the heuristic Storms a Precinct with: five
// Mobsters roll three dice, and "You need 2+ Hits to break their lines".
const stormCrew = 5

// stormWorth reports that the seat's Mobsters in Police District t are
// enough to Storm it (stormCrew, a Boss among them for the Boss Bonus) and
// that taking it is worth something to the race.
func (d *decider) stormWorth(t pb.District) bool {
	f := d.b.force(t, d.b.me)
	return int(f.GetRunners()+f.GetBosses()) >= stormCrew && f.GetBosses() > 0 && d.strikeValue(t) > 0
}

// storm sends a crew of stormCrew or more, a Boss among them, into a
// Police District next door whose taking is worth most to the race: the
// Pinned crew then Storms the Precinct (pinnedToWin). The police "raid"
// nobody for it and a destroyed Precinct returns only after a Raid, so a
// High Society District, its Joint and its Favor, stays open to the seat.
func (d *decider) storm() *pb.Command {
	b := d.b
	if !d.offers("move") || b.slots() < 2 || b.side(b.me).need() == 0 {
		return nil
	}
	var best *pb.Move
	bestValue := 0.0
	for _, from := range printed.AllDistricts() {
		f := b.force(from, b.me)
		if f == nil || f.GetPinned() || f.GetBosses() == 0 {
			continue
		}
		keep := 0
		if !f.GetSafehouse() {
			keep = 1
		}
		runners := int(f.GetRunners()) - keep
		if runners < 0 || runners+int(f.GetBosses()) < stormCrew {
			continue
		}
		for _, to := range printed.Neighbours(from) {
			if !b.policeOnly(to) {
				continue
			}
			if v := d.strikeValue(to); v > bestValue {
				bestValue = v
				best = &pb.Move{From: from, To: to, Runners: uint32(runners), Bosses: f.GetBosses()}
			}
		}
	}
	if best == nil {
		return nil
	}
	return commands.Wrap(best)
}
