// Package kingdom writes Moonshine Kingdom's view as text for the CLI
// (its commands and events come labelled by the server). It reads the
// game's printed data (the City Map, the Contract decks) from
// engine/kingdom/printed, not the rules.
package kingdom

import (
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

var enumName = render.EnumName

// district names a District as printed on the map: "Hell's Kitchen".
func district(d mk.District) string {
	if d < 1 || int(d) > printed.NumDistricts {
		return enumName(d)
	}
	return printed.Info(d).Name
}

// districtList names several Districts.
func districtList(ds []mk.District) string {
	if len(ds) == 0 {
		return "none"
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = district(d)
	}
	return strings.Join(out, ", ")
}

// titleName names a Title: "the Deed of Queens", "the Gin Syndicate",
// "the Ward Boss card".
func titleName(t mk.Title, b mk.Borough, l mk.Liquor) string {
	switch t {
	case mk.Title_TITLE_DEED:
		return "the Deed of " + enumName(b)
	case mk.Title_TITLE_SYNDICATE:
		return "the " + enumName(l) + " Syndicate"
	case mk.Title_TITLE_WARD_BOSS:
		return "the Ward Boss card"
	}
	return enumName(t)
}
