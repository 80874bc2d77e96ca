package engine

import (
	"errors"
	"fmt"
	"regexp"

	"google.golang.org/protobuf/proto"
)

// Module is one game as the platform hosts it: everything the game
// contributes, declared in one value that is registered once. The service
// hosts it, its bots play with its Bots or its Policy, and clients learn
// from it which tables they may create (Variants), how to draw the board
// (Board) and how to name every command and event (Labels), without
// linking the rules.
//
// Every feature a game may offer is a field here, never an interface the
// platform looks for: Rules, Title and Variants are required; every other
// field is optional, and its zero value says what the platform does
// without it. [Module.Defaults] fills in the defaults (the one place they
// are) and [Module.Check] checks what is declared; registration runs both.
type Module struct {
	// Rules are the game: setup, state, decisions.
	Rules Rules
	// Title is the game's name for people ("Booze Barons"); Rules.Name is
	// its stable identifier.
	Title string
	// Variants are the named ways to set a table, the default first.
	Variants []Variant
	// RulesVersion names the revision of the rules, a short stable string
	// such as "2", changed whenever a change to the rules can change what
	// a seed and a command log give: the service records the version a
	// game is created under, and [Verify] names both when a log recorded
	// under another version does not re-run. "": the game's first
	// version, [UnrecordedRulesVersion].
	RulesVersion string
	// Takebacks declares what each event does to the takeback chain
	// ([TakebackPolicy]). nil: every event reveals, so no command is ever
	// taken back.
	Takebacks *KindChain
	// Resign returns the game's own command by which a seat concedes,
	// which the service submits for a generic resignation. nil: the game
	// has no resignation.
	Resign func() proto.Message
	// Policy is how the service's bots play when Bots has none; nil:
	// uniformly among the legal commands.
	Policy Policy
	// Timeout is the game's declared default for a seat whose turn timer
	// ran out (a table option of the service): the command the platform
	// plays for it, such as a pass. It must choose a command the rules
	// accept; the host checks it, and when it is nil, offers nothing or
	// is refused, the seat's bot plays instead. Nil: the bot.
	Timeout Policy
	// Bots are the game's bots by level (easy, normal, hard), which play
	// from a seat's Knowledge. A level left nil plays as the next weaker
	// one, and the weakest as Policy (see [Module.Defaults]).
	Bots Bots
	// Board is the game's printed data (map, cards, tables) as a message of
	// the game's own proto package, for clients to draw the board from
	// data; nil when the game has none.
	Board proto.Message
	// Labels names commands, templates and events for people; nil only
	// while a game's labels are still to be written (the service then
	// sends no labels, and clients render the messages themselves).
	Labels Labels
}

// Defaults returns m with every optional field that has a default and is
// unset filled in: the one place the defaults are. RulesVersion "" is
// [UnrecordedRulesVersion]; each bot level left nil is the next weaker
// level's bot, and the easy bot, when nil, plays Policy ([PolicyBot]), or
// uniformly among the legal commands ([UniformBot]) without one. The
// fields whose nil means "none" (Takebacks, Resign, Timeout, Board,
// Labels) stay as they are. Registration stores the module it returns;
// the functions of this package that take a Module apply it themselves,
// so a module used unregistered (in a test) behaves the same.
func (m Module) Defaults() Module {
	if m.RulesVersion == "" {
		m.RulesVersion = UnrecordedRulesVersion
	}
	switch {
	case m.Bots.Easy != nil:
	case m.Policy != nil:
		m.Bots.Easy = PolicyBot(m.Policy)
	default:
		m.Bots.Easy = UniformBot
	}
	if m.Bots.Normal == nil {
		m.Bots.Normal = m.Bots.Easy
	}
	if m.Bots.Hard == nil {
		m.Bots.Hard = m.Bots.Normal
	}
	return m
}

// Variant is a named table a client may create: how many players and
// which options.
type Variant struct {
	// Name is a stable kebab-case identifier ("standard", "docks-side-b").
	Name string
	// Title and Description are for people.
	Title, Description string
	// MinPlayers and MaxPlayers bound the table, within Rules.Players.
	MinPlayers, MaxPlayers int
	// Options is the game's options message for the variant; nil means the
	// game's defaults.
	Options proto.Message
}

// Labels gives the short label of a command, a template or an event body
// as one viewer reads it: its own seat is "you" and others are named by
// number ("seat 2"), as [Viewer.Name] does. A label is made from the message
// and the game's printed data alone, never from the state, so that it tells
// the viewer nothing the message does not: the label of a body the viewer
// may see ([Event.For]) leaks nothing.
type Labels interface {
	// Command labels one of the game's commands: "deliver #12 Seedy
	// Pete's (Porter, ...)".
	Command(v Viewer, cmd proto.Message) string
	// Template labels a family of commands offered to v.
	Template(v Viewer, t Template) string
	// Event labels one of the game's event bodies: "seat 2 tailed you".
	Event(v Viewer, body proto.Message) string
}

var (
	variantName  = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	rulesVersion = regexp.MustCompile(`^[a-z0-9]+([.-][a-z0-9]+)*$`)
)

// Check reports what is inconsistent in the module as declared: a missing
// part (Rules, a Title, a Variant); a variant without a valid name,
// outside the rules' player counts, or with options of another game's
// type; a RulesVersion that is not a short lower-case name ("2", "3.1");
// a Takebacks declaration naming a kind the game's Event does not have; a
// Resign command that is not one of the game's commands; a Board that is
// not a message of the game's own proto package. Registration runs it
// once.
func (m Module) Check() error {
	if m.Rules == nil || m.Title == "" || len(m.Variants) == 0 {
		return fmt.Errorf("engine: module %q needs Rules, a Title and a Variant", m.Title)
	}
	errs := m.checkVariants()
	if m.RulesVersion != "" && !rulesVersion.MatchString(m.RulesVersion) {
		errs = append(errs, fmt.Errorf("rules version %q is not a short lower-case name", m.RulesVersion))
	}
	if m.Takebacks != nil {
		if err := m.Takebacks.check(m.Rules.NewEvent()); err != nil {
			errs = append(errs, err)
		}
	}
	if m.Resign != nil {
		want := m.Rules.NewCommand().ProtoReflect().Descriptor().FullName()
		if c := m.Resign(); c == nil || c.ProtoReflect().Descriptor().FullName() != want || !kindSet(c) {
			errs = append(errs, fmt.Errorf("the resign command %v is not a %s with its kind set", c, want))
		}
	}
	if m.Board != nil {
		own := m.Rules.NewOptions().ProtoReflect().Descriptor().ParentFile().Package()
		if got := m.Board.ProtoReflect().Descriptor().ParentFile().Package(); got != own {
			errs = append(errs, fmt.Errorf("the board is a message of %s, not of the game's package %s", got, own))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("engine: module %s: %w", m.Rules.Name(), err)
	}
	return nil
}

// checkVariants reports each variant without a valid name, outside the
// rules' player counts, or with options of another game's type.
func (m Module) checkVariants() []error {
	lo, hi := m.Rules.Players()
	want := m.Rules.NewOptions().ProtoReflect().Descriptor().FullName()
	seen := map[string]bool{}
	var errs []error
	for _, v := range m.Variants {
		switch {
		case !variantName.MatchString(v.Name) || seen[v.Name]:
			errs = append(errs, fmt.Errorf("variant %q: the name is not kebab-case or repeats", v.Name))
		case v.MinPlayers < lo || v.MaxPlayers > hi || v.MinPlayers > v.MaxPlayers:
			errs = append(errs, fmt.Errorf("variant %q: %d-%d players is outside %d-%d", v.Name, v.MinPlayers, v.MaxPlayers, lo, hi))
		case v.Options != nil && v.Options.ProtoReflect().Descriptor().FullName() != want:
			errs = append(errs, fmt.Errorf("variant %q: options are %T, not %s", v.Name, v.Options, want))
		}
		seen[v.Name] = true
	}
	return errs
}

// Variant returns the variant of that name; "" names the default.
func (m Module) Variant(name string) (Variant, bool) {
	if name == "" && len(m.Variants) > 0 {
		return m.Variants[0], true
	}
	for _, v := range m.Variants {
		if v.Name == name {
			return v, true
		}
	}
	return Variant{}, false
}

// Table returns the table configuration of a variant for a number of
// players ([Start] takes it), or a Malformed refusal: an unknown variant
// (BAD_VARIANT) or a player count the variant does not allow
// (BAD_PLAYER_COUNT).
func (m Module) Table(variant string, players int) (Config, error) {
	v, ok := m.Variant(variant)
	if !ok {
		return Config{}, Malform(ReasonBadVariant, "%s has no variant %q", m.Title, variant)
	}
	if players < v.MinPlayers || players > v.MaxPlayers {
		return Config{}, Malform(ReasonBadPlayerCount, "%s (%s) takes %d to %d players, not %d", m.Title, v.Title, v.MinPlayers, v.MaxPlayers, players)
	}
	cfg := Config{Players: players}
	if v.Options != nil {
		cfg.Options = proto.Clone(v.Options)
	}
	return cfg, nil
}
