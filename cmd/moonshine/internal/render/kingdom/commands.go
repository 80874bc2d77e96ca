package kingdom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Example refines the example command of a template (the CLI has filled
// each free field with its first choice) into one that the view allows: a
// Move of one mobster to a Connected District that is Safe for the
// caller, an Unload of one barrel lying at the Speakeasy.
func Example(v *mk.View, template string, c *mk.Command) {
	if v == nil || v.You == nil {
		return
	}
	switch template {
	case "move":
		if m := c.GetMove(); m != nil {
			exampleMove(v, m)
		}
	case "push":
		if x := c.GetPush(); x != nil {
			examplePush(v, x)
		}
	case "unload":
		if u := c.GetUnload(); u != nil {
			if d := districtView(v, u.GetDistrict()); d != nil && len(d.GetBarrels()) > 0 {
				u.Barrels = []*mk.Barrels{{Liquor: d.GetBarrels()[0].GetLiquor(), Count: 1}}
			}
		}
	}
}

// exampleMove moves one mobster from m.From (the first District where the
// caller's mobsters stand) to a Connected District: one the caller holds,
// else an empty one, else any.
func exampleMove(v *mk.View, m *mk.Move) {
	you := v.GetYou()
	f := force(districtView(v, m.GetFrom()), you)
	if f == nil || !printed.ValidDistrict(m.GetFrom()) {
		return
	}
	m.Runners, m.Bosses = 0, 0
	if f.GetRunners() > 0 {
		m.Runners = 1
	} else {
		m.Bosses = 1
	}
	best, rank := mk.District_DISTRICT_UNSPECIFIED, 3
	for _, n := range printed.Neighbours(m.GetFrom()) {
		r := 2 // rival or Police turf: a fight
		switch d := districtView(v, n); {
		case d == nil || (len(d.GetForces()) == 0 && !d.GetPrecinct()):
			r = 1
		case d.Controller != nil && d.GetController() == you:
			r = 0
		}
		if r < rank {
			best, rank = n, r
		}
	}
	m.To = best
}

// examplePush pushes one barrel from a District the caller Controls to a
// Connected District it also Controls, where there is such a pair; else
// from a District it Controls (one with barrels first) to a Connected
// one, so that from and to always differ.
func examplePush(v *mk.View, x *mk.Push) {
	var held []*mk.DistrictView
	for _, d := range v.GetDistricts() {
		if d.Controller != nil && d.GetController() == v.GetYou() {
			held = append(held, d)
		}
	}
	slices.SortStableFunc(held, func(a, b *mk.DistrictView) int { // barrels first
		return min(len(b.GetBarrels()), 1) - min(len(a.GetBarrels()), 1)
	})
	for _, d := range held {
		for _, n := range printed.Neighbours(d.GetDistrict()) {
			if to := districtView(v, n); to != nil && to.Controller != nil && to.GetController() == v.GetYou() {
				pushFrom(x, d, n)
				return
			}
		}
	}
	for _, d := range held {
		if ns := printed.Neighbours(d.GetDistrict()); len(ns) > 0 {
			pushFrom(x, d, ns[0])
			return
		}
	}
}

// pushFrom sets a Push from d to the District to, with one of d's barrels
// if it has any.
func pushFrom(x *mk.Push, d *mk.DistrictView, to mk.District) {
	x.From, x.To, x.Barrels = d.GetDistrict(), to, nil
	if len(d.GetBarrels()) > 0 {
		x.Barrels = []*mk.Barrels{{Liquor: d.GetBarrels()[0].GetLiquor(), Count: 1}}
	}
}

// districtView returns the view of one District, or nil.
func districtView(v *mk.View, d mk.District) *mk.DistrictView {
	for _, dv := range v.GetDistricts() {
		if dv.GetDistrict() == d {
			return dv
		}
	}
	return nil
}

// force returns a seat's pieces in a District, or nil.
func force(d *mk.DistrictView, seat uint32) *mk.ForceView {
	for _, f := range d.GetForces() {
		if f.GetSeat() == seat {
			return f
		}
	}
	return nil
}

// CommandNote says where a Brew draft brews and for whom, from the view:
// the Districts whose Still carries the draft's number, each with the mob
// that Controls it ("" for another command, or a dump).
func CommandNote(v *mk.View, c *mk.Command) string {
	x := c.GetBrewDraft()
	if v == nil || x == nil || x.GetDump() {
		return ""
	}
	n := x.GetRed() + x.GetWhite()
	var at []string
	for _, d := range v.GetDistricts() {
		if d.GetStill() != n {
			continue
		}
		whose := "nobody's: no brew"
		switch {
		case d.Controller == nil:
		case v.You != nil && d.GetController() == v.GetYou():
			whose = "yours"
		default:
			whose = fmt.Sprintf("seat %d's", d.GetController())
		}
		at = append(at, fmt.Sprintf("%s (%s)", district(d.GetDistrict()), whose))
	}
	if len(at) == 0 {
		return fmt.Sprintf("no District has Still %d", n)
	}
	return fmt.Sprintf("Still %d: %s", n, strings.Join(at, ", "))
}
