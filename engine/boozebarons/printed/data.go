package printed

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
	// MovementCoins, DeliveryCoins and SnitchCoins are what End of Game
	// counts for each Movement card, Delivery card and Snitch token.
	MovementCoins, DeliveryCoins, SnitchCoins = 2, 1, 1
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

// LocationCard is a Location card as printed: its name and its Event.
type LocationCard struct {
	Location pb.Location
	Name     string
	// Event is the side A Event; EventSideB is the side B Event where the
	// rulebook prints it (the Docks only).
	Event, EventSideB string
	// Passive marks an Event that is always active and takes no action.
	Passive bool
}

// LocationCards lists the six Location cards in table (enum) order, with
// their Events as printed (Locations, Side A and the Docks' Side B).
var LocationCards = []LocationCard{
	{Location: casino, Name: "Casino Regale", Event: "Reveal the top 3 cards of the Delivery deck. You may choose and keep any number of those Delivery cards that match your Booze type. Discard any that you do not keep."},
	{Location: caves, Name: "River Caves", Event: "You can only be Tailed by players who are also at the River Caves. This event is automatically activated.", Passive: true},
	{Location: pete, Name: "Seedy Pete's", Event: "Steal a Delivery card that matches your Booze type from the player seated to your left or right. If that player still has more Delivery cards than you, you may steal a second Delivery card from them."},
	{Location: officers, Name: "Officer's Club", Event: "Tail the player seated to your right."},
	{Location: curtain, Name: "Curtain Club", Event: "Tail the player seated to your left."},
	{Location: docks, Name: "Docks", Event: "Choose another player. That player may collect up to 2 Delivery cards that match their Booze type from any Location(s).",
		EventSideB: "Choose another player. That player becomes the Booze Baron next round."},
}

// LocationName returns a Location's printed name.
func LocationName(l pb.Location) string {
	if ValidLocation(l) {
		return LocationCards[l-casino].Name
	}
	return l.String()
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

// mobNames and boozeNames are the printed names (Booze Types).
var (
	mobNames   = map[pb.Mob]string{pb.Mob_MOB_BEER: "Beer", pb.Mob_MOB_LIQUOR: "Liquor", pb.Mob_MOB_WINE: "Wine"}
	boozeNames = map[pb.BoozeType]string{
		porter: "Punching Bag Porter", blonde: "Dolled Up Blonde", lager: "Laying Low Lager", hop: "Good Hop Bad Hop",
		tequila: "Time Bomb Tequila", rye: "Reach for the Sky Rye", bourbon: "Back Alley Bourbon", lightning: "Lucky Lightning",
		merlot: "Machine Gun Merlot", brandy: "Big House Brandy", champagne: "Shakedown Champagne", chardonnay: "Shifty's Chardonnay",
	}
)

// MobName returns a Mob's printed name ("Beer").
func MobName(m pb.Mob) string {
	if n, ok := mobNames[m]; ok {
		return n
	}
	return m.String()
}

// BoozeName returns a Booze type's printed name ("Shifty's Chardonnay").
func BoozeName(t pb.BoozeType) string {
	if n, ok := boozeNames[t]; ok {
		return n
	}
	return t.String()
}

// BoozeDealing returns how the Booze pile is made for a table (Dealing
// Booze): perMob cards from each Mob's pile, and, for four and seven
// players, one more drawn from all the remaining cards. "create a pile of
// Booze cards by adding one card from each Mob's pile until the number of
// cards is equal to or greater than the number of players" (or, for four
// and seven players, "one less than the number of players").
func BoozeDealing(players int) (perMob int, fromRest bool) {
	want := players
	if players == 4 || players == 7 {
		want, fromRest = players-1, true
	}
	return (want + len(Mobs) - 1) / len(Mobs), fromRest
}

// LoneDoubled reports whether a table doubles the Coins of a player without
// a teammate: "In four and five player games, the Coins of any player who
// does not have a teammate are doubled at the end of the game."
func LoneDoubled(players int) bool { return players == 4 || players == 5 }

// ThreeCountTwo reports whether a Mob of three counts only two: "In seven
// and eight player games, Mobs of three players only count the Coins of two
// players when determining their score: their highest-scoring player and
// their lowest-scoring player."
func ThreeCountTwo(players int) bool { return players == 7 || players == 8 }

// RefillCount returns how many Delivery cards the End of Round draws:
// "Draw a number of Delivery cards equal to half the number of players
// (round up)" or, by option, "rounded down".
func RefillCount(players int, r pb.Rounding) int {
	if r == pb.Rounding_ROUNDING_DOWN {
		return players / 2
	}
	return (players + 1) / 2
}

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

// FaceOf returns the face of Delivery card id as a message.
func FaceOf(id int32) *pb.DeliveryCard {
	f := Deck[id]
	return &pb.DeliveryCard{Id: id, Location: f.Location, BoozeTypes: f.Types[:]}
}

// ValidCard reports whether id names a Delivery card.
func ValidCard(id int32) bool { return id >= 0 && id < DeckSize }

// ValidLocation reports whether l is one of the six Locations.
func ValidLocation(l pb.Location) bool { return l >= casino && l <= docks }

// ValidBooze reports whether t is one of the twelve Booze types.
func ValidBooze(t pb.BoozeType) bool { return t >= porter && t <= chardonnay }
