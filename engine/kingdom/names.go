package kingdom

import pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"

// Short names for the enum values the rules name most, to keep them
// readable.
const (
	manhattan    = pb.Borough_BOROUGH_MANHATTAN
	brooklyn     = pb.Borough_BOROUGH_BROOKLYN
	queens       = pb.Borough_BOROUGH_QUEENS
	bronx        = pb.Borough_BOROUGH_BRONX
	statenIsland = pb.Borough_BOROUGH_STATEN_ISLAND
	plain        = pb.DistrictKind_DISTRICT_KIND_PLAIN
	speakeasy    = pb.DistrictKind_DISTRICT_KIND_SPEAKEASY
	highSociety  = pb.DistrictKind_DISTRICT_KIND_HIGH_SOCIETY
	ghetto       = pb.DistrictKind_DISTRICT_KIND_GHETTO
	dock         = pb.DistrictKind_DISTRICT_KIND_DOCK
	moonshine    = pb.Liquor_LIQUOR_MOONSHINE
	gin          = pb.Liquor_LIQUOR_GIN
	whisky       = pb.Liquor_LIQUOR_WHISKY
	rum          = pb.Liquor_LIQUOR_RUM
	gig          = pb.Tier_TIER_GIG
	racket       = pb.Tier_TIER_RACKET
	score        = pb.Tier_TIER_SCORE
)
