package strategy

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The heuristic's war: Titles are won and lost at the Reckoning by "the
// most Districts or Joints of that type (minimum 2). If there is a tie, the
// Title returns to the Supply", so a single District taken from a rival
// can win the seat a Title, or cost a rival close to the win one.

// swing is what taking District t from its controller does to the
// Titles, as the next Reckoning would count them: the Respect of the
// Titles the seat would win, and the Respect each other seat would lose.
type swing struct {
	gain int
	lost map[int]int
}

// swingOf reads the swing of the seat taking District t.
func (b *board) swingOf(t pb.District) swing {
	sw := swing{lost: map[int]int{}}
	owner := b.controller(t)
	for _, ti := range b.v.GetTitles() {
		keep, worth := titleRule(ti)
		if keep == nil || !keep(printed.Info(t)) {
			continue
		}
		counts := make([]int, b.v.GetPlayers())
		for seat := range counts {
			counts[seat] = b.count(seat, keep)
		}
		before := printed.TitleHolder(counts)
		if owner != nobody && owner < len(counts) {
			counts[owner]--
		}
		counts[b.me]++
		after := printed.TitleHolder(counts)
		if after == b.me && before != b.me {
			sw.gain += worth
		}
		if before != nobody && before != after && before != b.me {
			sw.lost[before] += worth
		}
	}
	return sw
}

// titleRule returns the Districts a Title counts and its Respect ("Boroughs
// are worth 3 Respect, except Staten Island at 2"; a Syndicate "2 Respect";
// the Ward Boss 3).
func titleRule(ti *pb.TitleView) (func(printed.DistrictInfo) bool, int) {
	switch ti.GetTitle() {
	case pb.Title_TITLE_DEED:
		bo := ti.GetBorough()
		return func(d printed.DistrictInfo) bool { return d.Borough == bo }, printed.BoroughOf(bo).Respect
	case pb.Title_TITLE_SYNDICATE:
		return printed.Pours(ti.GetLiquor()), 2
	case pb.Title_TITLE_WARD_BOSS:
		return isGhetto, printed.WardBossRespect
	}
	return nil, 0
}

// strikeValue rates taking District t for the race: the Titles it wins the
// seat while its side still needs Respect, and, weighted by how close each
// is, the Titles it costs rival sides near the win.
func (d *decider) strikeValue(t pb.District) float64 {
	b := d.b
	sw := b.swingOf(t)
	v := 0.0
	if b.side(b.me).need() > 0 {
		v += float64(sw.gain)
	}
	v += d.stakedGain(t)
	for seat, n := range sw.lost {
		if !b.rival(seat) {
			continue
		}
		if dist := b.side(seat).distance(); dist <= closeDistance {
			v += float64(n) * float64(1+closeDistance-dist) / 2
		}
	}
	return v
}

// conquerToWin strikes the rival District next door worth most to the
// race, with a crew at least twice the defenders (three times behind a
// Safehouse).
func (d *decider) conquerToWin() *pb.Command {
	b := d.b
	if !d.offers("move") || b.slots() < 2 {
		return nil
	}
	return d.bestStrike(func(theirs int, guarded bool, crew int) bool {
		return 2*theirs <= crew && (!guarded || 3*theirs <= crew)
	}, 0.5)
}

// block strikes a rival side close to the win where the loss of the
// District costs it a Title, at longer odds than conquerToWin: a crew
// larger than the defenders (twice behind a Safehouse).
func (d *decider) block() *pb.Command {
	b := d.b
	if !d.offers("move") || b.slots() < 2 {
		return nil
	}
	if _, dist := b.leader(); dist > closeDistance {
		return nil
	}
	return d.bestStrike(func(theirs int, guarded bool, crew int) bool {
		return theirs < crew && (!guarded || 2*theirs <= crew)
	}, 1)
}

// bestStrike returns the strike worth accepts of highest strikeValue above
// floor (nil: none).
func (d *decider) bestStrike(worth func(theirs int, guarded bool, crew int) bool, floor float64) *pb.Command {
	var best *pb.Move
	bestValue := floor
	for _, m := range d.b.strikes(worth) {
		if v := d.strikeValue(m.To); v > bestValue {
			bestValue, best = v, m
		}
	}
	if best == nil {
		return nil
	}
	return commands.Wrap(best)
}

// muster hires Runners in numbers while the side needs Respect and the
// cash spares them: a crew of five is what takes a District from a rival.
func (d *decider) muster() *pb.Command {
	b := d.b
	if b.side(b.me).need() == 0 || b.my.GetRunnerSupply() == 0 || d.spare() < 1500 {
		return nil
	}
	return d.recruitN(min(5, d.spare()/300-2))
}

// stakedGain is what taking District t does for the seat's staked
// Contracts that count Districts (Control N of a kind, Districts in N
// Boroughs) and are not met yet: 2 for each, so that the strikes and the
// walks serve a Deadline too.
func (d *decider) stakedGain(t pb.District) float64 {
	b := d.b
	info := printed.Info(t)
	v := 0.0
	for _, k := range b.my.GetStaked() {
		card := int(k.GetCard())
		if b.gap(card) == 0 {
			continue
		}
		switch g := goalOf(card); g.Kind {
		case printed.GoalControl:
			if g.Counts(info) {
				v += 2
			}
		case printed.GoalBoroughs:
			if b.count(b.me, func(i printed.DistrictInfo) bool { return i.Borough == info.Borough }) == 0 {
				v += 2
			}
		}
	}
	return v
}
