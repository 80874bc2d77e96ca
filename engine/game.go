package engine

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"
)

// Game is a running game: its rules, its folded state, the sequence number
// of the last event applied, and its secret seed. It is the one place where
// the per-seq generator derivation is applied, for the service and for
// [Verify] alike: callers never handle a decision's generator.
type Game struct {
	Rules Rules
	State State
	// Version is the sequence number of the last event folded in (0 before
	// setup). A log whose sequence numbers also count entries that are not
	// the game's (table talk, in logs from before it had a stream of its
	// own) sets Version past such an entry: it takes a number and changes
	// nothing.
	Version int64
	// seed is the game's secret seed, from which every decision's generator
	// is derived ([CommandRand]).
	seed []byte
}

// NewGame returns an empty game ready to fold its events. seed is the
// game's secret seed; a game that is only folded and never decides (a
// replay for viewing) may pass nil.
func NewGame(r Rules, seed []byte) *Game {
	return &Game{Rules: r, State: r.NewState(), seed: slices.Clone(seed)}
}

// Start validates the table size and returns a game with its opening
// events applied, and those events. The opening events draw from
// CommandRand(seed, 1). The player count is checked here, so that
// [Rules.Setup] need not check it again.
func Start(r Rules, cfg Config, seed []byte) (*Game, []Event, error) {
	lo, hi := r.Players()
	if cfg.Players < lo || cfg.Players > hi {
		return nil, nil, &RuleError{Kind: Malformed, Reason: ReasonBadPlayerCount,
			Message: fmt.Sprintf("%s takes %d to %d players, not %d", r.Name(), lo, hi, cfg.Players)}
	}
	evs, err := r.Setup(cfg, CommandRand(seed, 1))
	if err != nil {
		return nil, nil, err
	}
	g := NewGame(r, seed)
	if err := g.Apply(evs...); err != nil {
		return nil, nil, fmt.Errorf("engine: %s setup events do not apply: %w", r.Name(), err)
	}
	return g, evs, nil
}

// Apply folds events into the state, one sequence number each.
func (g *Game) Apply(evs ...Event) error {
	for _, ev := range evs {
		for b := range ev.EachBody {
			if err := g.State.Apply(b); err != nil {
				return fmt.Errorf("event %d: %w", g.Version+1, err)
			}
		}
		g.Version++
	}
	return nil
}

// Clone returns a copy of the game whose state is the state's deep copy
// ([State.Clone]): folding events into it leaves g as it was.
func (g *Game) Clone() *Game {
	c := *g
	c.State = g.State.Clone()
	return &c
}

// Decide checks a command against the current state with the generator for
// the next sequence number, derived from the game's seed, and returns its
// events and the game they lead to: the decision's own state, its events
// applied once, at the version of its last event. g is unchanged. The
// game's own precheck ([Decider.Precheck]) refuses commands once the game
// is over.
func (g *Game) Decide(seat Seat, cmd proto.Message) ([]Event, *Game, error) {
	evs, st, err := g.State.Decide(seat, cmd, CommandRand(g.seed, g.Version+1))
	if err != nil {
		return nil, nil, err
	}
	if len(evs) == 0 || st == nil {
		return nil, nil, fmt.Errorf("engine: %s accepted a command but wrote no event or no state", g.Rules.Name())
	}
	return evs, &Game{Rules: g.Rules, State: st, Version: g.Version + int64(len(evs)), seed: g.seed}, nil
}

// Next returns the state evs lead to from st, folded into a copy of it
// (st is unchanged): what [State.Decide] hands back, for a game that
// decides without the kit's [Decision].
func Next(st State, evs []Event) (State, error) {
	next := st.Clone()
	for _, ev := range evs {
		for b := range ev.EachBody {
			if err := next.Apply(b); err != nil {
				return nil, err
			}
		}
	}
	return next, nil
}
