package boozebarons

import pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"

// Short names for the enum values the rules name most, to keep them
// readable.
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
