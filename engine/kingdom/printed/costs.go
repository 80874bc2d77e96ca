package printed

// The printed supplies, amounts and prices, each where the rulebook states
// it.

// MaxSeats is the largest table: "2-4 Players".
const MaxSeats = 4

// Each mob's pieces and its Operations board: "1 Boss (2 for Sicilians),
// 15 Runners, and 3 Safehouses"; "Take $1,000 cash and 7 Influence
// markers. Slot 5 markers onto your Operations board, and drop the
// remaining 2 into your Stash."
const (
	// RunnerSupply is a mob's Runners.
	RunnerSupply = 15
	// SafehouseSupply is a mob's Safehouses.
	SafehouseSupply = 3
	// Slots is the Operations board's slots for Influence markers.
	Slots = 5
	// StartCash is each mob's cash at setup.
	StartCash = 1000
	// StartInfluence is each mob's Influence markers at setup.
	StartInfluence = 7
	// StartSlotted is how many of them start in the Operations slots.
	StartSlotted = 5
)

// BarrelSupply is the barrels of each liquor in the supply.
const BarrelSupply = 25

// StartPrices are the starting street prices, by liquor: "Rum $500,
// Whisky $400, Gin $300, Moonshine $200."
var StartPrices = [5]int{rum: 500, whisky: 400, gin: 300, moonshine: 200}

// SweepLimit is the most Mobsters a District keeps through the Sweep.
const SweepLimit = 5

// HeatTrackSize is the number of spaces on the Heat Track; the marker that
// fills the last one triggers a Raid.
const HeatTrackSize = 5

// RespectToWin is the Respect a Kingpin with a Commission card needs.
const RespectToWin = 20

// Respect from Titles and penalties ("Earning Respect"); a Borough Deed's
// Respect is on its Borough (BoroughInfo.Respect), a Contract's on its
// tier (Tiers).
const (
	// SyndicateRespect is what each Syndicate card is worth.
	SyndicateRespect = 2
	// WardBossRespect is what the Ward Boss card is worth.
	WardBossRespect = 3
	// RatPenalty is the Respect the holder of the Rat Card loses at the
	// end: "Subtract 3 Respect".
	RatPenalty = 3
	// MarkPenalty is the Respect each unpaid Shylock's Mark costs.
	MarkPenalty = 1
)

// Play costs in Influence: "Standard and Title Plays cost 1 Influence,
// Power Plays 2".
const (
	StandardPlayCost = 1
	PowerPlayCost    = 2
)

// Recruit prices a Runner: $300, or $200 for the Ward Boss.
const (
	RecruitCost         = 300
	WardBossRecruitCost = 200
)

// SecureCost is the price of the Secure Play.
const SecureCost = 500

// BribeCost is the price of a Power Broker's Favor.
const BribeCost = 2500

// RaidBribe is what Paying the Bribe costs at one hit District.
const RaidBribe = 1000

// Shylock's amounts: "instantly gain $1,500"; "pay $2,500 to the bank ...
// (or $1,500 if Arnold Rothstein vouches for you)".
const (
	LoanAmount     = 1500
	RepayCost      = 2500
	RepayInsideVig = 1500
)

// RepayPrice is what clearing a Shylock's Mark costs: "pay $2,500 ... (or
// $1,500 if Arnold Rothstein vouches for you)".
func RepayPrice(insideVig bool) int {
	if insideVig {
		return RepayInsideVig
	}
	return RepayCost
}

// HandLimit is the Contract hand limit: "default: 3, or 5 with Texas
// Guinan's Favor".
func HandLimit(guinan bool) int {
	if guinan {
		return 5
	}
	return 3
}

// HustleDraw is how many Contracts a Hustle draws: "Draw 2 Contracts (3
// with Texas Guinan's Favor)".
func HustleDraw(guinan bool) int {
	if guinan {
		return 3
	}
	return 2
}

// FirepowerCost is the Vipers' "flat $200" for one extra attack die.
const FirepowerCost = 200

// SignatureMobsters is the most mobsters a Skiff or Stealth move carries.
const SignatureMobsters = 5

// The Blood Oath: the Federal Crackdown Tracker's space of the Sit-Down,
// and the Combined Total an Alliance needs.
const (
	SitDownSpace    = 10
	AllianceRespect = 35
)

// RaidTarget returns the owner of the most markers on the Heat Track; ties
// go to the tied mob whose marker lies furthest right (the Fresh Scent).
// An empty track targets nobody (-1).
func RaidTarget(heat []int) int {
	count := map[int]int{}
	most := 0
	for _, o := range heat {
		count[o]++
		most = max(most, count[o])
	}
	for i := len(heat) - 1; i >= 0; i-- {
		if count[heat[i]] == most {
			return heat[i]
		}
	}
	return -1
}
