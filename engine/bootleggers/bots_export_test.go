package bootleggers

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// HiddenTwin returns two games of players, for the bots' tests in package
// bootleggers_test, that differ only in facts hidden from seat: another
// seat's Muscle card swapped with a card of its band set aside (at six
// players, with a third seat's; at two, a blue card with a blue card set
// aside), the bottom two cards of the Men of Action and Truck decks
// swapped, and at two players the last two cards of a Non-Player hand
// swapped. The run stops before any of them would be shown: the end's
// reveal, and round 11 at two players.
func HiddenTwin(players, seat int, seed string) playtest.Twin {
	opts, _ := NormaliseOptions(players, nil)
	a := twinDeal(players, opts, seed)
	b := cloneDeal(a)
	q, r := (seat+1)%players, (seat+2)%players
	switch {
	case players == 6:
		swapBand(b.hands[q], b.hands[r], 1)
	case players == 2:
		swapBand(b.hands[q], b.setAside, 3)
		b.nonPlayers[0][10], b.nonPlayers[0][11] = b.nonPlayers[0][11], b.nonPlayers[0][10]
	default:
		swapBand(b.hands[q], b.setAside, 2)
	}
	for _, d := range [][]int{b.menDeck, b.truckDeck} {
		n := len(d)
		d[n-1], d[n-2] = d[n-2], d[n-1]
	}
	stop := func(evs []engine.Event) bool {
		return slices.ContainsFunc(evs, func(e engine.Event) bool {
			ev := e.Public.(*pb.Event)
			return ev.GetGameEnded() != nil || (players == 2 && ev.GetRoundStarted().GetRound() >= 11)
		})
	}
	return playtest.Twin{Rules: Rules{}, Players: players, Viewer: engine.SeatViewer(engine.Seat(seat)), Seed: []byte(fmt.Sprintf("bots/%s", seed)),
		Steps: 2000, SetupA: openingEvents(players, opts, printed.HouseRulesVersion, a), SetupB: openingEvents(players, opts, printed.HouseRulesVersion, b), Stop: stop}
}
