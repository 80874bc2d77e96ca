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
	v := e.Descriptor().Values().ByNumber(e.Number())
	if v == nil {
		return fmt.Sprintf("%s(%d)", e.Descriptor().Name(), e.Number())
	}
	full := string(v.Name())
	var b strings.Builder // BoozeType -> BOOZE_TYPE_
	for i, r := range string(e.Descriptor().Name()) {
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
