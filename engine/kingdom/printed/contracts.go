package printed

import (
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Contract is one printed Contract card. Its Objective is checked against
// the board at the Reckoning when the Deadline arrives; Goal is the same
// objective as data, which the rules judge (engine/kingdom's meets) and
// players' policies read (engine/kingdom/strategy).
type Contract struct {
	ID        int
	Tier      pb.Tier
	Name      string
	Objective string
	Goal      Goal
}

// TierInfo gives a tier's Deadline (markers staked), Respect and Take.
type TierInfo struct{ Days, Respect, Take int }

// Tiers: "Gigs (1 Day / 1 Respect) ... Rackets (2 Days / 3 Respect) ...
// Scores (3 Days / 5 Respect)" and "Gig: $500, Racket: $1,500, Score: $3,000".
var Tiers = map[pb.Tier]TierInfo{
	pb.Tier_TIER_GIG:    {1, 1, 500},
	pb.Tier_TIER_RACKET: {2, 3, 1500},
	pb.Tier_TIER_SCORE:  {3, 5, 3000},
}

// GoalKind is the kind of board fact a Contract's objective asks for.
type GoalKind int

// The kinds of Contract objectives.
const (
	GoalControl     GoalKind = iota + 1 // Control N Districts that Counts
	GoalBoroughs                        // Control Districts in N Boroughs
	GoalBarrels                         // hold N barrels of Liquor (unspecified: any)
	GoalEachLiquor                      // hold N barrels of each of the four liquors
	GoalCash                            // have $N cash
	GoalNoHeat                          // no marker on the Heat Track
	GoalSafehouses                      // N Safehouses on the board
	GoalRunners                         // N Runners on the board
	GoalDeeds                           // hold N Borough Deeds
	GoalSyndicates                      // hold N Syndicate cards
	GoalWardAndDeed                     // hold the Ward Boss card and a Borough Deed
)

// Goal is a Contract's objective as data.
type Goal struct {
	Kind GoalKind
	N    int
	// Counts picks the Districts a GoalControl counts.
	Counts func(DistrictInfo) bool
	// Liquor is a GoalBarrels' liquor (unspecified: any).
	Liquor pb.Liquor
}

// OfKind picks the Districts of a kind (Docks, Ghettos, ...).
func OfKind(k pb.DistrictKind) func(DistrictInfo) bool {
	return func(d DistrictInfo) bool { return d.Kind == k }
}

// Pours picks the Speakeasies whose House Pour is l: the Districts that
// count for l's Syndicate and a Fix's ceiling.
func Pours(l pb.Liquor) func(DistrictInfo) bool {
	return func(d DistrictInfo) bool { return d.IsSpeakeasy() && d.HousePour == l }
}

// AnyDistrict picks every District.
func AnyDistrict(DistrictInfo) bool { return true }

// IsJoint picks the Speakeasies (the Joints).
func IsJoint(d DistrictInfo) bool { return d.IsSpeakeasy() }

// IsCoastal picks the Coastal Districts.
func IsCoastal(d DistrictInfo) bool { return d.Coastal }

func ctrl(n int, keep func(DistrictInfo) bool) Goal {
	return Goal{Kind: GoalControl, N: n, Counts: keep}
}
func hold(n int, l pb.Liquor) Goal { return Goal{Kind: GoalBarrels, N: n, Liquor: l} }
func cash(n int) Goal              { return Goal{Kind: GoalCash, N: n} }
func boroughsPresent(n int) Goal   { return Goal{Kind: GoalBoroughs, N: n} }
func safehouses(n int) Goal        { return Goal{Kind: GoalSafehouses, N: n} }
func runners(n int) Goal           { return Goal{Kind: GoalRunners, N: n} }
func deeds(n int) Goal             { return Goal{Kind: GoalDeeds, N: n} }
func syndicates(n int) Goal        { return Goal{Kind: GoalSyndicates, N: n} }
func allFour(n int) Goal           { return Goal{Kind: GoalEachLiquor, N: n} }

var (
	coldHeat        = Goal{Kind: GoalNoHeat}
	wardBossAndDeed = Goal{Kind: GoalWardAndDeed, N: 1}
)

const (
	gig    = pb.Tier_TIER_GIG
	racket = pb.Tier_TIER_RACKET
	score  = pb.Tier_TIER_SCORE
)

// Contracts is the printed card list: 14 Gigs, 12 Rackets and 10 Scores.
// Card ids are their index + 1.
var Contracts = []Contract{
	{1, gig, "Dock Work", "Control 2 Docks.", ctrl(2, OfKind(dock))},
	{2, gig, "Corner Boys", "Control 5 Districts.", ctrl(5, AnyDistrict)},
	{3, gig, "Stock the Cellar", "Hold 4 Barrels.", hold(4, 0)},
	{4, gig, "Bathtub Batch", "Hold 2 Gin.", hold(2, gin)},
	{5, gig, "Barrel of Rye", "Hold 2 Whisky.", hold(2, whisky)},
	{6, gig, "White Lightning", "Hold 2 Moonshine.", hold(2, moonshine)},
	{7, gig, "A Taste of Havana", "Hold 1 Rum.", hold(1, rum)},
	{8, gig, "Walking-Around Money", "Have $1,500 cash.", cash(1500)},
	{9, gig, "Clean Hands", "Have no markers on the Heat Track.", coldHeat},
	{10, gig, "Two Joints", "Control 2 Speakeasies.", ctrl(2, IsJoint)},
	{11, gig, "Bolt-Holes", "Have 2 Safehouses on the board.", safehouses(2)},
	{12, gig, "Street Army", "Have 9 Runners on the board.", runners(9)},
	{13, gig, "Block Party", "Control 2 Ghettos.", ctrl(2, OfKind(ghetto))},
	{14, gig, "Across the River", "Control Districts in 2 Boroughs.", boroughsPresent(2)},
	{15, racket, "Harbour Master", "Control 3 Docks.", ctrl(3, OfKind(dock))},
	{16, racket, "Joint Venture", "Control 4 Speakeasies.", ctrl(4, IsJoint)},
	{17, racket, "Warehouse", "Hold 8 Barrels.", hold(8, 0)},
	{18, racket, "Top Shelf", "Hold 3 Rum.", hold(3, rum)},
	{19, racket, "Cocktail Hour", "Hold at least 1 Barrel of each of the four liquors.", allFour(1)},
	{20, racket, "Deed in Hand", "Hold a Borough Deed.", deeds(1)},
	{21, racket, "Syndicate Man", "Hold a Syndicate Card.", syndicates(1)},
	{22, racket, "Ward Heeler", "Control 3 Ghettos.", ctrl(3, OfKind(ghetto))},
	{23, racket, "Fat Wallet", "Have $3,000 cash.", cash(3000)},
	{24, racket, "Fortress", "Have 3 Safehouses on the board.", safehouses(3)},
	{25, racket, "Sprawl", "Control 8 Districts.", ctrl(8, AnyDistrict)},
	{26, racket, "Waterfront", "Control 5 Coastal Districts.", ctrl(5, IsCoastal)},
	{27, score, "Rum Row", "Control 4 Docks.", ctrl(4, OfKind(dock))},
	{28, score, "Two Crowns", "Hold 2 Borough Deeds.", deeds(2)},
	{29, score, "Cornered Market", "Hold 2 Syndicate Cards.", syndicates(2)},
	{30, score, "King of the Wards", "Hold the Ward Boss card and a Borough Deed.", wardBossAndDeed},
	{31, score, "Flood the Town", "Hold 12 Barrels.", hold(12, 0)},
	{32, score, "The Vault", "Have $6,000 cash.", cash(6000)},
	{33, score, "Citywide", "Control Districts in 4 Boroughs.", boroughsPresent(4)},
	{34, score, "Empire", "Control 11 Districts.", ctrl(11, AnyDistrict)},
	{35, score, "Speakeasy King", "Control 6 Speakeasies.", ctrl(6, IsJoint)},
	{36, score, "Full Bar", "Hold at least 2 Barrels of each of the four liquors.", allFour(2)},
}

// Card returns the Contract with id (from 1), or false.
func Card(id int) (Contract, bool) {
	if id < 1 || id > len(Contracts) {
		return Contract{}, false
	}
	return Contracts[id-1], true
}

// DeckOf returns the ids of a tier's cards in id order.
func DeckOf(t pb.Tier) []int {
	var out []int
	for _, c := range Contracts {
		if c.Tier == t {
			out = append(out, c.ID)
		}
	}
	return out
}
