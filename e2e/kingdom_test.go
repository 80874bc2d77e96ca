package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/games"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Moonshine Kingdom through the service. The game is long, so these tests
// play its first Days, not whole games: TestKingdomDays for 2, 3 and 4
// players with one client per seat; TestKingdomBots with every seat but one
// played by the server's bots; TestKingdomTargetAnswersOutOfTurn for the
// Police Raid choices that belong to a seat whose turn it is not; and
// TestKingdomSeatsCannotTellHandsApart for the secrecy of Contract hands.

// kingdomDays is how many complete Days the games are played for.
const kingdomDays = 3

// kingdomGame is the rules id.
const kingdomGame = "moonshine-kingdom"

// TestKingdomDays plays the first Days of a Moonshine Kingdom game for 2, 3
// and 4 players through the real server over PostgreSQL: one gRPC
// connection and credential per seat, each seat watching its own stream and
// acting (a seeded choice among its prompt's legal commands) whenever its
// prompt says it must, and, while it waits, now and then trying to act out
// of turn. Then it checks what must hold of the game so far.
func TestKingdomDays(t *testing.T) {
	for _, n := range []int32{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
			defer cancel()
			g, probes := playKingdom(t, ctx, n, kingdomDays)
			t.Logf("game %s at event %d after %d commands (%d Moves); %d out-of-turn commands refused, %d overtaken by the game",
				g.id, g.final, len(g.audited.GetCommands()), countMoves(g.audited), probes.refused, probes.stale)
			t.Run("every event is in PostgreSQL", func(t *testing.T) { checkStore(t, ctx, g) })
			t.Run("history replays to the current state", func(t *testing.T) { checkReplay(t, ctx, g) })
			t.Run("streams equal the redacted history", func(t *testing.T) { checkStreams(t, ctx, g) })
			t.Run("seats see only what they may know", func(t *testing.T) {
				checkKnowledge(t, g)
				checkContractSecrecy(t, ctx, g)
			})
			t.Run("table talk reaches only its audience", func(t *testing.T) { checkTalk(t, ctx, g) })
			t.Run("only the awaited seat may act", func(t *testing.T) {
				if probes.refused == 0 {
					t.Error("no out-of-turn command was tried at a settled version")
				}
			})
			t.Run("verify", func(t *testing.T) { checkKingdomVerify(t, ctx, g) })
			t.Run("template commands are played", func(t *testing.T) {
				if countMoves(g.audited) == 0 {
					t.Error("no Move (a template command) was played")
				}
			})
		})
	}
}

// countMoves counts the Moved events of a history.
func countMoves(h *moonshinev1.GetHistoryResponse) int {
	n := 0
	for _, ev := range h.GetEvents() {
		if ev.GetPublic().GetMoonshineKingdom().GetMoved() != nil {
			n++
		}
	}
	return n
}

// probeLog counts the out-of-turn commands the players tried.
type probeLog struct {
	mu sync.Mutex
	// refused counts NOT_YOUR_TURN refusals; stale counts tries the game
	// overtook (VERSION_CONFLICT: the view was no longer current).
	refused, stale int
}

// playKingdom creates an n-seat game, seats one client per seat and plays
// until Day days+1 begins (or the game ends).
func playKingdom(t *testing.T, ctx context.Context, n int32, days uint32) (*fullGame, *probeLog) {
	t.Helper()
	p := startPlatform(t, ctx, nil)
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: kingdomGame,
		Config: &moonshinev1.GameConfig{Players: n, Title: "e2e kingdom"}})
	if err != nil {
		t.Fatal(err)
	}
	g := &fullGame{p: p, id: created.GetGame().GetGameId(), checkView: checkKingdomView}
	probes := &probeLog{}
	watchCtx, stopWatching := context.WithCancel(ctx)
	defer stopWatching()
	for s := range n {
		c := p.join(ctx, g.id, s, fmt.Sprintf("player%d", s))
		rec, err := c.watch(watchCtx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		pl := &player{seat: s, c: c, rec: rec, players: n, rng: rand.New(rand.NewPCG(uint64(s), 11)), maxViews: 3000,
			stop:   func(v *moonshinev1.GameView) bool { return v.GetMoonshineKingdom().GetDay() > days },
			choose: kingdomChoice}
		pl.idle = func(ctx context.Context, v *moonshinev1.GameView) error {
			return probeOutOfTurn(ctx, pl, g.id, v, probes)
		}
		g.players = append(g.players, pl)
	}
	runPlayers(t, ctx, g)
	if g.audited, err = p.auditor().history(ctx, g.id); err != nil {
		t.Fatal(err)
	}
	if !g.audited.GetComplete() {
		t.Fatal("the auditor's history is not complete")
	}
	g.final = g.audited.GetGame().GetVersion()
	g.gatherStreams(t)
	// The game is not over: only the auditor's history is complete.
	g.complete = g.audited
	return g, probes
}

// kingdomChoice picks the command to play: a Hustle half the time one is
// offered (so that Contract hands fill early), else a Move built from the
// move template a third of the time one can be (so that template commands
// are played too), else a uniform choice among the legal commands.
func kingdomChoice(rng *rand.Rand, v *moonshinev1.GameView) *moonshinev1.GameCommand {
	legal := v.GetPrompt().GetLegal()
	var hustles []*moonshinev1.GameCommand
	for _, c := range legal {
		if c.GetMoonshineKingdom().GetHustle() != nil {
			hustles = append(hustles, c)
		}
	}
	if len(hustles) > 0 && rng.IntN(2) == 0 {
		return hustles[rng.IntN(len(hustles))]
	}
	if moves := safeMoves(v); len(moves) > 0 && rng.IntN(3) == 0 {
		return wrapKingdom(&mk.Command{Kind: &mk.Command_Move{Move: moves[rng.IntN(len(moves))]}})
	}
	return legal[rng.IntN(len(legal))]
}

// safeMoves lists Moves the rules accept, built from the seat's view when
// its prompt offers the move template: one Runner (carrying a barrel when
// there is one) to a Connected District with no Precinct and no rival
// Mobster.
func safeMoves(env *moonshinev1.GameView) []*mk.Move {
	if !slices.ContainsFunc(env.GetPrompt().GetTemplates(), func(t *moonshinev1.CommandTemplate) bool { return t.GetName() == "move" }) {
		return nil
	}
	v := env.GetMoonshineKingdom()
	me := v.GetYou()
	byDistrict := map[mk.District]*mk.DistrictView{}
	for _, d := range v.GetDistricts() {
		byDistrict[d.GetDistrict()] = d
	}
	hostile := func(d *mk.DistrictView) bool {
		return d.GetPrecinct() || slices.ContainsFunc(d.GetForces(), func(f *mk.ForceView) bool {
			return f.GetSeat() != me && f.GetRunners()+f.GetBosses() > 0
		})
	}
	var out []*mk.Move
	for _, d := range v.GetDistricts() {
		i := slices.IndexFunc(d.GetForces(), func(f *mk.ForceView) bool { return f.GetSeat() == me && f.GetRunners() > 0 })
		if i < 0 {
			continue
		}
		for _, to := range printed.Neighbours(d.GetDistrict()) {
			if hostile(byDistrict[to]) {
				continue
			}
			m := &mk.Move{From: d.GetDistrict(), To: to, Runners: 1}
			if bs := d.GetBarrels(); len(bs) > 0 {
				m.Barrels = []*mk.Barrels{{Liquor: bs[0].GetLiquor(), Count: 1}}
			}
			out = append(out, m)
		}
	}
	return out
}

// probeOutOfTurn is a waiting player's idle step: the view must name
// another seat as awaited; half the time the player then submits a command
// of the awaited kind at the view's version, which must be refused with
// NOT_YOUR_TURN (or VERSION_CONFLICT when the game moved on meanwhile).
func probeOutOfTurn(ctx context.Context, pl *player, game string, v *moonshinev1.GameView, log *probeLog) error {
	ws := v.GetWaiting()
	if len(ws) != 1 || ws[0].GetSeat() == pl.seat || !ws[0].GetMustAct() {
		return fmt.Errorf("seat %d at %d: no prompt, and the game waits for %v", pl.seat, v.GetInfo().GetVersion(), ws)
	}
	if pl.rng.IntN(2) != 0 {
		return nil
	}
	version := v.GetInfo().GetVersion()
	cmd := outOfTurnCommand(ws[0].GetReason(), v.GetMoonshineKingdom())
	_, err := pl.c.api.SubmitCommand(pl.c.with(ctx), &moonshinev1.SubmitCommandRequest{GameId: game,
		CommandId: fmt.Sprintf("probe-seat%d-%d", pl.seat, len(pl.views)), Command: cmd, ExpectedVersion: &version})
	code, reason := reasonOf(err)
	log.mu.Lock()
	defer log.mu.Unlock()
	switch {
	case code == codes.FailedPrecondition && reason == engine.ReasonNotYourTurn:
		log.refused++
	case code == codes.Aborted && reason == "VERSION_CONFLICT":
		log.stale++
	default:
		return fmt.Errorf("seat %d acting while seat %d must %s (event %d): %v %s %v",
			pl.seat, ws[0].GetSeat(), ws[0].GetReason(), version, code, reason, err)
	}
	return nil
}

// outOfTurnCommand returns a command of the kind the game awaits (from
// another seat), built from public facts.
func outOfTurnCommand(reason string, v *mk.View) *moonshinev1.GameCommand {
	c := &mk.Command{}
	switch reason {
	case "brew-draft":
		c.Kind = &mk.Command_BrewDraft{BrewDraft: &mk.BrewDraft{Red: first(v.GetRedPool()), White: first(v.GetWhitePool()), Dump: true}}
	case "grease-the-wheels":
		c.Kind = &mk.Command_Fund{Fund: &mk.Fund{}}
	case "discard-to-hand-limit":
		c.Kind = &mk.Command_DiscardContracts{DiscardContracts: &mk.DiscardContracts{}}
	case "targets-call":
		c.Kind = &mk.Command_TargetsCall{TargetsCall: &mk.TargetsCall{District: first(v.GetRaid().GetTied())}}
	case "bribe-or-fall":
		c.Kind = &mk.Command_BribeOrFall{BribeOrFall: &mk.BribeOrFall{Bribe: true}}
	default:
		c.Kind = &mk.Command_LayLow{LayLow: &mk.LayLow{}}
	}
	return wrapKingdom(c)
}

// first returns the first element, or the zero value.
func first[T any](v []T) T {
	var zero T
	if len(v) == 0 {
		return zero
	}
	return v[0]
}

// kingdomEvents and kingdomCommands wrap the Kingdom's event and command
// kinds into its Event and Command oneofs.
var (
	kingdomEvents   = engine.KindsOf(&mk.Event{})
	kingdomCommands = engine.KindsOf(&mk.Command{})
)

// wrapKingdom puts a Moonshine Kingdom command in its envelope.
func wrapKingdom(c *mk.Command) *moonshinev1.GameCommand {
	return &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_MoonshineKingdom{MoonshineKingdom: c}}
}

// reasonOf returns a call's status code and its ErrorInfo reason.
func reasonOf(err error) (codes.Code, string) {
	st := status.Convert(err)
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return st.Code(), info.GetReason()
		}
	}
	return st.Code(), ""
}

// checkKingdomView checks one in-play view of seat s: it is the seat's own,
// it shows the seat's own Contract hand and no other seat's (their sizes
// only), and the public waiting list, the game's own and the prompt agree
// on whom the game waits for.
func checkKingdomView(t *testing.T, s int32, env *moonshinev1.GameView) {
	t.Helper()
	at := env.GetInfo().GetVersion()
	v := env.GetMoonshineKingdom()
	if v == nil || v.You == nil || v.GetYou() != uint32(s) {
		t.Errorf("seat %d at %d: not the seat's Moonshine Kingdom view (you: %v)", s, at, v.GetYou())
		return
	}
	for _, sv := range v.GetSeats() {
		switch {
		case sv.GetSeat() == uint32(s) && len(sv.GetHand()) != int(sv.GetHandSize()):
			t.Errorf("seat %d at %d: shown %d of its %d Contracts", s, at, len(sv.GetHand()), sv.GetHandSize())
		case sv.GetSeat() != uint32(s) && len(sv.GetHand()) > 0:
			t.Errorf("seat %d at %d: sees seat %d's Contract hand %v", s, at, sv.GetSeat(), sv.GetHand())
		}
	}
	ws, gws := env.GetWaiting(), v.GetWaiting()
	if len(ws) != 1 || len(gws) != 1 || uint32(ws[0].GetSeat()) != gws[0].GetSeat() || !ws[0].GetMustAct() ||
		ws[0].GetDetail() == "" || strings.Contains(ws[0].GetDetail(), "seat ") { // the detail speaks to the seat awaited
		t.Errorf("seat %d at %d: waiting %v, the game's %v", s, at, ws, gws)
		return
	}
	if mine := ws[0].GetSeat() == s; mine != (env.GetPrompt() != nil) || (mine && len(env.GetPrompt().GetLegal()) == 0) {
		t.Errorf("seat %d at %d: awaited %v, prompt %v", s, at, mine, env.GetPrompt())
	}
}

// checkContractSecrecy checks the Contract cards in the auditor's log (see
// checkDrawsArePrivate), and that a spectator's history of the unfinished
// game holds nothing private.
func checkContractSecrecy(t *testing.T, ctx context.Context, g *fullGame) {
	checkDrawsArePrivate(t, g)
	public, err := g.p.dial().history(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range public.GetEvents() {
		for _, p := range ev.GetPrivate() {
			t.Errorf("event %d: a spectator gets a private part for %v", ev.GetSeq(), p.GetSeats())
		}
	}
}

// checkKingdomVerify checks that the auditor's complete history of the
// unfinished game verifies from its seed (service/audit), that a seat's
// redacted history is refused as incomplete, and that a tampered event is
// found.
func checkKingdomVerify(t *testing.T, ctx context.Context, g *fullGame) {
	if len(g.audited.GetGame().GetSeed()) == 0 {
		t.Fatal("the auditor's history has no seed")
	}
	if err := audit.Verify(g.audited); err != nil {
		t.Fatal(err)
	}
	seatH, err := g.players[0].c.history(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := audit.AsError(audit.Verify(seatH)); seatH.GetComplete() || !ok || e.Kind != audit.Incomplete {
		t.Errorf("a seat's history of an unfinished game: complete %v, verify %v", seatH.GetComplete(), e)
	}
	tampered := proto.Clone(g.audited).(*moonshinev1.GetHistoryResponse)
	var seq int64
	for _, ev := range tampered.GetEvents() {
		if d := ev.GetPublic().GetMoonshineKingdom().GetBrewDrafted(); d != nil {
			d.Red, seq = d.Red%6+1, ev.GetSeq() // another Red die
			break
		}
	}
	e, ok := audit.AsError(audit.Verify(tampered))
	if !ok || e.Kind != audit.Mismatch || e.Seq != seq {
		t.Errorf("tampered event %d: got %v, want a mismatch there", seq, e)
	}
}

// TestKingdomBots plays games of 2, 3 and 4 seats where every seat but
// seat 0 is the server's bot, playing with the Kingdom's policy
// (engine/kingdom/strategy, which fills the Move, Push and Unload
// templates itself), so the games advance with one human seat.
func TestKingdomBots(t *testing.T) {
	for _, n := range []int32{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
			defer cancel()
			playAgainstBots(t, ctx, n)
		})
	}
}

// playAgainstBots plays seat 0 against n-1 bots until Day kingdomDays+1
// and checks who moved and that the history verifies.
func playAgainstBots(t *testing.T, ctx context.Context, n int32) {
	p := startPlatform(t, ctx, nil)
	var bots []int32
	for s := int32(1); s < n; s++ {
		bots = append(bots, s)
	}
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: kingdomGame,
		Config: &moonshinev1.GameConfig{Players: n, BotSeats: bots}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetGame().GetGameId()
	c := p.join(ctx, id, 0, "human")
	rec, err := c.watch(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	pl := &player{seat: 0, c: c, rec: rec, players: n, rng: rand.New(rand.NewPCG(5, uint64(n))), maxViews: 3000,
		stop: func(v *moonshinev1.GameView) bool { return v.GetMoonshineKingdom().GetDay() > kingdomDays }}
	if err := pl.play(ctx, id); err != nil {
		t.Fatal(err)
	}
	h, err := p.auditor().history(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	moves, built := map[int32]int{}, 0
	for _, cmd := range h.GetCommands() {
		if bot := strings.HasPrefix(cmd.GetCommandId(), "bot:"); bot != (cmd.GetSeat() != 0) {
			t.Errorf("command %q by seat %d", cmd.GetCommandId(), cmd.GetSeat())
		}
		moves[cmd.GetSeat()]++
		// The bots play with the game's policy (engine/kingdom/strategy),
		// which fills the templates a uniform choice of legal commands
		// never reaches.
		if k := cmd.GetCommand().GetMoonshineKingdom(); cmd.GetSeat() != 0 && (k.GetMove() != nil || k.GetPush() != nil || k.GetUnload() != nil) {
			built++
		}
	}
	if built == 0 {
		t.Error("the bots never Moved, Pushed or Unloaded")
	}
	last := pl.views[len(pl.views)-1].GetMoonshineKingdom()
	if last.GetDay() <= kingdomDays && last.GetPhase() != mk.Phase_PHASE_GAME_OVER {
		t.Errorf("the game stopped on Day %d", last.GetDay())
	}
	for _, b := range bots {
		if moves[b] < kingdomDays {
			t.Errorf("moves by seat: %v", moves)
		}
	}
	if err := audit.Verify(h); err != nil {
		t.Error(err)
	}
	t.Logf("Day %d after %d commands (by seat: %v; %d bot Moves, Pushes and Unloads)", last.GetDay(), len(h.GetCommands()), moves, built)
}

// rigged is Moonshine Kingdom with a fixed opening and dice the servers
// agree on, so that two games on two servers (whose seeds are random and
// their own) can be driven alike: Setup deals from a fixed generator and
// appends extra events (a chosen Contract deal, a Heat marker), and every
// decision draws from a generator keyed by the public view (publicDice).
// Everything else (decide, store, redact, stream, view) is the production
// path. Verify does not hold for such games (the dice are not the seed's).
type rigged struct {
	kingdom.Rules
	extra []engine.Event
}

// Setup returns the opening of a fixed deal followed by the extra events.
func (r rigged) Setup(cfg engine.Config, _ *engine.Rand) ([]engine.Event, error) {
	evs, err := r.Rules.Setup(cfg, engine.CommandRand([]byte("e2e kingdom opening"), 1))
	if err != nil {
		return nil, err
	}
	return append(evs, r.extra...), nil
}

// NewState returns the state whose decisions draw publicDice.
func (r rigged) NewState() engine.State { return publicDice{r.Rules.NewState()} }

// publicDice is a state whose every decision draws from a generator keyed
// by the public view: identical twins draw identical dice.
type publicDice struct{ engine.State }

// Clone copies the state as a publicDice state.
func (p publicDice) Clone() engine.State { return publicDice{p.State.Clone()} }

// Decide decides with the generator of the public view.
func (p publicDice) Decide(seat engine.Seat, cmd proto.Message, _ *engine.Rand) ([]engine.Event, engine.State, error) {
	b, err := deterministic.Marshal(p.State.View(engine.SpectatorViewer()))
	if err != nil {
		return nil, nil, err
	}
	key := sha256.Sum256(b)
	evs, next, err := p.State.Decide(seat, cmd, engine.CommandRand(key[:], 1))
	if err != nil {
		return nil, nil, err
	}
	return evs, publicDice{next}, nil
}

// riggedTable starts a server hosting the rigged Kingdom with the given
// extra opening events, creates an n-seat game and joins every seat, each
// on a connection of its own.
func riggedTable(t *testing.T, ctx context.Context, n int32, extra ...engine.Event) (*platform, string, []*client) {
	t.Helper()
	reg, err := games.New(moduleOf(rigged{extra: extra}))
	if err != nil {
		t.Fatal(err)
	}
	p := startPlatform(t, ctx, reg)
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: kingdomGame, Config: &moonshinev1.GameConfig{Players: n}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetGame().GetGameId()
	var seats []*client
	for s := range n {
		seats = append(seats, p.join(ctx, id, s, fmt.Sprintf("player%d", s)))
	}
	return p, id, seats
}

// dealGigs is the event of seat drawing the given Gigs (public: two Gigs
// drawn; private to the seat: which).
func dealGigs(seat uint32, cards ...uint32) engine.Event {
	decks := make([]mk.Tier, len(cards))
	for i := range decks {
		decks[i] = mk.Tier_TIER_GIG
	}
	return engine.Event{
		Public:  kingdomEvents.Wrap(&mk.ContractsDrawn{Seat: seat, Decks: decks}),
		Private: []engine.Secret{engine.PrivateTo(kingdomEvents.Wrap(&mk.ContractsReceived{Seat: seat, Cards: cards}), engine.Seat(seat))},
	}
}

// TestKingdomSeatsCannotTellHandsApart proves through the API that
// Contract hands are their holder's alone: two games on two real servers
// that differ only in seat Q's Contract hand (Gigs 1 and 2, or 3 and 4) are
// driven with the same commands; every other seat and a spectator get
// byte-identical views (at every step and, replayed, at every event) and
// streams, while Q's and the auditor's views differ. Hustles are not played
// (a draw from decks missing different cards differs by nature), nor Q's
// stakes (staking reveals the card on purpose).
func TestKingdomSeatsCannotTellHandsApart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	const n, q = 3, 1
	ps := []int{0, 2}
	a := openTable(t, ctx, rigged{extra: []engine.Event{dealGigs(q, 1, 2)}}, n, ps)
	b := openTable(t, ctx, rigged{extra: []engine.Event{dealGigs(q, 3, 4)}}, n, ps)
	safe := kingdomLockstep(t, ctx, a, b, ps, q)
	if safe < 60 {
		t.Fatalf("the twins ran alike for %d events only", safe)
	}
	t.Logf("the twins ran in lockstep for %d events", safe)
	sameStreams(t, a.spectator, b.spectator, safe, "a spectator's stream")
	specA, specB := a.p.dial(), b.p.dial()
	for seq := int64(1); seq <= safe; seq++ {
		if !bytes.Equal(viewAt(t, ctx, a, specA, seq), viewAt(t, ctx, b, specB, seq)) {
			t.Fatalf("a spectator's replayed views at event %d differ", seq)
		}
	}
	checkTwins(t, ctx, a, b, ps, q, safe, "hand")
}

// kingdomLockstep plays the same commands in both twins, checking the
// current views of the seats ps at every step, until Day kingdomDays+1;
// it returns the last event.
func kingdomLockstep(t *testing.T, ctx context.Context, a, b *table, ps []int, q int32) int64 {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 5))
	var version int64
	for step := range 400 {
		views := [2][]*moonshinev1.GameView{seatViews(t, ctx, a, ps), seatViews(t, ctx, b, ps)}
		for _, p := range ps {
			if !bytes.Equal(normalView(views[0][p]), normalView(views[1][p])) {
				t.Fatalf("step %d: seat %d's views differ", step, p)
			}
		}
		version = views[0][ps[0]].GetInfo().GetVersion()
		if views[0][ps[0]].GetMoonshineKingdom().GetDay() > kingdomDays {
			return version
		}
		var choices []choice
		for s := range views[0] {
			for _, cmd := range views[0][s].GetPrompt().GetLegal() {
				k := cmd.GetMoonshineKingdom()
				if k.GetHustle() != nil || (int32(s) == q && k.GetStakeContract() != nil) {
					continue
				}
				if slices.ContainsFunc(views[1][s].GetPrompt().GetLegal(), func(m *moonshinev1.GameCommand) bool { return proto.Equal(m, cmd) }) {
					choices = append(choices, choice{int32(s), cmd})
				}
			}
		}
		if len(choices) == 0 {
			t.Logf("step %d: no command is legal in both twins", step)
			return version
		}
		c := choices[rng.IntN(len(choices))]
		ra := submit(t, ctx, a.seats[c.seat], a.id, c.cmd, step)
		if rb := submit(t, ctx, b.seats[c.seat], b.id, c.cmd, step); rb.GetLastSeq() != ra.GetLastSeq() {
			t.Fatalf("step %d: the twins wrote %d and %d events", step, ra.GetLastSeq(), rb.GetLastSeq())
		}
	}
	return version
}

// TestKingdomTargetAnswersOutOfTurn checks the choices that belong to a
// seat whose turn it is not. The opening gives seat T the only marker on
// the Heat Track, so that when another seat Rats, T is the Raid's Target
// and the Police strike T's home turf: T must make the Target's Call and
// Pay the Bribe or Take the Fall during the Ratter's turn. At every step
// the test checks that the public waiting list (every seat's view and a
// spectator's) names the one awaited seat and why, and that every other
// seat's command, the Ratter's included, is refused with NOT_YOUR_TURN.
func TestKingdomTargetAnswersOutOfTurn(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	const n, target = 3, 0
	heat := engine.Event{Public: kingdomEvents.Wrap(&mk.InfluenceSpent{Seat: target, Owners: []uint32{target}, HeatOwner: proto.Uint32(target)})}
	p, id, seats := riggedTable(t, ctx, n, heat)
	spectator := p.dial()
	rng := rand.New(rand.NewPCG(1, 9)) // with this opening: a Target's Call, then Bribe or Fall
	ratter, answered := int32(-1), map[string]int{}
	for step := range 300 {
		pub, err := spectator.view(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		ws := pub.GetWaiting()
		if len(ws) != 1 || !ws[0].GetMustAct() {
			t.Fatalf("step %d: waiting %v", step, ws)
		}
		w := ws[0]
		for s := range int32(n) {
			v, err := seats[s].view(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if !proto.Equal(&moonshinev1.GameView{Waiting: v.GetWaiting()}, &moonshinev1.GameView{Waiting: ws}) {
				t.Fatalf("step %d: seat %d is told it waits for %v, a spectator %v", step, s, v.GetWaiting(), ws)
			}
			if s == w.GetSeat() {
				continue
			}
			if v.GetPrompt() != nil {
				t.Fatalf("step %d: seat %d is prompted while seat %d must %s", step, s, w.GetSeat(), w.GetReason())
			}
			_, err = seats[s].api.SubmitCommand(seats[s].with(ctx), &moonshinev1.SubmitCommandRequest{GameId: id,
				CommandId: fmt.Sprintf("probe-%d-%d", step, s), Command: outOfTurnCommand(w.GetReason(), v.GetMoonshineKingdom())})
			if code, reason := reasonOf(err); code != codes.FailedPrecondition || reason != engine.ReasonNotYourTurn {
				t.Fatalf("step %d: seat %d acting while seat %d must %s: %v", step, s, w.GetSeat(), w.GetReason(), err)
			}
		}
		raid := pub.GetMoonshineKingdom().GetRaid()
		if w.GetReason() == "targets-call" || w.GetReason() == "bribe-or-fall" {
			gw := pub.GetMoonshineKingdom().GetWaiting()
			if w.GetSeat() != target || raid.GetTarget() != target || ratter < 0 || ratter == target ||
				len(gw) != 1 || gw[0].GetSeat() != target || w.GetDetail() == "" {
				t.Fatalf("step %d: %s awaited from %v (raid %v, ratter %d, the game's waiting %v)", step, w.GetReason(), w, raid, ratter, gw)
			}
			answered[w.GetReason()]++
		}
		if raid == nil && ratter >= 0 && answered["bribe-or-fall"] > 0 {
			break
		}
		v, err := seats[w.GetSeat()].view(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		legal := v.GetPrompt().GetLegal()
		if len(legal) == 0 {
			t.Fatalf("step %d: seat %d must %s but has no legal command", step, w.GetSeat(), w.GetReason())
		}
		cmd := legal[rng.IntN(len(legal))]
		for _, c := range legal {
			if c.GetMoonshineKingdom().GetRat() != nil && w.GetSeat() != target && ratter < 0 {
				cmd, ratter = c, w.GetSeat()
			}
		}
		submit(t, ctx, seats[w.GetSeat()], id, cmd, step)
	}
	if answered["targets-call"] == 0 || answered["bribe-or-fall"] == 0 {
		t.Fatalf("the Target did not make both choices out of turn (ratter %d, answers %v)", ratter, answered)
	}
	t.Logf("seat %d ratted; the Target answered out of turn: %v", ratter, answered)
}
