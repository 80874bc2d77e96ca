package e2e

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	blprinted "github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/games"
	bl "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	bb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// Bootleggers through the service. TestBootleggersGames plays whole games
// to their end, one gRPC client per seat, each seat choosing its commands
// with the game's strategy (engine/bootleggers/strategy) from nothing but
// the view and prompt the server sent it, and a spectator watching; then
// it checks the store, the replay, the streams, what each seat and the
// spectator were shown, the labels, the result and the verification.

// bootleggersGame is the rules id.
const bootleggersGame = "bootleggers"

// bootleggersTable is one table the tests play: a variant by name, or
// options (then the variant recorded is the one they are, if any).
type bootleggersTable struct {
	name    string
	players int32
	variant string
	options *bl.Options
	// offTurn lets each seat act on prompts it need not answer (a casino
	// owner's cut of O'Malley's), as its strategy chooses.
	offTurn bool
}

// bootleggersTables are the base game for 4, the printed 2-player variant
// and a 3-player table with all five optional rules on.
var bootleggersTables = []bootleggersTable{
	{name: "standard, 4 players", players: 4, variant: "standard"},
	{name: "Where are da boys?, 2 players", players: 2, variant: "where-are-da-boys"},
	{name: "every optional rule, 3 players", players: 3, options: &bl.Options{Variant: bl.Variant_VARIANT_STANDARD,
		RampStillProduction: true, PlayItCool: true, RingUpTheBoys: true, MusclingIn: true, NeedALittleHelp: true,
		OwnerThreshold: bl.OwnerThreshold_OWNER_THRESHOLD_AT_LEAST_HALF}},
}

// TestBootleggersGames plays each of bootleggersTables to the end through
// the real server over PostgreSQL and checks what must hold of a finished
// game.
func TestBootleggersGames(t *testing.T) {
	for _, table := range bootleggersTables {
		t.Run(table.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
			defer cancel()
			g, spectator := playBootleggers(t, ctx, table)
			t.Logf("game %s over at event %d after %d commands", g.id, g.final, len(g.complete.GetCommands()))
			t.Run("every event is in PostgreSQL", func(t *testing.T) { checkStore(t, ctx, g) })
			t.Run("history replays to the final state", func(t *testing.T) { checkReplay(t, ctx, g) })
			t.Run("streams equal the redacted history", func(t *testing.T) { checkStreams(t, ctx, g) })
			t.Run("seats see only what they may know", func(t *testing.T) {
				checkKnowledge(t, g)
				checkMuscleSecrecy(t, g, spectator)
			})
			t.Run("the public part is the same for every viewer", func(t *testing.T) { checkPublicPart(t, ctx, g) })
			t.Run("table talk reaches only its audience", func(t *testing.T) { checkTalk(t, ctx, g) })
			t.Run("commands and events are labelled", func(t *testing.T) { checkBootleggersLabels(t, g) })
			t.Run("the table and the result", func(t *testing.T) { checkBootleggersResult(t, ctx, g, table) })
			t.Run("verify", func(t *testing.T) { checkBootleggersVerify(t, ctx, g) })
		})
	}
}

// playBootleggers creates the table, seats one client per seat and a
// watching spectator, plays to the end and collects the record. It returns
// the spectator's stream.
func playBootleggers(t *testing.T, ctx context.Context, table bootleggersTable) (*fullGame, []*moonshinev1.Event) {
	t.Helper()
	p := startPlatform(t, ctx, nil)
	cfg := &moonshinev1.GameConfig{Players: table.players, Title: "e2e bootleggers", Variant: table.variant}
	if table.options != nil {
		cfg.Options = &moonshinev1.GameOptions{Game: &moonshinev1.GameOptions_Bootleggers{Bootleggers: table.options}}
	}
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: bootleggersGame, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	g := &fullGame{p: p, id: created.GetGame().GetGameId(), checkView: checkBootleggersView}
	watchCtx, stopWatching := context.WithCancel(ctx)
	defer stopWatching()
	spectator, err := p.dial().watch(watchCtx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	for s := range table.players {
		c := p.join(ctx, g.id, s, fmt.Sprintf("mobster%d", s))
		rec, err := c.watch(watchCtx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		pl := &player{seat: s, c: c, rec: rec, players: table.players,
			rng: rand.New(rand.NewPCG(uint64(s), 13)), maxViews: 5000, choose: strategyChoice(t, s)}
		if table.offTurn {
			pl.idle = offTurnChoice(t, g.id, pl)
		}
		g.players = append(g.players, pl)
	}
	runPlayers(t, ctx, g)
	g.collect(t, ctx)
	spectator.waitPast(g.final - 1)
	seen, err := spectator.snapshot()
	if err != nil {
		t.Fatalf("spectator's stream: %v", err)
	}
	return g, seen
}

// strategyChoice returns seat's chooser: the game's strategy policy, given
// only the seat's own view and prompt as the server sent them, with a
// generator of the seat's own.
func strategyChoice(t *testing.T, seat int32) func(*rand.Rand, *moonshinev1.GameView) *moonshinev1.GameCommand {
	mod, _ := games.Default().Lookup(bootleggersGame)
	r := engine.NewRand(sha256.Sum256(fmt.Appendf(nil, "e2e bootleggers seat %d", seat)))
	return func(_ *rand.Rand, v *moonshinev1.GameView) *moonshinev1.GameCommand {
		pr := v.GetPrompt()
		prompt := engine.Prompt{Seat: engine.Seat(pr.GetSeat()), MustAct: pr.GetMustAct(), Reason: pr.GetReason()}
		for _, c := range pr.GetLegal() {
			inner, err := mod.Command(c)
			if err != nil {
				t.Errorf("seat %d: a legal command of another game: %v", seat, c)
				return c
			}
			prompt.Legal = append(prompt.Legal, inner)
		}
		if cmd := mod.Policy.Choose(v.GetBootleggers(), prompt, r); cmd != nil {
			return mod.WrapCommand(cmd)
		}
		if !pr.GetMustAct() {
			return nil // the seat lets a prompt it need not answer pass
		}
		return pr.GetLegal()[0]
	}
}

// checkBootleggersView checks one in-play view of seat s: it is the seat's
// own, it shows the seat's own Muscle hand and no other seat's hand or
// sealed card, and nothing of the auditor's (the decks' order, the cards
// set aside, the Non-Player hands).
func checkBootleggersView(t *testing.T, s int32, env *moonshinev1.GameView) {
	t.Helper()
	at := env.GetInfo().GetVersion()
	v := env.GetBootleggers()
	if v == nil || v.ViewerSeat == nil || v.GetViewerSeat() != s {
		t.Errorf("seat %d at %d: not the seat's Bootleggers view (viewer %v)", s, at, v.GetViewerSeat())
		return
	}
	if v.GetAuditor() != nil {
		t.Errorf("seat %d at %d: shown the auditor's part", s, at)
	}
	for _, sv := range v.GetSeats() {
		mine := sv.GetSeat() == s
		switch {
		case mine && len(sv.GetSecrets().GetMuscleHand()) != int(sv.GetMuscleHandCount()):
			t.Errorf("seat %d at %d: shown %d of its %d Muscle cards", s, at, len(sv.GetSecrets().GetMuscleHand()), sv.GetMuscleHandCount())
		case !mine && sv.GetSecrets() != nil:
			t.Errorf("seat %d at %d: sees seat %d's secrets %v", s, at, sv.GetSeat(), sv.GetSecrets())
		}
	}
}

// checkPublicView checks a spectator's view: no viewer, no seat's secrets,
// no auditor's part.
func checkPublicView(t *testing.T, at int64, v *bl.View) {
	t.Helper()
	if v == nil || v.ViewerSeat != nil || v.GetAuditor() != nil {
		t.Errorf("spectator at %d: not a public Bootleggers view: viewer %v, auditor part %v", at, v.GetViewerSeat(), v.GetAuditor() != nil)
		return
	}
	for _, sv := range v.GetSeats() {
		if sv.GetSecrets() != nil {
			t.Errorf("spectator at %d: sees seat %d's secrets %v", at, sv.GetSeat(), sv.GetSecrets())
		}
	}
}

// checkMuscleSecrecy checks the hidden facts in the event streams. A
// seat's stream names no other seat's Muscle hand or sealed card, and
// holds nothing auditor-only (the decks' order, the cards set aside), yet
// holds its own hand and a sealed card every round; the spectator's
// stream holds no private part at all.
func checkMuscleSecrecy(t *testing.T, g *fullGame, spectator []*moonshinev1.Event) {
	rounds := lastRound(g)
	for s, stream := range g.streams {
		hands, sealed := 0, 0
		for _, ev := range stream {
			for _, body := range bodies(ev) {
				b := body.GetBootleggers()
				switch {
				case b.GetMuscleHand() != nil && b.GetMuscleHand().GetSeat() != int32(s),
					b.GetMuscleSealed() != nil && b.GetMuscleSealed().GetSeat() != int32(s):
					t.Errorf("seat %d: event %d shows another seat's Muscle: %v", s, ev.GetSeq(), b)
				case b.GetMuscleSetAside() != nil || b.GetDeckOrder() != nil:
					t.Errorf("seat %d: event %d shows what only the auditor may see: %v", s, ev.GetSeq(), b)
				case b.GetMuscleHand() != nil:
					hands++
				case b.GetMuscleSealed() != nil:
					sealed++
				}
			}
		}
		if hands != 1 || sealed != rounds {
			t.Errorf("seat %d: its stream holds %d hands and %d sealed cards, want 1 and %d", s, hands, sealed, rounds)
		}
	}
	if int64(len(spectator)) != g.final {
		t.Errorf("the spectator's stream has %d events, the game %d", len(spectator), g.final)
	}
	for _, ev := range spectator {
		if len(ev.GetPrivate()) > 0 {
			t.Errorf("spectator: event %d carries a private part for %v", ev.GetSeq(), ev.GetPrivate()[0].GetSeats())
		}
		if b := ev.GetPublic().GetBootleggers(); b.GetMuscleHand() != nil || b.GetMuscleSealed() != nil || b.GetDeckOrder() != nil {
			t.Errorf("spectator: event %d is public but secret: %v", ev.GetSeq(), b)
		}
	}
}

// bodies returns an event's public body and every private body it holds.
func bodies(ev *moonshinev1.Event) []*moonshinev1.EventBody {
	var out []*moonshinev1.EventBody
	if ev.GetPublic() != nil {
		out = append(out, ev.GetPublic())
	}
	for _, p := range ev.GetPrivate() {
		out = append(out, p.GetBody())
	}
	return out
}

// lastRound returns the last round the game played, from its end.
func lastRound(g *fullGame) int {
	evs := g.audited.GetEvents()
	return int(evs[len(evs)-1].GetPublic().GetBootleggers().GetGameEnded().GetRound())
}

// checkPublicPart compares viewers at a sample of the game's versions:
// each seat's view, less its own secrets and its viewer seat, is the
// spectator's view, and the spectator's view holds nothing secret.
func checkPublicPart(t *testing.T, ctx context.Context, g *fullGame) {
	spectator := g.p.dial()
	step := max(g.final/12, 1)
	for seq := step; seq <= g.final; seq += step {
		public, err := spectator.api.GetViewAt(ctx, &moonshinev1.GetViewAtRequest{GameId: g.id, Seq: seq})
		if err != nil {
			t.Fatal(err)
		}
		want := public.GetView().GetBootleggers()
		checkPublicView(t, seq, want)
		for _, pl := range g.players {
			at, err := pl.c.api.GetViewAt(pl.c.with(ctx), &moonshinev1.GetViewAtRequest{GameId: g.id, Seq: seq})
			if err != nil {
				t.Fatal(err)
			}
			got := proto.Clone(at.GetView().GetBootleggers()).(*bl.View)
			if got.GetViewerSeat() != pl.seat || got.GetSeats()[pl.seat].GetSecrets() == nil {
				t.Errorf("seat %d at %d: viewer %d, own secrets %v", pl.seat, seq, got.GetViewerSeat(), got.GetSeats()[pl.seat].GetSecrets())
			}
			got.ViewerSeat, got.GetSeats()[pl.seat].Secrets = nil, nil
			if !proto.Equal(got, want) {
				t.Errorf("seat %d at %d: its view less its secrets is not the spectator's", pl.seat, seq)
			}
		}
	}
}

// checkBootleggersLabels checks that the server labels the game: every
// body of every event in the auditor's history, and, in every view a seat
// was prompted in, every legal command.
func checkBootleggersLabels(t *testing.T, g *fullGame) {
	for _, ev := range g.audited.GetEvents() {
		for _, b := range bodies(ev) {
			if b.GetLabel() == "" {
				t.Fatalf("event %d: a body without a label: %v", ev.GetSeq(), b)
			}
		}
	}
	prompts := 0
	for _, pl := range g.players {
		for _, v := range pl.views {
			pr := v.GetPrompt()
			if pr == nil {
				continue
			}
			prompts++
			if len(pr.GetLegalLabels()) != len(pr.GetLegal()) || slices.Contains(pr.GetLegalLabels(), "") {
				t.Fatalf("seat %d at %d: %d legal commands, labels %q", pl.seat, v.GetInfo().GetVersion(), len(pr.GetLegal()), pr.GetLegalLabels())
			}
		}
	}
	if prompts == 0 {
		t.Error("no seat was ever prompted")
	}
}

// checkBootleggersResult checks the table the game was played at (its
// variant and options) and its end: it ended by the rules (after round 12,
// or when a Mobster had the money to end it), the winner is the seat the
// game's GameEnded names, with the most money, and the outcome's scores are
// the seats' final money.
func checkBootleggersResult(t *testing.T, ctx context.Context, g *fullGame, table bootleggersTable) {
	v, err := g.p.dial().view(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	bv := v.GetBootleggers()
	if table.variant != "" && v.GetInfo().GetConfig().GetVariant() != table.variant {
		t.Errorf("the game is recorded as variant %q, want %q", v.GetInfo().GetConfig().GetVariant(), table.variant)
	}
	if o := table.options; o != nil && !proto.Equal(bv.GetOptions(), o) {
		t.Errorf("the game's options are %v, want %v", bv.GetOptions(), o)
	}
	checkOptionsPlayed(t, g, bv.GetOptions())
	res := bv.GetResult()
	end := int32(blprinted.EarlyEndMoney)
	if table.players == 2 {
		end = blprinted.TwoPlayerEndMoney
	}
	richest := int32(0)
	for _, s := range bv.GetSeats() {
		richest = max(richest, s.GetMoney())
	}
	switch {
	case res == nil || v.GetOutcome() == nil:
		t.Fatal("the game is over without a result")
	case res.GetReason() == bl.EndReason_END_REASON_LAST_ROUND && res.GetRound() != 12,
		res.GetReason() == bl.EndReason_END_REASON_MONEY && richest < end,
		res.GetReason() == bl.EndReason_END_REASON_UNSPECIFIED:
		t.Errorf("the game ended in round %d for %v with %dG the most money", res.GetRound(), res.GetReason(), richest)
	}
	winner := res.GetWinner()
	if !slices.Equal(v.GetOutcome().GetWinners(), []int32{winner}) || bv.GetSeats()[winner].GetMoney() != richest {
		t.Errorf("outcome winners %v, the game's winner %d with %dG, the most money %dG",
			v.GetOutcome().GetWinners(), winner, bv.GetSeats()[winner].GetMoney(), richest)
	}
	for _, s := range bv.GetSeats() {
		if got := v.GetOutcome().GetScores(); int(s.GetSeat()) >= len(got) || got[s.GetSeat()] != s.GetMoney() {
			t.Errorf("seat %d has %dG, the outcome's scores are %v", s.GetSeat(), s.GetMoney(), got)
		}
	}
	t.Logf("%v in round %d: winner seat %d, scores %v", res.GetReason(), res.GetRound(), winner, v.GetOutcome().GetScores())
}

// checkOptionsPlayed checks two optional rules in the game's events: with
// Need a Little Help, every offer turns over one Men of Action card more
// than there are Mobsters; with Ramp Still Production, production is
// ramped in rounds 1-3 and only then.
func checkOptionsPlayed(t *testing.T, g *fullGame, o *bl.Options) {
	var round int32
	var offers, ramped int
	for _, ev := range g.audited.GetEvents() {
		b := ev.GetPublic().GetBootleggers()
		switch {
		case b.GetRoundStarted() != nil:
			round = b.GetRoundStarted().GetRound()
		case b.GetOfferTurnedUp() != nil:
			offers++
			want := len(g.players)
			if o.GetNeedALittleHelp() {
				want++
			}
			if len(g.players) > 2 && len(b.GetOfferTurnedUp().GetSlots()) != want {
				t.Errorf("round %d: the offer turns over %d Men of Action cards, want %d", round, len(b.GetOfferTurnedUp().GetSlots()), want)
			}
		case b.GetStillFired() != nil:
			if b.GetStillFired().GetRamp() != (o.GetRampStillProduction() && round <= 3) {
				t.Errorf("round %d: seat %d's production ramped: %v", round, b.GetStillFired().GetSeat(), b.GetStillFired().GetRamp())
			}
			if b.GetStillFired().GetRamp() {
				ramped++
			}
		}
	}
	if offers == 0 || (o.GetRampStillProduction() && ramped == 0) {
		t.Errorf("%d offers, %d ramped productions", offers, ramped)
	}
}

// checkBootleggersVerify checks that the complete histories verify from
// the revealed seed (service/audit), and that a tampered production roll
// (one crate more) is found.
func checkBootleggersVerify(t *testing.T, ctx context.Context, g *fullGame) {
	checkVerifyTampered(t, ctx, g, func(ev *moonshinev1.Event) bool {
		f := ev.GetPublic().GetBootleggers().GetStillFired()
		if f != nil {
			f.Crates++
		}
		return f != nil
	})
}

// TestBootleggersRefusals submits commands the rules or the contract
// refuse in the bidding of a 3-player game, each through the seat's own
// client: each gets its gRPC code and reason, none changes the log, and
// the bidding then goes on as if they had not been sent.
func TestBootleggersRefusals(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	p := startPlatform(t, ctx, nil)
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: bootleggersGame,
		Config: &moonshinev1.GameConfig{Players: 3, Variant: "standard"}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetGame().GetGameId()
	var seats []*client
	for s := range int32(3) {
		seats = append(seats, p.join(ctx, id, s, fmt.Sprintf("mobster%d", s)))
	}
	hand := func(s int) []int32 {
		v, err := seats[s].view(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return v.GetBootleggers().GetSeats()[s].GetSecrets().GetMuscleHand()
	}
	wrap := func(c *bl.Command) *moonshinev1.GameCommand {
		return &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_Bootleggers{Bootleggers: c}}
	}
	choose := func(card int32) *moonshinev1.GameCommand {
		return wrap(&bl.Command{Kind: &bl.Command_ChooseMuscle{ChooseMuscle: &bl.ChooseMuscle{Card: card}}})
	}
	mine := hand(0)
	submit := func(s int, n int, cmd *moonshinev1.GameCommand) error {
		_, err := seats[s].api.SubmitCommand(seats[s].with(ctx), &moonshinev1.SubmitCommandRequest{GameId: id,
			CommandId: fmt.Sprintf("seat%d-%d", s, n), Command: cmd})
		return err
	}
	if err := submit(0, 0, choose(mine[0])); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		name   string
		seat   int
		cmd    *moonshinev1.GameCommand
		code   codes.Code
		reason string
	}{
		{"a card no Muscle card has", 1, choose(99), codes.InvalidArgument, "NOT_IN_HAND"},
		{"another seat's card", 1, choose(mine[1]), codes.FailedPrecondition, "NOT_IN_HAND"},
		{"a second card", 0, choose(mine[1]), codes.FailedPrecondition, engine.ReasonAlreadyChosen},
		{"a selection during the bidding", 1, wrap(&bl.Command{Kind: &bl.Command_TakeMenOfAction{TakeMenOfAction: &bl.TakeMenOfAction{}}}), codes.FailedPrecondition, "WRONG_PHASE"},
		{"an empty command", 1, wrap(&bl.Command{}), codes.InvalidArgument, engine.ReasonUnknownCommand},
		{"another game's command", 1, &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_BoozeBarons{BoozeBarons: &bb.Command{}}}, codes.InvalidArgument, "WRONG_GAME"},
	} {
		before, err := p.auditor().history(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		err = submit(c.seat, i+1, c.cmd)
		if code, reason := reasonOf(err); code != c.code || reason != c.reason {
			t.Errorf("%s: %v (%s), want %v %s", c.name, err, reason, c.code, c.reason)
		}
		after, err := p.auditor().history(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(after.GetEvents()) != len(before.GetEvents()) || len(after.GetCommands()) != len(before.GetCommands()) {
			t.Errorf("%s: the log went from %d to %d events", c.name, len(before.GetEvents()), len(after.GetEvents()))
		}
	}
	for s := 1; s < 3; s++ {
		if err := submit(s, 100, choose(hand(s)[0])); err != nil {
			t.Fatalf("seat %d's own card after the refusals: %v", s, err)
		}
	}
	v, err := seats[0].view(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if order := v.GetBootleggers().GetMuscleOrder(); len(order) != 3 {
		t.Errorf("after every seat sealed, the Muscle order is %v", order)
	}
}
