package bootleggers

import (
	"cmp"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// noSeat, noCard, noTruck and noHand mark an absent seat, Men of Action
// card, truck or Non-Player hand.
const (
	noSeat  = -1
	noCard  = -1
	noTruck = -1
	noHand  = -1
)

// State is the folded state of one game of Bootleggers: everything the
// events have established, public and hidden alike (views redact it).
// Seats, trucks and cards are numbered as in the protobuf contract. The
// drinking places carry their kind, so that the Boardwalk expansion's
// casinos (a speakeasy redeveloped in place) fit without a new layout.
type State struct {
	// players is the number of seats.
	players int
	// version is the house rules version the game is played with (as its
	// GameStarted records it), and house and boardwalk that version's
	// tables: a game goes on, and is verified, under the rules it was
	// created with.
	version   int
	house     *printed.HouseTable
	boardwalk *printed.BoardwalkTable
	// opts are the options, normalised.
	opts *pb.Options
	// round is the round being played, 1-12 (0 before round 1).
	round int
	// phase and step are the part of the round being played.
	phase pb.Phase
	step  pb.Step
	// order is this round's Muscle order, first to act first (empty before
	// the reveal). Ties of the round go to the higher revealed card, which is
	// the same order unless Muscling In modified it (ruling 4).
	order []contender
	// turn indexes order: whose turn it is in the selection and in the
	// turn-based phases (which pass over the Non-Player hands); -1 when no
	// turn is under way.
	turn int
	// bids are the round's sealed Muscle cards (ruling 18): who has sealed
	// is public, the card only its seat's until the reveal.
	bids engine.Sealed[int]
	// seats are the Mobsters, by seat.
	seats []seatState
	// places are the six drinking places, indexed by pb.DrinkingPlace - 1.
	places [printed.PlaceCount]placeState
	// trucks are the twenty truck figures, by truck id.
	trucks [printed.TruckFigures]truckState
	// menDeck is the Men of Action deck, top first (hidden: auditor only).
	menDeck []int
	// menDiscard is the Men of Action discard pile (face up).
	menDiscard []int
	// truckDeck is the Truck deck's trucks, top first (hidden: auditor only).
	truckDeck []int
	// casinoDeck is the Casino deck of the Boardwalk expansion, by Casino
	// card id, top first (hidden: auditor only; ruling 79).
	casinoDeck []int
	// casinoDiscard is the Casino discard pile (face up).
	casinoDiscard []int
	// offer is the round's offer.
	offer offer
	// nonPlayers are the Non-Player Muscle hands (2-player variant).
	nonPlayers []nonPlayerHand
	// setAside are the Muscle cards dealt to nobody (hidden: auditor only).
	setAside []int
	// neutralSupply is the neutral markers not yet on the board (2-player
	// variant).
	neutralSupply int
	// copper is the seat that has the Copper, or noSeat.
	copper int
	// remoteStillsLeft is the Remote Stills not yet built.
	remoteStillsLeft int
	// trades are the open trade offers, oldest first.
	trades []trade
	// lastTrade is the id of the latest offer made (ids count from 1).
	lastTrade int
	// call is the buying order awaited from a majority holder, if any.
	call *orderCall
	// muscleDiscards are the Muscle cards played in earlier rounds.
	muscleDiscards []int
	// omalleysCuts is the markers casino owners destroyed this round to cut
	// O'Malley's consumption (Boardwalk, ruling 81).
	omalleysCuts int
	// rolled is true once this round's consumption is rolled.
	rolled bool
	// result is set once the game is over.
	result *pb.GameEnded
}

// contender is one place in the Muscle order: a seat, or a Non-Player hand.
type contender struct {
	// seat is the Mobster, or noSeat for a Non-Player hand.
	seat int
	// hand is the Non-Player hand, or noHand for a Mobster.
	hand int
	// muscle is the revealed card's printed number.
	muscle int
	// value is what the order sorts on: the card, plus the Back Room with
	// Muscling In (ruling 68).
	value int
}

// seatState is one Mobster.
type seatState struct {
	// money is in G; never negative.
	money int
	// supply is the markers not yet in play; backRoom those waiting in the
	// Back Room to be sent in.
	supply, backRoom int
	// hand is the Muscle cards in hand, sorted (hidden: the seat only).
	hand []int
	// muscle is the card revealed this round (0 before the reveal).
	muscle int
	// stills are the Family Still (index 0) and the Remote Stills in the
	// order built.
	stills []still
	// crates are the crates in the Back Room, not loaded on a truck.
	crates int
	// kept are the kept Men of Action cards, in the order taken.
	kept []int
	// keptCasino are the kept Casino cards (Boardwalk), in the order taken.
	keptCasino []int
	// done is true once the seat's selection or phase turn is over.
	done bool
	// produced is the crates produced this round (the Copper's measure).
	produced int
	// rangUp is true once the seat has used Ring up the Boys this round.
	rangUp bool
	// offers is the trade offers the seat has made this round.
	offers int
	// destroyed is the markers it destroyed at O'Malley's (Boardwalk): out
	// of the game; cuts is those it destroyed this round (ruling 81).
	destroyed, cuts int
	// resigned is set once the Mobster conceded (resign.go).
	resigned bool
	// ordinance is true when a New City Ordinance makes it pay the fee to
	// open a casino this round (ruling 89).
	ordinance bool
	// cardsPassed is true once it passed in this Selling Phase's window
	// (ruling 92).
	cardsPassed bool
}

// still is one still: its dice, and whether a Shutdown stops it this round.
type still struct {
	dice     int
	shutDown bool
}

// placeState is one drinking place.
type placeState struct {
	// kind is what the place is now (a Boardwalk casino keeps its place).
	kind pb.PlaceKind
	// inPlay is false for a place the table does not use.
	inPlay bool
	// markers are the Influence markers there, by colour (the seats, then
	// neutralColour).
	markers [colourCount]int
	// improvements are the improvement markers (+1 to each die).
	improvements int
	// line is the trucks lined up at its loading dock, front first.
	line []int
	// bigNight is true when a Big Night adds a die this round.
	bigNight bool
	// roll is this round's consumption roll, nil before it is rolled.
	roll *consumption
	// called is the buying order a majority holder called for one tier
	// this round (ruling 43), nil when none was called.
	called []int
	// sold is true once it has sold this round's whiskey.
	sold bool
	// casinoOwner is the seat whose marker marks the casino's ownership
	// (Boardwalk), or noSeat for a place that is no casino.
	casinoOwner int
	// acts are a casino's Entertainment Acts (+1 to each die).
	acts int
	// cards are the Casino cards played on it this round (rulings 90-99).
	cards placeCards
}

// placeCards are the Casino cards in force at one place this round.
type placeCards struct {
	// raided: a Police Raid closed the casino (ruling 90).
	raided bool
	// fireChief: its last truck in line is not bought (ruling 93).
	fireChief bool
	// pockets is the one seat the casino buys from, or noSeat (ruling 94).
	pockets int
	// windfall: its owner is paid GamblingWindfallBonus more a crate
	// (ruling 95).
	windfall bool
	// broken: Break the Bank, its owner receives no payout (ruling 98).
	broken bool
	// commission is where a State Gaming Commission on it stands (ruling
	// 99).
	commission pb.Commission
}

// consumption is one speakeasy's roll.
type consumption struct {
	// dice are the faces rolled; dropped is the face discarded (2-player
	// variant), 0 for none.
	dice    []int
	dropped int
	// total is the crates the speakeasy buys at most.
	total int
}

// truckState is one truck figure.
type truckState struct {
	// owner is the seat that owns it, or noSeat while its card is in the
	// Truck deck or on offer, or when it is out of the game.
	owner int
	// runner is the seat running it this round when that is not the owner
	// (renter or hijacker), else noSeat.
	runner int
	// crates is its load.
	crates int
	// place is where it is lined up, unspecified at home.
	place pb.DrinkingPlace
	// halted is true when a Halt an Order took it out of its line.
	halted bool
	// doubled is true when Apple Pie! doubled its load this round (ruling
	// 96); insideJob when Inside Job pays its seller the owner's payout
	// (ruling 97).
	doubled, insideJob bool
}

// offer is the round's offer.
type offer struct {
	// slots are the Men of Action Offer Spaces turned over.
	slots []offerSlot
	// truck is the truck of the Truck card on offer, or noTruck.
	truck int
	// casino are the Casino offer spaces (Boardwalk): a Casino card id, or
	// noCard once taken.
	casino []int
}

// offerSlot is one Men of Action Offer Space.
type offerSlot struct {
	// card is the card there, or noCard once taken.
	card int
	// hand is the Non-Player hand above it, or noHand.
	hand int
}

// nonPlayerHand is one Non-Player Muscle hand (2-player variant).
type nonPlayerHand struct {
	// cards are the face-down cards, top first (hidden: auditor only).
	cards []int
	// muscle is the card turned over this round (0 before the reveal).
	muscle int
}

// trade is an open trade offer.
type trade struct {
	id, from, to int
	give, get    goods
}

// goods is one side of a trade.
type goods struct {
	money, crates int
	trucks        []int
}

// orderCall is a buying order awaited from a majority holder (ruling 43).
type orderCall struct {
	seat   int
	place  pb.DrinkingPlace
	trucks []int
	tier   pb.BuyingTier
}

// colour is whose markers are meant: a seat (0-5) or neutralColour.
type colour int

// neutralColour is the neutral, non-player colour of the 2-player variant;
// colourCount sizes the per-colour arrays.
const (
	neutralColour colour = printed.Colours
	colourCount          = printed.Colours + 1
)

// startState returns the state GameStarted folds to: every seat with its
// printed setup ("Each player: 10G; one small truck carrying 4 crates; a
// Family Still with 1 die on it; 1 influence marker in the Back Room; the
// other 19 markers stay in the player's supply"), the drinking places the
// table uses, every Truck card waiting for the Truck deck. The deal, the
// shuffles and the 2-player neutral markers are later events of the setup.
// opts must be normalised.
func startState(players int, opts *pb.Options, version int) *State {
	s := &State{players: players, opts: opts, version: version, house: printed.HouseTables[version],
		boardwalk: printed.BoardwalkTables[version], turn: -1, copper: noSeat,
		remoteStillsLeft: printed.RemoteStills}
	for i := range s.trucks {
		s.trucks[i] = truckState{owner: noSeat, runner: noSeat}
	}
	s.seats = make([]seatState, players)
	for i := range s.seats {
		s.seats[i] = seatState{
			money:    printed.StartingMoney,
			supply:   printed.MarkersPerColour - printed.StartingBackRoom,
			backRoom: printed.StartingBackRoom,
			stills:   []still{{dice: printed.StartingDice}},
		}
		s.trucks[printed.StartingTruck(i)].owner = i
	}
	for i, spec := range printed.Places {
		s.places[i] = placeState{kind: spec.Kind, inPlay: printed.InPlay(spec.Place, players, opts), casinoOwner: noSeat,
			cards: placeCards{pockets: noSeat}}
	}
	if printed.TwoPlayer(opts) {
		s.neutralSupply = s.house.NeutralMarkers
	}
	s.offer.truck = noTruck
	return s
}

// place returns the state of drinking place p.
func (s *State) place(p pb.DrinkingPlace) *placeState { return &s.places[p-1] }

// Clone returns a deep copy ([engine.State]), for a decision to apply its
// own events to.
func (s *State) Clone() engine.State { return s.clone() }

// clone returns a deep copy.
func (s *State) clone() *State {
	c := *s
	c.order = slices.Clone(s.order)
	c.bids = s.bids.Clone()
	c.seats = make([]seatState, len(s.seats))
	for i, p := range s.seats {
		p.hand = slices.Clone(p.hand)
		p.stills = slices.Clone(p.stills)
		p.kept = slices.Clone(p.kept)
		p.keptCasino = slices.Clone(p.keptCasino)
		c.seats[i] = p
	}
	for i, p := range s.places {
		p.line = slices.Clone(p.line)
		p.called = slices.Clone(p.called)
		if p.roll != nil {
			r := *p.roll
			r.dice = slices.Clone(r.dice)
			p.roll = &r
		}
		c.places[i] = p
	}
	c.menDeck = slices.Clone(s.menDeck)
	c.menDiscard = slices.Clone(s.menDiscard)
	c.truckDeck = slices.Clone(s.truckDeck)
	c.casinoDeck = slices.Clone(s.casinoDeck)
	c.casinoDiscard = slices.Clone(s.casinoDiscard)
	c.offer.slots = slices.Clone(s.offer.slots)
	c.offer.casino = slices.Clone(s.offer.casino)
	c.nonPlayers = make([]nonPlayerHand, len(s.nonPlayers))
	for i, h := range s.nonPlayers {
		h.cards = slices.Clone(h.cards)
		c.nonPlayers[i] = h
	}
	c.setAside = slices.Clone(s.setAside)
	c.trades = make([]trade, len(s.trades))
	for i, t := range s.trades {
		t.give.trucks = slices.Clone(t.give.trucks)
		t.get.trucks = slices.Clone(t.get.trucks)
		c.trades[i] = t
	}
	if s.call != nil {
		k := *s.call
		k.trucks = slices.Clone(k.trucks)
		c.call = &k
	}
	c.muscleDiscards = slices.Clone(s.muscleDiscards)
	return &c
}

// sortOrder sorts contenders into Muscle order: highest value first, ties
// (possible only with Muscling In) by the higher unmodified card, which is
// unique ("Ties are broken by the values of unmodified Muscle cards
// (highest wins tie)").
func sortOrder(cs []contender) {
	slices.SortFunc(cs, func(a, b contender) int {
		if c := cmp.Compare(b.value, a.value); c != 0 {
			return c
		}
		return cmp.Compare(b.muscle, a.muscle)
	})
}

// graft returns what seat owes each Phase 1 for the trucks it owns
// ("graft for every truck he owns"; the starting truck is a small truck,
// ruling 16).
func (s *State) graft(seat int) int {
	g := 0
	for id, t := range s.trucks {
		if t.owner == seat {
			g += s.house.Truck(printed.TruckSizeOf(id)).Graft
		}
	}
	return g
}

// ownedTrucks returns the trucks seat owns, by id.
func (s *State) ownedTrucks(seat int) []int {
	var out []int
	for id, t := range s.trucks {
		if t.owner == seat {
			out = append(out, id)
		}
	}
	return out
}

// runnerOf returns the seat that runs truck id this round: its renter or
// hijacker, else its owner.
func (s *State) runnerOf(id int) int {
	if t := s.trucks[id]; t.runner != noSeat {
		return t.runner
	}
	return s.trucks[id].owner
}
