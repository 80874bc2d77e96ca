package playtest

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/moonshine-games/moonshine/engine"
	visibilityv1 "github.com/moonshine-games/moonshine/proto/moonshine/visibility/v1"
)

// CheckViews checks every viewer's view of st (each seat's, a spectator's)
// against the auditor's by the visibility its fields declare
// (moonshine.visibility.v1): see [CheckView]. over says whether the game
// is over.
func CheckViews(st engine.State, players int, over bool) error {
	full := st.View(engine.AuditorViewer())
	var errs []error
	for _, v := range Viewers(players) {
		if err := CheckView(st.View(v), full, v, over); err != nil {
			errs = append(errs, fmt.Errorf("%v: %w", v, err))
		}
	}
	return errors.Join(errs...)
}

// CheckView checks what view shows v against the auditor's view full of
// the same state, field by field, by each field's declared audience:
//   - EVERYONE and COUNT fields show every viewer what they show the
//     auditor (a COUNT being the length of the field it counts there);
//   - an OWNER field shows the seat that owns its message what it shows
//     the auditor, and any other viewer nothing;
//   - an AUDITOR field shows any other viewer nothing;
//   - a VIEWER field shows a seat its own seat, and any other viewer
//     nothing;
//   - a field public_when its message's named bool is set (in the
//     auditor's view), or public_at_end once over, is an EVERYONE field
//     then.
//
// A message of the view that declares any field must declare them all,
// and the view itself must declare its fields. A message type that
// declares none is compared whole.
func CheckView(view, full proto.Message, v engine.Viewer, over bool) error {
	if view.ProtoReflect().Descriptor() != full.ProtoReflect().Descriptor() {
		return fmt.Errorf("the view is a %s, the auditor's a %s", view.ProtoReflect().Descriptor().FullName(), full.ProtoReflect().Descriptor().FullName())
	}
	md := view.ProtoReflect().Descriptor()
	if !declarationsOf(md).any {
		return fmt.Errorf("%s declares no field's visibility", md.FullName())
	}
	w := walker{v: v, over: over, path: []step{{name: md.Name()}}}
	w.message(view.ProtoReflect(), full.ProtoReflect())
	return errors.Join(w.errs...)
}

// declared is a message's declared visibility, by field number order.
type declared struct {
	// fields are the declarations, in the message's field order (nil: not
	// declared); any is whether one is.
	fields []*visibilityv1.Field
	any    bool
	// owner is the index of the field declared owner (-1: none); owners
	// counts them.
	owner, owners int
}

// declarations caches each message's declarations.
var declarations sync.Map // protoreflect.MessageDescriptor -> *declared

// declarationsOf returns a message's declarations.
func declarationsOf(md protoreflect.MessageDescriptor) *declared {
	if d, ok := declarations.Load(md); ok {
		return d.(*declared)
	}
	d := &declared{owner: -1}
	for i := range md.Fields().Len() {
		f, _ := proto.GetExtension(md.Fields().Get(i).Options(), visibilityv1.E_Field).(*visibilityv1.Field)
		if f.GetAudience() == visibilityv1.Audience_AUDIENCE_UNSPECIFIED {
			f = nil
		}
		d.fields = append(d.fields, f)
		d.any = d.any || f != nil
		if f.GetOwner() {
			d.owner, d.owners = i, d.owners+1
		}
	}
	declarations.Store(md, d)
	return d
}

// walker compares one viewer's view with the auditor's.
type walker struct {
	v    engine.Viewer
	over bool
	// path names the field under check: a field name, or a list index
	// (name ""), per level, spelled out only for a failure.
	path []step
	errs []error
}

// step is one level of a walker's path.
type step struct {
	name  protoreflect.Name
	index int
}

func (w *walker) fail(format string, args ...any) {
	var b strings.Builder
	for i, st := range w.path {
		switch {
		case st.name == "":
			fmt.Fprintf(&b, "[%d]", st.index)
		case i > 0:
			b.WriteString("." + string(st.name))
		default:
			b.WriteString(string(st.name))
		}
	}
	w.errs = append(w.errs, fmt.Errorf("%s: %s", b.String(), fmt.Sprintf(format, args...)))
}

// message checks every declared field of a message.
func (w *walker) message(got, full protoreflect.Message) {
	md := full.Descriptor()
	d := declarationsOf(md)
	owner, ok := w.owner(full, d)
	if !ok {
		return
	}
	for i, f := range d.fields {
		fd := md.Fields().Get(i)
		w.path = append(w.path, step{name: fd.Name()})
		if f == nil {
			w.fail("no declared audience (its message declares others)")
		} else {
			w.field(got, full, fd, f, owner)
		}
		w.path = w.path[:len(w.path)-1]
	}
}

// owner returns the seat that owns a message (its field declared owner),
// -1 when it has none; false after a failure.
func (w *walker) owner(full protoreflect.Message, d *declared) (engine.Seat, bool) {
	switch {
	case d.owners > 1:
		w.fail("%d fields are declared owner", d.owners)
		return 0, false
	case d.owner < 0:
		return -1, true
	}
	fd := full.Descriptor().Fields().Get(d.owner)
	switch fd.Kind() {
	case protoreflect.Int32Kind, protoreflect.Int64Kind, protoreflect.Uint32Kind, protoreflect.Uint64Kind,
		protoreflect.Sint32Kind, protoreflect.Sint64Kind:
		if !fd.IsList() {
			return engine.Seat(toInt(full.Get(fd))), true
		}
	}
	w.fail("the owner field %s must name a seat by number", fd.Name())
	return 0, false
}

// field checks one field.
func (w *walker) field(got, full protoreflect.Message, fd protoreflect.FieldDescriptor, d *visibilityv1.Field, owner engine.Seat) {
	switch a := d.GetAudience(); a {
	case visibilityv1.Audience_AUDIENCE_VIEWER:
		w.viewer(got, fd)
		return
	case visibilityv1.Audience_AUDIENCE_COUNT:
		w.count(full, fd, d)
	case visibilityv1.Audience_AUDIENCE_OWNER, visibilityv1.Audience_AUDIENCE_AUDITOR:
		if !w.allowed(a, owner, full, d) {
			if got.Has(fd) {
				w.fail("shown, but its audience is %s", a)
			}
			return
		}
	case visibilityv1.Audience_AUDIENCE_EVERYONE:
	default:
		w.fail("unknown audience %v", a)
		return
	}
	w.same(got, full, fd)
}

// allowed reports whether the viewer may see an OWNER or AUDITOR field.
func (w *walker) allowed(a visibilityv1.Audience, owner engine.Seat, full protoreflect.Message, d *visibilityv1.Field) bool {
	switch {
	case w.v.SeesAll(), d.GetPublicAtEnd() && w.over:
		return true
	case a == visibilityv1.Audience_AUDIENCE_OWNER && owner < 0:
		w.fail("declared OWNER in a message without an owner field")
		return false
	case a == visibilityv1.Audience_AUDIENCE_OWNER && w.v.IsSeat(owner):
		return true
	}
	if name := d.GetPublicWhen(); name != "" {
		fd := full.Descriptor().Fields().ByName(protoreflect.Name(name))
		if fd == nil || fd.Kind() != protoreflect.BoolKind {
			w.fail("public_when names %q, not a bool field of its message", name)
			return false
		}
		return full.Get(fd).Bool()
	}
	return false
}

// viewer checks a VIEWER field: a seat's own seat, or unset.
func (w *walker) viewer(got protoreflect.Message, fd protoreflect.FieldDescriptor) {
	switch {
	case w.v.Kind != engine.Player:
		if got.Has(fd) {
			w.fail("shown to %v, but its audience is VIEWER", w.v)
		}
	case fd.HasPresence() && !got.Has(fd), toInt(got.Get(fd)) != int64(w.v.Seat):
		w.fail("shows %v (set: %v), not the viewer's own seat", got.Get(fd), got.Has(fd))
	}
}

// count checks that a COUNT field counts its field in the auditor's view.
func (w *walker) count(full protoreflect.Message, fd protoreflect.FieldDescriptor, d *visibilityv1.Field) {
	counted := full.Descriptor().Fields().ByName(protoreflect.Name(d.GetCounts()))
	if counted == nil || !counted.IsList() {
		w.fail("counts %q, not a repeated field of its message", d.GetCounts())
		return
	}
	if n := full.Get(counted).List().Len(); toInt(full.Get(fd)) != int64(n) {
		w.fail("is %v, but the auditor sees %d in %s", full.Get(fd), n, counted.Name())
	}
}

// same checks that the viewer is shown what the auditor is: declared
// messages field by field, the rest whole.
func (w *walker) same(got, full protoreflect.Message, fd protoreflect.FieldDescriptor) {
	inner := fd.Message() != nil && !fd.IsMap() && declarationsOf(fd.Message()).any
	switch {
	case !inner:
		if !got.Get(fd).Equal(full.Get(fd)) {
			w.fail("shown %v, the auditor %v: declared alike for both", got.Get(fd), full.Get(fd))
		}
	case fd.IsList():
		g, f := got.Get(fd).List(), full.Get(fd).List()
		if g.Len() != f.Len() {
			w.fail("holds %d, the auditor's %d", g.Len(), f.Len())
			return
		}
		for i := range f.Len() {
			w.path = append(w.path, step{index: i})
			w.message(g.Get(i).Message(), f.Get(i).Message())
			w.path = w.path[:len(w.path)-1]
		}
	case got.Has(fd) != full.Has(fd):
		w.fail("set %v, the auditor's %v", got.Has(fd), full.Has(fd))
	case full.Has(fd):
		w.message(got.Get(fd).Message(), full.Get(fd).Message())
	}
}

// toInt returns a numeric field's value.
func toInt(v protoreflect.Value) int64 {
	switch x := v.Interface().(type) {
	case int32:
		return int64(x)
	case int64:
		return x
	case uint32:
		return int64(x)
	case uint64:
		return int64(x)
	case protoreflect.EnumNumber:
		return int64(x)
	}
	return 0
}

// ViewsConfig is a seeded game whose views [PlayViews] checks.
type ViewsConfig struct {
	Rules engine.Rules
	Table engine.Config
	Seed  []byte
	// Steps bounds the commands played.
	Steps int
	// Policy, if set, picks each command from the acting seat's view and
	// prompt, as the service's bots do; nil, or a choice the rules refuse:
	// uniformly among the legal commands.
	Policy engine.Policy
}

// PlayViews plays the game from its seed and, at the start and after every
// command, checks every viewer's view ([CheckViews]). It returns the
// commands played and whether the game ended within cfg.Steps.
func PlayViews(cfg ViewsConfig) (played int, over bool, err error) {
	g, _, err := engine.Start(cfg.Rules, cfg.Table, cfg.Seed)
	if err != nil {
		return 0, false, fmt.Errorf("start: %w", err)
	}
	bot := botRand(cfg.Seed)
	for ; ; played++ {
		over = g.State.Outcome() != nil
		if err := CheckViews(g.State, cfg.Table.Players, over); err != nil {
			return played, over, fmt.Errorf("after %d commands (event %d): %w", played, g.Version, err)
		}
		if over || played >= cfg.Steps {
			return played, over, nil
		}
		var live []engine.Prompt
		for _, p := range g.State.Prompts() {
			if len(p.Legal) > 0 {
				live = append(live, p)
			}
		}
		if len(live) == 0 {
			return played, false, fmt.Errorf("after %d commands: no seat is offered a command", played)
		}
		p := live[bot.IntN(len(live))]
		_, next, err := g.Decide(p.Seat, cfg.choose(g.State, p, bot))
		if err != nil {
			return played, false, fmt.Errorf("command %d: %w", played+1, err)
		}
		g = next
	}
}

// choose picks the command of prompt p.
func (cfg ViewsConfig) choose(st engine.State, p engine.Prompt, bot *engine.Rand) proto.Message {
	if cfg.Policy != nil {
		if c := cfg.Policy.Choose(st.View(engine.SeatViewer(p.Seat)), p, bot); c != nil {
			if _, _, err := st.Decide(p.Seat, c, bot); err == nil {
				return c
			}
		}
	}
	return p.Legal[bot.IntN(len(p.Legal))]
}
