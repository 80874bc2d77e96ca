package games

import (
	"errors"
	"fmt"
	"sort"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// ErrWrongGame is returned when an envelope holds another game's message or
// none at all.
var ErrWrongGame = errors.New("games: the message is not for this game")

// Registry maps rules ids ("booze-barons") to the games the service hosts.
type Registry struct {
	byName  map[string]*Game
	byField map[protoreflect.Name]*Game
}

// Game is one registered game: its rules, its bots' policy and its field
// in the envelopes.
type Game struct {
	Rules engine.Rules
	// Policy, when set, is how the service's bots play; nil: they choose
	// uniformly among the legal commands.
	Policy engine.Policy
	// field is the game's oneof field name, the same in every envelope.
	field protoreflect.Name
}

// New registers the given rules. Each must have a field of its own Command
// type in moonshine.v1.GameCommand, and a field of the same name in
// GameOptions, EventBody and GameView.
func New(rules ...engine.Rules) (*Registry, error) {
	r := &Registry{byName: map[string]*Game{}, byField: map[protoreflect.Name]*Game{}}
	for _, rl := range rules {
		g, err := newGame(rl)
		if err != nil {
			return nil, err
		}
		if r.byName[rl.Name()] != nil || r.byField[g.field] != nil {
			return nil, fmt.Errorf("games: %s registered twice", rl.Name())
		}
		r.byName[rl.Name()] = g
		r.byField[g.field] = g
	}
	return r, nil
}

func newGame(rl engine.Rules) (*Game, error) {
	cmdType := rl.NewCommand().ProtoReflect().Descriptor().FullName()
	var field protoreflect.Name
	fields := (&moonshinev1.GameCommand{}).ProtoReflect().Descriptor().Fields()
	for i := range fields.Len() {
		if fd := fields.Get(i); fd.Message() != nil && fd.Message().FullName() == cmdType {
			field = fd.Name()
		}
	}
	if field == "" {
		return nil, fmt.Errorf("games: moonshine.v1.GameCommand has no field of type %s for %s", cmdType, rl.Name())
	}
	checks := []struct {
		env  proto.Message
		want protoreflect.FullName
	}{
		{&moonshinev1.GameOptions{}, rl.NewOptions().ProtoReflect().Descriptor().FullName()},
		{&moonshinev1.EventBody{}, rl.NewEvent().ProtoReflect().Descriptor().FullName()},
		{&moonshinev1.GameView{}, ""},
	}
	for _, c := range checks {
		fd := c.env.ProtoReflect().Descriptor().Fields().ByName(field)
		if fd == nil || fd.Message() == nil || (c.want != "" && fd.Message().FullName() != c.want) {
			return nil, fmt.Errorf("games: %s has no field %s of the right type for %s",
				c.env.ProtoReflect().Descriptor().FullName(), field, rl.Name())
		}
	}
	return &Game{Rules: rl, field: field}, nil
}

// Lookup returns the game with the given rules id.
func (r *Registry) Lookup(name string) (*Game, bool) {
	g, ok := r.byName[name]
	return g, ok
}

// Names returns the ids of the registered games, sorted.
func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.byName))
	for n := range r.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// OptionsGame returns the game whose options the envelope holds, or nil
// when it holds none.
func (r *Registry) OptionsGame(o *moonshinev1.GameOptions) *Game {
	name, _ := which(o, "game")
	return r.byField[name]
}

// Name returns the game's rules id.
func (g *Game) Name() string { return g.Rules.Name() }
