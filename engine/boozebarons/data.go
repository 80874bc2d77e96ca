package boozebarons

import pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"

// Printed numbers.
const (
	// MinPlayers and MaxPlayers bound the table.
	MinPlayers, MaxPlayers = 3, 9
	// DeckSize is the number of Delivery cards.
	DeckSize = 36
	// OpeningDeliveries is the number of Delivery cards drawn at setup.
	OpeningDeliveries = 9
	// CasinoReveal is the number of cards revealed at Casino Regale.
	CasinoReveal = 3
	// DocksCollectMax is the number of cards the Docks (side A) lets a seat collect.
	DocksCollectMax = 2
	// SeedyPetesMaxSteals is the number of cards Seedy Pete's may take.
	SeedyPetesMaxSteals = 2
	// MovementCoins is the value of a Movement card.
	MovementCoins = 2
)

// Locations lists the six Locations in table (enum) order.
var Locations = []pb.Location{
	pb.Location_LOCATION_CASINO_REGALE,
	pb.Location_LOCATION_RIVER_CAVES,
	pb.Location_LOCATION_SEEDY_PETES,
	pb.Location_LOCATION_OFFICERS_CLUB,
	pb.Location_LOCATION_CURTAIN_CLUB,
	pb.Location_LOCATION_DOCKS,
}

// Mobs lists the three Mobs in enum order.
var Mobs = []pb.Mob{pb.Mob_MOB_BEER, pb.Mob_MOB_LIQUOR, pb.Mob_MOB_WINE}

// BoozeTypes lists the twelve Booze types (one Booze card each) in enum
// order; boozeMob gives each one's Mob.
var BoozeTypes = []pb.BoozeType{
	porter, blonde, lager, hop,
	tequila, rye, bourbon, lightning,
	merlot, brandy, champagne, chardonnay,
}

var boozeMob = map[pb.BoozeType]pb.Mob{
	porter: pb.Mob_MOB_BEER, blonde: pb.Mob_MOB_BEER, lager: pb.Mob_MOB_BEER, hop: pb.Mob_MOB_BEER,
	tequila: pb.Mob_MOB_LIQUOR, rye: pb.Mob_MOB_LIQUOR, bourbon: pb.Mob_MOB_LIQUOR, lightning: pb.Mob_MOB_LIQUOR,
	merlot: pb.Mob_MOB_WINE, brandy: pb.Mob_MOB_WINE, champagne: pb.Mob_MOB_WINE, chardonnay: pb.Mob_MOB_WINE,
}

// MobOf returns the Mob of a Booze type (MOB_UNSPECIFIED for an unknown type).
func MobOf(t pb.BoozeType) pb.Mob { return boozeMob[t] }

// SnitchTokens returns how many Snitch tokens a table uses: "The first player
// to Expose another player takes a Snitch token. If there are seven or more
// players, the second player to Expose another player also takes a Snitch
// token."
func SnitchTokens(players int) int {
	if players >= 7 {
		return 2
	}
	return 1
}

// Short names for the data table.
const (
	porter     = pb.BoozeType_BOOZE_TYPE_PUNCHING_BAG_PORTER
	blonde     = pb.BoozeType_BOOZE_TYPE_DOLLED_UP_BLONDE
	lager      = pb.BoozeType_BOOZE_TYPE_LAYING_LOW_LAGER
	hop        = pb.BoozeType_BOOZE_TYPE_GOOD_HOP_BAD_HOP
	tequila    = pb.BoozeType_BOOZE_TYPE_TIME_BOMB_TEQUILA
	rye        = pb.BoozeType_BOOZE_TYPE_REACH_FOR_THE_SKY_RYE
	bourbon    = pb.BoozeType_BOOZE_TYPE_BACK_ALLEY_BOURBON
	lightning  = pb.BoozeType_BOOZE_TYPE_LUCKY_LIGHTNING
	merlot     = pb.BoozeType_BOOZE_TYPE_MACHINE_GUN_MERLOT
	brandy     = pb.BoozeType_BOOZE_TYPE_BIG_HOUSE_BRANDY
	champagne  = pb.BoozeType_BOOZE_TYPE_SHAKEDOWN_CHAMPAGNE
	chardonnay = pb.BoozeType_BOOZE_TYPE_SHIFTYS_CHARDONNAY

	casino   = pb.Location_LOCATION_CASINO_REGALE
	caves    = pb.Location_LOCATION_RIVER_CAVES
	pete     = pb.Location_LOCATION_SEEDY_PETES
	officers = pb.Location_LOCATION_OFFICERS_CLUB
	curtain  = pb.Location_LOCATION_CURTAIN_CLUB
	docks    = pb.Location_LOCATION_DOCKS
)

// Face is what a Delivery card shows: its Location and four Booze types.
type Face struct {
	Location pb.Location
	Types    [4]pb.BoozeType
}

// Shows reports whether the card shows Booze type t.
func (f Face) Shows(t pb.BoozeType) bool {
	for _, x := range f.Types {
		if x == t {
			return true
		}
	}
	return false
}

// Deck is the Delivery deck, indexed by card id. The rulebook does not print
// it; this design (see docs/rules/booze-barons.md) gives each Location 6
// cards, each card 4 distinct types with at least one of every Mob, and each
// type exactly 2 cards per Location (12 in the deck); no two cards are alike.
var Deck = [DeckSize]Face{
	{casino, [4]pb.BoozeType{blonde, lager, rye, chardonnay}},
	{casino, [4]pb.BoozeType{blonde, tequila, merlot, champagne}},
	{casino, [4]pb.BoozeType{porter, rye, bourbon, champagne}},
	{casino, [4]pb.BoozeType{porter, lager, lightning, brandy}},
	{casino, [4]pb.BoozeType{hop, lightning, merlot, chardonnay}},
	{casino, [4]pb.BoozeType{hop, tequila, bourbon, brandy}},
	{caves, [4]pb.BoozeType{lager, lightning, brandy, chardonnay}},
	{caves, [4]pb.BoozeType{blonde, rye, merlot, chardonnay}},
	{caves, [4]pb.BoozeType{lager, tequila, lightning, merlot}},
	{caves, [4]pb.BoozeType{porter, blonde, tequila, brandy}},
	{caves, [4]pb.BoozeType{porter, hop, bourbon, champagne}},
	{caves, [4]pb.BoozeType{hop, rye, bourbon, champagne}},
	{pete, [4]pb.BoozeType{porter, blonde, rye, brandy}},
	{pete, [4]pb.BoozeType{porter, rye, bourbon, brandy}},
	{pete, [4]pb.BoozeType{hop, tequila, lightning, chardonnay}},
	{pete, [4]pb.BoozeType{blonde, lightning, merlot, champagne}},
	{pete, [4]pb.BoozeType{lager, hop, tequila, champagne}},
	{pete, [4]pb.BoozeType{lager, bourbon, merlot, chardonnay}},
	{officers, [4]pb.BoozeType{porter, hop, rye, merlot}},
	{officers, [4]pb.BoozeType{blonde, rye, bourbon, champagne}},
	{officers, [4]pb.BoozeType{hop, tequila, lightning, brandy}},
	{officers, [4]pb.BoozeType{lager, bourbon, champagne, chardonnay}},
	{officers, [4]pb.BoozeType{porter, blonde, lightning, chardonnay}},
	{officers, [4]pb.BoozeType{lager, tequila, merlot, brandy}},
	{curtain, [4]pb.BoozeType{porter, lager, bourbon, chardonnay}},
	{curtain, [4]pb.BoozeType{porter, bourbon, merlot, chardonnay}},
	{curtain, [4]pb.BoozeType{hop, rye, brandy, champagne}},
	{curtain, [4]pb.BoozeType{lager, rye, lightning, champagne}},
	{curtain, [4]pb.BoozeType{blonde, hop, tequila, brandy}},
	{curtain, [4]pb.BoozeType{blonde, tequila, lightning, merlot}},
	{docks, [4]pb.BoozeType{lager, hop, bourbon, brandy}},
	{docks, [4]pb.BoozeType{porter, bourbon, lightning, merlot}},
	{docks, [4]pb.BoozeType{lager, lightning, merlot, chardonnay}},
	{docks, [4]pb.BoozeType{hop, tequila, rye, chardonnay}},
	{docks, [4]pb.BoozeType{porter, blonde, rye, champagne}},
	{docks, [4]pb.BoozeType{blonde, tequila, brandy, champagne}},
}

// validCard reports whether id names a Delivery card.
func validCard(id int32) bool { return id >= 0 && id < DeckSize }

// validLocation reports whether l is one of the six Locations.
func validLocation(l pb.Location) bool { return l >= casino && l <= docks }

// validBooze reports whether t is one of the twelve Booze types.
func validBooze(t pb.BoozeType) bool { return t >= porter && t <= chardonnay }
