package boozebarons

import (
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Name is the game's stable identifier.
const Name = "booze-barons"

// RulesVersion is the revision of the Booze Barons rules this package plays
// ([engine.Module.RulesVersion]): a game's stored configuration records the
// one it was created under, and verification names both when they differ.
//
//   - "1": every game recorded before the version was recorded.
//   - "2": the second Snitch token goes to the second player to Expose, not
//     to the first player Exposing again.
const RulesVersion = "2"

// Rules is the Booze Barons game module.
type Rules struct{}

var _ engine.Rules = Rules{}

// Name returns "booze-barons".
func (Rules) Name() string { return Name }

// Players returns 3 and 9.
func (Rules) Players() (int, int) { return printed.MinPlayers, printed.MaxPlayers }

// NewOptions returns an empty *pb.Options.
func (Rules) NewOptions() proto.Message { return &pb.Options{} }

// NewCommand returns an empty *pb.Command.
func (Rules) NewCommand() proto.Message { return &pb.Command{} }

// NewEvent returns an empty *pb.Event.
func (Rules) NewEvent() proto.Message { return &pb.Event{} }

// NewState returns the empty state the opening events fold into.
func (Rules) NewState() engine.State { return newState() }

// Setup deals the game: the table, the Booze cards (one private part per
// seat), the shuffled Delivery deck (a part private to no seat: only the
// auditor sees the order), the nine opening Delivery cards, and round 1.
// engine.Start has checked the player count.
func (Rules) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	opts, err := normalOptions(cfg.Options, cfg.Players, rng)
	if err != nil {
		return nil, err
	}
	booze := DealBooze(cfg.Players, rng)
	deck := make([]int32, printed.DeckSize)
	for i, p := range rng.Perm(printed.DeckSize) {
		deck[i] = int32(p)
	}
	return OpeningEvents(cfg.Players, opts, booze, deck), nil
}

// OpeningEvents returns the setup events for a given deal: booze[i] is seat
// i's Booze card, deck the shuffled Delivery deck, top first. Setup uses it
// with random deals; tests use it to build games that differ only in what
// some seat cannot know.
func OpeningEvents(players int, opts *pb.Options, booze []pb.BoozeType, deck []int32) []engine.Event {
	deal := pub(&pb.BoozeDealt{MobsInPlay: mobsOf(booze)})
	for i, t := range booze {
		card := wrap(&pb.BoozeCard{Seat: int32(i), BoozeType: t})
		deal.Private = append(deal.Private, engine.PrivateTo(card, engine.Seat(i)))
	}
	shuffled := pub(&pb.DeckShuffled{Size: int32(len(deck))})
	shuffled.Private = []engine.Secret{{Body: wrap(&pb.DeckOrder{CardIds: slices.Clone(deck)})}}
	return []engine.Event{
		pub(&pb.GameStarted{Players: int32(players), Options: opts}),
		deal,
		shuffled,
		pub(&pb.DeliveriesDrawn{CardIds: slices.Clone(deck[:printed.OpeningDeliveries])}),
		pub(&pb.RoundStarted{Round: 1, Baron: opts.GetFirstBaron()}),
	}
}

// normalOptions checks the options and fills in every default; the first
// Booze Baron is drawn from rng when not chosen.
func normalOptions(m proto.Message, players int, rng *engine.Rand) (*pb.Options, error) {
	opts := &pb.Options{}
	if m != nil {
		o, ok := m.(*pb.Options)
		if !ok {
			return nil, engine.Malform(engine.ReasonBadOptions, "options are %T, not Booze Barons options", m)
		}
		opts = proto.Clone(o).(*pb.Options)
	}
	if opts.DocksSide == pb.Side_SIDE_UNSPECIFIED {
		opts.DocksSide = pb.Side_SIDE_A
	}
	if opts.RefillRounding == pb.Rounding_ROUNDING_UNSPECIFIED {
		opts.RefillRounding = pb.Rounding_ROUNDING_UP
	}
	if _, ok := pb.Side_name[int32(opts.DocksSide)]; !ok {
		return nil, engine.Malform(engine.ReasonBadOptions, "unknown Docks side %d", opts.DocksSide)
	}
	if _, ok := pb.Rounding_name[int32(opts.RefillRounding)]; !ok {
		return nil, engine.Malform(engine.ReasonBadOptions, "unknown rounding %d", opts.RefillRounding)
	}
	if opts.FirstBaron == nil {
		b := int32(rng.IntN(players))
		opts.FirstBaron = &b
	} else if *opts.FirstBaron < 0 || int(*opts.FirstBaron) >= players {
		return nil, engine.Malform(engine.ReasonBadOptions, "first Booze Baron %d is not a seat", *opts.FirstBaron)
	}
	return opts, nil
}

// DealBooze deals one Booze card per seat by the Dealing Booze table
// (BoozeDealing): each Mob's four cards are shuffled; cards are added to a
// pile one from each Mob per round until the pile holds at least as many
// cards as players (3, 5, 6, 8, 9 players), or one less than the players,
// topped up with one card drawn from all the remaining cards shuffled
// together (4 and 7 players). The pile is shuffled and dealt from the top,
// seat 0 first.
func DealBooze(players int, rng *engine.Rand) []pb.BoozeType {
	piles := make([][]pb.BoozeType, len(printed.Mobs))
	for m := range printed.Mobs {
		piles[m] = slices.Clone(printed.BoozeTypes[4*m : 4*m+4])
		rng.Shuffle(len(piles[m]), func(i, j int) { piles[m][i], piles[m][j] = piles[m][j], piles[m][i] })
	}
	perMob, extra := printed.BoozeDealing(players)
	var pile []pb.BoozeType
	for range perMob {
		for m := range piles {
			pile = append(pile, piles[m][0])
			piles[m] = piles[m][1:]
		}
	}
	if extra {
		var rest []pb.BoozeType
		for _, p := range piles {
			rest = append(rest, p...)
		}
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		pile = append(pile, rest[0])
	}
	rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
	return pile[:players]
}

// mobsOf returns the Mobs present among the cards, in enum order.
func mobsOf(booze []pb.BoozeType) []pb.Mob {
	var out []pb.Mob
	for _, m := range printed.Mobs {
		if slices.ContainsFunc(booze, func(t pb.BoozeType) bool { return printed.MobOf(t) == m }) {
			out = append(out, m)
		}
	}
	return out
}

// events and commands are the kinds of the game's Event and Command oneofs.
var (
	events   = engine.KindsOf(&pb.Event{})
	commands = engine.KindsOf(&pb.Command{})
)

// wrap returns the pb.Event whose kind is body (one of the event kinds).
func wrap(body proto.Message) *pb.Event { return events.Wrap(body) }

// pub returns a public event of one kind.
func pub(body proto.Message) engine.Event { return engine.PublicEvent(wrap(body)) }

// withSecret returns an event with a public body and one part private to seat.
func withSecret(public, private proto.Message, seat int) engine.Event {
	return engine.Event{Public: wrap(public), Private: []engine.Secret{engine.PrivateTo(wrap(private), engine.Seat(seat))}}
}
