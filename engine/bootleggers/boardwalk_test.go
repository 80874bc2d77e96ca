package bootleggers

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk expansion's rules that the engine holds today, each test
// quoting the sentence of EXP it checks.

func TestBoardwalkOptions(t *testing.T) {
	// Ruling 71: the expansion is for 3 to 6 Mobsters, and its optional
	// rules need it. Setup refuses a table while BoardwalkPlayable is false,
	// so that the option never claims more than the engine plays.
	cases := []struct {
		name    string
		players int
		o       *pb.Options
		ok      bool
	}{
		{"base game", 4, &pb.Options{}, true},
		{"bums without the expansion", 4, &pb.Options{ThrowTheBumsOut: true}, false},
		{"ordinance without the expansion", 4, &pb.Options{NewCityOrdinance: true}, false},
		{"commission without the expansion", 4, &pb.Options{StateGamingCommission: true}, false},
		{"with the 2-player variant", 2, &pb.Options{Boardwalk: true}, false},
		{"3 players", 3, &pb.Options{Boardwalk: true}, true},
		{"6 players, every option", 6, &pb.Options{Boardwalk: true, ThrowTheBumsOut: true,
			NewCityOrdinance: true, StateGamingCommission: true}, true},
	}
	for _, c := range cases {
		_, err := NormaliseOptions(c.players, c.o)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v, want ok %v", c.name, err, c.ok)
		}
		var re *engine.RuleError
		if err != nil && (!errors.As(err, &re) || re.Reason != engine.ReasonBadOptions) {
			t.Errorf("%s: refused with %v, not BAD_OPTIONS", c.name, err)
		}
	}
	_, err := (Rules{}).Setup(engine.Config{Players: 4, Options: &pb.Options{Boardwalk: true}}, engine.CommandRand([]byte("bw"), 1))
	var re *engine.RuleError
	if (err == nil) != BoardwalkPlayable || err != nil && (!errors.As(err, &re) || re.Reason != engine.ReasonBadOptions) {
		t.Errorf("a Boardwalk table is set up with %v while BoardwalkPlayable is %v", err, BoardwalkPlayable)
	}
}

func TestBoardwalkHasNoEarlyEnd(t *testing.T) {
	// Ruling 75: "The game ends at the end of the round after the 12th round. The
	// early game ending condition of a player earning $100Gs is not used."
	if EarlyEnd(&pb.Options{Boardwalk: true}) || !EarlyEnd(&pb.Options{}) {
		t.Error("the $100G end is used with the Boardwalk, or not without it")
	}
	s := startState(4, &pb.Options{Variant: pb.Variant_VARIANT_STANDARD, Boardwalk: true}, printed.HouseRulesVersion)
	s.round, s.seats[0].money = 5, printed.EarlyEndMoney+20
	d := engine.NewDecision(s, nil)
	decision{d}.endOrHeat()
	if evs := d.Emitted(); len(evs) != 1 || evs[0].Public.(*pb.Event).GetTheHeat() == nil {
		t.Errorf("a Boardwalk round 5 with $120G ends in %v, not Phase 6", evs)
	}
}

func TestCasinoSaleWorkedExample(t *testing.T) {
	// "For example, 2 Trucks with a total of 7 Crates are lined up at a
	// Casino. The Casino owner rolls 10 for consumption. Sellers receive
	// $21G for the whiskey. Casino owner receives $21G for the whiskey plus
	// $3G gambling profits (10 rolled - 7 Crates bought)."
	got := SellAtCasino(3, 10, []int{4, 3})
	if got.Sellers != 21 || got.Owner != 21 || got.Gambling != 3 || !slices.Equal(got.Bought, []int{4, 3}) {
		t.Errorf("the printed example pays %+v", got)
	}
}

func TestCasinoBuysUpToTheRoll(t *testing.T) {
	// "Also, like Speakeasies, Casinos will only buy Crates up to the
	// maximum number of the consumption roll." "If the consumption roll is
	// greater than the Crates available to be sold then $1G gambling
	// profits is paid": none when the roll is not greater. "Gambling payout
	// is unchanged" at a $5G casino.
	cases := []struct {
		perCrate, roll int
		loads, bought  []int
		sellers, owner int
		gambling       int
	}{
		{3, 5, []int{4, 3}, []int{4, 1}, 15, 15, 0},
		{3, 7, []int{4, 3}, []int{4, 3}, 21, 21, 0},
		{5, 10, []int{4, 3}, []int{4, 3}, 35, 35, 3},
		{5, 6, nil, []int{}, 0, 0, 6},
	}
	for _, c := range cases {
		got := SellAtCasino(c.perCrate, c.roll, c.loads)
		if !slices.Equal(got.Bought, c.bought) || got.Sellers != c.sellers || got.Owner != c.owner || got.Gambling != c.gambling {
			t.Errorf("%dG a crate, roll %d, loads %v: %+v", c.perCrate, c.roll, c.loads, got)
		}
	}
}

func TestEntertainmentActsAddToEachDie(t *testing.T) {
	// "Entertainment Acts, like Speakeasy Improvements, add 1 to each die
	// rolled in the Casino." A casino rolls its speakeasy's dice (ruling 77).
	if got := CasinoRoll([]int{3, 5, 2}, 2); got != 16 {
		t.Errorf("3+5+2 with 2 acts rolls %d, want 16", got)
	}
	for _, c := range printed.Boardwalk.Casinos {
		n, _ := printed.Speakeasy(c.Place)
		if printed.CasinoDice(c.Place) != n.Dice {
			t.Errorf("%s rolls %d dice, its speakeasy %d", c.Name, printed.CasinoDice(c.Place), n.Dice)
		}
	}
}

func TestRedevelopmentPrice(t *testing.T) {
	// "A Mobster may optionally choose to redevelop a Speakeasy into a
	// Casino for the base price identified on the Casino plus $3G per
	// Influence marker paid to their owners." "A Mobster is not required to
	// have influence in the speakeasy being redeveloped." His own markers
	// are moved to his Back Room at no price (ruling 74); under Throw the
	// Bums Out each other Mobster's marker costs "a fixed cost of $5G/each.
	// The money is paid to the Mobsters ejected, not the bank." (ruling 80).
	base := 0
	if c, ok := printed.Casino(barleycorns); ok {
		base = c.BasePrice
	}
	var m [colourCount]int
	m[0], m[1], m[2] = 2, 3, 1
	got := redevelopmentPrice(&printed.Boardwalk, barleycorns, m, 0, false)
	if got.Total != base+12 || got.Paid[0] != 0 || got.Paid[1] != 9 || got.Paid[2] != 3 {
		t.Errorf("seat 0 redeveloping pays %+v, want base %d + 12", got, base)
	}
	got = redevelopmentPrice(&printed.Boardwalk, barleycorns, m, 3, false)
	if got.Total != base+18 || got.Paid[0] != 6 {
		t.Errorf("seat 3, with no marker there, pays %+v, want base %d + 18", got, base)
	}
	got = redevelopmentPrice(&printed.Boardwalk, barleycorns, m, 0, true)
	if got.Total != base+20 || got.Paid[1] != 15 || got.Paid[2] != 5 {
		t.Errorf("throwing the bums out pays %+v, want base %d + 20", got, base)
	}
	got = redevelopmentPrice(&printed.Boardwalk, barleycorns, [colourCount]int{}, 0, false)
	if got.Total != base {
		t.Errorf("\"The Speakeasy need not be open to be redeveloped\": an empty one costs %d, want %d", got.Total, base)
	}
}

func TestOMalleysCutConsumption(t *testing.T) {
	// "Casino owners may choose to destroy one of their Influence markers
	// from the board or their Back Room to reduce consumption at O'Malley's
	// by one Crate per Truck. No more than 3 Influence markers may be
	// destroyed per Round." (ruling 81)
	// With two owners each cutting 3, O'Malley's buys 6 fewer a truck
	// (ruling 81, rules version 3).
	cases := []struct{ load, cuts, want int }{{6, 0, 6}, {6, 2, 4}, {6, 3, 3}, {6, 5, 1}, {8, 6, 2}, {2, 3, 0}}
	for _, c := range cases {
		if got := OMalleysBuys(c.load, c.cuts); got != c.want {
			t.Errorf("load %d, %d cuts: O'Malley's buys %d, want %d", c.load, c.cuts, got, c.want)
		}
	}
}

func TestCasinoOffer(t *testing.T) {
	// "draw and place a Casino card next to the board. Additionally, draw
	// and place next to the board one Casino card for each open Casino."
	for open, want := range []int{1, 2, 3, 4, 5} {
		if got := CasinoOffer(open); got != want {
			t.Errorf("%d open casinos: %d cards, want %d", open, got, want)
		}
	}
}

func TestBoardwalkUnprintedNumbersNameTheirRulings(t *testing.T) {
	// Every unprinted number of the Boardwalk table names a house ruling of
	// the doc: the base prices (ruling 73) and the 5-player payout row
	// (ruling 72).
	labels := rulings(t)
	for _, f := range []string{"BasePrice"} {
		sf, _ := reflect.TypeOf(printed.CasinoSpec{}).FieldByName(f)
		n, _ := strconv.Atoi(sf.Tag.Get("ruling"))
		if labels[n] != "house ruling" {
			t.Errorf("CasinoSpec.%s cites ruling %d, labelled %q", f, n, labels[n])
		}
	}
	for _, c := range printed.Boardwalk.Casinos {
		for _, row := range c.Payouts {
			if row.Ruling != 0 && labels[row.Ruling] != "house ruling" {
				t.Errorf("%s, %d-%d players, cites ruling %d, labelled %q", c.Name, row.MinPlayers, row.MaxPlayers, row.Ruling, labels[row.Ruling])
			}
		}
	}
}

// boardwalkGame folds the opening events of a Boardwalk table, which
// Setup refuses while BoardwalkPlayable is false.
func boardwalkGame(t *testing.T, players int, o *pb.Options) (*engine.Game, []engine.Event) {
	t.Helper()
	opts, err := NormaliseOptions(players, o)
	if err != nil {
		t.Fatal(err)
	}
	seed := []byte("boardwalk")
	evs := openingEvents(players, opts, printed.HouseRulesVersion, dealFrom(players, opts, engine.CommandRand(seed, 1)))
	g := engine.NewGame(Rules{}, seed)
	if err := g.Apply(evs...); err != nil {
		t.Fatal(err)
	}
	return g, evs
}

func TestCasinoDeckIsShuffledFaceDown(t *testing.T) {
	// "Shuffle and place Casino Cards face down next to the Game Board."
	// The deck's size is public and its order the auditor's alone
	// (ruling 79); the state holds every card once (checkInvariants).
	o := &pb.Options{Boardwalk: true, StateGamingCommission: true}
	g, evs := boardwalkGame(t, 5, o)
	s := g.State.(*State)
	// Round 1's offer has drawn its one Casino card from the top.
	if len(s.offer.casino) != 1 || !sameCards(slices.Concat(s.offer.casino, s.casinoDeck), printed.CasinoCardIDs(s.opts)) {
		t.Fatalf("the Casino deck is %v, the Casino offer %v", s.casinoDeck, s.offer.casino)
	}
	if err := s.checkInvariants(); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, ev := range evs {
		sh := ev.Public.(*pb.Event).GetDeckShuffled()
		if sh.GetDeck() != pb.Deck_DECK_CASINO {
			continue
		}
		found = true
		if sh.GetSize() != 15 {
			t.Errorf("the shuffle announces %d cards", sh.GetSize())
		}
		for seat := range 5 {
			if len(ev.For(seatView(seat)).Private) != 0 {
				t.Errorf("seat %d sees the Casino deck's order", seat)
			}
		}
		if len(ev.For(engine.SpectatorViewer()).Private) != 0 {
			t.Error("a spectator sees the Casino deck's order")
		}
	}
	if !found {
		t.Fatal("no Casino deck shuffle")
	}
	v := s.View(seatView(0)).(*pb.View)
	if v.GetCasinoDeck() != 14 || v.GetAuditor() != nil {
		t.Errorf("seat 0 sees a Casino deck of %d and auditor %v", v.GetCasinoDeck(), v.GetAuditor())
	}
	// Without the option there is no Casino deck, and the base game's
	// draws are unchanged.
	base := dealFrom(5, &pb.Options{Variant: pb.Variant_VARIANT_STANDARD}, engine.CommandRand([]byte("boardwalk"), 1))
	if len(base.casinoDeck) != 0 || !slices.Equal(base.truckDeck, dealFrom(5, s.opts, engine.CommandRand([]byte("boardwalk"), 1)).truckDeck) {
		t.Error("the Boardwalk changes the base game's deal")
	}
}
