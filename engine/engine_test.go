package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// TestCommandRandIsFixed pins the generator's output: a change here would
// make every recorded game fail verification.
func TestCommandRandIsFixed(t *testing.T) {
	r := engine.CommandRand([]byte("moonshine"), 7)
	got := []int{r.IntN(6), r.IntN(6), r.IntN(6), r.IntN(100), r.IntN(1 << 40)}
	want := goldenRand
	if !slices.Equal(got, want) {
		t.Fatalf("CommandRand(moonshine, 7) draws %v, want %v", got, want)
	}
}

var goldenRand = []int{3, 4, 0, 94, 855112522014}

func TestCommandRandDependsOnSeedAndSeq(t *testing.T) {
	draw := func(seed string, seq int64) uint64 { return engine.CommandRand([]byte(seed), seq).Uint64() }
	if first, again := draw("a", 1), draw("a", 1); first != again {
		t.Fatal("same seed and seq gave different draws")
	}
	if draw("a", 1) == draw("a", 2) || draw("a", 1) == draw("b", 1) {
		t.Fatal("different seed or seq gave the same draw")
	}
}

func TestIntNStaysInRangeAndCoversIt(t *testing.T) {
	r := engine.NewRand([32]byte{1})
	for _, n := range []int{1, 2, 3, 6, 7, 100} {
		seen := make([]bool, n)
		for i := 0; i < 200*n; i++ {
			v := r.IntN(n)
			if v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d", n, v)
			}
			seen[v] = true
		}
		if slices.Contains(seen, false) {
			t.Fatalf("IntN(%d) never drew some value in %d draws: %v", n, 200*n, seen)
		}
	}
}

func TestPermIsAPermutation(t *testing.T) {
	r := engine.NewRand([32]byte{2})
	p := r.Perm(36)
	s := slices.Clone(p)
	slices.Sort(s)
	for i, v := range s {
		if v != i {
			t.Fatalf("Perm(36) = %v is not a permutation", p)
		}
	}
}

func TestEventForRedactsBySeat(t *testing.T) {
	ev := engine.Event{
		Public: wrapperspb.Int64(1),
		Private: []engine.Secret{
			engine.PrivateTo(wrapperspb.Int64(2), 0),
			engine.PrivateTo(wrapperspb.Int64(3), 1, 2),
		},
	}
	tests := []struct {
		viewer engine.Viewer
		want   []int64
	}{
		{engine.SpectatorViewer(), []int64{1}},
		{engine.SeatViewer(0), []int64{1, 2}},
		{engine.SeatViewer(2), []int64{1, 3}},
		{engine.SeatViewer(3), []int64{1}},
		{engine.AuditorViewer(), []int64{1, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.viewer.String(), func(t *testing.T) {
			var got []int64
			for _, b := range ev.For(tt.viewer).Bodies() {
				got = append(got, b.(*wrapperspb.Int64Value).Value)
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("%s sees %v, want %v", tt.viewer, got, tt.want)
			}
		})
	}
}

// playHighBid plays a High Bid game (example_kit_test.go) to its end,
// every seat bidding its lowest legal bid but the last seat, which bids its
// highest, and returns the log as a service would record it.
func playHighBid(t *testing.T, seed []byte) (cmds []engine.Logged, evs []engine.Recorded) {
	t.Helper()
	g, setup, err := engine.Start(highBid{}, engine.Config{Players: 3}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range setup {
		evs = append(evs, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	for g.State.Outcome() == nil {
		p := g.State.Prompts()[0]
		c := p.Legal[0]
		if p.Seat == 2 {
			c = p.Legal[len(p.Legal)-1]
		}
		out, _, err := g.Decide(p.Seat, c)
		if err != nil {
			t.Fatal(err)
		}
		first := g.Version + 1
		cmds = append(cmds, engine.Logged{Seat: p.Seat, Command: c, FirstSeq: first, LastSeq: first + int64(len(out)) - 1})
		for i, ev := range out {
			evs = append(evs, engine.Recorded{Seq: first + int64(i), Event: ev})
		}
		if err := g.Apply(out...); err != nil {
			t.Fatal(err)
		}
	}
	return cmds, evs
}

func TestVerify(t *testing.T) {
	seed := []byte("0123456789abcdef0123456789abcdef")
	cfg := engine.Config{Players: 3}
	cmds, evs := playHighBid(t, seed)
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, evs); err != nil {
		t.Fatalf("an honest log fails verify: %v", err)
	}
	var verr *engine.VerifyError

	// The last round's prize was rolled by a decision.
	rolled := slices.Clone(evs)
	last := 0
	for i, r := range rolled {
		if r.Event.Public.(*hb.Event).GetRoundStarted() != nil {
			last = i
		}
	}
	prize := rolled[last].Event.Public.(*hb.Event).GetRoundStarted()
	rolled[last].Event = engine.PublicEvent(hbEvents.Wrap(&hb.RoundStarted{Round: prize.Round, Prize: prize.Prize%6 + 1}))
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, rolled); !errors.As(err, &verr) || verr.Seq != rolled[last].Seq {
		t.Fatalf("a changed prize at event %d: verify says %v", rolled[last].Seq, err)
	}

	dealt := slices.Clone(evs)
	d := proto.Clone(dealt[0].Event.Private[1].Body).(*hb.Event)
	d.GetPurseDealt().Coins++
	dealt[0].Event = engine.Event{Public: dealt[0].Event.Public, Private: slices.Clone(dealt[0].Event.Private)}
	dealt[0].Event.Private[1].Body = d
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, dealt); !errors.As(err, &verr) || verr.Seq != 1 {
		t.Fatalf("a changed secret deal: verify says %v", err)
	}

	if err := engine.Verify(highBidModule(), cfg, []byte("another seed, another game......"), cmds, evs); err == nil {
		t.Fatal("a log verifies against the wrong seed")
	}
	if err := engine.Verify(highBidModule(), cfg, seed, cmds, evs[:len(evs)-1]); err == nil {
		t.Fatal("a log with its last event cut off verifies")
	}
	if err := engine.Verify(highBidModule(), cfg, seed, cmds[:len(cmds)-1], evs); err == nil {
		t.Fatal("a log with an event no command wrote verifies")
	}
}

// TestVerifyAllowsGapsForTableTalk: a log from before table talk had a
// stream of its own holds talk among the game's events; the game's events
// leave gaps where it was, and verify passes over them.
func TestVerifyAllowsGapsForTableTalk(t *testing.T) {
	seed := []byte("0123456789abcdef0123456789abcdef")
	g, setup, err := engine.Start(highBid{}, engine.Config{Players: 2}, seed)
	if err != nil {
		t.Fatal(err)
	}
	g.Version = 4 // two chat events at seq 3 and 4
	out, _, err := g.Decide(0, bidCmd(0))
	if err != nil {
		t.Fatal(err)
	}
	cmds := []engine.Logged{{Seat: 0, Command: bidCmd(0), FirstSeq: 5, LastSeq: 5}}
	evs := []engine.Recorded{{Seq: 1, Event: setup[0]}, {Seq: 2, Event: setup[1]}, {Seq: 5, Event: out[0]}}
	if err := engine.Verify(highBidModule(), engine.Config{Players: 2}, seed, cmds, evs); err != nil {
		t.Fatalf("verify with chat gaps: %v", err)
	}
}

func TestStartChecksPlayerCount(t *testing.T) {
	for _, n := range []int{0, 1, 5} {
		_, _, err := engine.Start(highBid{}, engine.Config{Players: n}, []byte("s"))
		re, ok := engine.AsRuleError(err)
		if !ok || re.Reason != engine.ReasonBadPlayerCount || re.Kind != engine.Malformed {
			t.Errorf("%d players: got %v, want %s", n, err, engine.ReasonBadPlayerCount)
		}
	}
}

func TestDecideAfterTheEndIsGameOver(t *testing.T) {
	_, evs := playHighBid(t, []byte("s"))
	g := engine.NewGame(highBid{}, []byte("s"))
	for _, r := range evs {
		if err := g.Apply(r.Event); err != nil {
			t.Fatal(err)
		}
	}
	for _, cmd := range []proto.Message{bidCmd(0), &hb.Options{}} {
		if _, _, err := g.Decide(0, cmd); !errors.Is(err, engine.ErrGameOver) {
			t.Fatalf("%v after the end: %v", cmd, err)
		}
	}
}
