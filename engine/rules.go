package engine

import "google.golang.org/protobuf/proto"

// Rules is a game module: what service/ needs to host one game.
type Rules interface {
	// Name is the game's stable identifier, e.g. "booze-barons".
	Name() string
	// Players returns the smallest and largest table the game allows.
	Players() (min, max int)
	// NewOptions returns an empty options message of the game's type, for
	// decoding. Its zero value means "the defaults".
	NewOptions() proto.Message
	// NewCommand returns an empty command message of the game's type.
	NewCommand() proto.Message
	// NewEvent returns an empty event body message of the game's type.
	NewEvent() proto.Message
	// Setup validates the options and returns the opening events, drawing
	// any randomness (deals, shuffles) from rng; [Start] has checked the
	// player count against Players. The first event records the
	// configuration, so that the state can be rebuilt from events alone.
	Setup(cfg Config, rng *Rand) ([]Event, error)
	// NewState returns the empty state that the opening events fold into.
	NewState() State
}

// Config is a table: how many seats and which options.
type Config struct {
	Players int
	// Options is the game's options message; nil means the defaults.
	Options proto.Message
	// RulesVersion is the rules version a recorded game was created under
	// (see [Module.RulesVersion]); "" when not known. Setup ignores it; [Verify]
	// names it when the log does not re-run under the rules given.
	RulesVersion string
}

// State is a game's folded state. Decide and the read methods never modify
// it; Apply is the only mutator.
type State interface {
	// Apply folds one event body into the state. It never judges the rules;
	// it returns an error only when the body is not an event of this game or
	// does not fit the state (a corrupt log), never for a rule. It is one
	// switch over the game's event kinds whose default is [UnknownEvent]:
	// an unknown event is an error, never skipped.
	Apply(body proto.Message) error
	// Clone returns a deep copy, of the state's own type: applying events
	// to the copy leaves the state as it was. A decision on the kit
	// applies its events to one ([NewDecision]); a host folds a decision's
	// events into one, and keeps it only once the events are stored
	// ([Game.Clone]). A state that wraps another (embeds a State) must
	// clone itself as the wrapper, or its copies lose the wrapping.
	Clone() State
	// Decide checks seat's command against the state and returns the events
	// it causes and the state they lead to (a new state: applying the
	// events to a Clone gives the same), or a *RuleError: GAME_OVER for
	// every command once Outcome is set. It draws randomness only from rng
	// and does not modify the state. A game on the kit is a [Decider]: its
	// precheck and its rule on a [Decision], whose copy of the state, with
	// each event applied as it was emitted, is the state handed back; a
	// game off the kit may hand back [Next].
	Decide(seat Seat, cmd proto.Message, rng *Rand) ([]Event, State, error)
	// View returns the game's view message for v: everything v may know and
	// nothing else.
	View(v Viewer) proto.Message
	// Prompts returns, for each seat that must or may act now, what the game
	// expects of it. Seats absent from the result can do nothing now.
	Prompts() []Prompt
	// Outcome returns the result once the game is over, nil before.
	Outcome() *Outcome
}

// Prompt says that a seat is expected to act, why, and what it may send.
//
// Seat, MustAct, Reason and Detail are public (the table may know whom the
// game waits for and why); Legal and Templates are shown to that seat only,
// because legal moves can betray private facts.
type Prompt struct {
	Seat Seat
	// MustAct is true when the game cannot go on until this seat acts.
	MustAct bool
	// Reason is a stable kebab-case code for what is awaited, e.g.
	// "choose-movement" or "action-turn". Public: it must not leak secrets.
	Reason string
	// Detail says what the seat is to do, for people, as a verb phrase
	// with no subject and no "you" ("run the whiskey", "steal from seat 2
	// at Seedy Pete's"), so that it reads both as the seat's own prompt
	// ("your move: …") and as another seat's ("waiting for seat 1 to …",
	// "seat 1 may …"). Public.
	Detail string
	// Legal lists every concrete command the seat may send now, when the set
	// is small enough to list.
	Legal []proto.Message
	// Templates describe commands whose choices are too many to list.
	Templates []Template
}

// Template describes a family of commands too large to enumerate: a command
// with some fields to fill in, and what each may hold.
type Template struct {
	// Name is a stable identifier, e.g. "move".
	Name string
	// Description says what the command does.
	Description string
	// Command is a command message of the game's type with every fixed field
	// set and the free fields at their zero values.
	Command proto.Message
	// Params lists the free fields.
	Params []Param
}

// Param is one free field of a Template.
type Param struct {
	// Field is the proto field path within Command, e.g. "move.pieces".
	Field       string
	Description string
	// Choices lists the allowed values where they are few (as text).
	Choices []string
	// Min and Max bound a numeric or repeated field (0, 0: unbounded).
	Min, Max int
}

// Outcome is the result of a finished game.
type Outcome struct {
	// Winners are the winning seats (more than one for a team or a tie).
	Winners []Seat
	// Scores holds each seat's final score, indexed by seat.
	Scores []int
	// Summary says in a sentence who won and why.
	Summary string
}

// Policy is a seeded player that picks a seat's command from what that seat
// may know, as a client would: its view (View of its SeatViewer) and its
// prompt. A game may offer one for the service's bots; it must not consult
// anything else, and draws randomness only from r.
type Policy interface {
	// Choose returns the command for prompt p of the seat whose view is
	// view, or nil when it has none to offer.
	Choose(view proto.Message, p Prompt, r *Rand) proto.Message
}
