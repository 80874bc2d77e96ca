package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// What a Boardwalk casino owner may still do after "The new Casino owner
// finishes his action by discarding his Truck, dice, and any Remote
// Stills." and "Casino owners have no actions this phase." (Phase 3;
// ruling 86): no still die and no Remote Still, since his stills would
// never roll; but trucks as any Mobster (rules version 3). Version 2 also
// barred him from trucks and played his Phase 4 turn for him when he had
// nothing to run.

// ReasonCasinoOwner: under rules version 2 a casino owner cannot buy or
// rent a truck (ruling 86).
const ReasonCasinoOwner = "CASINO_OWNER"

// refuseCasinoOwnerTruck refuses, under version 2 only, a truck gained by
// a casino owner: the Truck card, or trucks in a trade (ruling 86).
func (s *State) refuseCasinoOwnerTruck(seat int, trucks int) *engine.RuleError {
	if s.version < rulingsReadAgain && trucks > 0 && s.ownsCasino(seat) {
		return engine.Refuse(ReasonCasinoOwner, "%v owns a casino and discarded his Truck: he buys or rents no truck (ruling 86)", engine.Seat(seat))
	}
	return nil
}

// idleCasinoOwner reports whether seat is, under version 2, a casino owner
// with nothing to do on his Phase 4 turn: no truck he runs, and no kept
// card of Phase 4. The game plays his turn for him (ruling 86). From
// version 3 nobody is passed over in Phase 4 (ruling 35): an owner may
// rent a truck and buy crates on his turn.
func (s *State) idleCasinoOwner(seat int) bool {
	if s.version >= rulingsReadAgain || !s.ownsCasino(seat) {
		return false
	}
	for id := range s.trucks {
		if s.runnerOf(id) == seat && s.trucks[id].place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			return false
		}
	}
	return !slices.ContainsFunc(s.seats[seat].kept, func(id int) bool {
		spec, _ := printed.Card(printed.CardKindOf(id))
		return spec.Phase == runIt
	})
}
