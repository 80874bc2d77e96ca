package printed

import (
	"fmt"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// This file is the one home of Bootleggers' numbers: the printed (or
// reported with high confidence) facts first, then House, the table of every
// number no source prints, each tagged with the ruling of
// docs/rules/bootleggers.md that sets it. The rules, the views, the bots and
// the rules RPC all read these tables; nothing else may hold a number of the
// game.

// Printed and reported numbers. Each is quoted in docs/rules/bootleggers.md
// and checked by data_test.go.
const (
	// MinPlayers and MaxPlayers bound the table: "A Strategy Game for 3-6
	// Mobsters", and 2 with the variant "Where are da boys?".
	MinPlayers, MaxPlayers = 2, 6
	// StandardMinPlayers is the fewest players of the base game.
	StandardMinPlayers = 3
	// Rounds is the length of the game: "The game is played over 12 years
	// (Rounds)".
	Rounds = 12
	// StartingMoney is each Mobster's money at setup, in G.
	StartingMoney = 10
	// StartingBackRoom is the markers in the Back Room at setup.
	StartingBackRoom = 1
	// MarkersPerColour is one colour's Influence markers: 120 markers in 6
	// colours.
	MarkersPerColour = 20
	// Colours is the number of Mobster colours.
	Colours = 6
	// StillDiceMax is the die spaces of a Family Still.
	StillDiceMax = 4
	// StartingDice is the dice on the Family Still at setup.
	StartingDice = 1
	// MuscleCards is the Muscle deck, numbered 1 to MuscleCards.
	MuscleCards = 72
	// MuscleBands is the number of bands the Muscle cards are split into
	// (1-18 red, 19-36, 37-54, 55-72 blue).
	MuscleBands = 4
	// MuscleBandSize is the cards in each band.
	MuscleBandSize = MuscleCards / MuscleBands
	// MusclePerBand is the cards of each band dealt to each Mobster (12 in
	// all, one per round).
	MusclePerBand = 3
	// MenOfActionCards is the Men of Action deck.
	MenOfActionCards = 80
	// TruckCards is the Truck deck.
	TruckCards = 14
	// TruckFigures is the trucks in the box: one starting truck per colour
	// plus one per Truck card.
	TruckFigures = Colours + TruckCards
	// RemoteStills is the Remote Still boards in the box.
	RemoteStills = 6
	// CrateCubes and DiceInBox are the box's crates and dice; neither is a
	// limit of play (ruling 2).
	CrateCubes, DiceInBox = 70, 25
	// SmallTruckCapacity is the crates the starting small truck carries.
	SmallTruckCapacity = 4
	// EarlyEndMoney ends the base game: "the game ends when a player
	// reaches $100Gs".
	EarlyEndMoney = 100
	// CopperFirstRound is the first round in which the Copper acts: "he
	// does not appear until Round 4".
	CopperFirstRound = 4
)

// Numbers of the optional rules (all printed).
const (
	// RampRounds: "Dice are no longer rolled to determine production for
	// the first 3 turns."
	RampRounds = 3
	// RampFirstDie: "The first die in the Family Still (received during
	// setup) produces 4 Crates of whiskey."
	RampFirstDie = 4
	// RampOtherDie: "All additional dice received when upgrading Stills
	// produce 3 Crates of whiskey."
	RampOtherDie = 3
	// PlayItCoolFace: "All dice that he would have rolled result in a 3."
	PlayItCoolFace = 3
	// NeedALittleHelpPlayers: "In a three Mobster game, turn over an
	// additional Men of Action card".
	NeedALittleHelpPlayers = 3
)

// Numbers of the 2-player variant "Where are da boys?" (all printed).
const (
	// TwoPlayers is the variant's table.
	TwoPlayers = 2
	// TwoPlayerOffer: "turn over 5 Men of Action cards".
	TwoPlayerOffer = 5
	// NonPlayerHands: "deal three additional hands of Muscle cards".
	NonPlayerHands = 3
	// TwoPlayerEndMoney: "the first round in which one Mobster has
	// accumulated at least $80G".
	TwoPlayerEndMoney = 80
)

// PlaceSpec is what is printed or reported of one drinking place.
type PlaceSpec struct {
	// Place is the place.
	Place pb.DrinkingPlace
	// Name is its printed name.
	Name string
	// Kind is its kind at setup.
	Kind pb.PlaceKind
	// Neutral is the 2-player variant's pre-placed neutral markers.
	Neutral int
	// TwoPlayer is false for the place the 2-player variant does not use.
	TwoPlayer bool
}

// Places lists the six drinking places, smallest to largest ("Beginning
// with Texas Lil's, fill all of the shaded circles in order of smallest to
// largest Speakeasy"), indexed by pb.DrinkingPlace - 1.
var Places = [...]PlaceSpec{
	{omalleys, "O'Malley's", pb.PlaceKind_PLACE_KIND_OMALLEYS, 0, true},
	{texas, "Texas Lil's", speakeasy, 0, true},
	{mothers, "Mother's Groceries", speakeasy, 1, true},
	{barleycorns, "Barleycorn's", speakeasy, 2, true},
	{mccoy, "The Real McCoy", speakeasy, 3, true},
	{volstead, "The Volstead", speakeasy, 0, false},
}

// PlaceCount is the number of drinking places.
const PlaceCount = len(Places)

// Place returns the spec of p; it panics on a place that is not one of the
// six (callers validate commands first).
func Place(p pb.DrinkingPlace) PlaceSpec {
	if p < omalleys || int(p) > PlaceCount {
		panic(fmt.Sprintf("bootleggers: no drinking place %v", p))
	}
	return Places[p-1]
}

// PhaseTitle names a phase as the Boardwalk rulebook does: "Phase 1:
// Muscle".
func PhaseTitle(p pb.Phase) string {
	switch p {
	case muscle:
		return "Phase 1: Muscle"
	case sendIn:
		return "Phase 2: Send in the Boys"
	case fireUp:
		return "Phase 3: Fire up the Still"
	case runIt:
		return "Phase 4: Run the Whiskey"
	case password:
		return "Phase 5: What's the Password?"
	case theHeat:
		return "Phase 6: The Heat!"
	}
	return "no phase"
}

// HouseRulesVersion numbers the House table and the rulings new tables are
// played with. It is recorded in GameStarted and must be raised whenever a
// number of House or a ruling changes what a seed and a command log give,
// so that a game is replayed with the numbers it was played with: the
// table of every version still played is kept in HouseTables.
const HouseRulesVersion = 3

// SpeakeasyNumbers are one speakeasy's house-ruled numbers (ruling 5; The
// Volstead's player count, ruling 10).
type SpeakeasyNumbers struct {
	// Place is the speakeasy.
	Place pb.DrinkingPlace
	// Circles is the circles for Influence markers.
	Circles int `ruling:"5"`
	// Minimum is the shaded circles: the markers it needs to open (ruling 6).
	Minimum int `ruling:"5"`
	// Dice is the consumption dice (Texas Lil's 1 is inferred from print).
	Dice int `ruling:"5"`
	// Price is paid to the seller per crate bought.
	Price int `ruling:"5"`
	// OwnerBonus is paid to the owner per crate bought.
	OwnerBonus int `ruling:"5"`
	// MinPlayers is the fewest players with which it is in play.
	MinPlayers int `ruling:"10"`
}

// TruckNumbers are one truck size's house-ruled numbers (ruling 24; the
// small truck's 4 crates are printed).
type TruckNumbers struct {
	// Size is the size.
	Size pb.TruckSize
	// Cards is the Truck cards of this size in the Truck deck.
	Cards int `ruling:"24"`
	// Capacity is the crates it carries.
	Capacity int `ruling:"24"`
	// Bribe is the price of its Truck card.
	Bribe int `ruling:"24"`
	// Graft is paid for it in every Phase 1 after it was bought.
	Graft int `ruling:"24"`
}

// MuscleCost is the cost of a run of Muscle cards (ruling 21).
type MuscleCost struct {
	// First and Last bound the run of printed numbers.
	First int `ruling:"21"`
	Last  int `ruling:"21"`
	// Cost is each card's cost in G.
	Cost int `ruling:"21"`
}

// CardSpec is one kind of Men of Action card (ruling 48; the names Single
// Influence and Double Influence are the publisher's).
type CardSpec struct {
	// Kind is the kind.
	Kind pb.CardKind
	// Name is the card's name.
	Name string
	// Count is the copies in the deck.
	Count int `ruling:"48"`
	// Cost is paid to the bank when the card takes effect.
	Cost int `ruling:"48"`
	// Timing says whether it is used at once or kept.
	Timing pb.CardTiming `ruling:"48"`
	// Phase is when it is played: Phase 1 for a use-now card (when taken),
	// the phase of its holder's turn for a kept one.
	Phase pb.Phase `ruling:"48"`
	// Amount is the card's number: markers gained, rival markers hit, dice
	// added (0 when the card has none).
	Amount int `ruling:"48"`
	// Text is the card's effect in one sentence (its cost and timing are
	// the fields above).
	Text string
}

// HouseTable is every number that no source prints (the base rulebook is
// not available), tagged field by field with its ruling. The values were
// tuned by seeded simulation (docs/rules/bootleggers.md, "Balance");
// changing one means raising HouseRulesVersion and RulesVersion.
type HouseTable struct {
	// Speakeasies are the five speakeasies, smallest first.
	Speakeasies []SpeakeasyNumbers
	// OMalleysPrice is what O'Malley's pays per crate.
	OMalleysPrice int `ruling:"9"`
	// ImprovementsPerSpeakeasy caps the improvement markers on one speakeasy.
	ImprovementsPerSpeakeasy int `ruling:"8"`
	// Trucks are the three truck sizes, smallest first.
	Trucks []TruckNumbers
	// MuscleCosts are the Muscle card costs, by runs of numbers.
	MuscleCosts []MuscleCost
	// MenOfAction is the Men of Action deck, kind by kind.
	MenOfAction []CardSpec
	// RemoteStillDiceMax caps the dice on a Remote Still.
	RemoteStillDiceMax int `ruling:"33"`
	// NeutralMarkers is the neutral colour's markers (2-player variant).
	NeutralMarkers int `ruling:"61"`
	// OpenTradesPerSeat caps the open trade offers a seat may have made.
	OpenTradesPerSeat int `ruling:"38"`
}

// House is the house-ruled table new tables play (version
// HouseRulesVersion).
var House = HouseTable{
	Speakeasies: []SpeakeasyNumbers{
		{Place: texas, Circles: 3, Minimum: 1, Dice: 1, Price: 2, OwnerBonus: 1, MinPlayers: 2},
		{Place: mothers, Circles: 5, Minimum: 2, Dice: 2, Price: 2, OwnerBonus: 1, MinPlayers: 2},
		{Place: barleycorns, Circles: 6, Minimum: 3, Dice: 2, Price: 3, OwnerBonus: 1, MinPlayers: 2},
		{Place: mccoy, Circles: 8, Minimum: 4, Dice: 3, Price: 3, OwnerBonus: 1, MinPlayers: 2},
		{Place: volstead, Circles: 9, Minimum: 5, Dice: 3, Price: 4, OwnerBonus: 1, MinPlayers: 6},
	},
	OMalleysPrice:            1,
	ImprovementsPerSpeakeasy: 1,
	Trucks: []TruckNumbers{
		{Size: small, Cards: 6, Capacity: 4, Bribe: 2, Graft: 3},
		{Size: medium, Cards: 5, Capacity: 6, Bribe: 4, Graft: 4},
		{Size: large, Cards: 3, Capacity: 8, Bribe: 6, Graft: 5},
	},
	MuscleCosts: []MuscleCost{
		{First: 1, Last: 18, Cost: 0},
		{First: 19, Last: 36, Cost: 2},
		{First: 37, Last: 54, Cost: 3},
		{First: 55, Last: 72, Cost: 4},
	},
	MenOfAction: []CardSpec{
		{Kind: single, Name: "Single Influence", Count: 18, Timing: useNow, Phase: muscle, Amount: 1,
			Text: "Take 1 Influence marker from your supply into your Back Room."},
		{Kind: double, Name: "Double Influence", Count: 10, Timing: useNow, Phase: muscle, Amount: 2,
			Text: "Take 2 Influence markers from your supply into your Back Room."},
		{Kind: hiredGuns, Name: "Hired Guns", Count: 4, Cost: 2, Timing: useNow, Phase: muscle, Amount: 3,
			Text: "Take 3 Influence markers from your supply into your Back Room."},
		{Kind: stillUpgrade, Name: "Still Upgrade", Count: 6, Cost: 2, Timing: useNow, Phase: muscle, Amount: 1,
			Text: "Add 1 die to one of your stills (at most 4 dice a still)."},
		{Kind: remoteStill, Name: "Remote Still", Count: 4, Cost: 4, Timing: useNow, Phase: muscle, Amount: 1,
			Text: "Build a Remote Still with 1 die."},
		{Kind: improvement, Name: "Speakeasy Improvement", Count: 6, Cost: 1, Timing: useNow, Phase: muscle, Amount: 1,
			Text: "Put an improvement marker on a speakeasy in play: +1 to each consumption die there, for good."},
		{Kind: hit, Name: "Hit", Count: 10, Timing: keep, Phase: sendIn, Amount: 2,
			Text: "Up to 2 markers of other colours in one speakeasy go back to their supply."},
		{Kind: shutdown, Name: "Shutdown", Count: 6, Timing: keep, Phase: sendIn,
			Text: "One rival still produces nothing this round."},
		{Kind: payOff, Name: "Pay Off the Copper", Count: 3, Timing: keep, Phase: sendIn,
			Text: "While you have the Copper: he leaves you; nobody has him until Phase 6."},
		{Kind: hijack, Name: "Hijack", Count: 5, Timing: keep, Phase: runIt,
			Text: "Run a rival's lined-up truck yourself for the rest of the round; its crates sell for you."},
		{Kind: halt, Name: "Halt an Order", Count: 4, Timing: keep, Phase: runIt,
			Text: "A rival's lined-up truck leaves its line and sells nothing this round."},
		{Kind: bigNight, Name: "Big Night", Count: 4, Timing: keep, Phase: runIt, Amount: 1,
			Text: "An open speakeasy rolls 1 more consumption die this round."},
	},
	RemoteStillDiceMax: 4,
	NeutralMarkers:     20,
	OpenTradesPerSeat:  4,
}

// HouseV2 is version 2's table, which games created before version 3 are
// played and verified with: House but for the speakeasies (every one 2G a
// crate but The Volstead's 3G, and more dice), the trucks' graft and the
// Muscle card costs (docs/rules/bootleggers.md, "Rules versions").
var HouseV2 = func() HouseTable {
	h := House
	h.Speakeasies = []SpeakeasyNumbers{
		{Place: texas, Circles: 3, Minimum: 1, Dice: 1, Price: 2, OwnerBonus: 1, MinPlayers: 2},
		{Place: mothers, Circles: 5, Minimum: 2, Dice: 2, Price: 2, OwnerBonus: 1, MinPlayers: 2},
		{Place: barleycorns, Circles: 6, Minimum: 3, Dice: 3, Price: 2, OwnerBonus: 1, MinPlayers: 2},
		{Place: mccoy, Circles: 8, Minimum: 4, Dice: 4, Price: 2, OwnerBonus: 1, MinPlayers: 2},
		{Place: volstead, Circles: 9, Minimum: 5, Dice: 4, Price: 3, OwnerBonus: 1, MinPlayers: 6},
	}
	h.Trucks = []TruckNumbers{
		{Size: small, Cards: 6, Capacity: 4, Bribe: 2, Graft: 2},
		{Size: medium, Cards: 5, Capacity: 6, Bribe: 4, Graft: 3},
		{Size: large, Cards: 3, Capacity: 8, Bribe: 6, Graft: 4},
	}
	h.MuscleCosts = []MuscleCost{
		{First: 1, Last: 18, Cost: 0},
		{First: 19, Last: 36, Cost: 1},
		{First: 37, Last: 54, Cost: 2},
		{First: 55, Last: 63, Cost: 3},
		{First: 64, Last: 72, Cost: 4},
	}
	return h
}()

// HouseTables are the house tables of every version this engine plays, by
// HouseRulesVersion: a game is played, and verified, with the one its
// GameStarted records. Version 1, the notes' first table, was never
// played outside the simulations. Card and truck ids are the same in every
// version (data_test.go).
var HouseTables = map[int]*HouseTable{2: &HouseV2, HouseRulesVersion: &House}
