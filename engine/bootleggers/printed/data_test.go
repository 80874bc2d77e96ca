package printed

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The data tables checked against the facts the sources state. Each test
// quotes the sentence it checks (Boardwalk rulebook: EXP; base-game notes:
// the source named there).

func TestComponents(t *testing.T) {
	// Components: "Influence markers ... 120 | 6 colours, so 20 per player";
	// "Truck figures 20 | 6 starting small trucks + 14 Truck cards";
	// "Men of Action cards 80"; "Truck cards 14"; "Muscle cards 72 numbered 1-72".
	if got := MarkersPerColour * Colours; got != 120 {
		t.Errorf("markers: %d, want 120", got)
	}
	total := 0
	for _, c := range House.MenOfAction {
		total += c.Count
	}
	if total != MenOfActionCards || len(CardIDs()) != MenOfActionCards {
		t.Errorf("Men of Action deck: %d cards (%d ids), want %d", total, len(CardIDs()), MenOfActionCards)
	}
	trucks := 0
	for _, tr := range House.Trucks {
		trucks += tr.Cards
	}
	if trucks != TruckCards || len(TruckCardIDs()) != TruckCards {
		t.Errorf("Truck deck: %d cards, want %d", trucks, TruckCards)
	}
	if TruckFigures != 20 || TruckSizeOf(TruckFigures-1) == pb.TruckSize_TRUCK_SIZE_UNSPECIFIED ||
		TruckSizeOf(TruckFigures) != pb.TruckSize_TRUCK_SIZE_UNSPECIFIED {
		t.Errorf("truck ids do not cover exactly the 20 truck figures")
	}
	// "Each player: 10G; one small truck carrying 4 crates".
	if Truck(TruckSizeOf(StartingTruck(5))).Capacity != SmallTruckCapacity || SmallTruckCapacity != 4 {
		t.Errorf("the starting small truck does not carry 4 crates")
	}
	if RemoteStills != 6 {
		t.Errorf("Remote Stills: %d, want 6", RemoteStills)
	}
}

func TestMuscleBands(t *testing.T) {
	// "Muscle cards are split into four bands, 1-18, 19-36, 37-54, 55-72 ...
	// every player gets 3 cards from each band, 12 in all, one per round."
	for b, want := range [][2]int{{1, 18}, {19, 36}, {37, 54}, {55, 72}} {
		cards := MuscleBandCards(b)
		if cards[0] != want[0] || cards[len(cards)-1] != want[1] {
			t.Errorf("band %d runs %d-%d, want %d-%d", b, cards[0], cards[len(cards)-1], want[0], want[1])
		}
		for _, n := range cards {
			if MuscleBand(n) != b {
				t.Errorf("card %d is in band %d, want %d", n, MuscleBand(n), b)
			}
		}
	}
	if MusclePerBand*MuscleBands != Rounds {
		t.Errorf("a hand of %d cards does not last %d rounds", MusclePerBand*MuscleBands, Rounds)
	}
	// Six players take every card: 6 x 3 = 18 per band.
	if MaxPlayers*MusclePerBand != MuscleBandSize {
		t.Errorf("six hands take %d of a band's %d cards", MaxPlayers*MusclePerBand, MuscleBandSize)
	}
	// 2-player: "set aside the highest quarter of the remaining cards (the
	// blue cards). Shuffle together the remaining Muscle cards and deal three
	// additional hands": 3 bands x 12 left = 36 = 3 hands of 12, one card a round.
	left := (MuscleBands - 1) * (MuscleBandSize - TwoPlayers*MusclePerBand)
	if left != NonPlayerHands*Rounds {
		t.Errorf("the Non-Player hands hold %d cards, want %d", left, NonPlayerHands*Rounds)
	}
}

func TestMuscleCosts(t *testing.T) {
	// "Muscle card cost ("payroll") rises with the number"; "Some low cards
	// cost nothing and the range is about 0 to 4G" (M). Ruling 21's table
	// keeps both.
	prev := -1
	for n := 1; n <= MuscleCards; n++ {
		c := MuscleCostOf(n)
		if c < prev {
			t.Errorf("card %d costs %d, less than card %d", n, c, n-1)
		}
		if c < 0 || c > 4 {
			t.Errorf("card %d costs %d, outside 0-4G", n, c)
		}
		prev = c
	}
	if MuscleCostOf(1) != 0 || MuscleCostOf(MuscleCards) <= MuscleCostOf(1) {
		t.Errorf("costs do not run from free to dear")
	}
	// The runs cover 1-72 exactly once.
	next := 1
	for _, r := range House.MuscleCosts {
		if r.First != next || r.Last < r.First {
			t.Errorf("cost run %d-%d does not follow %d", r.First, r.Last, next-1)
		}
		next = r.Last + 1
	}
	if next != MuscleCards+1 {
		t.Errorf("cost runs end at %d, want %d", next-1, MuscleCards)
	}
}

func TestDrinkingPlaces(t *testing.T) {
	// "O'Malley's plus the five speakeasies", smallest to largest: Texas
	// Lil's, Mother's Groceries, Barleycorn's, The Real McCoy, The Volstead.
	want := []string{"O'Malley's", "Texas Lil's", "Mother's Groceries", "Barleycorn's", "The Real McCoy", "The Volstead"}
	for i, p := range Places {
		if p.Name != want[i] || int(p.Place) != i+1 || Place(p.Place).Name != want[i] {
			t.Errorf("place %d is %q (%v), want %q", i, p.Name, p.Place, want[i])
		}
	}
	if len(House.Speakeasies) != 5 {
		t.Fatalf("%d speakeasies, want 5", len(House.Speakeasies))
	}
	// "Discard the lowest value die for all speakeasies except Texas Lil's":
	// Texas Lil's rolls one die, the others more.
	for i, s := range House.Speakeasies {
		if s.Place != Places[i+1].Place {
			t.Errorf("speakeasy %d is %v, want %v", i, s.Place, Places[i+1].Place)
		}
		if (s.Place == texas) != (s.Dice == 1) {
			t.Errorf("%s rolls %d dice", Place(s.Place).Name, s.Dice)
		}
		if s.Minimum < 1 || s.Minimum > s.Circles {
			t.Errorf("%s: minimum %d of %d circles", Place(s.Place).Name, s.Minimum, s.Circles)
		}
		// "Place Influence markers of a neutral, non-player color in the
		// shaded circles ... Mother's – 1, Barleycorn's – 2, The Real McCoy – 3":
		// they fit the shaded circles, one short of opening (ruling 5).
		if n := Places[i+1].Neutral; n != 0 && n != s.Minimum-1 {
			t.Errorf("%s: %d neutral markers against a minimum of %d", Place(s.Place).Name, n, s.Minimum)
		}
	}
	// O'Malley's buys "at the lowest price".
	first := House.Speakeasies[0]
	if House.OMalleysPrice >= first.Price {
		t.Errorf("O'Malley's pays %d, not less than %s's %d", House.OMalleysPrice, Place(first.Place).Name, first.Price)
	}
	if Places[0].Neutral+Places[1].Neutral+Places[5].Neutral != 0 {
		t.Errorf("neutral markers outside Mother's, Barleycorn's and The Real McCoy")
	}
}

func TestPlacesInPlay(t *testing.T) {
	// "The largest Speakeasy, 'The Volstead,' and the Copper are not used"
	// (2 players); The Volstead only with 6 players (ruling 10).
	std := &pb.Options{Variant: pb.Variant_VARIANT_STANDARD}
	boys := &pb.Options{Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS}
	for _, tc := range []struct {
		players int
		opts    *pb.Options
		want    int
	}{{2, boys, 5}, {3, std, 5}, {4, std, 5}, {5, std, 5}, {6, std, 6}} {
		got := PlacesInPlay(tc.players, tc.opts)
		if len(got) != tc.want || got[0] != omalleys {
			t.Errorf("%d players: %v in play", tc.players, got)
		}
		if v := slices.Contains(got, volstead); v != (tc.players == 6) {
			t.Errorf("%d players: The Volstead in play = %v", tc.players, v)
		}
	}
	if CopperInPlay(boys) || !CopperInPlay(std) {
		t.Errorf("the Copper is used exactly when the variant is not")
	}
	if EndMoney(boys) != 80 || EndMoney(std) != 100 {
		t.Errorf("end money: %d and %d, want 80 and 100", EndMoney(boys), EndMoney(std))
	}
}

func TestOfferSize(t *testing.T) {
	// "Turn up one Men of Action card per player and one Truck card";
	// "In a three Mobster game, turn over an additional Men of Action card";
	// 2 players: "turn over 5 Men of Action cards".
	help := &pb.Options{Variant: pb.Variant_VARIANT_STANDARD, NeedALittleHelp: true}
	for _, tc := range []struct {
		players int
		opts    *pb.Options
		want    int
	}{
		{2, &pb.Options{Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS}, 5},
		{3, &pb.Options{Variant: pb.Variant_VARIANT_STANDARD}, 3},
		{3, help, 4},
		{6, &pb.Options{Variant: pb.Variant_VARIANT_STANDARD}, 6},
	} {
		if got := OfferSize(tc.players, tc.opts); got != tc.want {
			t.Errorf("%d players: %d cards, want %d", tc.players, got, tc.want)
		}
	}
	// No table turns over more than the deck in twelve rounds, so the
	// reshuffle of ruling 15 is a safeguard.
	if MaxPlayers*Rounds > MenOfActionCards || TwoPlayerOffer*Rounds > MenOfActionCards {
		t.Errorf("a game turns over more than %d cards", MenOfActionCards)
	}
}

func TestMenOfActionDeck(t *testing.T) {
	// Every card kind of the contract is in the deck exactly once, and the
	// deck names the publisher's two: "If the Men of Action card is a Single
	// or Double Influence".
	seen := map[pb.CardKind]bool{}
	for _, c := range House.MenOfAction {
		if seen[c.Kind] {
			t.Errorf("%v listed twice", c.Kind)
		}
		seen[c.Kind] = true
		if c.Count < 1 || c.Name == "" || c.Text == "" || c.Cost < 0 {
			t.Errorf("%v: count %d, name %q, cost %d", c.Kind, c.Count, c.Name, c.Cost)
		}
		// Use-now cards act when taken in Phase 1; kept cards name the phase
		// of their holder's turn (rulings 23, 26).
		switch c.Timing {
		case useNow:
			if c.Phase != muscle {
				t.Errorf("%s is used now but in %v", c.Name, c.Phase)
			}
		case keep:
			if c.Phase != sendIn && c.Phase != runIt {
				t.Errorf("%s is kept for %v, a phase without turns for it", c.Name, c.Phase)
			}
		default:
			t.Errorf("%s has no timing", c.Name)
		}
	}
	for k := range pb.CardKind_name {
		if kind := pb.CardKind(k); kind != pb.CardKind_CARD_KIND_UNSPECIFIED && !seen[kind] {
			t.Errorf("%v is not in the deck", kind)
		}
	}
	if c, _ := Card(single); c.Name != "Single Influence" || c.Amount != 1 {
		t.Errorf("Single Influence: %+v", c)
	}
	if c, _ := Card(double); c.Name != "Double Influence" || c.Amount != 2 {
		t.Errorf("Double Influence: %+v", c)
	}
	// Remote Stills: one card per board in the box.
	if c, _ := Card(remoteStill); c.Count > RemoteStills {
		t.Errorf("%d Remote Still cards for %d boards", c.Count, RemoteStills)
	}
	// Ids run kind by kind in table order.
	if CardKindOf(0) != single || CardKindOf(MenOfActionCards-1) != bigNight || CardKindOf(MenOfActionCards) != 0 {
		t.Errorf("card ids do not follow the table")
	}
	if got := KeptKinds(runIt); !slices.Equal(got, []pb.CardKind{hijack, halt, bigNight}) {
		t.Errorf("Phase 4 cards: %v", got)
	}
	if !UseNow(stillUpgrade) || UseNow(hit) {
		t.Errorf("timings mixed up")
	}
}

func TestOptionalRuleNumbers(t *testing.T) {
	// Ramp Still Production: "for the first 3 turns. The first die in the
	// Family Still (received during setup) produces 4 Crates ... All
	// additional dice ... produce 3 Crates"; "NOTE: The Copper is not
	// involved because he does not appear until Round 4."
	if RampRounds != 3 || RampFirstDie != 4 || RampOtherDie != 3 || CopperFirstRound != RampRounds+1 {
		t.Errorf("ramp %d rounds of %d/%d, Copper from round %d", RampRounds, RampFirstDie, RampOtherDie, CopperFirstRound)
	}
	// Play it Cool: "All dice that he would have rolled result in a 3."
	if PlayItCoolFace != 3 {
		t.Errorf("Play it Cool counts %d", PlayItCoolFace)
	}
	if House.RemoteStillDiceMax != StillDiceMax {
		t.Errorf("a Remote Still takes %d dice, a Family Still %d (ruling 33)", House.RemoteStillDiceMax, StillDiceMax)
	}
}

func TestBiggerSpeakeasiesPayMore(t *testing.T) {
	// "Bigger speakeasies need more markers to open, roll more consumption
	// dice and pay more per crate." (reported (H): Hamzy, Josh, Board's Eye
	// View; ruling 5.) All three rise with size, at every pair of sizes:
	// a bigger speakeasy needs more markers, never rolls fewer dice, never
	// pays less a crate (to the seller or to the owner), and pays more
	// than every speakeasy two sizes or more smaller; each step up in size
	// rolls more dice or pays more; and at every table, the largest
	// speakeasy in play pays more than the smallest.
	for _, e := range riseErrors(&House) {
		t.Error(e)
	}
	// Version 2's table, flat at 2G but The Volstead's 3G, fails it: the
	// check tells the departure apart.
	if len(riseErrors(&HouseV2)) == 0 {
		t.Error("version 2's flat prices pass the check")
	}
}

// riseErrors lists where the speakeasies of h do not rise with size.
func riseErrors(h *HouseTable) []string {
	var out []string
	sp := h.Speakeasies
	for i, b := range sp {
		for j, a := range sp[:i] {
			name := Place(b.Place).Name + " against " + Place(a.Place).Name
			switch {
			case b.Minimum <= a.Minimum || b.Circles < a.Circles:
				out = append(out, fmt.Sprintf("%s: needs %d of %d circles against %d of %d", name, b.Minimum, b.Circles, a.Minimum, a.Circles))
			case b.Dice < a.Dice:
				out = append(out, fmt.Sprintf("%s: rolls %d dice against %d", name, b.Dice, a.Dice))
			case b.Price < a.Price || b.OwnerBonus < a.OwnerBonus:
				out = append(out, fmt.Sprintf("%s: pays %dG (owner %dG) a crate against %dG (%dG)", name, b.Price, b.OwnerBonus, a.Price, a.OwnerBonus))
			case i-j >= 2 && b.Price <= a.Price:
				out = append(out, fmt.Sprintf("%s, two sizes or more smaller: pays %dG a crate, not more than %dG", name, b.Price, a.Price))
			case i-j == 1 && b.Dice == a.Dice && b.Price == a.Price:
				out = append(out, fmt.Sprintf("%s: neither rolls more dice nor pays more", name))
			}
		}
	}
	tables := []*pb.Options{nil, {Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS}}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, o := range tables {
			opts := &pb.Options{Variant: DefaultVariant(players)}
			if o != nil {
				if players != TwoPlayers {
					continue
				}
				opts = o
			}
			var in []SpeakeasyNumbers
			for _, p := range PlacesInPlay(players, opts) {
				if n, ok := h.Speakeasy(p); ok {
					in = append(in, n)
				}
			}
			if small, large := in[0], in[len(in)-1]; large.Price <= small.Price {
				out = append(out, fmt.Sprintf("%d players (%v): %s pays %dG a crate, %s %dG", players, opts.GetVariant(),
					Place(large.Place).Name, large.Price, Place(small.Place).Name, small.Price))
			}
		}
	}
	return out
}

func TestHouseVersions(t *testing.T) {
	// Every house rules version this engine plays has its tables, the
	// current one among them; the versions share everything a game's ids
	// and deal rest on (the Men of Action deck, the truck sizes and their
	// cards, the speakeasies' places, circles, minimums and player counts,
	// the casinos' places and payouts), so that only the numbers the state
	// reads through its own table differ (State.house, State.boardwalk).
	if HouseTables[HouseRulesVersion] != &House || BoardwalkTables[HouseRulesVersion] != &Boardwalk {
		t.Fatal("the current version's tables are not House and Boardwalk")
	}
	if len(HouseTables) != len(BoardwalkTables) {
		t.Fatalf("%d house tables, %d Boardwalk tables", len(HouseTables), len(BoardwalkTables))
	}
	shape := func(h *HouseTable) []any {
		out := []any{h.MenOfAction}
		for _, tr := range h.Trucks {
			out = append(out, tr.Size, tr.Cards, tr.Capacity, tr.Bribe)
		}
		for _, s := range h.Speakeasies {
			out = append(out, s.Place, s.Circles, s.Minimum, s.MinPlayers)
		}
		return out
	}
	casinos := func(b *BoardwalkTable) []any {
		out := []any{b.CasinoCards}
		for _, c := range b.Casinos {
			out = append(out, c.Place, c.Name, c.MinPlayers, c.Payouts)
		}
		return out
	}
	for v, h := range HouseTables {
		b := BoardwalkTables[v]
		if b == nil {
			t.Fatalf("version %d has no Boardwalk table", v)
		}
		if !reflect.DeepEqual(shape(h), shape(&House)) {
			t.Errorf("version %d's deck, trucks or speakeasies differ from the current version's in more than their numbers", v)
		}
		if !reflect.DeepEqual(casinos(b), casinos(&Boardwalk)) {
			t.Errorf("version %d's casinos differ from the current version's in more than their base prices", v)
		}
	}
	// Version 2 is the table games were recorded with before version 3
	// (testdata/versions replays them): the speakeasies at 2G a crate but
	// The Volstead's 3G.
	for _, s := range HouseV2.Speakeasies {
		if want := map[bool]int{true: 3, false: 2}[s.Place == volstead]; s.Price != want {
			t.Errorf("version 2: %s pays %dG, want %dG", Place(s.Place).Name, s.Price, want)
		}
	}
}
