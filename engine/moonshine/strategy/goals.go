package strategy

import (
	"github.com/moonshine-games/moonshine/engine/moonshine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// goalKind is the kind of board fact a Contract's objective asks for.
type goalKind int

const (
	goalDistricts   goalKind = iota + 1 // Control n Districts matching keep
	goalBoroughs                        // Control Districts in n Boroughs
	goalBarrels                         // hold n barrels of liquor (0: any)
	goalEach                            // hold n barrels of each liquor
	goalCash                            // have $n
	goalColdHeat                        // no marker on the Heat Track
	goalSafehouses                      // n Safehouses on the board
	goalRunners                         // n Runners on the board
	goalDeeds                           // hold n Borough Deeds
	goalSyndicates                      // hold n Syndicate cards
	goalWardAndDeed                     // the Ward Boss card and a Deed
)

// goal is a Contract objective as the policy reads it.
type goal struct {
	kind   goalKind
	n      int
	keep   func(moonshine.DistrictInfo) bool
	liquor pb.Liquor
}

func anyDistrict(moonshine.DistrictInfo) bool { return true }
func isJoint(d moonshine.DistrictInfo) bool   { return d.IsSpeakeasy() }
func isCoastal(d moonshine.DistrictInfo) bool { return d.Coastal }
func isDock(d moonshine.DistrictInfo) bool    { return d.Kind == pb.DistrictKind_DISTRICT_KIND_DOCK }
func isGhetto(d moonshine.DistrictInfo) bool  { return d.Kind == pb.DistrictKind_DISTRICT_KIND_GHETTO }
func pourIs(l pb.Liquor) func(moonshine.DistrictInfo) bool {
	return func(d moonshine.DistrictInfo) bool { return d.IsSpeakeasy() && d.HousePour == l }
}

var (
	moonshineL = pb.Liquor_LIQUOR_MOONSHINE
	gin        = pb.Liquor_LIQUOR_GIN
	whisky     = pb.Liquor_LIQUOR_WHISKY
	rum        = pb.Liquor_LIQUOR_RUM
)

// goals reads the printed Contract objectives (moonshine.Contracts), by
// card id; goals_test.go checks it against the card names.
var goals = map[int]goal{
	1:  {kind: goalDistricts, n: 2, keep: isDock},
	2:  {kind: goalDistricts, n: 5, keep: anyDistrict},
	3:  {kind: goalBarrels, n: 4},
	4:  {kind: goalBarrels, n: 2, liquor: gin},
	5:  {kind: goalBarrels, n: 2, liquor: whisky},
	6:  {kind: goalBarrels, n: 2, liquor: moonshineL},
	7:  {kind: goalBarrels, n: 1, liquor: rum},
	8:  {kind: goalCash, n: 1500},
	9:  {kind: goalColdHeat},
	10: {kind: goalDistricts, n: 2, keep: isJoint},
	11: {kind: goalSafehouses, n: 2},
	12: {kind: goalRunners, n: 9},
	13: {kind: goalDistricts, n: 2, keep: isGhetto},
	14: {kind: goalBoroughs, n: 2},
	15: {kind: goalDistricts, n: 3, keep: isDock},
	16: {kind: goalDistricts, n: 4, keep: isJoint},
	17: {kind: goalBarrels, n: 8},
	18: {kind: goalBarrels, n: 3, liquor: rum},
	19: {kind: goalEach, n: 1},
	20: {kind: goalDeeds, n: 1},
	21: {kind: goalSyndicates, n: 1},
	22: {kind: goalDistricts, n: 3, keep: isGhetto},
	23: {kind: goalCash, n: 3000},
	24: {kind: goalSafehouses, n: 3},
	25: {kind: goalDistricts, n: 8, keep: anyDistrict},
	26: {kind: goalDistricts, n: 5, keep: isCoastal},
	27: {kind: goalDistricts, n: 4, keep: isDock},
	28: {kind: goalDeeds, n: 2},
	29: {kind: goalSyndicates, n: 2},
	30: {kind: goalWardAndDeed},
	31: {kind: goalBarrels, n: 12},
	32: {kind: goalCash, n: 6000},
	33: {kind: goalBoroughs, n: 4},
	34: {kind: goalDistricts, n: 11, keep: anyDistrict},
	35: {kind: goalDistricts, n: 6, keep: isJoint},
	36: {kind: goalEach, n: 2},
}

// impossible is the effort of an objective the policy sees no way to meet.
const impossible = 99

// gap is how far the board is from card's objective, in the objective's
// units (cash counts as met: Shylock's Marks cover it).
func (b *board) gap(card int) int {
	g := goals[card]
	switch g.kind {
	case goalDistricts:
		return max(0, g.n-b.count(b.me, g.keep))
	case goalBoroughs:
		return max(0, g.n-b.boroughs())
	case goalBarrels:
		return max(0, g.n-b.held(g.liquor))
	case goalEach:
		n := 0
		for _, l := range moonshine.Liquors {
			n += max(0, g.n-b.held(l))
		}
		return n
	case goalColdHeat:
		return b.heatOf(b.me)
	case goalSafehouses:
		_, _, h := b.onBoard()
		return max(0, g.n-h)
	case goalRunners:
		r, _, _ := b.onBoard()
		return max(0, g.n-r)
	case goalDeeds:
		d, _, _ := b.titles()
		return max(0, g.n-d)
	case goalSyndicates:
		_, s, _ := b.titles()
		return max(0, g.n-s)
	case goalWardAndDeed:
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
	g := goals[card]
	if g.kind != goalCash || b.cash() >= g.n {
		return 0
	}
	return (g.n - b.cash() + moonshine.LoanAmount - 1) / moonshine.LoanAmount
}

// effort estimates the Plays needed to meet card's objective within days
// Days (impossible when the policy sees no way).
func (b *board) effort(card, days int) int {
	g := goals[card]
	gap := b.gap(card)
	if gap == 0 && g.kind != goalCash {
		return 0
	}
	switch g.kind {
	case goalCash:
		if b.loansFor(card) > 4 {
			return impossible
		}
		return 0
	case goalDistricts:
		if b.free(g.keep) < gap {
			return impossible
		}
		return gap
	case goalBoroughs:
		if b.freeBoroughs() < gap {
			return impossible
		}
		return gap
	case goalBarrels, goalEach:
		if g.liquor == rum || g.kind == goalEach {
			return impossible // Rum runs are left to luck
		}
		if gap > 2*(days-1) {
			return impossible
		}
		return gap
	case goalColdHeat:
		return impossible
	case goalSafehouses:
		_, _, h := b.onBoard()
		if moonshine.SafehouseSupply-h < gap {
			return impossible
		}
		return gap
	case goalRunners:
		if int(b.my.GetRunnerSupply()) < gap || b.safehouseDistrict() == 0 {
			return impossible
		}
		return 1
	case goalDeeds:
		return b.titleCost(gap, b.deedCosts())
	case goalSyndicates:
		return b.titleCost(gap, b.syndicateCosts())
	case goalWardAndDeed:
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
func (b *board) free(keep func(moonshine.DistrictInfo) bool) int {
	n := 0
	for _, d := range moonshine.AllDistricts() {
		if keep(moonshine.Info(d)) && !b.mine(d) && b.enterable(d) {
			n++
		}
	}
	return n
}

// freeBoroughs counts the Boroughs without a District of the seat's where
// it could walk into one.
func (b *board) freeBoroughs() int {
	n := 0
	for _, bo := range moonshine.Boroughs() {
		in := func(d moonshine.DistrictInfo) bool { return d.Borough == bo.ID }
		if b.count(b.me, in) == 0 && b.free(in) > 0 {
			n++
		}
	}
	return n
}

// majorityCost is how many more Districts matching keep the seat needs for
// a strict majority of at least 2 (impossible when too few are free).
func (b *board) majorityCost(keep func(moonshine.DistrictInfo) bool) int {
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
	return b.titleCosts(pb.Title_TITLE_DEED, func(t *pb.TitleView) func(moonshine.DistrictInfo) bool {
		bo := t.GetBorough()
		return func(d moonshine.DistrictInfo) bool { return d.Borough == bo }
	})
}

// syndicateCosts returns the majority cost of each Syndicate the seat lacks.
func (b *board) syndicateCosts() []int {
	return b.titleCosts(pb.Title_TITLE_SYNDICATE, func(t *pb.TitleView) func(moonshine.DistrictInfo) bool {
		return pourIs(t.GetLiquor())
	})
}

// titleCosts returns the majority cost of each title of a kind the seat
// lacks, over the Districts each one counts.
func (b *board) titleCosts(kind pb.Title, counts func(*pb.TitleView) func(moonshine.DistrictInfo) bool) []int {
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
	for _, d := range moonshine.AllDistricts() {
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
