package bootleggers

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Indistinguishability (ruling 70): for every viewer, two games that differ
// only in what that viewer may not know give it byte-identical views,
// streams and prompts, and every public body is identical in both.

// stopAtEnd stops a twin run before the end reveals every unplayed hand.
func stopAtEnd(evs []engine.Event) bool {
	return slices.ContainsFunc(evs, func(e engine.Event) bool { return e.Public.(*pb.Event).GetGameEnded() != nil })
}

// twinDeal returns a seeded deal for a table.
func twinDeal(players int, opts *pb.Options, seed string) deal {
	return dealFrom(players, opts, engine.CommandRand([]byte(seed), 1))
}

// swapBand swaps the first cards of band b between two card lists.
func swapBand(a, c []int, b int) bool {
	i := slices.IndexFunc(a, func(x int) bool { return printed.MuscleBand(x) == b })
	j := slices.IndexFunc(c, func(x int) bool { return printed.MuscleBand(x) == b })
	if i < 0 || j < 0 {
		return false
	}
	a[i], c[j] = c[j], a[i]
	return true
}

func cloneDeal(d deal) deal {
	c := d
	c.hands = make([][]int, len(d.hands))
	for i, h := range d.hands {
		c.hands[i] = slices.Clone(h)
	}
	c.setAside, c.menDeck, c.truckDeck = slices.Clone(d.setAside), slices.Clone(d.menDeck), slices.Clone(d.truckDeck)
	c.nonPlayers = make([][]int, len(d.nonPlayers))
	for i, h := range d.nonPlayers {
		c.nonPlayers[i] = slices.Clone(h)
	}
	return c
}

func runTwin(t *testing.T, players int, opts *pb.Options, a, b deal, v engine.Viewer, seed string, stop func([]engine.Event) bool) {
	t.Helper()
	tw := playtest.Twin{Rules: Rules{}, Players: players, Viewer: v, Seed: []byte(seed), Steps: 2000,
		SetupA: openingEvents(players, opts, printed.HouseRulesVersion, a), SetupB: openingEvents(players, opts, printed.HouseRulesVersion, b), Stop: stop}
	steps, err := tw.Run()
	if err != nil {
		t.Fatalf("%d players, %v: %v", players, v, err)
	}
	if steps < 30 {
		t.Errorf("%d players, %v: only %d steps", players, v, steps)
	}
}

func TestIndistinguishableMuscleHands(t *testing.T) {
	// "A Muscle hand: its holder (and the auditor)": another seat's hand
	// differs by a card of the same band (with 3-5 players, one swapped with
	// a card set aside; with 6, two other seats' cards swapped; with 2, a
	// blue card swapped with a blue card set aside).
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		opts, _ := NormaliseOptions(players, nil)
		for p := range players {
			for band := range printed.MuscleBands {
				seed := fmt.Sprintf("twin/hands/%d/%d/%d", players, p, band)
				a := twinDeal(players, opts, seed)
				b := cloneDeal(a)
				q, r := (p+1)%players, (p+2)%players
				switch {
				case players == 6:
					swapBand(b.hands[q], b.hands[r], band)
				case players == 2 && band != 3:
					continue
				default:
					swapBand(b.hands[q], b.setAside, band)
				}
				runTwin(t, players, opts, a, b, seatView(p), seed, stopAtEnd)
			}
		}
	}
}

func TestIndistinguishableDeckOrders(t *testing.T) {
	// "Men of Action and Truck deck order: the auditor only": the bottom
	// cards of each deck, never turned over in twelve rounds, swapped; every
	// seat and spectators see the same game.
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		opts, _ := NormaliseOptions(players, nil)
		seed := fmt.Sprintf("twin/decks/%d", players)
		a := twinDeal(players, opts, seed)
		b := cloneDeal(a)
		n, m := len(b.menDeck), len(b.truckDeck)
		b.menDeck[n-1], b.menDeck[n-2] = b.menDeck[n-2], b.menDeck[n-1]
		b.truckDeck[m-1], b.truckDeck[m-2] = b.truckDeck[m-2], b.truckDeck[m-1]
		for _, v := range playtest.Viewers(players) {
			if !v.SeesAll() {
				runTwin(t, players, opts, a, b, v, seed, nil)
			}
		}
		// The auditor tells them apart.
		ga, gb := engine.NewGame(Rules{}, nil), engine.NewGame(Rules{}, nil)
		if err := ga.Apply(openingEvents(players, opts, printed.HouseRulesVersion, a)...); err != nil {
			t.Fatal(err)
		}
		if err := gb.Apply(openingEvents(players, opts, printed.HouseRulesVersion, b)...); err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(playtest.MarshalView(ga.State.View(engine.AuditorViewer())), playtest.MarshalView(gb.State.View(engine.AuditorViewer()))) {
			t.Errorf("%d players: the auditor cannot tell the decks apart", players)
		}
	}
}

func TestIndistinguishableNonPlayerHands(t *testing.T) {
	// Ruling 59: "Their order is hidden from both Mobsters (auditor only)":
	// the last two cards of a Non-Player hand swapped look the same to both
	// Mobsters until the one of round 11 is turned over.
	opts, _ := NormaliseOptions(2, nil)
	beforeRound11 := func(evs []engine.Event) bool {
		return slices.ContainsFunc(evs, func(e engine.Event) bool { return e.Public.(*pb.Event).GetRoundStarted().GetRound() >= 11 })
	}
	for h := range printed.NonPlayerHands {
		seed := fmt.Sprintf("twin/np/%d", h)
		a := twinDeal(2, opts, seed)
		b := cloneDeal(a)
		b.nonPlayers[h][10], b.nonPlayers[h][11] = b.nonPlayers[h][11], b.nonPlayers[h][10]
		for p := range 2 {
			runTwin(t, 2, opts, a, b, seatView(p), seed, beforeRound11)
		}
	}
}

func TestSealedMuscleCardIsHidden(t *testing.T) {
	// Ruling 18: "Until the reveal the table knows only who has sealed."
	// Seat 1 seals either of two cards: seat 0's and a spectator's streams
	// and views are the same.
	for _, v := range []engine.Viewer{seatView(0), engine.SpectatorViewer(), seatView(2)} {
		var streams [2][][]byte
		var views [2][]byte
		for k, card := range []int32{4, 58} {
			tb := newTable(t, 3, nil)
			start := len(tb.log)
			tb.do(1, &pb.ChooseMuscle{Card: card})
			streams[k] = playtest.Stream(tb.log[start:], v)
			views[k] = playtest.MarshalView(tb.g.State.View(v))
		}
		if !slices.EqualFunc(streams[0], streams[1], bytes.Equal) || !bytes.Equal(views[0], views[1]) {
			t.Errorf("%v tells the sealed cards apart", v)
		}
	}
}
