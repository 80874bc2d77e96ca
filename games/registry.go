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

// Registry maps rules ids ("booze-barons") to the games hosted.
type Registry struct {
	byName  map[string]*Module
	byField map[protoreflect.Name]*Module
}

// Module is one registered game: its [engine.Module] (rules, title,
// variants, bot policy, board, labels) and its field in the envelopes.
type Module struct {
	engine.Module
	// field is the game's oneof field name, the same in every envelope.
	field protoreflect.Name
}

// New registers the given modules, each checked ([engine.Module.Check])
// and stored with its defaults filled in ([engine.Module.Defaults]).
// Each game must have a field of its own Command type in
// moonshine.v1.GameCommand, and a field of the same name and of its own
// types in GameOptions, EventBody and GameView, and in GameBoard when it
// has a Board.
func New(mods ...engine.Module) (*Registry, error) {
	r := &Registry{byName: map[string]*Module{}, byField: map[protoreflect.Name]*Module{}}
	for _, m := range mods {
		if err := m.Check(); err != nil {
			return nil, err
		}
		g, err := newModule(m.Defaults())
		if err != nil {
			return nil, err
		}
		name := m.Rules.Name()
		if r.byName[name] != nil || r.byField[g.field] != nil {
			return nil, fmt.Errorf("games: %s registered twice", name)
		}
		r.byName[name] = g
		r.byField[g.field] = g
	}
	return r, nil
}

// MustNew is [New] for a registry fixed at build time: it panics when the
// modules and the envelopes disagree, a build mistake.
func MustNew(mods ...engine.Module) *Registry {
	r, err := New(mods...)
	if err != nil {
		panic(err)
	}
	return r
}

func newModule(m engine.Module) (*Module, error) {
	rl := m.Rules
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
	if m.Board != nil {
		checks = append(checks, struct {
			env  proto.Message
			want protoreflect.FullName
		}{&moonshinev1.GameBoard{}, m.Board.ProtoReflect().Descriptor().FullName()})
	}
	for _, c := range checks {
		fd := c.env.ProtoReflect().Descriptor().Fields().ByName(field)
		if fd == nil || fd.Message() == nil || (c.want != "" && fd.Message().FullName() != c.want) {
			return nil, fmt.Errorf("games: %s has no field %s of the right type for %s",
				c.env.ProtoReflect().Descriptor().FullName(), field, rl.Name())
		}
	}
	return &Module{Module: m, field: field}, nil
}

// Lookup returns the game with the given rules id.
func (r *Registry) Lookup(name string) (*Module, bool) {
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

// Modules returns the registered games, sorted by id.
func (r *Registry) Modules() []*Module {
	out := make([]*Module, 0, len(r.byName))
	for _, n := range r.Names() {
		out = append(out, r.byName[n])
	}
	return out
}

// OptionsModule returns the game whose options the envelope holds, or nil
// when it holds none.
func (r *Registry) OptionsModule(o *moonshinev1.GameOptions) *Module {
	name, _ := o.GameMessage()
	return r.byField[protoreflect.Name(name)]
}

// Name returns the game's rules id.
func (m *Module) Name() string { return m.Rules.Name() }

// VariantOf returns the name of the game's variant that a table of this
// many players with these options is (nil options: the game's defaults),
// or "" when no variant is.
func (m *Module) VariantOf(players int, opts proto.Message) string {
	if opts == nil {
		opts = m.Rules.NewOptions()
	}
	for _, v := range m.Variants {
		want := v.Options
		if want == nil {
			want = m.Rules.NewOptions()
		}
		if players >= v.MinPlayers && players <= v.MaxPlayers && proto.Equal(want, opts) {
			return v.Name
		}
	}
	return ""
}
