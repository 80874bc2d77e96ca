package kingdom

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// RulesVersion is the revision of the Moonshine Kingdom rules this package
// plays ([engine.Module.RulesVersion]): a game's stored configuration records
// the one it was created under, and verification names both when they
// differ. docs/rules/moonshine-kingdom.md ("Rules versions") lists them.
//
//   - "1": every game recorded before the version was recorded.
//   - "2": the home Deeds held from setup; one definition of a Safe District
//     (a Fold may go to a Defenseless one); no Heat from a Storm; the
//     Sit-Down ranking Titles and Contracts only; partners standing in each
//     other's Districts (Move.via refused); Hustle discards face up.
const RulesVersion = "2"

// Rules is the Moonshine Kingdom game module.
type Rules struct{}

var _ engine.Rules = Rules{}

// Name returns "moonshine-kingdom".
func (Rules) Name() string { return "moonshine-kingdom" }

// Players returns 2 and 4.
func (Rules) Players() (int, int) { return 2, printed.MaxSeats }

// NewOptions returns an empty *pb.Options.
func (Rules) NewOptions() proto.Message { return &pb.Options{} }

// NewCommand returns an empty *pb.Command.
func (Rules) NewCommand() proto.Message { return &pb.Command{} }

// NewEvent returns an empty *pb.Event.
func (Rules) NewEvent() proto.Message { return &pb.Event{} }

// NewState returns the empty state the opening events fold into.
func (Rules) NewState() engine.State { return newState() }

// Setup deals the table: Still tokens, Playbooks, Deeds and Turn Tokens,
// then rolls the first Day's Brew dice. [engine.Start] has checked the
// player count. Each seat holds the Deed dealt to
// it from the start ("Shuffle the four remaining Borough Deeds and deal one
// to each player. This is your home turf."): a TitleChanged per seat right
// after GameStarted records it. The Contract decks need no shuffle: a draw
// picks a random card of the deck when it happens.
func (Rules) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	opts := &pb.Options{}
	if cfg.Options != nil {
		o, ok := cfg.Options.(*pb.Options)
		if !ok {
			return nil, engine.Malform(engine.ReasonBadOptions, "options are %T, not moonshine.kingdom.v1.Options", cfg.Options)
		}
		if o != nil { // a typed nil is no options
			opts = proto.Clone(o).(*pb.Options)
		}
	}
	// "The Blood Oath: 4-Player Team Variant": the blood-oath variant is
	// offered for 4 players only (Module), and a table configured by hand
	// that asks for it at another size is refused.
	if opts.BloodOath && cfg.Players != printed.MaxSeats {
		return nil, engine.Malform(engine.ReasonBadOptions, "the Blood Oath is a 4-player variant")
	}
	start := &pb.GameStarted{Players: u32(cfg.Players), Options: opts, Stills: dealStills(rng)}
	books := rng.Perm(4)
	homes := rng.Perm(4)
	tokens := rng.Perm(cfg.Players)
	for i := range cfg.Players {
		start.Seats = append(start.Seats, &pb.SeatSetup{
			Playbook:  pb.Playbook(books[i] + 1),
			Home:      pb.Borough(homes[i] + 1),
			TurnToken: u32(tokens[i] + 1),
		})
	}
	b := &builder{Decision: engine.NewDecision(newState(), rng)}
	b.pub(start)
	for i, ss := range start.Seats {
		b.pub(&pb.TitleChanged{Title: pb.Title_TITLE_DEED, Borough: ss.Home, Holder: optSeat(i)})
	}
	b.pub(rollDay(b.State(), rng))
	return b.Done(nil)
}

// dealStills places one random Still token in every District.
func dealStills(rng *engine.Rand) []uint32 {
	var pool []uint32
	for i, n := range printed.StillTokens {
		for range n {
			pool = append(pool, u32(i+2))
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// rollDay begins the next Day: Turn Token #1 rolls Player Count + 1 Red and
// White dice.
func rollDay(s *state, rng *engine.Rand) *pb.DayStarted {
	moon := pb.Moon_MOON_NEW
	if s.Day > 0 {
		moon = opposite(s.Moon)
	}
	d := &pb.DayStarted{Day: u32(s.Day + 1), Moon: moon}
	for range s.Players + 1 {
		d.Red = append(d.Red, u32(rng.Die(6)))
	}
	for range s.Players + 1 {
		d.White = append(d.White, u32(rng.Die(6)))
	}
	return d
}

// Outcome returns the result once the game is over.
func (s *state) Outcome() *engine.Outcome { return s.outcome }
