// Package render holds what the CLI's per-game renderers share: names for
// enum values as people write them, and how a view names a seat.
//
// It sits under cmd/moonshine: each game's renderer (render/boozebarons,
// render/kingdom, render/bootleggers) writes that game's own messages,
// unwrapped from the moonshine.v1 envelopes, as text. A renderer writes a
// view only: commands, templates and events are shown by the labels the
// server sends.
package render

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// Seats names a seat as a view shows it: "seat 0 (alice)".
type Seats func(seat int32) string

// names fixes the enum names that title case spells wrong.
var names = map[string]string{
	"Seedy Petes":         "Seedy Pete's",
	"Officers Club":       "Officer's Club",
	"Shiftys Chardonnay":  "Shifty's Chardonnay",
	"Hells Kitchen Irish": "Hell's Kitchen Irish",
	"Stephanie St Clair":  "Stephanie St. Clair",
	"Omalleys":            "O'Malley's",
	"Texas Lils":          "Texas Lil's",
	"Mothers Groceries":   "Mother's Groceries",
	"Barleycorns":         "Barleycorn's",
	"The Real Mccoy":      "The Real McCoy",
	"Pay Off The Copper":  "Pay Off the Copper",
	"Halt An Order":       "Halt an Order",
}

// EnumName turns LOCATION_SEEDY_PETES into "Seedy Pete's".
func EnumName(e protoreflect.Enum) string {
	return EnumValueName(e.Descriptor(), e.Number())
}

// EnumValueName is EnumName of the value numbered n of enum ed.
func EnumValueName(ed protoreflect.EnumDescriptor, n protoreflect.EnumNumber) string {
	v := ed.Values().ByNumber(n)
	if v == nil {
		return fmt.Sprintf("%s(%d)", ed.Name(), n)
	}
	full := string(v.Name())
	var b strings.Builder // BoozeType -> BOOZE_TYPE_
	for i, r := range string(ed.Name()) {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	prefix := strings.ToUpper(b.String()) + "_"
	words := strings.Split(strings.TrimPrefix(full, prefix), "_")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
	}
	s := strings.Join(words, " ")
	if n, ok := names[s]; ok {
		return n
	}
	return s
}

// Plural counts things: "1 crate", "3 crates".
func Plural[N ~int32 | ~uint32 | ~int](n N, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Ints writes numbers as a list, "3, 4, 9" ("none" for no number), never
// as Go writes a slice.
func Ints[N ~int32 | ~uint32 | ~int](ns []N) string {
	if len(ns) == 0 {
		return "none"
	}
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = fmt.Sprint(n)
	}
	return strings.Join(out, ", ")
}
