package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers"
	blprinted "github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	bl "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
)

// The Boardwalk expansion through the service: a whole game with the
// option on, one client per seat playing the strategy from its own views,
// a casino owner's cut of O'Malley's sent off his turn, and the checks of
// TestBootleggersGames plus the casinos' own.

// boardwalkTable is a 4-player Boardwalk table with the expansion's two
// optional Casino cards.
var boardwalkTable = bootleggersTable{name: "the Boardwalk, 4 players", players: 4, offTurn: true,
	options: &bl.Options{Variant: bl.Variant_VARIANT_STANDARD, Boardwalk: true, NewCityOrdinance: true, StateGamingCommission: true,
		OwnerThreshold: bl.OwnerThreshold_OWNER_THRESHOLD_AT_LEAST_HALF}}

// TestBootleggersBoardwalkGame plays boardwalkTable to its end through the
// real server over PostgreSQL. It needs a Boardwalk table to be accepted
// (BoardwalkPlayable); until then the service refuses it at creation,
// which the test checks instead.
func TestBootleggersBoardwalkGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if !bootleggers.BoardwalkPlayable {
		p := startPlatform(t, ctx, nil)
		_, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: bootleggersGame, Config: &moonshinev1.GameConfig{
			Players: 4, Options: &moonshinev1.GameOptions{Game: &moonshinev1.GameOptions_Bootleggers{Bootleggers: boardwalkTable.options}}}})
		if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != "BAD_OPTIONS" {
			t.Fatalf("a Boardwalk table while the expansion is not playable: %v (%s), want INVALID_ARGUMENT BAD_OPTIONS", err, reason)
		}
		t.Skip("the Boardwalk is not yet playable (bootleggers.BoardwalkPlayable): its table is refused, as checked")
	}
	g, spectator := playBootleggers(t, ctx, boardwalkTable)
	t.Logf("game %s over at event %d after %d commands", g.id, g.final, len(g.complete.GetCommands()))
	t.Run("every event is in PostgreSQL", func(t *testing.T) { checkStore(t, ctx, g) })
	t.Run("history replays to the final state", func(t *testing.T) { checkReplay(t, ctx, g) })
	t.Run("streams equal the redacted history", func(t *testing.T) { checkStreams(t, ctx, g) })
	t.Run("seats see only what they may know", func(t *testing.T) {
		checkKnowledge(t, g)
		checkMuscleSecrecy(t, g, spectator)
	})
	t.Run("the public part is the same for every viewer", func(t *testing.T) { checkPublicPart(t, ctx, g) })
	t.Run("commands and events are labelled", func(t *testing.T) { checkBootleggersLabels(t, g) })
	t.Run("the table and the result", func(t *testing.T) { checkBootleggersResult(t, ctx, g, boardwalkTable) })
	t.Run("the casinos", func(t *testing.T) { checkCasinos(t, g) })
	t.Run("verify", func(t *testing.T) { checkBootleggersVerify(t, ctx, g) })
}

// offTurnChoice returns pl's idle hook: at a view whose prompt it need not
// answer, the seat's strategy may still act (a casino owner cuts
// O'Malley's "At any time during this phase"). The game may have moved on
// by the time the command arrives: expected_version makes a stale one a
// clean refusal, which the seat shrugs off, as a client would.
func offTurnChoice(t *testing.T, game string, pl *player) func(context.Context, *moonshinev1.GameView) error {
	choose := strategyChoice(t, pl.seat)
	sent := 0
	return func(ctx context.Context, v *moonshinev1.GameView) error {
		pr := v.GetPrompt()
		if pr == nil || pr.GetMustAct() || len(pr.GetLegal()) == 0 {
			return nil
		}
		cmd := choose(pl.rng, v)
		if cmd == nil {
			return nil
		}
		at := v.GetInfo().GetVersion()
		_, err := pl.c.api.SubmitCommand(pl.c.with(ctx), &moonshinev1.SubmitCommandRequest{GameId: game,
			CommandId: fmt.Sprintf("seat%d-off%d", pl.seat, sent), Command: cmd, ExpectedVersion: &at})
		sent++
		if code, _ := reasonOf(err); err != nil && code != codes.Aborted && code != codes.FailedPrecondition {
			return fmt.Errorf("seat %d off its turn, %v: %w", pl.seat, cmd, err)
		}
		return nil
	}
}

// checkCasinos checks the Boardwalk in every view a seat was shown and in
// the history: the placards within reach match the board ("Place Casinos
// and Entertainment Act Tiles within reach."), a casino owner holds no
// truck and no die ("discarding his Truck, dice, and any Remote Stills"),
// the Casino offer is one card plus one per open casino, at most 3 markers
// are destroyed at O'Malley's a round, and the game ends after round 12
// ("The early game ending condition of a player earning $100Gs is not
// used.").
func checkCasinos(t *testing.T, g *fullGame) {
	for _, pl := range g.players {
		for _, env := range pl.views {
			checkCasinoView(t, pl.seat, env)
		}
	}
	type ownerRound struct{ seat, round int32 }
	var round int32
	cuts, redeveloped := map[ownerRound]int{}, 0
	for _, ev := range g.audited.GetEvents() {
		b := ev.GetPublic().GetBootleggers()
		switch {
		case b.GetRoundStarted() != nil:
			round = b.GetRoundStarted().GetRound()
		case b.GetCasinoRedeveloped() != nil:
			redeveloped++
		case b.GetOmalleysCut() != nil:
			// At most 3 a round by each casino owner (ruling 81).
			k := ownerRound{b.GetOmalleysCut().GetSeat(), round}
			if cuts[k]++; cuts[k] > blprinted.OMalleysCutsPerRound {
				t.Errorf("round %d: seat %d destroyed %d markers at O'Malley's", round, k.seat, cuts[k])
			}
		case b.GetGameEnded() != nil:
			if e := b.GetGameEnded(); e.GetRound() != blprinted.Rounds || e.GetReason() != bl.EndReason_END_REASON_LAST_ROUND {
				t.Errorf("the game ended in round %d by %v", e.GetRound(), e.GetReason())
			}
		}
	}
	t.Logf("%d casinos redeveloped; markers destroyed at O'Malley's by owner and round: %v", redeveloped, cuts)
}

// checkCasinoView checks one view of seat s.
func checkCasinoView(t *testing.T, s int32, env *moonshinev1.GameView) {
	t.Helper()
	v, at := env.GetBootleggers(), env.GetInfo().GetVersion()
	owners, open := map[int32]bool{}, 0
	for _, pv := range v.GetPlaces() {
		if pv.GetKind() == bl.PlaceKind_PLACE_KIND_CASINO {
			owners[pv.GetOwner().GetSeat()] = true
			open++
		}
	}
	for _, c := range v.GetBoardwalk().GetCasinos() {
		placed := v.GetPlaces()[c.GetPlace()-1].GetKind() == bl.PlaceKind_PLACE_KIND_CASINO
		if c.GetInSupply() == placed || placed && (c.Owner == nil || !owners[c.GetOwner()]) {
			t.Errorf("seat %d at %d: placard %v, the board's %v", s, at, c, v.GetPlaces()[c.GetPlace()-1])
		}
	}
	// A casino owner discarded his dice and Remote Stills and gets none
	// that would produce; he may buy and rent trucks again (ruling 86).
	for _, sv := range v.GetSeats() {
		if owners[sv.GetSeat()] && len(sv.GetStills()) > 0 {
			t.Errorf("seat %d at %d: casino owner %d holds stills %v", s, at, sv.GetSeat(), sv.GetStills())
		}
	}
	if v.GetPhase() == bl.Phase_PHASE_MUSCLE && v.GetStep() == bl.Step_STEP_BIDDING {
		if n := len(v.GetOffer().GetCasinoSlots()); n != bootleggers.CasinoOffer(open) && v.GetCasinoDeck() > 0 {
			t.Errorf("seat %d at %d: %d Casino cards on offer with %d casinos open", s, at, n, open)
		}
	}
	if int(v.GetOmalleysCuts()) > blprinted.OMalleysCutsPerRound*len(owners) {
		t.Errorf("seat %d at %d: %d cuts this round", s, at, v.GetOmalleysCuts())
	}
}
