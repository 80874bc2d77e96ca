package boozebarons

import (
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// stopAtReveal stops a twin run before the rules reveal secrets on purpose:
// the exhausted deck (who is poorest counts teammates) and the final reveal.
func stopAtReveal(evs []engine.Event) bool {
	for _, e := range evs {
		switch e.Public.(*pb.Event).GetKind().(type) {
		case *pb.Event_DeckExhausted, *pb.Event_GameEnded:
			return true
		}
	}
	return false
}

// notExposing excludes guesses at the given seats, whose Booze cards differ
// between the twins: whether a guess is right is public by rule.
func notExposing(seats ...int) func(engine.State, engine.Seat, proto.Message) bool {
	return func(st engine.State, _ engine.Seat, m proto.Message) bool {
		return m.(*pb.Command).GetExpose() == nil || !slices.Contains(seats, st.(*State).pend.target)
	}
}

// boozeTwin returns two games from seed that differ only in the Booze
// cards of the two seats after seat, swapped, watched by seat; the first
// Baron is given.
func boozeTwin(seed []byte, players, seat int, first int32) playtest.Twin {
	rng := engine.CommandRand(seed, 1)
	booze := DealBooze(players, rng)
	deck := make([]int32, printed.DeckSize)
	for i, x := range rng.Perm(printed.DeckSize) {
		deck[i] = int32(x)
	}
	q, r := (seat+1)%players, (seat+2)%players
	swapped := slices.Clone(booze)
	swapped[q], swapped[r] = booze[r], booze[q]
	opts := &pb.Options{DocksSide: pb.Side_SIDE_A, RefillRounding: pb.Rounding_ROUNDING_UP, FirstBaron: proto.Int32(first)}
	return playtest.Twin{
		Rules: Rules{}, Players: players, Viewer: engine.SeatViewer(engine.Seat(seat)), Seed: seed, Steps: 300,
		SetupA: OpeningEvents(players, opts, booze, deck), SetupB: OpeningEvents(players, opts, swapped, deck),
		Stop: stopAtReveal, Allow: notExposing(q, r),
	}
}

// Indistinguishability: "for every seat, two games that differ only in what
// that seat cannot know give it byte-identical views and streams." Here the
// Booze cards of two other seats are swapped.
func TestIndistinguishableBoozeCards(t *testing.T) {
	runs := 3
	if testing.Short() {
		runs = 1
	}
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		for p := range players {
			for run := range runs {
				tw := boozeTwin([]byte(fmt.Sprintf("twin/%d/%d/%d", players, p, run)), players, p, int32(run%players))
				tw.Steps = 400
				steps, err := tw.Run()
				if err != nil {
					t.Fatalf("%d players, seat %d, run %d: %v", players, p, run, err)
				}
				if steps < 10 {
					t.Logf("%d players, seat %d, run %d: only %d steps", players, p, run, steps)
				}
			}
		}
	}
}

// The deck order beyond what anyone has seen is nobody's: two games whose
// decks differ only in cards never drawn or revealed look the same to every
// seat and to spectators.
func TestIndistinguishableDeckOrder(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		seed := seedOf(players, 77)
		res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: players}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		st := res.Game.State.(*State)
		if len(st.deck) < 2 {
			continue
		}
		// Cards still in the deck that no one ever saw: not revealed at the Casino.
		seen := map[int32]bool{}
		for _, r := range res.Events {
			for _, b := range r.Event.Bodies() {
				for _, id := range b.(*pb.Event).GetCasinoCards().GetCardIds() {
					seen[id] = true
				}
			}
		}
		var unseen []int32
		for _, id := range st.deck {
			if !seen[id] {
				unseen = append(unseen, id)
			}
		}
		if len(unseen) < 2 {
			continue
		}
		setup := res.Events[:5]
		order := setup[2].Event.Private[0].Body.(*pb.Event).GetDeckOrder().CardIds
		swapped := slices.Clone(order)
		i, j := slices.Index(order, unseen[0]), slices.Index(order, unseen[1])
		swapped[i], swapped[j] = order[j], order[i]
		g := engine.NewGame(Rules{}, seed)
		opts := setup[0].Event.Public.(*pb.Event).GetGameStarted().Options
		var booze []pb.BoozeType
		for _, s := range setup[1].Event.Private {
			booze = append(booze, s.Body.(*pb.Event).GetBoozeCard().BoozeType)
		}
		var log []engine.Recorded
		for _, ev := range OpeningEvents(players, opts, booze, swapped) {
			if err := g.Apply(ev); err != nil {
				t.Fatal(err)
			}
			log = append(log, engine.Recorded{Seq: g.Version, Event: ev})
		}
		for _, c := range res.Commands {
			evs, _, err := g.Decide(c.Seat, c.Command)
			if err != nil {
				t.Fatalf("%d players: replay on the other deck refused %v: %v", players, c.Command, err)
			}
			for _, ev := range evs {
				if err := g.Apply(ev); err != nil {
					t.Fatal(err)
				}
				log = append(log, engine.Recorded{Seq: g.Version, Event: ev})
			}
		}
		for _, v := range playtest.Viewers(players) {
			if v.SeesAll() {
				continue
			}
			if !slices.EqualFunc(playtest.Stream(res.Events, v), playtest.Stream(log, v), slices.Equal) {
				t.Errorf("%d players: %v's streams differ", players, v)
			}
			if !slices.Equal(playtest.MarshalView(res.Game.State.View(v)), playtest.MarshalView(g.State.View(v))) {
				t.Errorf("%d players: %v's views differ", players, v)
			}
		}
		if slices.Equal(playtest.MarshalView(res.Game.State.View(engine.AuditorViewer())), playtest.MarshalView(g.State.View(engine.AuditorViewer()))) {
			t.Errorf("%d players: the auditor cannot tell the decks apart", players)
		}
	}
}
