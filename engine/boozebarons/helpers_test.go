package boozebarons

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// table is a hand-built game for rules tests.
type table struct {
	t   *testing.T
	g   *engine.Game
	log []engine.Recorded
}

// newTable deals the given Booze cards (seat order) and a deck that starts
// with first (the nine opening cards come first) and goes on in id order.
func newTable(t *testing.T, opts *pb.Options, booze []pb.BoozeType, first ...int32) *table {
	t.Helper()
	if opts == nil {
		opts = &pb.Options{}
	}
	opts = proto.Clone(opts).(*pb.Options)
	if opts.FirstBaron == nil {
		opts.FirstBaron = proto.Int32(0)
	}
	if opts.DocksSide == 0 {
		opts.DocksSide = pb.Side_SIDE_A
	}
	if opts.RefillRounding == 0 {
		opts.RefillRounding = pb.Rounding_ROUNDING_UP
	}
	tb := &table{t: t, g: engine.NewGame(Rules{}, nil)}
	for _, ev := range OpeningEvents(len(booze), opts, booze, deckStarting(first...)) {
		tb.apply(ev)
	}
	return tb
}

func deckStarting(first ...int32) []int32 {
	deck := slices.Clone(first)
	for id := range int32(printed.DeckSize) {
		if !slices.Contains(first, id) {
			deck = append(deck, id)
		}
	}
	return deck
}

func (tb *table) apply(ev engine.Event) {
	tb.t.Helper()
	if err := tb.g.Apply(ev); err != nil {
		tb.t.Fatal(err)
	}
	tb.log = append(tb.log, engine.Recorded{Seq: tb.g.Version, Event: ev})
}

func (tb *table) st() *State { return tb.g.State.(*State) }

// do sends a command that must be accepted and applies its events.
func (tb *table) do(seat int, kind proto.Message) []engine.Event {
	tb.t.Helper()
	evs, _, err := tb.g.Decide(engine.Seat(seat), Cmd(kind))
	if err != nil {
		tb.t.Fatalf("seat %d %v: %v", seat, kind, err)
	}
	for _, ev := range evs {
		tb.apply(ev)
	}
	return evs
}

// refuse sends a command that must be refused with reason.
func (tb *table) refuse(seat int, kind proto.Message, reason string) {
	tb.t.Helper()
	_, _, err := tb.g.Decide(engine.Seat(seat), Cmd(kind))
	re, ok := engine.AsRuleError(err)
	if !ok || re.Reason != reason {
		tb.t.Fatalf("seat %d %v: got %v, want %s", seat, kind, err, reason)
	}
}

// move seals locs[i] for seat i.
func (tb *table) move(locs ...pb.Location) {
	tb.t.Helper()
	for i, l := range locs {
		tb.do(i, &pb.ChooseMovement{Location: l})
	}
}

// passAll passes for every seat in turn order until the round ends.
func (tb *table) passRest() {
	tb.t.Helper()
	for tb.st().phase == pb.Phase_PHASE_ACTION && tb.st().turn >= 0 {
		tb.do(tb.st().turn, &pb.Pass{})
	}
}

func (tb *table) view(v engine.Viewer) *pb.View { return tb.g.State.View(v).(*pb.View) }

func seatView(i int) engine.Viewer { return engine.SeatViewer(engine.Seat(i)) }

// kinds lists the event kinds of the public bodies.
func kindsOf(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Public != nil {
			out = append(out, string(e.Public.(*pb.Event).ProtoReflect().WhichOneof((&pb.Event{}).ProtoReflect().Descriptor().Oneofs().ByName("kind")).Name()))
		}
	}
	return out
}
