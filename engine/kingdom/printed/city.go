package printed

import (
	"slices"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// NumDistricts is the number of Districts on the City Map.
const NumDistricts = 25

// Link says how two Districts are Connected.
type Link int

const (
	// Land is a shared border.
	Land Link = iota + 1
	// Bridge is a Bridge across a river.
	Bridge
	// Water links every pair of Docks.
	Water
)

// DistrictInfo is one printed District of the City Map.
type DistrictInfo struct {
	ID      pb.District
	Name    string
	Borough pb.Borough
	Kind    pb.DistrictKind
	// HousePour is the Speakeasy's signature liquor (Speakeasies and High
	// Society Districts only).
	HousePour pb.Liquor
	// Broker is the Power Broker of a High Society District.
	Broker pb.Broker
	// Coastal Districts touch open water (the Knights' Skiff).
	Coastal bool
	// Ledger is the District's line on the Town Planning Ledger (1 first).
	Ledger int
	// X and Y place the District on the map picture (0-100).
	X, Y int
}

// IsSpeakeasy reports whether the District has a Speakeasy (a Joint).
func (d DistrictInfo) IsSpeakeasy() bool {
	return d.Kind == pb.DistrictKind_DISTRICT_KIND_SPEAKEASY || d.Kind == pb.DistrictKind_DISTRICT_KIND_HIGH_SOCIETY
}

// BoroughInfo is one Borough and the Districts listed on its Deed.
type BoroughInfo struct {
	ID   pb.Borough
	Name string
	// Respect is what its Deed is worth.
	Respect int
	// Ghetto, Dock and Speakeasy are the starting Districts listed on the
	// Deed (unset for Staten Island, where nobody starts).
	Ghetto, Dock, Speakeasy pb.District
}

// Edge is one land border or Bridge. Water links between Docks are implied.
type Edge struct {
	A, B pb.District
	Link Link
}

// The City Map: one table. Coordinates place the picture only.
var districts = [NumDistricts]DistrictInfo{
	{pb.District_DISTRICT_SUGAR_HILL, "Sugar Hill", manhattan, highSociety, rum, pb.Broker_BROKER_STEPHANIE_ST_CLAIR, false, 1, 38, 8},
	{pb.District_DISTRICT_HARLEM, "Harlem", manhattan, ghetto, 0, 0, false, 2, 48, 18},
	{pb.District_DISTRICT_WEST_SIDE, "West Side", manhattan, dock, 0, 0, true, 3, 28, 22},
	{pb.District_DISTRICT_HELLS_KITCHEN, "Hell's Kitchen", manhattan, speakeasy, gin, 0, false, 4, 38, 32},
	{pb.District_DISTRICT_GREENWICH_VILLAGE, "Greenwich Village", manhattan, speakeasy, whisky, 0, true, 5, 28, 42},
	{pb.District_DISTRICT_FIVE_POINTS, "Five Points", manhattan, ghetto, 0, 0, true, 6, 36, 52},
	{pb.District_DISTRICT_WILLIAMSBURG, "Williamsburg", brooklyn, highSociety, moonshine, pb.Broker_BROKER_ARNOLD_ROTHSTEIN, true, 7, 54, 56},
	{pb.District_DISTRICT_RED_HOOK, "Red Hook", brooklyn, dock, 0, 0, true, 8, 40, 66},
	{pb.District_DISTRICT_BROWNSVILLE, "Brownsville", brooklyn, ghetto, 0, 0, false, 9, 66, 68},
	{pb.District_DISTRICT_FLATBUSH, "Flatbush", brooklyn, speakeasy, gin, 0, false, 10, 54, 74},
	{pb.District_DISTRICT_BAY_RIDGE, "Bay Ridge", brooklyn, plain, 0, 0, true, 11, 38, 80},
	{pb.District_DISTRICT_CONEY_ISLAND, "Coney Island", brooklyn, speakeasy, rum, 0, true, 12, 52, 90},
	{pb.District_DISTRICT_RICHMOND_HILL, "Richmond Hill", queens, highSociety, gin, pb.Broker_BROKER_TEXAS_GUINAN, false, 13, 80, 58},
	{pb.District_DISTRICT_ASTORIA, "Astoria", queens, speakeasy, whisky, 0, true, 14, 62, 36},
	{pb.District_DISTRICT_LONG_ISLAND_CITY, "Long Island City", queens, dock, 0, 0, true, 15, 54, 44},
	{pb.District_DISTRICT_CORONA, "Corona", queens, ghetto, 0, 0, false, 16, 72, 46},
	{pb.District_DISTRICT_FLUSHING, "Flushing", queens, speakeasy, moonshine, 0, false, 17, 88, 40},
	{pb.District_DISTRICT_MORRIS_PARK, "Morris Park", bronx, highSociety, whisky, pb.Broker_BROKER_JIMMY_WALKER, false, 18, 70, 10},
	{pb.District_DISTRICT_FORDHAM, "Fordham", bronx, speakeasy, moonshine, 0, false, 19, 56, 4},
	{pb.District_DISTRICT_MOTT_HAVEN, "Mott Haven", bronx, ghetto, 0, 0, false, 20, 58, 16},
	{pb.District_DISTRICT_HUNTS_POINT, "Hunts Point", bronx, plain, 0, 0, true, 21, 68, 22},
	{pb.District_DISTRICT_THORGGS_NECK, "Thorggs Neck", bronx, dock, 0, 0, true, 22, 84, 18},
	{pb.District_DISTRICT_ST_GEORGE, "St. George", statenIsland, dock, 0, 0, true, 24, 18, 72},
	{pb.District_DISTRICT_STAPLETON, "Stapleton", statenIsland, ghetto, 0, 0, true, 23, 20, 84},
	{pb.District_DISTRICT_TOTTENVILLE, "Tottenville", statenIsland, speakeasy, rum, 0, true, 25, 8, 94},
}

// Land borders and Bridges. Every pair of Docks is also Connected by Water.
var edges = []Edge{
	// Manhattan.
	{pb.District_DISTRICT_SUGAR_HILL, pb.District_DISTRICT_HARLEM, Land},
	{pb.District_DISTRICT_SUGAR_HILL, pb.District_DISTRICT_WEST_SIDE, Land},
	{pb.District_DISTRICT_HARLEM, pb.District_DISTRICT_HELLS_KITCHEN, Land},
	{pb.District_DISTRICT_WEST_SIDE, pb.District_DISTRICT_HELLS_KITCHEN, Land},
	{pb.District_DISTRICT_WEST_SIDE, pb.District_DISTRICT_GREENWICH_VILLAGE, Land},
	{pb.District_DISTRICT_HELLS_KITCHEN, pb.District_DISTRICT_GREENWICH_VILLAGE, Land},
	{pb.District_DISTRICT_GREENWICH_VILLAGE, pb.District_DISTRICT_FIVE_POINTS, Land},
	// Brooklyn.
	{pb.District_DISTRICT_WILLIAMSBURG, pb.District_DISTRICT_RED_HOOK, Land},
	{pb.District_DISTRICT_WILLIAMSBURG, pb.District_DISTRICT_BROWNSVILLE, Land},
	{pb.District_DISTRICT_RED_HOOK, pb.District_DISTRICT_FLATBUSH, Land},
	{pb.District_DISTRICT_RED_HOOK, pb.District_DISTRICT_BAY_RIDGE, Land},
	{pb.District_DISTRICT_BROWNSVILLE, pb.District_DISTRICT_FLATBUSH, Land},
	{pb.District_DISTRICT_FLATBUSH, pb.District_DISTRICT_BAY_RIDGE, Land},
	{pb.District_DISTRICT_FLATBUSH, pb.District_DISTRICT_CONEY_ISLAND, Land},
	{pb.District_DISTRICT_BAY_RIDGE, pb.District_DISTRICT_CONEY_ISLAND, Land},
	// Queens.
	{pb.District_DISTRICT_ASTORIA, pb.District_DISTRICT_LONG_ISLAND_CITY, Land},
	{pb.District_DISTRICT_ASTORIA, pb.District_DISTRICT_CORONA, Land},
	{pb.District_DISTRICT_LONG_ISLAND_CITY, pb.District_DISTRICT_CORONA, Land},
	{pb.District_DISTRICT_CORONA, pb.District_DISTRICT_FLUSHING, Land},
	{pb.District_DISTRICT_CORONA, pb.District_DISTRICT_RICHMOND_HILL, Land},
	{pb.District_DISTRICT_FLUSHING, pb.District_DISTRICT_RICHMOND_HILL, Land},
	// The Bronx.
	{pb.District_DISTRICT_FORDHAM, pb.District_DISTRICT_MOTT_HAVEN, Land},
	{pb.District_DISTRICT_FORDHAM, pb.District_DISTRICT_MORRIS_PARK, Land},
	{pb.District_DISTRICT_MOTT_HAVEN, pb.District_DISTRICT_HUNTS_POINT, Land},
	{pb.District_DISTRICT_HUNTS_POINT, pb.District_DISTRICT_MORRIS_PARK, Land},
	{pb.District_DISTRICT_HUNTS_POINT, pb.District_DISTRICT_THORGGS_NECK, Land},
	{pb.District_DISTRICT_MORRIS_PARK, pb.District_DISTRICT_THORGGS_NECK, Land},
	// Staten Island.
	{pb.District_DISTRICT_ST_GEORGE, pb.District_DISTRICT_STAPLETON, Land},
	{pb.District_DISTRICT_STAPLETON, pb.District_DISTRICT_TOTTENVILLE, Land},
	// Between Boroughs: Brooklyn meets Queens by land; the rivers by Bridge.
	{pb.District_DISTRICT_WILLIAMSBURG, pb.District_DISTRICT_CORONA, Land},
	{pb.District_DISTRICT_WILLIAMSBURG, pb.District_DISTRICT_ASTORIA, Land},
	{pb.District_DISTRICT_BROWNSVILLE, pb.District_DISTRICT_RICHMOND_HILL, Land},
	{pb.District_DISTRICT_WILLIAMSBURG, pb.District_DISTRICT_FIVE_POINTS, Bridge},
	{pb.District_DISTRICT_FIVE_POINTS, pb.District_DISTRICT_RED_HOOK, Bridge},
	{pb.District_DISTRICT_HELLS_KITCHEN, pb.District_DISTRICT_LONG_ISLAND_CITY, Bridge},
	{pb.District_DISTRICT_HARLEM, pb.District_DISTRICT_MOTT_HAVEN, Bridge},
	{pb.District_DISTRICT_SUGAR_HILL, pb.District_DISTRICT_FORDHAM, Bridge},
	{pb.District_DISTRICT_MOTT_HAVEN, pb.District_DISTRICT_ASTORIA, Bridge},
}

var boroughs = [5]BoroughInfo{
	{pb.Borough_BOROUGH_MANHATTAN, "Manhattan", 3, pb.District_DISTRICT_FIVE_POINTS, pb.District_DISTRICT_WEST_SIDE, pb.District_DISTRICT_HELLS_KITCHEN},
	{pb.Borough_BOROUGH_BROOKLYN, "Brooklyn", 3, pb.District_DISTRICT_BROWNSVILLE, pb.District_DISTRICT_RED_HOOK, pb.District_DISTRICT_CONEY_ISLAND},
	{pb.Borough_BOROUGH_QUEENS, "Queens", 3, pb.District_DISTRICT_CORONA, pb.District_DISTRICT_LONG_ISLAND_CITY, pb.District_DISTRICT_ASTORIA},
	{pb.Borough_BOROUGH_BRONX, "The Bronx", 3, pb.District_DISTRICT_MOTT_HAVEN, pb.District_DISTRICT_THORGGS_NECK, pb.District_DISTRICT_FORDHAM},
	{pb.Borough_BOROUGH_STATEN_ISLAND, "Staten Island", 2, 0, 0, 0},
}

// StillTokens is the printed mix of the 25 Still tokens: how many carry
// each number from 2 to 12 (index 0 is the number 2). Every Brew Number has
// a Still, and the numbers two dice make most often have a few more.
var StillTokens = [11]int{1, 2, 2, 3, 3, 3, 3, 3, 2, 2, 1}

// Short names keep the table readable.
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
)

// links[a][b] is how District a connects to District b (0: not at all),
// indexed by District number - 1.
var links = buildLinks()

func buildLinks() (l [NumDistricts][NumDistricts]Link) {
	for _, e := range edges {
		l[e.A-1][e.B-1], l[e.B-1][e.A-1] = e.Link, e.Link
	}
	for _, a := range districts {
		for _, b := range districts {
			if a.ID != b.ID && a.Kind == dock && b.Kind == dock && l[a.ID-1][b.ID-1] == 0 {
				l[a.ID-1][b.ID-1] = Water
			}
		}
	}
	return l
}

// Districts returns the City Map table in District order.
func Districts() []DistrictInfo { return districts[:] }

// Info returns the printed facts of District d.
func Info(d pb.District) DistrictInfo { return districts[d-1] }

// Boroughs returns the five Boroughs in Borough order.
func Boroughs() []BoroughInfo { return boroughs[:] }

// BoroughOf returns the printed facts of Borough b.
func BoroughOf(b pb.Borough) BoroughInfo { return boroughs[b-1] }

// Edges returns the land borders and Bridges.
func Edges() []Edge { return slices.Clone(edges) }

// Connection says how a and b are Connected (0 if they are not).
func Connection(a, b pb.District) Link { return links[a-1][b-1] }

// Connected reports whether a and b are Connected.
func Connected(a, b pb.District) bool {
	return ValidDistrict(a) && ValidDistrict(b) && links[a-1][b-1] != 0
}

// Neighbours returns the Districts Connected to d, in District order.
func Neighbours(d pb.District) []pb.District {
	var out []pb.District
	for i, l := range links[d-1] {
		if l != 0 {
			out = append(out, pb.District(i+1))
		}
	}
	return out
}

// AllDistricts returns every District id in District order.
func AllDistricts() []pb.District {
	out := make([]pb.District, NumDistricts)
	for i := range out {
		out[i] = pb.District(i + 1)
	}
	return out
}

// LedgerOrder returns the Districts of borough b top to bottom on the Town
// Planning Ledger.
func LedgerOrder(b pb.Borough) []pb.District {
	var out []DistrictInfo
	for _, d := range districts {
		if d.Borough == b {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(x, y DistrictInfo) int { return x.Ledger - y.Ledger })
	ids := make([]pb.District, len(out))
	for i, d := range out {
		ids[i] = d.ID
	}
	return ids
}

// HighSociety returns the High Society District of borough b (unset for
// Staten Island).
func HighSociety(b pb.Borough) pb.District {
	for _, d := range districts {
		if d.Borough == b && d.Kind == highSociety {
			return d.ID
		}
	}
	return pb.District_DISTRICT_UNSPECIFIED
}

// BrokerDistrict returns the High Society District of a Power Broker.
func BrokerDistrict(b pb.Broker) pb.District {
	for _, d := range districts {
		if d.Broker == b {
			return d.ID
		}
	}
	return pb.District_DISTRICT_UNSPECIFIED
}

// HomePrecincts lists where the five Precincts start: every Borough's High
// Society District and Stapleton.
func HomePrecincts() []pb.District {
	return []pb.District{
		pb.District_DISTRICT_SUGAR_HILL, pb.District_DISTRICT_WILLIAMSBURG,
		pb.District_DISTRICT_RICHMOND_HILL, pb.District_DISTRICT_MORRIS_PARK,
		pb.District_DISTRICT_STAPLETON,
	}
}

// ValidDistrict reports whether d is a District of the City Map.
func ValidDistrict(d pb.District) bool { return d >= 1 && d <= NumDistricts }

// ValidLiquor reports whether l is one of the four liquors.
func ValidLiquor(l pb.Liquor) bool { return l >= moonshine && l <= rum }

// Liquors lists the four liquors in Liquor order.
var Liquors = []pb.Liquor{moonshine, gin, whisky, rum}

// Domestic lists the liquors a Still can brew.
var Domestic = []pb.Liquor{moonshine, gin, whisky}
