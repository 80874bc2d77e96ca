package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// gameMessage returns the game's own message inside an envelope (the set
// field of its oneof), or nil.
func gameMessage(env proto.Message) protoreflect.Message {
	m := env.ProtoReflect()
	od := m.Descriptor().Oneofs().Get(0)
	fd := m.WhichOneof(od)
	if fd == nil {
		return nil
	}
	return m.Get(fd).Message()
}

// templateExample fills a template's free fields so that it makes a
// command to start from: each field with listed choices takes the first,
// a number with a lower bound takes it; then the game's renderer refines
// it from the view (a Move to a Connected District, say). It returns the
// game's own command, as --command-json takes it.
func templateExample(r renderer, v *moonshinev1.GameView, t *moonshinev1.CommandTemplate) proto.Message {
	env := proto.Clone(t.GetCommand())
	inner := gameMessage(env)
	if inner == nil {
		return env
	}
	for _, p := range t.GetParams() {
		msg, fd := paramField(inner, p.GetField())
		if fd == nil || fd.IsList() || fd.IsMap() || msg.Has(fd) {
			continue
		}
		val, ok := paramValue(fd, p)
		if ok {
			msg.Set(fd, val)
		}
	}
	if r.example != nil {
		r.example(v, t.GetName(), inner.Interface())
	}
	return inner.Interface()
}

// paramField resolves a template field path ("move.from",
// "run_the_whiskey.runs.crates") within the game's command: the message
// holding the field, and the field. A repeated message on the way is
// entered at its first element, which is added when the list is empty
// (so that an example fills one entry in).
func paramField(m protoreflect.Message, path string) (protoreflect.Message, protoreflect.FieldDescriptor) {
	parts := strings.Split(path, ".")
	for i, name := range parts {
		fd := m.Descriptor().Fields().ByName(protoreflect.Name(name))
		if fd == nil {
			return nil, nil
		}
		if i == len(parts)-1 {
			return m, fd
		}
		switch {
		case fd.Message() == nil || fd.IsMap():
			return nil, nil
		case fd.IsList():
			l := m.Mutable(fd).List()
			if l.Len() == 0 {
				m = l.AppendMutable().Message()
			} else {
				m = l.Get(0).Message()
			}
		default:
			m = m.Mutable(fd).Message()
		}
	}
	return nil, nil
}

// paramName writes a template field path as the JSON of --command-json
// spells it, below the command's kind: "crates" of
// "run_the_whiskey.runs.crates" is "runs[].crates".
func paramName(cmd protoreflect.MessageDescriptor, path string) string {
	var out []string
	md := cmd
	for i, name := range strings.Split(path, ".") {
		if md == nil {
			return path
		}
		fd := md.Fields().ByName(protoreflect.Name(name))
		if fd == nil {
			return path
		}
		if i > 0 {
			n := fd.JSONName()
			if fd.IsList() && fd.Message() != nil {
				n += "[]"
			}
			out = append(out, n)
		}
		md = fd.Message()
	}
	return strings.Join(out, ".")
}

// paramValue is the example value of one free field.
func paramValue(fd protoreflect.FieldDescriptor, p *moonshinev1.TemplateParam) (protoreflect.Value, bool) {
	choice := ""
	if len(p.GetChoices()) > 0 {
		choice = p.GetChoices()[0]
	}
	switch fd.Kind() {
	case protoreflect.EnumKind:
		if ev := fd.Enum().Values().ByName(protoreflect.Name(choice)); ev != nil {
			return protoreflect.ValueOfEnum(ev.Number()), true
		}
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		if n, err := strconv.ParseUint(choice, 10, 32); err == nil {
			return protoreflect.ValueOfUint32(uint32(n)), true
		}
		if p.GetMin() > 0 {
			return protoreflect.ValueOfUint32(uint32(p.GetMin())), true
		}
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		if n, err := strconv.ParseInt(choice, 10, 32); err == nil {
			return protoreflect.ValueOfInt32(int32(n)), true
		}
		if p.GetMin() > 0 {
			return protoreflect.ValueOfInt32(p.GetMin()), true
		}
	case protoreflect.StringKind:
		if choice != "" {
			return protoreflect.ValueOfString(choice), true
		}
	}
	return protoreflect.Value{}, false
}

// allowed says in words which values a free field takes.
func allowed(inner protoreflect.Message, p *moonshinev1.TemplateParam) string {
	var fd protoreflect.FieldDescriptor
	if inner != nil {
		_, fd = paramField(inner, p.GetField())
	}
	if cs := p.GetChoices(); len(cs) > 0 {
		if fd != nil && fd.Kind() == protoreflect.EnumKind && len(cs) > 3 && len(cs) == fd.Enum().Values().Len()-1 {
			return fmt.Sprintf("any %s (%s, … %s)", fd.Enum().Name(), cs[0], cs[len(cs)-1])
		}
		if fd != nil && fd.Kind() == protoreflect.EnumKind {
			named := make([]string, len(cs))
			for i, c := range cs {
				named[i] = c
				if ev := fd.Enum().Values().ByName(protoreflect.Name(c)); ev != nil {
					named[i] += " (" + render.EnumValueName(fd.Enum(), ev.Number()) + ")"
				}
			}
			cs = named
		}
		return "one of " + strings.Join(cs, ", ")
	}
	var kind string
	switch {
	case fd == nil:
		kind = "a value"
	case fd.Kind() == protoreflect.BoolKind:
		kind = "true or false"
	case fd.Kind() == protoreflect.EnumKind:
		var names []string
		for i := 0; i < fd.Enum().Values().Len(); i++ {
			if ev := fd.Enum().Values().Get(i); ev.Number() != 0 {
				names = append(names, string(ev.Name()))
			}
		}
		kind = "one of " + strings.Join(names, ", ")
	case fd.Message() != nil:
		kind = messageShape(fd.Message())
		if fd.IsList() {
			kind = "a list of " + kind
		}
	case fd.IsList():
		kind = "a list of numbers"
	default:
		kind = "a number"
	}
	switch {
	case p.GetMax() > 0:
		kind += fmt.Sprintf(", %d to %d", p.GetMin(), p.GetMax())
	case p.GetMin() > 0:
		kind += fmt.Sprintf(", at least %d", p.GetMin())
	}
	return kind
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("AEIOUaeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// messageShape writes a message's fields as JSON with their kinds:
// {"money": a number, "trucks": a list of numbers}.
func messageShape(md protoreflect.MessageDescriptor) string {
	var fields []string
	for i := 0; i < md.Fields().Len(); i++ {
		f := md.Fields().Get(i)
		kind := "a number"
		switch {
		case f.Message() != nil:
			kind = "{…}"
		case f.Kind() == protoreflect.BoolKind:
			kind = "true or false"
		case f.Kind() == protoreflect.EnumKind:
			kind = article(string(f.Enum().Name())) + " value"
		case f.Kind() == protoreflect.StringKind:
			kind = "a string"
		}
		if f.IsList() {
			kind = "a list of " + strings.TrimPrefix(strings.TrimPrefix(kind, "an "), "a ") + "s"
		}
		fields = append(fields, fmt.Sprintf("%q: %s", f.JSONName(), kind))
	}
	return "{" + strings.Join(fields, ", ") + "}"
}

// templateLines writes a template: what it does, a command to paste, and
// each free field with what it means and the values it takes.
func templateLines(w io.Writer, r renderer, v *moonshinev1.GameView, t *moonshinev1.CommandTemplate) {
	what := t.GetLabel()
	if what == "" {
		what = t.GetDescription()
	}
	fmt.Fprintf(w, "  template %s: %s\n", t.GetName(), what)
	ex := templateExample(r, v, t)
	fmt.Fprintf(w, "      moonshine submit %s --command-json '%s'\n", v.GetInfo().GetGameId(), canonicalJSON(ex))
	for _, p := range t.GetParams() {
		inner := gameMessage(proto.Clone(t.GetCommand())) // paramField may set the path's messages
		name := p.GetField()
		if inner != nil {
			name = paramName(inner.Descriptor(), p.GetField())
		}
		fmt.Fprintf(w, "      %s: %s; %s\n", name, p.GetDescription(), allowed(inner, p))
	}
}

// canonicalJSON returns a message as one line of protojson, the same
// bytes every time (protojson itself varies its white space on purpose).
func canonicalJSON(m proto.Message) string {
	b, err := protojson.Marshal(m)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return string(compactJSON(b))
}
