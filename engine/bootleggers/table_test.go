package bootleggers

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// game is a hand-dealt game for the rules tests: every command goes
// through Decide and every event through Apply, as in play, and the
// watcher checks the ledger and the redaction after every event.
type game struct {
	t   *testing.T
	g   *engine.Game
	log []engine.Recorded
	w   *watcher
	// unwatched skips the watcher, for states built by hand that break a
	// conservation law on purpose (an emptied deck).
	unwatched bool
}

// fixedDeal deals in id order: seat i holds cards i*3+1 to i*3+3 of each
// band, so that a higher seat holds the higher cards of each band; the
// rest is set aside, or (2 players) the blue cards set aside and the others
// dealt to the Non-Player hands in order. The Men of Action deck starts
// with first and goes on in id order; the Truck deck is in id order.
func fixedDeal(players int, opts *pb.Options, first ...int) deal {
	d := deal{hands: make([][]int, players)}
	var rest []int
	for b := range printed.MuscleBands {
		cards := printed.MuscleBandCards(b)
		for i := range players {
			d.hands[i] = append(d.hands[i], cards[i*printed.MusclePerBand:(i+1)*printed.MusclePerBand]...)
		}
		if printed.TwoPlayer(opts) && b < printed.MuscleBands-1 {
			rest = append(rest, cards[players*printed.MusclePerBand:]...)
		} else {
			d.setAside = append(d.setAside, cards[players*printed.MusclePerBand:]...)
		}
	}
	for h := range len(rest) / printed.Rounds {
		d.nonPlayers = append(d.nonPlayers, rest[h*printed.Rounds:(h+1)*printed.Rounds])
	}
	d.menDeck = slices.Clone(first)
	for _, id := range printed.CardIDs() {
		if !slices.Contains(first, id) {
			d.menDeck = append(d.menDeck, id)
		}
	}
	d.truckDeck = printed.TruckCardIDs()
	if opts.GetBoardwalk() {
		d.casinoDeck = printed.CasinoCardIDs(opts)
	}
	return d
}

// newTable deals a fixed game; first are the Men of Action cards on top.
func newTable(t *testing.T, players int, opts *pb.Options, first ...int) *game {
	t.Helper()
	o, err := NormaliseOptions(players, opts)
	if err != nil {
		t.Fatal(err)
	}
	return newTableWith(t, players, o, fixedDeal(players, o, first...))
}

func newTableWith(t *testing.T, players int, o *pb.Options, d deal) *game {
	t.Helper()
	return newTableVersion(t, players, o, printed.HouseRulesVersion, d)
}

// newTableVersion deals d to a table played under house rules version.
func newTableVersion(t *testing.T, players int, o *pb.Options, version int, d deal) *game {
	t.Helper()
	tb := &game{t: t, g: engine.NewGame(Rules{}, []byte("game")), w: newWatcher()}
	for _, ev := range openingEvents(players, o, version, d) {
		tb.apply(ev)
	}
	return tb
}

func (tb *game) apply(ev engine.Event) {
	tb.t.Helper()
	if err := tb.g.Apply(ev); err != nil {
		tb.t.Fatal(err)
	}
	tb.log = append(tb.log, engine.Recorded{Seq: tb.g.Version, Event: ev})
	if tb.unwatched {
		return
	}
	if err := tb.w.check(tb.g.State, tb.log); err != nil {
		tb.t.Fatalf("after event %d: %v", tb.g.Version, err)
	}
}

func (tb *game) st() *State { return tb.g.State.(*State) }

// do sends a command that must be accepted, applies its events and
// returns their public bodies.
func (tb *game) do(seat int, kind proto.Message) []*pb.Event {
	tb.t.Helper()
	evs, _, err := tb.g.Decide(engine.Seat(seat), Cmd(kind))
	if err != nil {
		tb.t.Fatalf("seat %d %T %v: %v", seat, kind, kind, err)
	}
	var out []*pb.Event
	for _, ev := range evs {
		tb.apply(ev)
		out = append(out, ev.Public.(*pb.Event))
	}
	return out
}

// refuse sends a command that must be refused with reason, and checks that
// the state did not change.
func (tb *game) refuse(seat int, kind proto.Message, reason string) {
	tb.t.Helper()
	before := playtest.Fingerprint(tb.st())
	_, _, err := tb.g.Decide(engine.Seat(seat), Cmd(kind))
	re, ok := engine.AsRuleError(err)
	if !ok || re.Reason != reason {
		tb.t.Fatalf("seat %d %T %v: got %v, want %s", seat, kind, kind, err, reason)
	}
	if !slices.Equal(before, playtest.Fingerprint(tb.st())) {
		tb.t.Fatal("a refused command changed the state")
	}
}

// bid seals cards[i] for seat i.
func (tb *game) bid(cards ...int) []*pb.Event {
	tb.t.Helper()
	var out []*pb.Event
	for i, c := range cards {
		out = append(out, tb.do(i, &pb.ChooseMuscle{Card: int32(c)})...)
	}
	return out
}

// passSelection passes for every seat in the selection, in turn.
func (tb *game) passSelection() {
	tb.t.Helper()
	for tb.st().step == pb.Step_STEP_SELECTION {
		tb.do(tb.st().current(), &pb.PassSelection{})
	}
}

// sendNone ends every Phase 2 turn with no boys sent.
func (tb *game) sendNone() {
	tb.t.Helper()
	for tb.st().phase == sendIn {
		tb.do(tb.st().current(), &pb.SendInTheBoys{})
	}
}

// fireAll ends every Phase 3 turn (Play it Cool) by rolling.
func (tb *game) fireAll() {
	tb.t.Helper()
	for tb.st().phase == fireUp {
		tb.do(tb.st().current(), &pb.FireUpTheStill{})
	}
}

// runNone ends every Phase 4 turn with every truck at home.
func (tb *game) runNone() []*pb.Event {
	tb.t.Helper()
	var out []*pb.Event
	for tb.st().phase == runIt {
		out = append(out, tb.do(tb.st().current(), &pb.RunTheWhiskey{})...)
	}
	return out
}

// toPhase plays the round on with nothing done until phase ph: bids the
// given cards (in the bidding), passes, sends no boys, rolls, keeps every
// truck home. It stops at ph, or when the round ends first.
func (tb *game) toPhase(ph pb.Phase, cards ...int) {
	tb.t.Helper()
	round := tb.st().round
	if tb.st().step == pb.Step_STEP_BIDDING {
		tb.bid(cards...)
	}
	for tb.st().round == round && tb.st().phase != ph && tb.st().result == nil {
		switch tb.st().phase {
		case muscle:
			tb.passSelection()
		case sendIn:
			tb.sendNone()
		case fireUp:
			tb.fireAll()
		case runIt:
			tb.runNone()
		default:
			tb.t.Fatalf("cannot play on from %v %v", tb.st().phase, tb.st().step)
		}
	}
}

// ownersRunNothing plays the Phase 4 turns of the casino owners on turn,
// one after the other: each runs nothing (from rules version 3 a casino
// owner has his Phase 4 turn like every Mobster, rulings 35, 86).
func (tb *game) ownersRunNothing() {
	tb.t.Helper()
	for s := tb.st(); s.phase == runIt && s.current() != noSeat && s.ownsCasino(s.current()); s = tb.st() {
		tb.do(s.current(), &pb.RunTheWhiskey{})
	}
}

// endRound plays the round to its end with nothing done.
func (tb *game) endRound(cards ...int) { tb.t.Helper(); tb.toPhase(pb.Phase_PHASE_ENDED, cards...) }

// put moves n of seat's markers from its supply to place p, by hand (the
// state stays consistent: markers are conserved).
func (tb *game) put(seat int, p pb.DrinkingPlace, n int) {
	tb.st().seats[seat].supply -= n
	tb.st().place(p).markers[seat] += n
}

// events returns the public bodies of the events of the kind given.
func kinds(evs []*pb.Event, name string) []*pb.Event {
	var out []*pb.Event
	for _, e := range evs {
		if events.Name(e) == name {
			out = append(out, e)
		}
	}
	return out
}

func seatView(i int) engine.Viewer { return engine.SeatViewer(engine.Seat(i)) }

func (tb *game) view(v engine.Viewer) *pb.View { return tb.g.State.View(v).(*pb.View) }

// cardOfKind returns the lowest card id of kind k.
func cardOfKind(k pb.CardKind) int {
	for _, id := range printed.CardIDs() {
		if printed.CardKindOf(id) == k {
			return id
		}
	}
	return noCard
}
