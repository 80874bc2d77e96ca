package printed

import pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"

// Lookups over the Boardwalk expansion's tables of data_boardwalk.go: the
// placards, what a casino pays and rolls, its owner's graft and the Casino
// deck of a table. Each is a pure function of the tables.

// Casino returns the placard matching speakeasy p in Boardwalk; ok is
// false for a place that has none (O'Malley's, Texas Lil's).
func Casino(p pb.DrinkingPlace) (spec CasinoSpec, ok bool) { return Boardwalk.Casino(p) }

// Casino returns the placard matching speakeasy p in b; ok is false for a
// place that has none.
func (b *BoardwalkTable) Casino(p pb.DrinkingPlace) (spec CasinoSpec, ok bool) {
	for _, c := range b.Casinos {
		if c.Place == p {
			return c, true
		}
	}
	return CasinoSpec{}, false
}

// CasinoAvailable reports whether speakeasy p may be redeveloped at a
// table of players: it has a placard and "The 4th Casino is only used in 6
// player games."
func CasinoAvailable(p pb.DrinkingPlace, players int) bool {
	c, ok := Casino(p)
	return ok && players >= c.MinPlayers
}

// CasinoPerCrate returns what casino p pays per crate bought, to the
// sellers and again to its owner, at a table of players (ruling 72 for 5
// players); 0 where it is not used.
func CasinoPerCrate(p pb.DrinkingPlace, players int) int {
	c, ok := Casino(p)
	if !ok {
		return 0
	}
	for _, row := range c.Payouts {
		if players >= row.MinPlayers && players <= row.MaxPlayers {
			return row.PerCrate
		}
	}
	return 0
}

// CasinoGraft returns a casino owner's graft in Phase 1: "$1G per die plus
// $2G booking fee for each Entertainment Act in their Casinos"; dice are
// his casinos' consumption dice (ruling 76).
func CasinoGraft(dice, acts int) int { return dice*CasinoGraftPerDie + acts*BookingFee }

// CasinoDice returns the consumption dice casino p rolls in House (ruling
// 77): the speakeasy's own.
func CasinoDice(p pb.DrinkingPlace) int {
	n, _ := Speakeasy(p)
	return n.Dice
}

// CasinoDeck returns the Casino deck of a table, by card id: the
// expansion's cards, and each optional-rule card whose option is on.
func CasinoDeck(o *pb.Options) []pb.CasinoCardKind {
	var out []pb.CasinoCardKind
	for _, c := range Boardwalk.CasinoCards {
		switch c.Option {
		case "new_city_ordinance":
			if !o.GetNewCityOrdinance() {
				continue
			}
		case "state_gaming_commission":
			if !o.GetStateGamingCommission() {
				continue
			}
		}
		for range c.Count {
			out = append(out, c.Kind)
		}
	}
	return out
}

// CasinoCardIDs returns every Casino card id of a table, in id order (the
// unshuffled deck): ids index CasinoDeck(o).
func CasinoCardIDs(o *pb.Options) []int {
	ids := make([]int, len(CasinoDeck(o)))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// CasinoCard returns the spec of a Casino card kind; ok is false for a
// kind not in the table.
func CasinoCard(k pb.CasinoCardKind) (spec CasinoCardSpec, ok bool) {
	for _, c := range Boardwalk.CasinoCards {
		if c.Kind == k {
			return c, true
		}
	}
	return CasinoCardSpec{}, false
}
