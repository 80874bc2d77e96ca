package printed

import (
	"slices"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk expansion's numbers and printed lists, beside the base
// game's tables of data.go: the printed numbers first, then Boardwalk, the
// table of the casinos and the Casino deck, whose only unprinted numbers
// (the casinos' base prices, and what a casino rolls) carry the ruling of
// docs/rules/bootleggers.md that sets them. Nothing else may hold a number
// of the expansion.

// Printed numbers of the Boardwalk expansion. Each is quoted in
// docs/rules/bootleggers.md and checked by this package's tests and the
// rules' boardwalk_test.go.
const (
	// CasinoPlacards: "There are only 4 Casinos available for purchase."
	CasinoPlacards = 4
	// CasinoMarkerPrice: "plus $3G per Influence marker paid to their
	// owners".
	CasinoMarkerPrice = 3
	// CasinoGraftPerDie and BookingFee: "Casino owners must pay graft of
	// $1G per die plus $2G booking fee for each Entertainment Act in their
	// Casinos."
	CasinoGraftPerDie, BookingFee = 1, 2
	// OMalleysCutsPerRound: "No more than 3 Influence markers may be
	// destroyed per Round."
	OMalleysCutsPerRound = 3
	// GamblingProfit: "$1G gambling profits is paid to the owner from the
	// bank for the difference between the consumption roll and the number
	// of Crates sold".
	GamblingProfit = 1
	// EntertainmentActBonus: "Entertainment Acts, like Speakeasy
	// Improvements, add 1 to each die rolled in the Casino."
	EntertainmentActBonus = 1
	// ThrowTheBumsOutPrice: "at a fixed cost of $5G/each".
	ThrowTheBumsOutPrice = 5
	// NewCityOrdinanceFee: "Player pays additional $5G to open a new
	// Casino."
	NewCityOrdinanceFee = 5
	// StateGamingCommissionFee: "Casino owner must pay you $5G".
	StateGamingCommissionFee = 5
	// GamblingWindfallBonus: "Casino owner paid additional $1G per crate
	// from bank this turn."
	GamblingWindfallBonus = 1
	// HireABigActCost: "Pay $2G and redeem immediately for 1 Casino
	// Improvement."
	HireABigActCost = 2
)

// CasinoPayout is what one casino pays per crate bought, with some table
// sizes: "Payouts for Mother's, Barleycorn's, and The Real McCoy (6 player
// only)" are $3G to the sellers and $3G to the owner; "Payouts for The
// Real McCoy (less than 5 players) and the Volstead (6 player only)
// increase to $5G per Crate."
type CasinoPayout struct {
	// MinPlayers and MaxPlayers bound the table sizes the row is for.
	MinPlayers, MaxPlayers int
	// PerCrate is paid per crate to the sellers and again to the owner.
	PerCrate int
	// Ruling is the ruling that sets the row where the print is silent
	// (0 for a printed row).
	Ruling int
}

// CasinoSpec is one casino placard.
type CasinoSpec struct {
	// Place is the speakeasy it is placed over ("selects the matching
	// casino from the supply").
	Place pb.DrinkingPlace
	// Name is the casino's printed name.
	Name string
	// MinPlayers is the fewest players with which it is used: "The 4th
	// Casino is only used in 6 player games."
	MinPlayers int
	// BasePrice is "the base price identified on the Casino" (not printed
	// in the rulebook).
	BasePrice int `ruling:"73"`
	// Payouts are its payouts by table size.
	Payouts []CasinoPayout
}

// CasinoCardSpec is one kind of Casino card, as printed.
type CasinoCardSpec struct {
	// Kind is the kind.
	Kind pb.CasinoCardKind
	// Name is the printed name.
	Name string
	// Count is the copies in the deck ("(3x) Hire a Big Act"; 1 where no
	// count is printed).
	Count int
	// Keep is true for "May be saved for later use"; false for a card to
	// "redeem immediately".
	Keep bool
	// Phase is the phase it is played in (ruling 78); Phase 1 for a card
	// redeemed when taken.
	Phase pb.Phase
	// Option names the optional rule that puts it in the deck ("" for the
	// expansion's own cards).
	Option string
	// Text is the printed text, verbatim.
	Text string
}

// BoardwalkTable is the expansion's table: the casino placards, largest
// last, and the Casino deck, kind by kind (Casino card ids run in this
// order).
type BoardwalkTable struct {
	// Casinos are the four placards.
	Casinos []CasinoSpec
	// CasinoCards are the Casino deck's kinds.
	CasinoCards []CasinoCardSpec
}

// Boardwalk is the expansion's table new tables play (house rules version
// HouseRulesVersion).
var Boardwalk = BoardwalkTable{
	Casinos: []CasinoSpec{
		{Place: mothers, Name: "Mother's", MinPlayers: StandardMinPlayers, BasePrice: 14,
			Payouts: []CasinoPayout{{StandardMinPlayers, MaxPlayers, 3, 0}}},
		{Place: barleycorns, Name: "Barleycorn's", MinPlayers: StandardMinPlayers, BasePrice: 20,
			Payouts: []CasinoPayout{{StandardMinPlayers, MaxPlayers, 3, 0}}},
		{Place: mccoy, Name: "The Real McCoy", MinPlayers: StandardMinPlayers, BasePrice: 26,
			Payouts: []CasinoPayout{{StandardMinPlayers, 4, 5, 0}, {5, 5, 5, 72}, {6, 6, 3, 0}}},
		{Place: volstead, Name: "The Volstead", MinPlayers: MaxPlayers, BasePrice: 32,
			Payouts: []CasinoPayout{{6, 6, 5, 0}}},
	},
	CasinoCards: []CasinoCardSpec{
		{Kind: fireChief, Name: "Fire Chief", Count: 1, Keep: true, Phase: password,
			Text: "Send the Fire Chief to inspect a Speakeasy or Casino. Crates from last truck in line do not get bought. May be saved for later use."},
		{Kind: policeRaid, Name: "Police Raid", Count: 1, Keep: true, Phase: runIt,
			Text: "Play on a Casino. That Casino is closed for one round only. No crates are sold to the closed Casino. May be saved for later use."},
		{Kind: politicalPockets, Name: "Political Pockets", Count: 1, Keep: true, Phase: password,
			Text: "The heat is on. Casino only buys crates from one player this turn. May be saved for later use."},
		{Kind: pssst, Name: "Pssst. Hey bud. Over Here.", Count: 1, Keep: true, Phase: runIt,
			Text: "Play on a truck lined up at a Speakeasy or Casino. Move the truck to a Casino. May be saved for later use."},
		{Kind: windfall, Name: "Gambling Windfall", Count: 1, Keep: true, Phase: password,
			Text: "Casino owner paid additional $1G per crate from bank this turn. May be saved for later use."},
		{Kind: applePie, Name: "Apple Pie!", Count: 1, Keep: true, Phase: password,
			Text: "Crates in one truck at a Casino are doubled. Can be played anytime during Selling Phase. May be saved for later use."},
		{Kind: insideJob, Name: "Inside Job", Count: 1, Keep: true, Phase: password,
			Text: "All crates in one truck at a Casino receive Casino owner's payout for that truck in addition to sellers payout. May be saved for later use."},
		{Kind: breakTheBank, Name: "Break the Bank", Count: 1, Keep: true, Phase: password,
			Text: "Casino owner receives no payout from gambling or crates sold at this casino this turn. May be saved for later use."},
		{Kind: bigAct, Name: "Hire a Big Act", Count: 3, Phase: muscle,
			Text: "Pay $2G and redeem immediately for 1 Casino Improvement."},
		{Kind: crazedFan, Name: "Crazed Fan", Count: 1, Keep: true, Phase: sendIn,
			Text: "Destroy Casino Improvement marker in a Casino. May be saved for later use."},
		{Kind: stealTheShow, Name: "Steal the Show", Count: 2, Phase: muscle,
			Text: "Redeem immediately for 1 Casino Improvement."},
		{Kind: ordinance, Name: "New City Ordinance", Count: 1, Keep: true, Phase: sendIn, Option: "new_city_ordinance",
			Text: "Player pays additional $5G to open a new Casino. New Casino is not opened if player can no longer afford opening cost. May be saved for later use."},
		{Kind: commission, Name: "State Gaming Commission", Count: 1, Keep: true, Phase: password, Option: "state_gaming_commission",
			Text: "Casino owner must pay you $5G or Casino owner receives no payout from this casino this turn. Money is paid to bank. May be saved for later use."},
	},
}

// BoardwalkV2 is the expansion's table of house rules version 2, which
// games created before version 3 are played and verified with: Boardwalk
// but for the casinos' base prices (ruling 73).
var BoardwalkV2 = func() BoardwalkTable {
	b := Boardwalk
	b.Casinos = slices.Clone(Boardwalk.Casinos)
	for i, price := range []int{20, 28, 36, 44} {
		b.Casinos[i].BasePrice = price
	}
	return b
}()

// BoardwalkTables are the expansion's tables of every house rules version
// this engine plays, by version, as HouseTables holds the base game's.
var BoardwalkTables = map[int]*BoardwalkTable{2: &BoardwalkV2, HouseRulesVersion: &Boardwalk}
