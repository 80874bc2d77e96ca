package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"reflect"
	"regexp"
	"strings"

	"github.com/caarlos0/env/v11"
)

// The loader reads a settings struct from the environment and the command
// line with one parser, github.com/caarlos0/env: each field's variable is
// named in its env tag (so DATABASE_URL keeps its conventional name), the
// flags are collected as text, laid over the environment under their
// variables' names, and the whole is parsed once. A bad value is refused
// the same way from either source, naming it, and every bad value is
// reported at once. Help shows the built-in defaults, never a value from
// the environment, and secrets are masked wherever settings are shown.

// setting is one field of a settings struct.
type setting struct {
	name   string // the Go field, as env's errors name it
	flag   string
	env    string
	def    string
	help   string
	secret string // "", "token" or "url"
	isBool bool
	value  reflect.Value
}

// settingsOf lists the fields of the struct ptr points to, those of its
// struct fields (groups of settings) included, in order.
func settingsOf(ptr any) []setting {
	var out []setting
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Tag.Get("flag") == "" {
				if f.Type.Kind() == reflect.Struct {
					walk(v.Field(i)) // a group of settings
				}
				continue
			}
			out = append(out, setting{name: f.Name, flag: f.Tag.Get("flag"), env: f.Tag.Get("env"), def: f.Tag.Get("envDefault"),
				help: f.Tag.Get("help"), secret: f.Tag.Get("secret"), isBool: f.Type.Kind() == reflect.Bool, value: v.Field(i)})
		}
	}
	walk(reflect.ValueOf(ptr).Elem())
	return out
}

// textFlag collects a flag's text for the environment map.
type textFlag struct {
	set    map[string]string
	env    string
	isBool bool
}

func (t textFlag) String() string   { return "" }
func (t textFlag) IsBoolFlag() bool { return t.isBool }
func (t textFlag) Set(v string) error {
	t.set[t.env] = v
	return nil
}

// loader reads one subcommand's settings.
type loader struct {
	name     string // e.g. "moonshined migrate"
	synopsis string
	ptr      any
	fs       *flag.FlagSet
	fromFlag map[string]string // env name -> the flag's text
	// preamble, if set, writes what the usage shows first (serve's, which
	// is `moonshined -h`: the commands).
	preamble func(io.Writer)
}

// newLoader prepares the flags of the settings ptr points to; the caller
// may add flags of its own to l.fs before load.
func newLoader(name, synopsis string, ptr any, stderr io.Writer) *loader {
	l := &loader{name: name, synopsis: synopsis, ptr: ptr, fs: flag.NewFlagSet(name, flag.ContinueOnError), fromFlag: map[string]string{}}
	l.fs.SetOutput(stderr)
	for _, s := range settingsOf(ptr) {
		l.fs.Var(textFlag{set: l.fromFlag, env: s.env, isBool: s.isBool}, s.flag, s.help)
	}
	l.fs.Usage = func() { l.usage(stderr) }
	return l
}

// load parses args over the environment getenv reads, into the settings.
// It returns the positional arguments.
func (l *loader) load(args []string, getenv func(string) string) ([]string, error) {
	if err := l.fs.Parse(args); err != nil {
		return nil, err
	}
	environment := map[string]string{}
	for _, s := range settingsOf(l.ptr) {
		if v := getenv(s.env); v != "" {
			environment[s.env] = v
		}
	}
	for k, v := range l.fromFlag {
		environment[k] = v
	}
	if err := env.ParseWithOptions(l.ptr, env.Options{Environment: environment}); err != nil {
		return nil, l.explain(err, environment)
	}
	return l.fs.Args(), nil
}

// explain rewrites env's errors to name the flag or variable each bad
// value came from, with the value.
func (l *loader) explain(err error, environment map[string]string) error {
	var agg env.AggregateError
	if !errors.As(err, &agg) {
		return err
	}
	byName := map[string]setting{}
	for _, s := range settingsOf(l.ptr) {
		byName[s.name] = s
	}
	var msgs []string
	for _, e := range agg.Errors {
		var pe env.ParseError
		var s setting
		ok := errors.As(e, &pe)
		if ok {
			s, ok = byName[pe.Name]
		}
		if !ok {
			msgs = append(msgs, e.Error())
			continue
		}
		from := s.env
		if _, viaFlag := l.fromFlag[s.env]; viaFlag {
			from = "-" + s.flag
		}
		why := pe.Err
		for u := errors.Unwrap(why); u != nil; u = errors.Unwrap(why) {
			why = u // the innermost reason: strconv's or time's own words
		}
		msgs = append(msgs, fmt.Sprintf("%s: invalid value %q: want %s: %v", from, environment[s.env], pe.Type, why))
	}
	return errors.New(strings.Join(msgs, "; "))
}

// usage prints the subcommand's synopsis and its settings with their
// variables and built-in defaults.
func (l *loader) usage(w io.Writer) {
	if l.preamble != nil {
		l.preamble(w)
	}
	fmt.Fprintf(w, "usage: %s\n\nEach flag may also be given by its environment variable; a flag wins.\n\n", l.synopsis)
	for _, s := range settingsOf(l.ptr) {
		def := ""
		switch {
		case s.secret == "token":
			def = ", secret"
		case s.def != "":
			def = fmt.Sprintf(", default %q", s.def)
		}
		fmt.Fprintf(w, "  -%s  (%s%s)\n    \t%s\n", s.flag, s.env, def, s.help)
	}
	l.fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(textFlag); !ok {
			fmt.Fprintf(w, "  -%s\n    \t%s\n", f.Name, f.Usage)
		}
	})
}

// shown returns a setting's value as it may be shown: a secret token
// masked, a URL without its password.
func shown(s setting) string {
	v := fmt.Sprint(s.value.Interface())
	switch {
	case v == "":
		return ""
	case s.secret == "token":
		return "(set, hidden)"
	case s.secret == "url":
		return redactURL(v)
	}
	return v
}

var dsnPassword = regexp.MustCompile(`(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)`)

// redactURL hides the password of a postgres:// URL or keyword/value
// string.
func redactURL(v string) string {
	if u, err := url.Parse(v); err == nil && u.Scheme != "" {
		q := u.Query()
		if q.Has("password") {
			q.Set("password", "xxxxx")
			u.RawQuery = q.Encode()
		}
		return u.Redacted()
	}
	return dsnPassword.ReplaceAllString(v, "${1}xxxxx")
}

// printSettings writes each setting as VARIABLE=value, secrets masked.
func printSettings(w io.Writer, ptr any) {
	for _, s := range settingsOf(ptr) {
		fmt.Fprintf(w, "%s=%s\n", s.env, shown(s))
	}
}

// logAttrs returns the settings as log attributes, secrets masked.
func logAttrs(ptr any) []any {
	var out []any
	for _, s := range settingsOf(ptr) {
		out = append(out, s.flag, shown(s))
	}
	return out
}
