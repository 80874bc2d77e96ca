package printed

import (
	"slices"
	"strings"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The Boardwalk expansion's tables checked against the sentences of EXP
// they quote.

func TestCasinoPlacards(t *testing.T) {
	// "There are only 4 Casinos available for purchase. The 4th Casino is
	// only used in 6 player games." "selects the matching casino from the
	// supply": one placard per speakeasy but Texas Lil's.
	if len(Boardwalk.Casinos) != CasinoPlacards {
		t.Fatalf("%d casino placards", len(Boardwalk.Casinos))
	}
	want := map[int][]pb.DrinkingPlace{
		3: {mothers, barleycorns, mccoy}, 4: {mothers, barleycorns, mccoy},
		5: {mothers, barleycorns, mccoy}, 6: {mothers, barleycorns, mccoy, volstead},
	}
	for players, places := range want {
		var got []pb.DrinkingPlace
		for _, p := range Places {
			if CasinoAvailable(p.Place, players) {
				got = append(got, p.Place)
			}
		}
		if !slices.Equal(got, places) {
			t.Errorf("%d players: casinos %v, want %v", players, got, places)
		}
	}
	for _, c := range Boardwalk.Casinos {
		if c.BasePrice <= 0 {
			t.Errorf("%s has no base price (ruling 73)", c.Name)
		}
	}
}

func TestCasinoPayouts(t *testing.T) {
	// "Payouts for Mother's, Barleycorn's, and The Real McCoy (6 player
	// only) are as follows: $3G per Crate paid to the sellers from the bank.
	// $3G per Crate paid to the owner from the bank." "Payouts for The Real
	// McCoy (less than 5 players) and the Volstead (6 player only) increase
	// to $5G per Crate." With 5 players The Real McCoy is the largest casino
	// in play and pays $5G (ruling 72).
	cases := []struct {
		place   pb.DrinkingPlace
		players []int
		want    int
	}{
		{mothers, []int{3, 4, 5, 6}, 3},
		{barleycorns, []int{3, 4, 5, 6}, 3},
		{mccoy, []int{6}, 3},
		{mccoy, []int{3, 4}, 5},
		{mccoy, []int{5}, 5},
		{volstead, []int{6}, 5},
		{volstead, []int{3, 4, 5}, 0},
		{texas, []int{3, 6}, 0},
	}
	for _, c := range cases {
		for _, n := range c.players {
			if got := CasinoPerCrate(c.place, n); got != c.want {
				t.Errorf("%v with %d players pays %dG a crate, want %dG", c.place, n, got, c.want)
			}
		}
	}
}

func TestCasinoGraft(t *testing.T) {
	// "Casino owners must pay graft of $1G per die plus $2G booking fee for
	// each Entertainment Act in their Casinos." (dice: ruling 76)
	if got := CasinoGraft(4, 2); got != 8 {
		t.Errorf("4 dice and 2 acts cost %dG, want 8G", got)
	}
	if got := CasinoGraft(3, 0); got != 3 {
		t.Errorf("3 dice and no act cost %dG, want 3G", got)
	}
}

func TestCasinoDeckIsThePrintedList(t *testing.T) {
	// "Bootleggers Boardwalk Expansion Cards": Fire Chief, Police Raid,
	// Political Pockets, "Pssst. Hey bud. Over Here.", Gambling Windfall,
	// Apple Pie!, Inside Job, Break the Bank, "(3x) Hire a Big Act", Crazed
	// Fan, "(2x) Steal the Show"; New City Ordinance and State Gaming
	// Commission are optional rules.
	want := map[string]int{"Fire Chief": 1, "Police Raid": 1, "Political Pockets": 1,
		"Pssst. Hey bud. Over Here.": 1, "Gambling Windfall": 1, "Apple Pie!": 1, "Inside Job": 1,
		"Break the Bank": 1, "Hire a Big Act": 3, "Crazed Fan": 1, "Steal the Show": 2}
	count := func(o *pb.Options) map[string]int {
		out := map[string]int{}
		for _, k := range CasinoDeck(o) {
			c, _ := CasinoCard(k)
			out[c.Name]++
		}
		return out
	}
	got := count(&pb.Options{Boardwalk: true})
	if len(got) != len(want) {
		t.Errorf("deck %v, want %v", got, want)
	}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("%s: %d in the deck, want %d", name, got[name], n)
		}
	}
	all := count(&pb.Options{Boardwalk: true, NewCityOrdinance: true, StateGamingCommission: true})
	if all["New City Ordinance"] != 1 || all["State Gaming Commission"] != 1 || len(all) != len(want)+2 {
		t.Errorf("with both optional cards the deck is %v", all)
	}
}

func TestCasinoCardTimings(t *testing.T) {
	// "May be saved for later use" makes a card a kept one; "redeem
	// immediately" (Hire a Big Act, Steal the Show) is used when taken, in
	// Phase 1; "Can be played anytime during Selling Phase" (Apple Pie!)
	// is Phase 5. The other windows are ruling 78.
	for _, c := range Boardwalk.CasinoCards {
		saved := strings.Contains(c.Text, "May be saved for later use.")
		if saved != c.Keep {
			t.Errorf("%s: kept %v, but its text says %q", c.Name, c.Keep, c.Text)
		}
		if strings.Contains(c.Text, "redeem immediately") && (c.Keep || c.Phase != muscle) {
			t.Errorf("%s is redeemed immediately, not kept for %v", c.Name, c.Phase)
		}
		if strings.Contains(c.Text, "during Selling Phase") && c.Phase != password {
			t.Errorf("%s is played during the Selling Phase, not %v", c.Name, c.Phase)
		}
	}
}
