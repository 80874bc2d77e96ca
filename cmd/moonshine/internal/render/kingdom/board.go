package kingdom

import (
	"fmt"
	"io"
	"strings"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Board writes the City Map from the server's Board data: each Borough
// and its Districts, every District with its kind, whether it is Coastal,
// and the Districts Connected to it (by land, Bridge or Water).
func Board(w io.Writer, b *mk.Board) {
	if b == nil {
		return
	}
	links := map[mk.District][]string{}
	name := map[mk.District]string{}
	for _, d := range b.GetDistricts() {
		name[d.GetDistrict()] = d.GetName()
	}
	for _, c := range b.GetConnections() {
		a, z := c.GetDistrictA(), c.GetDistrictB()
		how := ""
		switch c.GetLink() {
		case mk.LinkKind_LINK_KIND_BRIDGE:
			how = " (Bridge)"
		case mk.LinkKind_LINK_KIND_WATER:
			how = " (Water)"
		}
		links[a] = append(links[a], name[z]+how)
		links[z] = append(links[z], name[a]+how)
	}
	fmt.Fprintln(w, "the City Map: every District, its Borough, and the Districts Connected to it")
	for _, bo := range b.GetBoroughs() {
		fmt.Fprintf(w, "%s:\n", bo.GetName())
		for _, d := range b.GetDistricts() {
			if d.GetBorough() != bo.GetBorough() {
				continue
			}
			kind := enumName(d.GetKind())
			if d.GetCoastal() {
				kind += ", Coastal"
			}
			if d.GetHomePrecinct() {
				kind += ", Precinct at setup"
			}
			fmt.Fprintf(w, "  %s (%s, %s): to %s\n", d.GetName(), d.GetDistrict(), kind, strings.Join(links[d.GetDistrict()], ", "))
		}
	}
}
