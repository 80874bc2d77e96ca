package bootleggers

import (
	"fmt"

	bl "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// CommandNote adds to a legal command's label what the view and the
// printed board tell of it before the seat commits: the card in the offer
// space taken and its cost, the truck of the Truck card and its bribe, a
// Muscle card's cost ("" for another command).
func CommandNote(v *bl.View, b *bl.Board, c *bl.Command) string {
	switch k := c.GetKind().(type) {
	case *bl.Command_ChooseMuscle:
		for _, run := range b.GetMuscleCosts() {
			if n := k.ChooseMuscle.GetCard(); n >= run.GetFirst() && n <= run.GetLast() {
				return fmt.Sprintf("Muscle cost %dG", run.GetCost())
			}
		}
	case *bl.Command_TakeMenOfAction:
		for _, s := range v.GetOffer().GetSlots() {
			if s.GetSlot() != k.TakeMenOfAction.GetSlot() || s.CardId == nil {
				continue
			}
			note := fmt.Sprintf("%s #%d", enumName(s.GetKind()), s.GetCardId())
			for _, card := range b.GetMenOfAction() {
				if card.GetKind() == s.GetKind() {
					note += fmt.Sprintf(", %dG: %s", card.GetCost(), card.GetText())
				}
			}
			return note
		}
	case *bl.Command_BuyTruck:
		if v.GetOffer().Truck == nil {
			return ""
		}
		id := v.GetOffer().GetTruck()
		for _, t := range b.GetTrucks() {
			if id >= t.GetFirstTruck() && id <= t.GetLastTruck() {
				return fmt.Sprintf("truck %d: %s, %s, bribe %dG", id, sizeName(t.GetSize()), plural(t.GetCapacity(), "crate"), t.GetBribe())
			}
		}
		return fmt.Sprintf("truck %d", id)
	}
	return ""
}
