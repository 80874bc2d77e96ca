package boozebarons

import (
	"math"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// checked is the easy bot, after checking the sampler's contract on the
// knowledge of every decision it makes.
type checked struct {
	t *testing.T
	n *int
}

func (c checked) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	*c.n++
	if err := search.CheckSampler(Rules{}, SearchGame{}, k, engine.NewRand([32]byte{byte(*c.n)}), 2); err != nil {
		c.t.Fatalf("decision %d of %v: %v", *c.n, k.Seat, err)
	}
	return Easy{}.Choose(k, r)
}

// Every world dealt for a seat, at every decision of seeded games of every
// size and with either Docks side, shows the seat exactly its history, its
// view and its prompt: the sampler keeps to what the seat has seen
// (Casino cards and their discards, looks, Exposes, sealed cards).
func TestSamplerKeepsToTheHistory(t *testing.T) {
	decisions := 0
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		if testing.Short() && players%3 != 0 {
			continue
		}
		opts := &pb.Options{}
		if players%2 == 0 {
			opts.DocksSide, opts.RefillRounding = pb.Side_SIDE_B, pb.Rounding_ROUNDING_DOWN
		}
		bots := make([]engine.Bot, players)
		for i := range bots {
			bots[i] = checked{t: t, n: &decisions}
		}
		tb := playtest.Table{Rules: Rules{}, Table: engine.Config{Players: players, Options: opts}, Seed: seedOf(players, 900), Bots: bots}
		if _, err := tb.Play(); err != nil {
			t.Fatalf("%d players: %v", players, err)
		}
	}
	if decisions < 100 {
		t.Fatalf("only %d decisions checked", decisions)
	}
}

// knowledgeOf returns seat's knowledge at the table's current prompt.
func (tb *table) knowledgeOf(seat int) engine.Knowledge {
	tb.t.Helper()
	var log []engine.Event
	for _, r := range tb.log {
		log = append(log, r.Event)
	}
	for _, p := range tb.g.State.Prompts() {
		if int(p.Seat) == seat {
			return engine.KnowledgeOf(tb.g.State, log, p)
		}
	}
	tb.t.Fatalf("seat %d has no prompt", seat)
	return engine.Knowledge{}
}

func maskOf(ts ...pb.BoozeType) typeMask {
	var m typeMask
	for _, t := range ts {
		m |= typeBit(t)
	}
	return m
}

// "You may only collect Delivery cards that match your Booze type
// (regardless of how you obtain them)": a seat's deliveries narrow its
// type to the types they show, and a wrong Expose guess rules one out.
func TestBeliefReadsTheTable(t *testing.T) {
	// Card 8 (River Caves) shows Lager, Tequila, Lightning and Merlot;
	// card 9 (River Caves) Porter, Blonde, Tequila and Brandy.
	tb := newTable(t, nil, []pb.BoozeType{porter, tequila, merlot, blonde}, 8, 9)
	tb.move(caves, caves, caves, caves)
	tb.do(0, &pb.Tail{Target: 2})
	tb.do(0, &pb.Expose{Guess: champagne})
	tb.do(1, &pb.Deliver{CardId: 8})
	tb.do(2, &pb.Pass{})
	tb.do(3, &pb.Deliver{CardId: 9})
	b, err := infer(tb.knowledgeOf(0))
	if err != nil {
		t.Fatal(err)
	}
	want := []typeMask{
		typeBit(porter),
		maskOf(lager, tequila, lightning, merlot),
		allTypes &^ maskOf(champagne, porter),
		maskOf(blonde, tequila, brandy),
	}
	for seat, w := range want {
		if got := b.suspects(seat); got != w {
			t.Errorf("seat %d may be %v, want %v", seat, got.types(), w.types())
		}
	}
	r := engine.NewRand([32]byte{9})
	for range 50 {
		booze := b.dealBooze(r)
		for seat, w := range want {
			if typeBit(booze[seat])&w == 0 {
				t.Fatalf("dealt %v to seat %d", booze[seat], seat)
			}
		}
	}
}

// enumerate counts, by brute force, the deals of the belief's unknown
// seats that keep the Mobs' sizes, and how many of them satisfy match.
func enumerate(b *belief, match func([]pb.BoozeType) bool) (all, matching int) {
	deal := append([]pb.BoozeType(nil), b.booze...)
	var rec func(i int, used typeMask)
	rec = func(i int, used typeMask) {
		if i == len(b.unknown) {
			if b.fits(used, true) {
				all++
				if match(deal) {
					matching++
				}
			}
			return
		}
		for _, t := range (b.allowed[b.unknown[i]] &^ used).types() {
			deal[b.unknown[i]] = t
			rec(i+1, used|typeBit(t))
		}
		deal[b.unknown[i]] = 0
	}
	rec(0, b.knownTypes())
	return all, matching
}

// beliefOf returns a belief at a table of players where seat 0 knows its
// own card and each other seat may hold its dealt type and a few others.
func beliefOf(players int, r *engine.Rand) *belief {
	dealt := DealBooze(players, r)
	b := &belief{players: players, booze: make([]pb.BoozeType, players), allowed: make([]typeMask, players)}
	b.booze[0], b.allowed[0] = dealt[0], typeBit(dealt[0])
	for i := 1; i < players; i++ {
		b.allowed[i] = typeBit(dealt[i])
		for range 3 {
			b.allowed[i] |= typeBit(printed.BoozeTypes[r.IntN(len(printed.BoozeTypes))])
		}
	}
	b.bounds()
	return b
}

// The deal's counts are the number of consistent deals: the same as an
// enumeration of every assignment, at every table size the Dealing Booze
// table treats differently.
func TestBoozeDealCounts(t *testing.T) {
	r := engine.NewRand([32]byte{3})
	for _, players := range []int{3, 4, 5, 6, 7, 8} {
		for run := range 5 {
			b := beliefOf(players, r)
			all, _ := enumerate(b, func([]pb.BoozeType) bool { return true })
			if got := b.count(0, b.knownTypes()); got != int64(all) || all == 0 {
				t.Errorf("%d players, run %d: counted %d deals, enumerated %d", players, run, got, all)
			}
		}
	}
}

// Drawn in proportion to the counts, every consistent deal is equally
// likely. At five players (Mobs of 2, 2 and 1) a seat knowing only its own
// card finds it is the lone one of its Mob in a fifth of the deals: the
// draws agree with the enumeration.
func TestBoozeDealIsUniform(t *testing.T) {
	b := &belief{players: 5, booze: []pb.BoozeType{porter, 0, 0, 0, 0}, allowed: []typeMask{typeBit(porter), allTypes, allTypes, allTypes, allTypes}}
	b.bounds()
	alone := func(d []pb.BoozeType) bool {
		for _, x := range d[1:] {
			if printed.MobOf(x) == pb.Mob_MOB_BEER {
				return false
			}
		}
		return true
	}
	all, matching := enumerate(b, alone)
	want := float64(matching) / float64(all)
	if math.Abs(want-0.2) > 1e-9 {
		t.Fatalf("the enumeration gives %v, not a fifth", want)
	}
	const n = 4000
	r, hits := engine.NewRand([32]byte{4}), 0
	for range n {
		if alone(b.dealBooze(r)) {
			hits++
		}
	}
	// Four standard deviations of a binomial(4000, 0.2): 0.025.
	if got := float64(hits) / n; math.Abs(got-want) > 0.025 {
		t.Fatalf("alone in %.3f of the draws, want %.3f", got, want)
	}
}

// A history that no game could give is refused, never searched.
func TestBeliefRefusesAForeignHistory(t *testing.T) {
	tb := newTable(t, nil, []pb.BoozeType{porter, tequila, merlot})
	k := tb.knowledgeOf(0)
	for name, edit := range map[string]func(*engine.Knowledge){
		"no start": func(k *engine.Knowledge) { k.History = k.History[1:] },
		"foreign":  func(k *engine.Knowledge) { k.History = append(k.History, engine.PublicEvent(&pb.Command{})) },
		"no card": func(k *engine.Knowledge) {
			k.History = append(append([]engine.Event(nil), k.History[:1]...), k.History[2:]...)
		},
		"impossible": func(k *engine.Knowledge) {
			k.History = append(k.History, pub(&pb.ExposeAttempted{Seat: 1, Target: 0, Guess: tequila, Correct: true}))
		},
	} {
		kk := k
		kk.History = append([]engine.Event(nil), k.History...)
		edit(&kk)
		if _, err := infer(kk); err == nil {
			t.Errorf("%s: inferred", name)
		}
	}
	if _, err := infer(k); err != nil {
		t.Fatalf("the table's own history: %v", err)
	}
}
