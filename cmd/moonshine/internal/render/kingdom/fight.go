package kingdom

import (
	"fmt"
	"strings"

	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Combat and the Police: commands, events and the fight in a view.

// fightLine describes the fight in progress in a view.
func fightLine(f *mk.FightView) string {
	who := "the Police"
	if f.Occupier != nil {
		who = fmt.Sprintf("seat %d", f.GetOccupier())
	}
	var rs []string
	for _, r := range f.GetResponses() {
		rs = append(rs, strings.ToLower(enumName(r)))
	}
	return fmt.Sprintf("fight at %s: seat %d (from %s) against %s; seat %d decides: %s", district(f.GetDistrict()), f.GetInvader(),
		district(f.GetOrigin()), who, f.GetDecider(), strings.Join(rs, ", "))
}
