package bootleggers

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// optionSets are the tables the seeded games cover at every player count:
// no option, each optional rule alone, all of them together, and the
// strict owner threshold (Need a Little Help, for 3 players only, is added
// there).
func optionSets(players int) map[string]*pb.Options {
	sets := map[string]*pb.Options{
		"none":  {},
		"ramp":  {RampStillProduction: true},
		"cool":  {PlayItCool: true},
		"ring":  {RingUpTheBoys: true},
		"muscl": {MusclingIn: true},
		"all":   {RampStillProduction: true, PlayItCool: true, RingUpTheBoys: true, MusclingIn: true},
		"owner": {OwnerThreshold: pb.OwnerThreshold_OWNER_THRESHOLD_STRICT_MAJORITY},
	}
	if players == printed.NeedALittleHelpPlayers {
		sets["help"] = &pb.Options{NeedALittleHelp: true}
	}
	return sets
}

// gamesPerTable is how many uniform random games TestRandomGames plays per
// player count and option set: BOOTLEGGERS_GAMES=n sets it.
func gamesPerTable() int {
	if n, err := strconv.Atoi(os.Getenv("BOOTLEGGERS_GAMES")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 1
	}
	return 2
}

// TestRandomGames plays seeded games, uniformly random among the legal
// commands, at every player count (2-6) and under every option, with every
// check of the playtest harness (Decide and Prompts never change the state,
// by Fingerprint; every offered command is accepted and a sample of random
// ones accepted only if offered; the log rebuilds to the same views;
// engine.Verify from the seed) and the watcher after every event (money
// only as the rules move it, crates and dice accounted for, markers, cards
// and trucks conserved, every private body and every view as ruling 70
// says).
func TestRandomGames(t *testing.T) {
	games := gamesPerTable()
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		t.Run(fmt.Sprintf("players=%d", players), func(t *testing.T) {
			t.Parallel()
			for name, opts := range optionSets(players) {
				for i := range games {
					w := newWatcher()
					cfg := playtest.Config{Rules: Rules{}, Table: engine.Config{Players: players, Options: opts},
						Seed: []byte(fmt.Sprintf("random/%d/%s/%d", players, name, i)), MaxSteps: 4000,
						Invariant: w.check, RandomCommand: randomCommand, Samples: 3}
					if i == 0 {
						cfg.RebuildEvery = 25
					}
					if _, err := playtest.Play(cfg); err != nil {
						t.Fatalf("%s game %d: %v", name, i, err)
					}
				}
			}
		})
	}
}

// TestApplyCoversEveryKind: Apply's one switch has a case for every kind of
// the Event oneof, an Event without a kind is engine.ErrUnknownEvent, a
// foreign body an error, and no empty body panics.
func TestApplyCoversEveryKind(t *testing.T) {
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		if err := playtest.CheckApply(Rules{}, engine.Config{Players: players}); err != nil {
			t.Errorf("%d players: %v", players, err)
		}
	}
}

// TestApplyRefusesACorruptLog: bodies that do not fit the state are errors,
// never rules: an event before the game starts, a second start, a card not
// on top of the deck, a house rules version this engine does not play.
func TestApplyRefusesACorruptLog(t *testing.T) {
	s := &State{turn: -1}
	if err := s.Apply(wrap(&pb.RoundStarted{Round: 1})); err == nil {
		t.Error("an event before game_started")
	}
	opts, _ := NormaliseOptions(3, nil)
	if err := s.Apply(wrap(&pb.GameStarted{Players: 3, Options: opts, HouseRulesVersion: printed.HouseRulesVersion + 1})); err == nil {
		t.Error("another house rules version")
	}
	if err := s.Apply(wrap(&pb.GameStarted{Players: 3, Options: &pb.Options{}, HouseRulesVersion: printed.HouseRulesVersion})); err == nil {
		t.Error("options not normalised")
	}
	tb := newTable(t, 3, nil)
	for _, body := range []*pb.Event{
		wrap(&pb.GameStarted{Players: 3, Options: opts, HouseRulesVersion: printed.HouseRulesVersion}),
		wrap(&pb.OfferTurnedUp{Slots: []*pb.OfferSlot{{Slot: 0, CardId: 79}}}),
		wrap(&pb.MuscleRevealed{}),
		wrap(&pb.CardTaken{Seat: 1, Slot: 0, CardId: 79}),
		wrap(&pb.WhiskeyRun{Seat: 9}),
		wrap(&pb.TheHeat{Discarded: []int32{1}}),
	} {
		if err := tb.st().clone().Apply(body); err == nil {
			t.Errorf("%s applied", events.Name(body))
		}
	}
}
