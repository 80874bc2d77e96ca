package bootleggers

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Name is the game's stable identifier.
const Name = "bootleggers"

// Rules is Bootleggers as an engine.Rules: setup, and the state its events
// fold into.
type Rules struct{}

// RulesVersion is the revision of the Bootleggers rules new tables are
// played with ([engine.Module.RulesVersion]): a game's stored
// configuration records the one it was created under. It is the version
// of the house-ruled numbers and rulings (printed.HouseRulesVersion, which
// GameStarted records too), raised with any change to the rules or to
// printed.House that can change what a seed and a command log give. Setup
// plays the version a configuration names, so a game recorded under an
// older version still verifies; docs/rules/bootleggers.md ("Rules
// versions") lists them.
//
//   - "2": House version 2 (printed.HouseV2), rulings 81, 86 and 97 as
//     first read.
//   - "3": the speakeasies' price rising with their size, the house numbers
//     tuned with it; O'Malley's cut up to 3 markers per casino owner
//     (ruling 81); a casino owner may buy and rent trucks (ruling 86); an
//     Inside Job leaves the owner his payout (ruling 97).
const RulesVersion = "3"

// rulingsReadAgain is the first house rules version with rulings 81, 86
// and 97 read again (issue 36): O'Malley's cut is each owner's, a casino
// owner may have trucks, an Inside Job leaves the owner his payout. A game
// of an older version keeps their first reading.
const rulingsReadAgain = 3

// unrecordedHouseVersion is the house version of a game whose
// configuration names no rules version (engine.UnrecordedRulesVersion,
// "1"): Bootleggers was first hosted under version 2, and its version 1
// table was never played outside the simulations.
const unrecordedHouseVersion = 2

// RulesVersions returns the rules versions this engine plays, oldest
// first.
func RulesVersions() []string {
	versions := slices.Sorted(maps.Keys(printed.HouseTables))
	out := make([]string, len(versions))
	for i, v := range versions {
		out[i] = strconv.Itoa(v)
	}
	return out
}

// houseVersion returns the house rules version a configuration's rules
// version names: the newest for a new table (""), the recorded one for a
// stored game. A version this engine does not play is refused.
func houseVersion(rules string) (int, error) {
	switch rules {
	case "":
		return printed.HouseRulesVersion, nil
	case engine.UnrecordedRulesVersion:
		return unrecordedHouseVersion, nil
	}
	v, err := strconv.Atoi(rules)
	if err != nil || printed.HouseTables[v] == nil {
		return 0, engine.Malform(engine.ReasonBadOptions, "this engine plays Bootleggers rules %s, not %q", strings.Join(RulesVersions(), " and "), rules)
	}
	return v, nil
}

var _ engine.Rules = Rules{}

var (
	// events and commands wrap the kinds of the Event and Command oneofs.
	events   = engine.KindsOf(&pb.Event{})
	commands = engine.KindsOf(&pb.Command{})
)

// Name is the game's stable identifier, "bootleggers".
func (Rules) Name() string { return Name }

// Players returns 2 (the variant "Where are da boys?") to 6.
func (Rules) Players() (int, int) { return printed.MinPlayers, printed.MaxPlayers }

// NewOptions returns an empty *pb.Options.
func (Rules) NewOptions() proto.Message { return &pb.Options{} }

// NewCommand returns an empty *pb.Command.
func (Rules) NewCommand() proto.Message { return &pb.Command{} }

// NewEvent returns an empty *pb.Event.
func (Rules) NewEvent() proto.Message { return &pb.Event{} }

// NewState returns the empty state the opening events fold into.
func (Rules) NewState() engine.State { return &State{turn: -1} }

// Setup checks the options and deals: the Muscle hands (and, in the
// 2-player variant, the Non-Player hands), the shuffled Men of Action and
// Truck decks, every draw from rng and written into the opening events.
func (Rules) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	var o *pb.Options
	if cfg.Options != nil {
		var ok bool
		if o, ok = cfg.Options.(*pb.Options); !ok {
			return nil, engine.Malform(engine.ReasonBadOptions, "options are %T, not Bootleggers options", cfg.Options)
		}
	}
	opts, err := NormaliseOptions(cfg.Players, o)
	if err != nil {
		return nil, err
	}
	if err := refuseUnplayable(opts); err != nil {
		return nil, err
	}
	version, err := houseVersion(cfg.RulesVersion)
	if err != nil {
		return nil, err
	}
	return openingEvents(cfg.Players, opts, version, dealFrom(cfg.Players, opts, rng)), nil
}

// deal is everything the setup draws: each seat's Muscle hand, the cards
// set aside, the Non-Player hands (top first) and the two decks (top
// first).
type deal struct {
	hands      [][]int
	setAside   []int
	nonPlayers [][]int
	menDeck    []int
	truckDeck  []int
	casinoDeck []int
}

// dealFrom draws a deal. "Each band is shuffled and every player gets 3
// cards from each band"; in the 2-player variant "set aside the highest
// quarter of the remaining cards (the blue cards). Shuffle together the
// remaining Muscle cards and deal three additional hands".
func dealFrom(players int, opts *pb.Options, rng *engine.Rand) deal {
	d := deal{hands: make([][]int, players)}
	var rest []int
	for b := range printed.MuscleBands {
		band := shuffled(printed.MuscleBandCards(b), rng)
		for i := range players {
			d.hands[i] = append(d.hands[i], band[i*printed.MusclePerBand:(i+1)*printed.MusclePerBand]...)
		}
		left := band[players*printed.MusclePerBand:]
		if printed.TwoPlayer(opts) && b < printed.MuscleBands-1 {
			rest = append(rest, left...)
		} else {
			d.setAside = append(d.setAside, left...)
		}
	}
	if printed.TwoPlayer(opts) {
		rest = shuffled(rest, rng)
		for h := range printed.NonPlayerHands {
			d.nonPlayers = append(d.nonPlayers, slices.Clone(rest[h*printed.Rounds:(h+1)*printed.Rounds]))
		}
	}
	d.menDeck = shuffled(printed.CardIDs(), rng)
	d.truckDeck = shuffled(printed.TruckCardIDs(), rng)
	if opts.GetBoardwalk() {
		d.casinoDeck = shuffled(printed.CasinoCardIDs(opts), rng)
	}
	return d
}

// shuffled returns a shuffled copy of xs.
func shuffled(xs []int, rng *engine.Rand) []int {
	out := slices.Clone(xs)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// openingEvents records a table and its deal: GameStarted; the Muscle deal
// (each hand private to its seat, the cards nobody sees private to no
// seat); each deck's shuffle (its order private to no seat); the 2-player
// neutral markers ("Mother's – 1, Barleycorn's – 2, The Real McCoy – 3");
// round 1 and its offer. opts must be normalised.
func openingEvents(players int, opts *pb.Options, version int, d deal) []engine.Event {
	started := &pb.GameStarted{Players: int32(players), Options: proto.Clone(opts).(*pb.Options),
		HouseRulesVersion: int32(version), Places: printed.PlacesInPlay(players, opts)}
	out := []engine.Event{publicEvent(started), muscleDeal(players, d)}
	out = append(out, shuffleEvent(pb.Deck_DECK_MEN_OF_ACTION, d.menDeck, false))
	out = append(out, shuffleEvent(pb.Deck_DECK_TRUCK, d.truckDeck, false))
	if opts.GetBoardwalk() {
		// "Shuffle and place Casino Cards face down next to the Game Board."
		out = append(out, shuffleEvent(pb.Deck_DECK_CASINO, d.casinoDeck, false))
	}
	if printed.TwoPlayer(opts) {
		np := &pb.NeutralPlaced{}
		for _, p := range printed.Places {
			if p.Neutral > 0 {
				np.Placements = append(np.Placements, &pb.Placement{Place: p.Place, Markers: int32(p.Neutral)})
			}
		}
		out = append(out, publicEvent(np))
	}
	s := startState(players, opts, version)
	s.menDeck, s.truckDeck, s.casinoDeck = d.menDeck, d.truckDeck, d.casinoDeck
	return append(out, publicEvent(&pb.RoundStarted{Round: 1}), publicEvent(s.nextOffer()))
}

// muscleDeal is the deal of the Muscle cards: public counts, each hand
// private to its seat, and the cards nobody may see private to no seat.
func muscleDeal(players int, d deal) engine.Event {
	pub := &pb.MuscleDealt{HandSize: int32(printed.MuscleBands * printed.MusclePerBand), SetAside: int32(len(d.setAside)),
		NonPlayerHands: int32(len(d.nonPlayers))}
	if len(d.nonPlayers) > 0 {
		pub.NonPlayerHandSize = int32(len(d.nonPlayers[0]))
	}
	ev := engine.Event{Public: wrap(pub)}
	for i := range players {
		hand := sortedCopy(d.hands[i])
		ev.Private = append(ev.Private, engine.PrivateTo(wrap(&pb.MuscleHand{Seat: int32(i), Cards: int32s(hand)}), engine.Seat(i)))
	}
	aside := &pb.MuscleSetAside{SetAside: int32s(sortedCopy(d.setAside))}
	for h, cards := range d.nonPlayers {
		aside.NonPlayerHands = append(aside.NonPlayerHands, &pb.NonPlayerHand{Hand: int32(h), Cards: int32s(cards)})
	}
	ev.Private = append(ev.Private, engine.PrivateTo(wrap(aside)))
	return ev
}

// shuffleEvent records a shuffled deck: its size in public, its order for
// the auditor only (ruling 15).
func shuffleEvent(deck pb.Deck, order []int, reshuffle bool) engine.Event {
	return engine.Event{
		Public:  wrap(&pb.DeckShuffled{Deck: deck, Size: int32(len(order)), Reshuffle: reshuffle}),
		Private: []engine.Secret{engine.PrivateTo(wrap(&pb.DeckOrder{Deck: deck, Ids: int32s(order)}))},
	}
}

// wrap puts an event kind into a *pb.Event.
func wrap(kind proto.Message) *pb.Event { return events.Wrap(kind) }

// publicEvent is an event with only a public body.
func publicEvent(kind proto.Message) engine.Event { return engine.PublicEvent(wrap(kind)) }

// Cmd wraps a command kind (*pb.ChooseMuscle, *pb.RunTheWhiskey, ...) into
// a *pb.Command. It panics for a message that is not a command kind.
func Cmd(kind proto.Message) *pb.Command { return commands.Wrap(kind) }

// int32s converts ints to the contract's int32s.
func int32s(xs []int) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return out
}

// ints converts the contract's int32s to ints.
func ints(xs []int32) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

// sortedCopy returns a sorted copy.
func sortedCopy(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}
