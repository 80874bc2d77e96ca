package strategy

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// goalOf returns the objective of the card with id card, as the engine
// reads it (printed.Contracts).
func goalOf(card int) printed.Goal {
	c, _ := printed.Card(card)
	return c.Goal
}

var (
	rum      = pb.Liquor_LIQUOR_RUM
	isGhetto = printed.OfKind(pb.DistrictKind_DISTRICT_KIND_GHETTO)
)

// impossible is the effort of an objective the policy sees no way to meet.
const impossible = 99

// gap is how far the board is from card's objective, in the objective's
// units (cash counts as met: Shylock's Marks cover it).
func (b *board) gap(card int) int {
	g := goalOf(card)
	switch g.Kind {
	case printed.GoalControl:
		return max(0, g.N-b.count(b.me, g.Counts))
	case printed.GoalBoroughs:
		return max(0, g.N-b.boroughs())
	case printed.GoalBarrels:
		return max(0, g.N-b.held(g.Liquor))
	case printed.GoalEachLiquor:
		n := 0
		for _, l := range printed.Liquors {
			n += max(0, g.N-b.held(l))
		}
		return n
	case printed.GoalNoHeat:
		return b.heatOf(b.me)
	case printed.GoalSafehouses:
		_, _, h := b.onBoard()
		return max(0, g.N-h)
	case printed.GoalRunners:
		r, _, _ := b.onBoard()
		return max(0, g.N-r)
	case printed.GoalDeeds:
		d, _, _ := b.titles()
		return max(0, g.N-d)
	case printed.GoalSyndicates:
		_, s, _ := b.titles()
		return max(0, g.N-s)
	case printed.GoalWardAndDeed:
		d, _, w := b.titles()
		n := 0
		if !w {
			n++
		}
		if d == 0 {
			n++
		}
		return n
	}
	return 0
}

// loansFor is how many Shylock's Marks meeting a cash objective takes now.
func (b *board) loansFor(card int) int {
	g := goalOf(card)
	if g.Kind != printed.GoalCash || b.cash() >= g.N {
		return 0
	}
	return (g.N - b.cash() + printed.LoanAmount - 1) / printed.LoanAmount
}

// effort estimates the Plays needed to meet card's objective within days
// Days (impossible when the policy sees no way).
func (b *board) effort(card, days int) int {
	g := goalOf(card)
	gap := b.gap(card)
	if gap == 0 && g.Kind != printed.GoalCash {
		return 0
	}
	switch g.Kind {
	case printed.GoalCash:
		if b.loansFor(card) > 4 {
			return impossible
		}
		return 0
	case printed.GoalControl:
		if b.free(g.Counts) < gap {
			return impossible
		}
		return gap
	case printed.GoalBoroughs:
		if b.freeBoroughs() < gap {
			return impossible
		}
		return gap
	case printed.GoalBarrels, printed.GoalEachLiquor:
		if g.Liquor == rum || g.Kind == printed.GoalEachLiquor {
			return impossible // Rum runs are left to luck
		}
		if gap > 2*(days-1) {
			return impossible
		}
		return gap
	case printed.GoalNoHeat:
		return impossible
	case printed.GoalSafehouses:
		_, _, h := b.onBoard()
		if printed.SafehouseSupply-h < gap {
			return impossible
		}
		return gap
	case printed.GoalRunners:
		if int(b.my.GetRunnerSupply()) < gap || b.safehouseDistrict() == 0 {
			return impossible
		}
		return 1
	case printed.GoalDeeds:
		return b.titleCost(gap, b.deedCosts())
	case printed.GoalSyndicates:
		return b.titleCost(gap, b.syndicateCosts())
	case printed.GoalWardAndDeed:
		n := 0
		if _, _, w := b.titles(); !w {
			n += b.majorityCost(isGhetto)
		}
		if d, _, _ := b.titles(); d == 0 {
			n += b.titleCost(1, b.deedCosts())
		}
		return min(n, impossible)
	}
	return impossible
}

// free counts the Districts matching keep that the seat Controls or could
// walk into (no Police, no rival Mobsters, not its partner's).
func (b *board) free(keep func(printed.DistrictInfo) bool) int {
	n := 0
	for _, d := range printed.AllDistricts() {
		if keep(printed.Info(d)) && !b.mine(d) && b.enterable(d) {
			n++
		}
	}
	return n
}

// freeBoroughs counts the Boroughs without a District of the seat's where
// it could walk into one.
func (b *board) freeBoroughs() int {
	n := 0
	for _, bo := range printed.Boroughs() {
		in := func(d printed.DistrictInfo) bool { return d.Borough == bo.ID }
		if b.count(b.me, in) == 0 && b.free(in) > 0 {
			n++
		}
	}
	return n
}

// majorityCost is how many more Districts matching keep the seat needs for
// a strict majority of at least 2 (impossible when too few are free).
func (b *board) majorityCost(keep func(printed.DistrictInfo) bool) int {
	mine, best := b.count(b.me, keep), 0
	for seat := range int(b.v.GetPlayers()) {
		if seat != b.me {
			best = max(best, b.count(seat, keep))
		}
	}
	need := max(2, best+1) - mine
	if need <= 0 {
		return 0
	}
	if b.free(keep) < need {
		return impossible
	}
	return need
}

// deedCosts returns the majority cost of each Borough Deed the seat lacks.
func (b *board) deedCosts() []int {
	return b.titleCosts(pb.Title_TITLE_DEED, func(t *pb.TitleView) func(printed.DistrictInfo) bool {
		bo := t.GetBorough()
		return func(d printed.DistrictInfo) bool { return d.Borough == bo }
	})
}

// syndicateCosts returns the majority cost of each Syndicate the seat lacks.
func (b *board) syndicateCosts() []int {
	return b.titleCosts(pb.Title_TITLE_SYNDICATE, func(t *pb.TitleView) func(printed.DistrictInfo) bool {
		return printed.Pours(t.GetLiquor())
	})
}

// titleCosts returns the majority cost of each title of a kind the seat
// lacks, over the Districts each one counts.
func (b *board) titleCosts(kind pb.Title, counts func(*pb.TitleView) func(printed.DistrictInfo) bool) []int {
	var out []int
	for _, t := range b.v.GetTitles() {
		if t.GetTitle() != kind || (t.Holder != nil && int(t.GetHolder()) == b.me) {
			continue
		}
		out = append(out, b.majorityCost(counts(t)))
	}
	return out
}

// titleCost sums the n cheapest costs.
func (b *board) titleCost(n int, costs []int) int {
	sum := 0
	for range n {
		at := -1
		for i, c := range costs {
			if at < 0 || c < costs[at] {
				at = i
			}
		}
		if at < 0 {
			return impossible
		}
		sum += costs[at]
		costs = append(costs[:at], costs[at+1:]...)
	}
	return min(sum, impossible)
}

// safehouseDistrict returns a District holding the seat's Safehouse (0:
// none).
func (b *board) safehouseDistrict() pb.District {
	for _, d := range printed.AllDistricts() {
		if b.force(d, b.me).GetSafehouse() {
			return d
		}
	}
	return 0
}

// budget is the effort worth staking for a Contract of tier: the Plays the
// seat can spare before its Deadline.
func budget(t pb.Tier) int {
	switch t {
	case pb.Tier_TIER_GIG:
		return 2
	case pb.Tier_TIER_RACKET:
		return 4
	}
	return 6
}
