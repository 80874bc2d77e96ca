package kingdom

import (
	"fmt"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// The shared harness (engine/playtest) plays uniformly among the offered
// commands, rebuilds the state from the log and compares every view, and
// samples random commands: any it sees accepted must have been offered.

func randomCommand(r *engine.Rand) proto.Message {
	d := func() pb.District { return pb.District(r.IntN(printed.NumDistricts + 1)) }
	n := func(k int) uint32 { return uint32(r.IntN(k)) }
	if r.IntN(4) == 0 {
		return randomFightCommand(r, d)
	}
	switch r.IntN(16) {
	case 0:
		return cmd(&pb.LayLow{})
	case 1:
		return cmd(&pb.Rat{})
	case 2:
		return cmd(&pb.Extort{Borough: pb.Borough(r.IntN(6))})
	case 3:
		return cmd(&pb.Fix{Liquor: pb.Liquor(r.IntN(5)), Price: 50 * n(13)})
	case 4:
		return cmd(&pb.Recruit{District: d(), Runners: n(17)})
	case 5:
		return cmd(&pb.Secure{District: d(), RelocateFrom: d()})
	case 6:
		return cmd(&pb.Smuggle{Dock: d(), Crew: n(7)})
	case 7:
		return cmd(&pb.Rise{District: d(), Secure: r.IntN(2) == 0, RelocateFrom: d()})
	case 8:
		return cmd(&pb.Bribe{District: d()})
	case 9:
		decks := make([]pb.Tier, 2+r.IntN(2))
		for i := range decks {
			decks[i] = pb.Tier(1 + r.IntN(3))
		}
		return cmd(&pb.Hustle{Decks: decks})
	case 10:
		return cmd(&pb.BrewDraft{Red: n(7), White: n(7), Dump: r.IntN(4) == 0, Liquor: pb.Liquor(r.IntN(5))})
	case 11:
		return cmd(&pb.Fund{Markers: n(7)})
	case 12:
		return cmd(&pb.StakeContract{Card: n(38)})
	case 13:
		return cmd(&pb.TargetsCall{District: d()})
	case 14:
		return cmd(&pb.BribeOrFall{Bribe: r.IntN(2) == 0})
	}
	return cmd(&pb.DiscardContracts{Cards: []uint32{n(38)}})
}

// randomFightCommand returns a random fight response (an Advance without
// barrels: those with barrels are template commands).
func randomFightCommand(r *engine.Rand, d func() pb.District) proto.Message {
	switch r.IntN(6) {
	case 0:
		return cmd(&pb.Standoff{Choice: pb.StandoffChoice(r.IntN(4)), FleeTo: d()})
	case 1:
		return cmd(&pb.Assault{})
	case 2:
		return cmd(&pb.Advance{To: d(), Commandeer: r.IntN(2) == 0})
	case 3:
		return cmd(&pb.FallBack{})
	case 4:
		return cmd(&pb.Storm{})
	}
	return cmd(&pb.Spoils{Commandeer: r.IntN(2) == 0, RelocateFrom: d()})
}

func invariant(st engine.State, _ []engine.Recorded) (err error) {
	t := &recorder{}
	func() {
		defer func() {
			if r := recover(); r != nil && r != errStop {
				panic(r)
			}
		}()
		checkInvariants(t, st.(*state), "playtest")
	}()
	return t.err
}

func TestPlaytestHarness(t *testing.T) {
	t.Parallel()
	games := 3
	if testing.Short() {
		games = 1
	}
	for players := 2; players <= 4; players++ {
		for g := range games {
			_, err := playtest.Play(playtest.Config{
				Rules: Rules{}, Table: engine.Config{Players: players}, Seed: seedOf(uint64(9000 + 10*players + g)),
				MaxSteps: 1500, RebuildEvery: 97, Invariant: invariant, RandomCommand: randomCommand, Samples: 3,
			})
			if err != nil && !strings.HasPrefix(err.Error(), "no end after") {
				t.Fatalf("%d players, game %d: %v", players, g, err)
			}
		}
	}
}

// recorder is a testing.TB stand-in that keeps the first failure.
type recorder struct {
	testing.TB
	err error
}

var errStop = fmt.Errorf("stop")

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.err = fmt.Errorf(format, args...)
	panic(errStop)
}

// twinSetup returns the opening events with seat 1 dealt the given Gigs.
func twinSetup(t *testing.T, cards ...uint32) []engine.Event {
	evs, err := Rules{}.Setup(engine.Config{Players: 3}, engine.CommandRand(seedOf(77), 1))
	if err != nil {
		t.Fatal(err)
	}
	return append(evs, engine.Event{
		Public:  wrap(&pb.ContractsDrawn{Seat: 1, Decks: []pb.Tier{gig, gig}}),
		Private: []engine.Secret{engine.PrivateTo(wrap(&pb.ContractsReceived{Seat: 1, Cards: cards}), 1)},
	})
}

func TestTwinHandsIndistinguishable(t *testing.T) {
	// "each seat's views and streams hide the other seats' Contract hands":
	// two games that differ only in seat 1's hand play the same for seat 0
	// and for spectators. Staking reveals a card on purpose, and a draw from
	// a deck missing different cards differs by nature, so those are left out.
	allow := func(_ engine.State, seat engine.Seat, c proto.Message) bool {
		k := c.(*pb.Command)
		return k.GetHustle() == nil && (seat != 1 || k.GetStakeContract() == nil)
	}
	for _, v := range []engine.Viewer{engine.SeatViewer(0), engine.SpectatorViewer()} {
		n, err := playtest.Twin{Rules: Rules{}, Players: 3, SetupA: twinSetup(t, 1, 2), SetupB: twinSetup(t, 3, 4),
			Viewer: v, Seed: seedOf(5), Steps: 400, Allow: allow}.Run()
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		if n < 100 {
			t.Errorf("%v: only %d steps", v, n)
		}
	}
}
