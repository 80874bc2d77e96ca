package bootleggers

import pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"

// Short names for the enum values the rules name most, to keep them
// readable.
const (
	omalleys    = pb.DrinkingPlace_DRINKING_PLACE_OMALLEYS
	texas       = pb.DrinkingPlace_DRINKING_PLACE_TEXAS_LILS
	mothers     = pb.DrinkingPlace_DRINKING_PLACE_MOTHERS_GROCERIES
	barleycorns = pb.DrinkingPlace_DRINKING_PLACE_BARLEYCORNS
	mccoy       = pb.DrinkingPlace_DRINKING_PLACE_THE_REAL_MCCOY
	volstead    = pb.DrinkingPlace_DRINKING_PLACE_THE_VOLSTEAD
	speakeasy   = pb.PlaceKind_PLACE_KIND_SPEAKEASY
	casino      = pb.PlaceKind_PLACE_KIND_CASINO

	small  = pb.TruckSize_TRUCK_SIZE_SMALL
	medium = pb.TruckSize_TRUCK_SIZE_MEDIUM
	large  = pb.TruckSize_TRUCK_SIZE_LARGE

	keep     = pb.CardTiming_CARD_TIMING_KEEP_FOR_LATER
	muscle   = pb.Phase_PHASE_MUSCLE
	sendIn   = pb.Phase_PHASE_SEND_IN_THE_BOYS
	runIt    = pb.Phase_PHASE_RUN_THE_WHISKEY
	fireUp   = pb.Phase_PHASE_FIRE_UP_THE_STILL
	password = pb.Phase_PHASE_WHATS_THE_PASSWORD
	theHeat  = pb.Phase_PHASE_THE_HEAT

	single       = pb.CardKind_CARD_KIND_SINGLE_INFLUENCE
	double       = pb.CardKind_CARD_KIND_DOUBLE_INFLUENCE
	hiredGuns    = pb.CardKind_CARD_KIND_HIRED_GUNS
	stillUpgrade = pb.CardKind_CARD_KIND_STILL_UPGRADE
	remoteStill  = pb.CardKind_CARD_KIND_REMOTE_STILL
	improvement  = pb.CardKind_CARD_KIND_SPEAKEASY_IMPROVEMENT
	hit          = pb.CardKind_CARD_KIND_HIT
	shutdown     = pb.CardKind_CARD_KIND_SHUTDOWN
	payOff       = pb.CardKind_CARD_KIND_PAY_OFF_THE_COPPER
	hijack       = pb.CardKind_CARD_KIND_HIJACK
	halt         = pb.CardKind_CARD_KIND_HALT_AN_ORDER
	bigNight     = pb.CardKind_CARD_KIND_BIG_NIGHT

	fireChief        = pb.CasinoCardKind_CASINO_CARD_KIND_FIRE_CHIEF
	policeRaid       = pb.CasinoCardKind_CASINO_CARD_KIND_POLICE_RAID
	politicalPockets = pb.CasinoCardKind_CASINO_CARD_KIND_POLITICAL_POCKETS
	pssst            = pb.CasinoCardKind_CASINO_CARD_KIND_PSSST
	windfall         = pb.CasinoCardKind_CASINO_CARD_KIND_GAMBLING_WINDFALL
	applePie         = pb.CasinoCardKind_CASINO_CARD_KIND_APPLE_PIE
	insideJob        = pb.CasinoCardKind_CASINO_CARD_KIND_INSIDE_JOB
	breakTheBank     = pb.CasinoCardKind_CASINO_CARD_KIND_BREAK_THE_BANK
	bigAct           = pb.CasinoCardKind_CASINO_CARD_KIND_HIRE_A_BIG_ACT
	crazedFan        = pb.CasinoCardKind_CASINO_CARD_KIND_CRAZED_FAN
	stealTheShow     = pb.CasinoCardKind_CASINO_CARD_KIND_STEAL_THE_SHOW
	ordinance        = pb.CasinoCardKind_CASINO_CARD_KIND_NEW_CITY_ORDINANCE
	commission       = pb.CasinoCardKind_CASINO_CARD_KIND_STATE_GAMING_COMMISSION
)
