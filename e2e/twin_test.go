package e2e

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bbprinted "github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/games"
	bb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// The indistinguishability test cannot pick the deals through the API: the
// server draws each game's seed from crypto/rand, and no search over seeds
// can make two random Delivery decks agree. So each of the twin games runs
// on a real server of its own (own PostgreSQL database, loopback port,
// clients per seat) whose registry hosts Booze Barons with a chosen deal:
// [dealt] is the engine's own rules with Setup replaced by
// boozebarons.OpeningEvents for a fixed deal, the constructor the engine
// offers for exactly this. Everything after setup (decide, store, redact,
// stream, view) is the production path.
//
// The two deals differ only in what seats P (0, 3 and 4 here: every seat
// but Q and R) may not know: the Booze cards of seats Q and R are swapped
// (their Mobs differ, so the teams differ), and Q whispers a different text
// to R in each game. Both games
// are then driven with identical commands, chosen among those legal in
// both, until the rules reveal secrets on purpose (an exhausted deck
// exposes the poorest, the end reveals everyone); Exposes aimed at Q or R
// are not played, as whether a guess is right is public by rule.

// dealt is Booze Barons with a fixed deal.
type dealt struct {
	boozebarons.Rules
	opts  *bb.Options
	booze []bb.BoozeType
	deck  []int32
}

// Setup returns the opening events of the fixed deal.
func (d dealt) Setup(cfg engine.Config, _ *engine.Rand) ([]engine.Event, error) {
	return boozebarons.OpeningEvents(cfg.Players, d.opts, d.booze, d.deck), nil
}

// twinDeals returns two deals for n seats that differ only in the Booze
// cards of seats q and r, which belong to different Mobs.
func twinDeals(n, q, r int) (a, b dealt) {
	for i := uint64(0); ; i++ {
		rng := engine.CommandRand(fmt.Appendf(nil, "e2e twin %d", i), 1)
		booze := boozebarons.DealBooze(n, rng)
		if bbprinted.MobOf(booze[q]) == bbprinted.MobOf(booze[r]) {
			continue
		}
		deck := make([]int32, bbprinted.DeckSize)
		for j, x := range rng.Perm(bbprinted.DeckSize) {
			deck[j] = int32(x)
		}
		opts := &bb.Options{DocksSide: bb.Side_SIDE_A, RefillRounding: bb.Rounding_ROUNDING_UP, FirstBaron: proto.Int32(int32(i % uint64(n)))}
		swapped := slices.Clone(booze)
		swapped[q], swapped[r] = booze[r], booze[q]
		return dealt{opts: opts, booze: booze, deck: deck}, dealt{opts: opts, booze: swapped, deck: deck}
	}
}

// table is one twin: its server, seats, the streams of the seats P and a
// spectator's.
type table struct {
	p         *platform
	id        string
	seats     []*client
	streams   map[int]*recorder // by seat P
	spectator *recorder
}

// openTable starts a server hosting the rules (a game with a fixed deal)
// and seats one client per seat.
func openTable(t *testing.T, ctx context.Context, rules engine.Rules, n int32, ps []int) *table {
	t.Helper()
	reg, err := games.New(moduleOf(rules))
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{p: startPlatform(t, ctx, reg), streams: map[int]*recorder{}}
	res, err := tb.p.dial().api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: rules.Name(), Config: &moonshinev1.GameConfig{Players: n}})
	if err != nil {
		t.Fatal(err)
	}
	tb.id = res.GetGame().GetGameId()
	for s := range n {
		tb.seats = append(tb.seats, tb.p.join(ctx, tb.id, s, fmt.Sprintf("player%d", s)))
	}
	for _, p := range ps {
		if tb.streams[p], err = tb.seats[p].watch(ctx, tb.id); err != nil {
			t.Fatal(err)
		}
	}
	if tb.spectator, err = tb.p.dial().watch(ctx, tb.id); err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestSeatCannotTellDealsApart drives the twins in lockstep and checks
// that each seat P's views (at every step and, replayed, at every event)
// and stream, and a spectator's stream, are byte-identical in both, while
// the auditor's views and Q's differ.
func TestSeatCannotTellDealsApart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	const n, q, r = 5, 1, 2
	ps := []int{0, 3, 4}
	da, db := twinDeals(n, q, r)
	a, b := openTable(t, ctx, da, n, ps), openTable(t, ctx, db, n, ps)
	safe := lockstep(t, ctx, a, b, ps, []int32{q, r})
	if safe < 60 {
		t.Fatalf("the twins stayed alike for %d events only", safe)
	}
	t.Logf("the twins ran in lockstep for %d events", safe)
	sameStreams(t, a.spectator, b.spectator, safe, "a spectator's stream")
	checkTwins(t, ctx, a, b, ps, q, safe, "card")
}

// checkTwins checks the twins after safe events: each seat P's stream and
// replayed views (at every event) are byte-identical in both, while the
// auditor's views and seat q's (which holds its own secret) differ.
func checkTwins(t *testing.T, ctx context.Context, a, b *table, ps []int, q int32, safe int64, secret string) {
	t.Helper()
	for _, p := range ps {
		sameStreams(t, a.streams[p], b.streams[p], safe, fmt.Sprintf("seat %d's stream", p))
		for seq := int64(1); seq <= safe; seq++ {
			if !bytes.Equal(viewAt(t, ctx, a, a.seats[p], seq), viewAt(t, ctx, b, b.seats[p], seq)) {
				t.Fatalf("seat %d's replayed views at event %d differ", p, seq)
			}
		}
	}
	if bytes.Equal(viewAt(t, ctx, a, a.p.auditor(), safe), viewAt(t, ctx, b, b.p.auditor(), safe)) {
		t.Error("the auditor's views are identical: the twins do not differ")
	}
	if bytes.Equal(viewAt(t, ctx, a, a.seats[q], safe), viewAt(t, ctx, b, b.seats[q], safe)) {
		t.Errorf("seat Q's views are identical: Q cannot tell its own %s", secret)
	}
}

// lockstep plays the same commands in both twins and checks the seats'
// P current views at every step; it returns the last event before the
// rules reveal secrets on purpose.
func lockstep(t *testing.T, ctx context.Context, a, b *table, ps []int, hidden []int32) int64 {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var version int64
	for step := 0; step < 1000; step++ {
		if step == 20 {
			whisper(t, ctx, a, hidden, "the rye is in the cellar")
			whisper(t, ctx, b, hidden, "the brandy is under the pier")
		}
		views := [2][]*moonshinev1.GameView{seatViews(t, ctx, a, ps), seatViews(t, ctx, b, ps)}
		for _, p := range ps {
			if !bytes.Equal(normalView(views[0][p]), normalView(views[1][p])) {
				t.Fatalf("step %d: seat %d's views differ", step, p)
			}
		}
		version = views[0][ps[0]].GetInfo().GetVersion()
		choices := common(views[0], views[1], hidden)
		if len(choices) == 0 {
			return version
		}
		c := choices[rng.IntN(len(choices))]
		ra := submit(t, ctx, a.seats[c.seat], a.id, c.cmd, step)
		if reveals(ra) {
			return version
		}
		if rb := submit(t, ctx, b.seats[c.seat], b.id, c.cmd, step); rb.GetLastSeq() != ra.GetLastSeq() {
			t.Fatalf("step %d: the twins wrote %d and %d events", step, ra.GetLastSeq(), rb.GetLastSeq())
		}
	}
	return version
}

// whisper sends private table talk from hidden[0] to hidden[1].
func whisper(t *testing.T, ctx context.Context, tb *table, hidden []int32, text string) {
	t.Helper()
	from := tb.seats[hidden[0]]
	if _, err := from.api.SendMessage(from.with(ctx), &moonshinev1.SendMessageRequest{GameId: tb.id, Text: text, ToSeat: &hidden[1]}); err != nil {
		t.Fatal(err)
	}
}

// seatViews returns the current views of the seats ps and of the seats the
// game waits for (nil for the others).
func seatViews(t *testing.T, ctx context.Context, tb *table, ps []int) []*moonshinev1.GameView {
	t.Helper()
	out := make([]*moonshinev1.GameView, len(tb.seats))
	get := func(s int) {
		if out[s] != nil {
			return
		}
		v, err := tb.seats[s].view(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		out[s] = v
	}
	for _, p := range ps {
		get(p)
	}
	for _, w := range out[ps[0]].GetWaiting() {
		get(int(w.GetSeat()))
	}
	return out
}

// choice is a seat's command.
type choice struct {
	seat int32
	cmd  *moonshinev1.GameCommand
}

// common returns the commands legal in both twins, less the Exposes aimed
// at a hidden seat.
func common(a, b []*moonshinev1.GameView, hidden []int32) []choice {
	var out []choice
	for s := range a {
		pending := a[s].GetBoozeBarons().GetPending()
		for _, cmd := range a[s].GetPrompt().GetLegal() {
			if cmd.GetBoozeBarons().GetExpose() != nil && slices.Contains(hidden, pending.GetTarget()) {
				continue
			}
			if slices.ContainsFunc(b[s].GetPrompt().GetLegal(), func(m *moonshinev1.GameCommand) bool { return proto.Equal(m, cmd) }) {
				out = append(out, choice{int32(s), cmd})
			}
		}
	}
	return out
}

// submit plays a command that must be accepted.
func submit(t *testing.T, ctx context.Context, c *client, game string, cmd *moonshinev1.GameCommand, step int) *moonshinev1.SubmitCommandResponse {
	t.Helper()
	res, err := c.api.SubmitCommand(c.with(ctx), &moonshinev1.SubmitCommandRequest{GameId: game, CommandId: fmt.Sprintf("step-%d", step), Command: cmd})
	if err != nil {
		t.Fatalf("step %d: %v", step, err)
	}
	return res
}

// reveals reports whether a command's events reveal Booze cards by rule:
// the exhausted deck or the end.
func reveals(res *moonshinev1.SubmitCommandResponse) bool {
	for _, ev := range res.GetEvents() {
		switch ev.GetPublic().GetBoozeBarons().GetKind().(type) {
		case *bb.Event_DeckExhausted, *bb.Event_GameEnded:
			return true
		}
	}
	return false
}

// sameStreams checks that two streams hold byte-identical events 1..last
// once their timestamps are cleared.
func sameStreams(t *testing.T, a, b *recorder, last int64, what string) {
	t.Helper()
	a.waitPast(last - 1)
	b.waitPast(last - 1)
	ea, erra := a.snapshot()
	eb, errb := b.snapshot()
	if erra != nil || errb != nil || int64(len(ea)) < last || int64(len(eb)) < last {
		t.Fatalf("%s: %d and %d events (%v, %v)", what, len(ea), len(eb), erra, errb)
	}
	for i := range last {
		if !bytes.Equal(normalEvent(ea[i]), normalEvent(eb[i])) {
			t.Fatalf("%s: event %d differs:\n%v\n%v", what, i+1, ea[i], eb[i])
		}
	}
}

// viewAt returns c's view as of seq, normalised.
func viewAt(t *testing.T, ctx context.Context, tb *table, c *client, seq int64) []byte {
	t.Helper()
	res, err := c.api.GetViewAt(c.with(ctx), &moonshinev1.GetViewAtRequest{GameId: tb.id, Seq: seq})
	if err != nil {
		t.Fatal(err)
	}
	return normalView(res.GetView())
}

// deterministic marshals byte-for-byte reproducibly.
var deterministic = proto.MarshalOptions{Deterministic: true}

// normalView marshals a view without what differs between any two games
// and says nothing of the deal: the game id, the creation time and the
// seed commitment (a hash of an independent random seed).
func normalView(v *moonshinev1.GameView) []byte {
	v = proto.Clone(v).(*moonshinev1.GameView)
	v.Info.GameId, v.Info.CreatedAt, v.Info.SeedCommitment = "", nil, nil
	b, err := deterministic.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// normalEvent marshals an event without its storage time.
func normalEvent(ev *moonshinev1.Event) []byte {
	ev = proto.Clone(ev).(*moonshinev1.Event)
	ev.RecordedAt = nil
	b, err := deterministic.Marshal(ev)
	if err != nil {
		panic(err)
	}
	return b
}
