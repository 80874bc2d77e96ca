package engine_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	blpb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	bbpb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
	kpb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// tally is the smallest state a decision works on: it sums Int64Value
// bodies and refuses negative ones, as a corrupt log; it decides nothing
// and shows nothing.
type tally struct{ sum int64 }

func (t *tally) Clone() engine.State { c := *t; return &c }

func (t *tally) Decide(engine.Seat, proto.Message, *engine.Rand) ([]engine.Event, engine.State, error) {
	return nil, nil, engine.ErrGameOver
}
func (t *tally) View(engine.Viewer) proto.Message { return wrapperspb.Int64(t.sum) }
func (t *tally) Prompts() []engine.Prompt         { return nil }
func (t *tally) Outcome() *engine.Outcome         { return nil }

func (t *tally) Apply(body proto.Message) error {
	v := body.(*wrapperspb.Int64Value).Value
	if v < 0 {
		return fmt.Errorf("tally: %d does not fit", v)
	}
	t.sum += v
	return nil
}

func add(n int64) engine.Event { return engine.PublicEvent(wrapperspb.Int64(n)) }

func TestDecisionAppliesToACopy(t *testing.T) {
	s := &tally{sum: 1}
	d := engine.NewDecision(s, engine.NewRand([32]byte{7}))
	d.Emit(add(2), add(3))
	if d.State().sum != 6 || s.sum != 1 {
		t.Fatalf("the decision's state sums %d, the original %d; want 6 and 1", d.State().sum, s.sum)
	}
	if d.Checking() || d.Rand() == nil {
		t.Fatal("a decision checks only, or has no generator")
	}
	evs, err := d.Done(nil)
	if err != nil || len(evs) != 2 || len(d.Emitted()) != 2 {
		t.Fatalf("Done: %d events, %v", len(evs), err)
	}
}

func TestDecisionRefusalAndBrokenEvent(t *testing.T) {
	d := engine.NewDecision(&tally{}, nil)
	d.Emit(add(1))
	refusal := engine.Refuse("NO", "no")
	if evs, err := d.Done(refusal); evs != nil || err != refusal {
		t.Fatalf("a refused decision gives %v, %v", evs, err)
	}
	d = engine.NewDecision(&tally{}, nil)
	d.Emit(add(-1), add(1))
	evs, err := d.Done(nil)
	if _, isRule := engine.AsRuleError(err); evs != nil || err == nil || isRule {
		t.Fatalf("an event that does not apply gives %v, %v; want an internal error", evs, err)
	}
}

func TestCheckWorksOnTheStateItself(t *testing.T) {
	s := &tally{sum: 4}
	d := engine.NewCheck(s)
	if d.State() != s || !d.Checking() {
		t.Fatal("a check copies the state or does not say it checks")
	}
	if a, b := d.Rand().Uint64(), engine.NewRand([32]byte{}).Uint64(); a != b {
		t.Fatal("a check's generator is not the fixed all-zero one")
	}
	// A rule that emits without asking Checking is still answered right,
	// on a copy.
	d.Emit(add(5))
	if s.sum != 4 || d.State().sum != 9 {
		t.Fatalf("after an event in a check: original %d, check's state %d", s.sum, d.State().sum)
	}
	if evs, err := d.Done(nil); evs != nil || err != nil {
		t.Fatalf("a check's Done: %v, %v", evs, err)
	}
}

func TestPrecheck(t *testing.T) {
	g, _, err := engine.Start(highBid{}, engine.Config{Players: 3}, []byte("precheck"))
	if err != nil {
		t.Fatal(err)
	}
	evs, _, err := g.Decide(1, bidCmd(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(evs...); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		state  engine.State
		seat   engine.Seat
		cmd    proto.Message
		kind   engine.ErrorKind
		reason string
	}{
		{"not set up", highBid{}.NewState(), 0, bidCmd(0), engine.Illegal, engine.ReasonNothingToDecide},
		{"foreign command", g.State, 0, &hb.Options{}, engine.Malformed, engine.ReasonUnknownCommand},
		{"no kind", g.State, 0, &hb.Command{}, engine.Malformed, engine.ReasonUnknownCommand},
		{"nil command", g.State, 0, (*hb.Command)(nil), engine.Malformed, engine.ReasonUnknownCommand},
		{"seat past the table", g.State, 3, bidCmd(0), engine.Malformed, engine.ReasonBadSeat},
		{"negative seat", g.State, -1, bidCmd(0), engine.Malformed, engine.ReasonBadSeat},
		{"not awaited", g.State, 1, bidCmd(0), engine.Illegal, engine.ReasonAlreadyChosen},
		{"the rule's own", g.State, 0, bidCmd(99), engine.Illegal, "NOT_ENOUGH_COINS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := tt.state.Decide(tt.seat, tt.cmd, nil)
			re, ok := engine.AsRuleError(err)
			if !ok || re.Kind != tt.kind || re.Reason != tt.reason {
				t.Fatalf("got %v, want %s", err, tt.reason)
			}
			if hbDecider.Accepts(tt.state.(*bidState), tt.seat, tt.cmd) {
				t.Fatal("Accepts takes what Decide refuses")
			}
		})
	}
	if !hbDecider.Accepts(g.State.(*bidState), 0, bidCmd(1)) {
		t.Fatal("Accepts refuses a legal bid")
	}
}

func TestSealed(t *testing.T) {
	var s engine.Sealed[string]
	if s.Complete() || s.HasChosen(0) || s.Awaits(0) || s.Choice(5) != "" {
		t.Fatal("a round never opened awaits, holds or is complete")
	}
	s.Open(3, 0, 2) // seat 1 has no choice to make
	if got := fmt.Sprint(s.Waiting()); got != "[seat 0 seat 2]" {
		t.Fatalf("waiting: %s", got)
	}
	if re := s.Check(1, "a card"); re == nil || re.Kind != engine.NotYourTurn {
		t.Fatalf("a seat without a choice: %v", re)
	}
	if err := s.Hold(0, "x"); err == nil {
		t.Fatal("a choice is held before the seat chose")
	}
	if s.Chose(0) != nil || s.Hold(0, "red") != nil {
		t.Fatal("a choice does not fold")
	}
	if re := s.Check(0, "a card"); re == nil || re.Reason != engine.ReasonAlreadyChosen || !strings.Contains(re.Message, "a card") {
		t.Fatalf("a second choice: %v", re)
	}
	if err := s.Chose(0); err == nil {
		t.Fatal("a seat chooses twice in a log")
	}
	c := s.Clone()
	if c.Chose(2) != nil || !c.Complete() || s.Complete() || s.Choice(0) != "red" {
		t.Fatal("a clone shares the original's choices")
	}
	s.Close()
	if s.HasChosen(0) || s.Choice(0) != "" {
		t.Fatal("a closed round still holds its choices")
	}
}

func TestSealRevealsAfterTheLastChoice(t *testing.T) {
	g, _, err := engine.Start(highBid{}, engine.Config{Players: 2}, []byte("seal"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := g.Decide(1, bidCmd(3))
	if err != nil || len(first) != 1 {
		t.Fatalf("the first bid: %d events, %v", len(first), err)
	}
	if first[0].Public.(*hb.Event).GetBidSealed().GetSeat() != 1 || len(first[0].Private) != 1 ||
		first[0].Private[0].Seats[0] != 1 || first[0].Private[0].Body.(*hb.Event).GetBidMade().GetCoins() != 3 {
		t.Fatalf("a sealed bid is not public 'seat 1 has bid', private to seat 1: %v", first[0])
	}
	if err := g.Apply(first...); err != nil {
		t.Fatal(err)
	}
	last, _, err := g.Decide(0, bidCmd(1))
	if err != nil || len(last) < 2 {
		t.Fatalf("the last bid: %d events, %v", len(last), err)
	}
	if got := last[1].Public.(*hb.Event).GetBidsRevealed().GetCoins(); fmt.Sprint(got) != "[1 3]" || len(last[1].Private) != 0 {
		t.Fatalf("the reveal shows %v", last[1])
	}
}

func TestKinds(t *testing.T) {
	e := hbEvents.Wrap(&hb.BidSealed{Seat: 2})
	if e.GetBidSealed().GetSeat() != 2 || hbEvents.Name(e) != "bid_sealed" {
		t.Fatalf("wrapped: %v", e)
	}
	if k, ok := hbEvents.Unwrap(e).(*hb.BidSealed); !ok || k.Seat != 2 {
		t.Fatalf("unwrapped: %v", hbEvents.Unwrap(e))
	}
	if hbEvents.Unwrap(&hb.Event{}) != nil || hbEvents.Name(&hb.Event{}) != "" {
		t.Fatal("an empty Event holds a kind")
	}
	all := hbEvents.All()
	if len(all) != 8 || hbEvents.Name(all[0]) != "game_started" || hbEvents.Name(all[7]) != "game_ended" {
		t.Fatalf("all kinds: %v", all)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("wrapping a message that is not a kind does not panic")
		}
	}()
	hbEvents.Wrap(&hb.Bid{})
}

func TestUnknownEvent(t *testing.T) {
	err := (&bidState{}).Apply(&hb.Event{})
	if !errors.Is(err, engine.ErrUnknownEvent) || !strings.Contains(err.Error(), "moonshine.highbid.v1.Event (no kind)") {
		t.Fatalf("an Event without a kind: %v", err)
	}
}

func TestModule(t *testing.T) {
	m := highBidModule()
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
	if v, ok := m.Variant(""); !ok || v.Name != "standard" {
		t.Fatalf("default variant: %v", v)
	}
	cfg, err := m.Table("long", 4)
	if err != nil || cfg.Players != 4 || cfg.Options.(*hb.Options).Rounds != 9 {
		t.Fatalf("long table: %v, %v", cfg, err)
	}
	cfg.Options.(*hb.Options).Rounds = 1
	if v, _ := m.Variant("long"); v.Options.(*hb.Options).Rounds != 9 {
		t.Fatal("a table shares its variant's options")
	}
	for _, c := range []struct {
		variant string
		players int
		reason  string
	}{{"short", 3, engine.ReasonBadVariant}, {"standard", 5, engine.ReasonBadPlayerCount}} {
		_, err := m.Table(c.variant, c.players)
		if re, ok := engine.AsRuleError(err); !ok || re.Reason != c.reason || re.Kind != engine.Malformed {
			t.Errorf("%s for %d: %v", c.variant, c.players, err)
		}
	}
	broken := map[string]func(*engine.Module){
		"no title":       func(m *engine.Module) { m.Title = "" },
		"no variant":     func(m *engine.Module) { m.Variants = nil },
		"name":           func(m *engine.Module) { m.Variants[0].Name = "Standard Game" },
		"repeated name":  func(m *engine.Module) { m.Variants[1].Name = "standard" },
		"players":        func(m *engine.Module) { m.Variants[0].MaxPlayers = 5 },
		"foreign option": func(m *engine.Module) { m.Variants[1].Options = &hb.Bid{} },
		"rules version":  func(m *engine.Module) { m.RulesVersion = "Version 2" },
		"takeback kind":  func(m *engine.Module) { m.Takebacks = &engine.KindChain{Draws: engine.KindSet("round_begun")} },
		"resign kind":    func(m *engine.Module) { m.Resign = func() proto.Message { return &hb.Command{} } },
		"resign type":    func(m *engine.Module) { m.Resign = func() proto.Message { return &hb.Bid{Coins: 1} } },
		"foreign board":  func(m *engine.Module) { m.Board = &kpb.Board{} },
	}
	for name, breakIt := range broken {
		m := highBidModule()
		breakIt(&m)
		if m.Check() == nil {
			t.Errorf("%s: the module checks", name)
		}
	}
	m.Labels = nil
	if err := m.Check(); err != nil {
		t.Errorf("a module whose labels are still to be written: %v", err)
	}
}

func TestViewerNames(t *testing.T) {
	me := engine.SeatViewer(1)
	if me.Name(1) != "you" || me.Name(2) != "seat 2" || me.Possessive(1) != "your" || me.Possessive(0) != "seat 0's" {
		t.Fatal("a seat's names for itself and others")
	}
	if engine.AuditorViewer().Name(1) != "seat 1" {
		t.Fatal("the auditor is not seat 1")
	}
}

// TestHighBidOnThePlaytest plays High Bid under the shared harness: every
// offered bid is accepted, random bids are accepted only if offered,
// neither Prompts nor Decide changes the state, the log rebuilds and
// verifies; and its Apply covers every event kind.
func TestHighBidOnThePlaytest(t *testing.T) {
	if err := playtest.CheckApply(highBid{}, engine.Config{Players: 2}); err != nil {
		t.Fatal(err)
	}
	random := func(r *engine.Rand) proto.Message {
		if r.IntN(10) == 0 {
			return &hb.Command{}
		}
		return bidCmd(int32(r.IntN(16) - 1))
	}
	for players := 2; players <= 4; players++ {
		for i := range 5 {
			_, err := playtest.Play(playtest.Config{
				Rules: highBid{}, Table: engine.Config{Players: players, Options: &hb.Options{Rounds: int32(1 + 2*i)}},
				Seed: []byte(fmt.Sprintf("high-bid/%d/%d", players, i)), RebuildEvery: 3, RandomCommand: random, Samples: 4,
			})
			if err != nil {
				t.Fatalf("%d players, game %d: %v", players, i, err)
			}
		}
	}
}

// TestGeneratedKinds: every game's Event and Command has the generated
// switch (cmd/protoc-gen-moonshine-kinds), KindsOf accepted it (it panics
// when the switch does not match protoreflect), Wrap takes every kind
// back to the message it came from, and KindSet answers as protoreflect's
// WhichOneof does.
func TestGeneratedKinds(t *testing.T) {
	checkGeneratedKinds(t, &hb.Event{})
	checkGeneratedKinds(t, &hb.Command{})
	checkGeneratedKinds(t, &bbpb.Event{})
	checkGeneratedKinds(t, &bbpb.Command{})
	checkGeneratedKinds(t, &kpb.Event{})
	checkGeneratedKinds(t, &kpb.Command{})
	checkGeneratedKinds(t, &blpb.Event{})
	checkGeneratedKinds(t, &blpb.Command{})
}

func checkGeneratedKinds[T interface {
	proto.Message
	engine.KindWrapper[T]
}](t *testing.T, m T) {
	t.Helper()
	kinds := engine.KindsOf(m)
	oneof := m.ProtoReflect().Descriptor().Oneofs().Get(0)
	reflectSet := func(x T) bool { return x.ProtoReflect().WhichOneof(oneof) != nil }
	var zero T
	if zero.KindSet() || m.KindSet() || reflectSet(m) {
		t.Fatalf("%T: an empty message holds a kind", m)
	}
	all := kinds.All()
	if len(all) != oneof.Fields().Len() || len(all) == 0 {
		t.Fatalf("%T: %d kinds of %d", m, len(all), oneof.Fields().Len())
	}
	for i, x := range all {
		f := oneof.Fields().Get(i)
		if w := kinds.Wrap(kinds.Unwrap(x)); !proto.Equal(w, x) || !w.KindSet() {
			t.Fatalf("%T: %s wraps to %v", m, f.Name(), w)
		}
		// A wrapper holding an empty kind message: set, for both.
		empty := x.ProtoReflect().Type().New()
		empty.Set(f, empty.NewField(f))
		holder := empty.Interface().(T)
		if !reflectSet(holder) || !holder.KindSet() {
			t.Fatalf("%T: %s: KindSet %v, protoreflect %v", m, f.Name(), holder.KindSet(), reflectSet(holder))
		}
	}
	if _, ok := m.WrapKind(m); ok {
		t.Fatalf("%T wraps itself", m)
	}
}
