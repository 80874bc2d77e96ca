package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	"github.com/moonshine-games/moonshine/games"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// brokers are the Favors favorsOpening deals, by seat.
var brokers = []mk.Broker{mk.Broker_BROKER_JIMMY_WALKER, mk.Broker_BROKER_ARNOLD_ROTHSTEIN, mk.Broker_BROKER_TEXAS_GUINAN}

// favorsOpening is a rigged opening's extra events: each of n (up to 3)
// seats takes two Shylock's Marks and buys the Favor brokers names for it.
func favorsOpening(n int) []engine.Event {
	var extra []engine.Event
	for s := range uint32(n) {
		extra = append(extra,
			engine.Event{Public: kingdomEvents.Wrap(&mk.LoanTaken{Seat: s, Amount: 1500})},
			engine.Event{Public: kingdomEvents.Wrap(&mk.LoanTaken{Seat: s, Amount: 1500})},
			engine.Event{Public: kingdomEvents.Wrap(&mk.Bribed{Seat: s, Broker: brokers[s]})})
	}
	return extra
}

// TestKingdomDealThroughTheAPI plays a Broker's Word deal through the real
// server over PostgreSQL, between two seats the game is not waiting for:
// the seat asked is prompted (must_act false, answer-deal) and listed in
// the public waiting list after the awaited seat, answers from its prompt,
// and the deal is honoured the moment the proposer pays. A malformed
// proposal and a command on a deal that does not exist are refused with
// their reasons and leave the log untouched. The opening is rigged (every
// seat bought a Favor on a Shylock's Mark), the rest is the production path.
func TestKingdomDealThroughTheAPI(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	const n = 3
	p, id, seats := riggedTable(t, ctx, n, favorsOpening(n)...)
	spectator := p.dial()
	watch, err := spectator.watch(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := spectator.view(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	awaited := pub.GetWaiting()[0].GetSeat()
	from, to := (awaited+1)%n, (awaited+2)%n
	submit := func(s int32, name string, k *mk.Command) (*moonshinev1.SubmitCommandResponse, error) {
		return seats[s].api.SubmitCommand(seats[s].with(ctx), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: name,
			Command: wrapKingdom(k)})
	}
	version := pub.GetInfo().GetVersion()

	// Refusals change nothing.
	for _, c := range []struct {
		seat   int32
		cmd    *mk.Command
		code   codes.Code
		reason string
	}{
		{from, kingdomCommands.Wrap(&mk.ProposeDeal{To: uint32(to), Broker: brokers[from]}), codes.InvalidArgument, kingdom.ReasonBadDeal},
		{from, kingdomCommands.Wrap(&mk.ProposeDeal{To: uint32(to), Broker: brokers[to], Terms: []*mk.DealTerm{{Kind: mk.DealTermKind_DEAL_TERM_KIND_NO_RAT}}}),
			codes.FailedPrecondition, kingdom.ReasonNoFavor},
		{to, kingdomCommands.Wrap(&mk.AnswerDeal{Deal: 9, Accept: true}), codes.FailedPrecondition, kingdom.ReasonNoSuchDeal},
	} {
		_, err := submit(c.seat, fmt.Sprintf("refused-%s", c.reason), c.cmd)
		if code, reason := reasonOf(err); code != c.code || reason != c.reason {
			t.Fatalf("%v: got %v %s (%v), want %v %s", c.cmd, code, reason, err, c.code, c.reason)
		}
	}
	if v, err := spectator.view(ctx, id); err != nil || v.GetInfo().GetVersion() != version {
		t.Fatalf("refusals moved the game to %d (%v)", v.GetInfo().GetVersion(), err)
	}

	// "I promise to give you $1,000": the proposer pays, until met; the seat
	// asked promises no Rat meanwhile.
	terms := []*mk.DealTerm{{Kind: mk.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: 1000},
		{Kind: mk.DealTermKind_DEAL_TERM_KIND_NO_RAT, Obligor: mk.DealParty_DEAL_PARTY_ASKED}}
	if _, err := submit(from, "propose", kingdomCommands.Wrap(&mk.ProposeDeal{To: uint32(to), Broker: brokers[from],
		Deadline: mk.DealDeadline_DEAL_DEADLINE_UNTIL_MET, Terms: terms})); err != nil {
		t.Fatal(err)
	}
	pub, err = spectator.view(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ws := pub.GetWaiting()
	if len(ws) != 2 || ws[0].GetSeat() != awaited || !ws[0].GetMustAct() || ws[1].GetSeat() != to || ws[1].GetMustAct() || ws[1].GetReason() != "answer-deal" {
		t.Fatalf("waiting %v", ws)
	}
	if d := pub.GetMoonshineKingdom().GetDeals(); len(d) != 1 || d[0].GetFrom() != uint32(from) || d[0].GetAccepted() {
		t.Fatalf("deals %v", d)
	}
	asked, err := seats[to].view(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	pr := asked.GetPrompt()
	if pr.GetMustAct() || pr.GetReason() != "answer-deal" || len(pr.GetLegal()) != 2 {
		t.Fatalf("the seat asked is prompted %v", pr)
	}
	if other, err := seats[from].view(ctx, id); err != nil || other.GetPrompt() != nil {
		t.Fatalf("the proposer is prompted %v (%v)", other.GetPrompt(), err)
	}
	accept := pr.GetLegal()[slices.IndexFunc(pr.GetLegal(), func(c *moonshinev1.GameCommand) bool {
		return c.GetMoonshineKingdom().GetAnswerDeal().GetAccept()
	})]
	if _, err := seats[to].api.SubmitCommand(seats[to].with(ctx), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "accept", Command: accept}); err != nil {
		t.Fatal(err)
	}
	if _, err := submit(from, "pay", kingdomCommands.Wrap(&mk.GiveCash{To: uint32(to), Amount: 1000})); err != nil {
		t.Fatal(err)
	}
	pub, err = spectator.view(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(pub.GetWaiting()) != 1 || len(pub.GetMoonshineKingdom().GetDeals()) != 0 ||
		!slices.Contains(pub.GetMoonshineKingdom().GetSeats()[from].GetFavors(), brokers[from]) {
		t.Fatalf("after payment: waiting %v deals %v", pub.GetWaiting(), pub.GetMoonshineKingdom().GetDeals())
	}
	if pub.GetWaiting()[0].GetSeat() != awaited {
		t.Fatal("the deal moved the pending decision")
	}
	if !watch.waitPast(pub.GetInfo().GetVersion() - 1) {
		t.Fatal("stream ended")
	}
	evs, err := watch.snapshot()
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, ev := range evs {
		if e := ev.GetPublic().GetMoonshineKingdom(); e != nil && ev.GetSeq() > version {
			m := e.ProtoReflect()
			kinds = append(kinds, string(m.WhichOneof(m.Descriptor().Oneofs().ByName("kind")).Name()))
		}
	}
	if want := []string{"deal_proposed", "deal_answered", "cash_given", "deal_honoured"}; !slices.Equal(kinds, want) {
		t.Fatalf("the stream shows %v, want %v", kinds, want)
	}
}

// TestKingdomBotAnswersDeals: a bot seat asked to answer a deal while the
// game waits for another seat answers it (its prompt does not hold the game
// up): with the Kingdom's policy, it accepts a deal that binds only the
// proposer and declines one that would bind it.
func TestKingdomBotAnswersDeals(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	const n = 3
	m := moduleOf(rigged{extra: favorsOpening(n)})
	m.Policy = strategy.Policy{}
	reg, err := games.New(m)
	if err != nil {
		t.Fatal(err)
	}
	p := startPlatform(t, ctx, reg)
	// The rigged opening is the same in every game: learn whom it awaits.
	probe, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: kingdomGame, Config: &moonshinev1.GameConfig{Players: n}})
	if err != nil {
		t.Fatal(err)
	}
	pv, err := p.dial().view(ctx, probe.GetGame().GetGameId())
	if err != nil {
		t.Fatal(err)
	}
	awaited := pv.GetWaiting()[0].GetSeat()
	from, bot := (awaited+1)%n, (awaited+2)%n
	created, err := p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: kingdomGame,
		Config: &moonshinev1.GameConfig{Players: n, BotSeats: []int32{bot}}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GetGame().GetGameId()
	proposer := p.join(ctx, id, from, "proposer")
	spectator := p.dial()
	submit := func(name string, k proto.Message) {
		t.Helper()
		if _, err := proposer.api.SubmitCommand(proposer.with(ctx), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: name,
			Command: wrapKingdom(kingdomCommands.Wrap(k))}); err != nil {
			t.Fatal(err)
		}
	}
	// answered waits for the bot's answer to deal d.
	answered := func(d uint32) *mk.DealAnswered {
		t.Helper()
		for ctx.Err() == nil {
			h, err := p.auditor().history(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range h.GetEvents() {
				if a := ev.GetPublic().GetMoonshineKingdom().GetDealAnswered(); a != nil && a.GetDeal() == d {
					return a
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("the bot never answered deal %d", d)
		return nil
	}
	submit("promise", &mk.ProposeDeal{To: uint32(bot), Broker: brokers[from], Deadline: mk.DealDeadline_DEAL_DEADLINE_UNTIL_MET,
		Terms: []*mk.DealTerm{{Kind: mk.DealTermKind_DEAL_TERM_KIND_PAY_CASH, Amount: 100}}})
	if !answered(0).GetAccept() {
		t.Fatal("the bot declined a deal that binds only the proposer")
	}
	submit("pay", &mk.GiveCash{To: uint32(bot), Amount: 100})
	submit("ask", &mk.ProposeDeal{To: uint32(bot), Broker: brokers[from], Deadline: mk.DealDeadline_DEAL_DEADLINE_UNTIL_MET,
		Terms: []*mk.DealTerm{{Kind: mk.DealTermKind_DEAL_TERM_KIND_NO_RAT, Obligor: mk.DealParty_DEAL_PARTY_ASKED}}})
	if answered(1).GetAccept() {
		t.Fatal("the bot accepted a deal that binds it")
	}
	v, err := spectator.view(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.GetMoonshineKingdom().GetDeals()) != 0 || v.GetWaiting()[0].GetSeat() != awaited {
		t.Fatalf("deals %v, waiting %v", v.GetMoonshineKingdom().GetDeals(), v.GetWaiting())
	}
}
