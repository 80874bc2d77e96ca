package printed

import (
	"fmt"
	"slices"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Lookups over the tables of data.go: card and truck ids, Muscle bands and
// costs, what a table puts in play. Each is a pure function of the tables.

// Men of Action card ids run from 0 to MenOfActionCards-1 in the order of
// House.MenOfAction, kind by kind: ids 0-15 are Single Influence, and so on.
var cardKinds = expandDeck()

func expandDeck() []pb.CardKind {
	var out []pb.CardKind
	for _, c := range House.MenOfAction {
		for range c.Count {
			out = append(out, c.Kind)
		}
	}
	return out
}

// CardIDs returns every Men of Action card id, in id order (the unshuffled
// deck).
func CardIDs() []int {
	ids := make([]int, len(cardKinds))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// CardKindOf returns the kind of Men of Action card id, or
// CARD_KIND_UNSPECIFIED for an id that is no card.
func CardKindOf(id int) pb.CardKind {
	if id < 0 || id >= len(cardKinds) {
		return pb.CardKind_CARD_KIND_UNSPECIFIED
	}
	return cardKinds[id]
}

// Card returns the spec of a card kind; ok is false for a kind not in the
// deck.
func Card(k pb.CardKind) (spec CardSpec, ok bool) {
	for _, c := range House.MenOfAction {
		if c.Kind == k {
			return c, true
		}
	}
	return CardSpec{}, false
}

// Truck ids: the starting small truck of seat i is truck i (0-5), and the
// Truck cards are trucks Colours to TruckFigures-1 in the order of
// House.Trucks, size by size.
var truckSizes = expandTrucks()

func expandTrucks() []pb.TruckSize {
	out := make([]pb.TruckSize, Colours, TruckFigures)
	for i := range out {
		out[i] = small
	}
	for _, t := range House.Trucks {
		for range t.Cards {
			out = append(out, t.Size)
		}
	}
	return out
}

// StartingTruck returns the id of seat's starting small truck.
func StartingTruck(seat int) int { return seat }

// TruckCardIDs returns the truck ids of the Truck deck, in id order.
func TruckCardIDs() []int {
	ids := make([]int, 0, TruckCards)
	for id := Colours; id < len(truckSizes); id++ {
		ids = append(ids, id)
	}
	return ids
}

// TruckSizeOf returns the size of truck id, or TRUCK_SIZE_UNSPECIFIED for
// an id that is no truck.
func TruckSizeOf(id int) pb.TruckSize {
	if id < 0 || id >= len(truckSizes) {
		return pb.TruckSize_TRUCK_SIZE_UNSPECIFIED
	}
	return truckSizes[id]
}

// Truck returns the numbers of a truck size in House; it panics on a size
// that is not in House.Trucks (callers validate ids first).
func Truck(s pb.TruckSize) TruckNumbers { return House.Truck(s) }

// Truck returns the numbers of a truck size in h; it panics on a size that
// is not in h.Trucks (callers validate ids first).
func (h *HouseTable) Truck(s pb.TruckSize) TruckNumbers {
	for _, t := range h.Trucks {
		if t.Size == s {
			return t
		}
	}
	panic(fmt.Sprintf("bootleggers: no truck size %v", s))
}

// Speakeasy returns the house-ruled numbers of speakeasy p in House; ok is
// false for O'Malley's and for anything that is not a speakeasy.
func Speakeasy(p pb.DrinkingPlace) (n SpeakeasyNumbers, ok bool) { return House.Speakeasy(p) }

// Speakeasy returns the numbers of speakeasy p in h; ok is false for
// O'Malley's and for anything that is not a speakeasy.
func (h *HouseTable) Speakeasy(p pb.DrinkingPlace) (n SpeakeasyNumbers, ok bool) {
	for _, s := range h.Speakeasies {
		if s.Place == p {
			return s, true
		}
	}
	return SpeakeasyNumbers{}, false
}

// MuscleBand returns the band (0-3) of Muscle card n: 1-18, 19-36, 37-54,
// 55-72. It panics on a number outside 1-72.
func MuscleBand(n int) int {
	if n < 1 || n > MuscleCards {
		panic(fmt.Sprintf("bootleggers: no Muscle card %d", n))
	}
	return (n - 1) / MuscleBandSize
}

// MuscleCostOf returns the cost in G of Muscle card n in House (ruling
// 21). It panics on a number outside 1-72.
func MuscleCostOf(n int) int { return House.MuscleCost(n) }

// MuscleCost returns the cost in G of Muscle card n in h. It panics on a
// number outside 1-72.
func (h *HouseTable) MuscleCost(n int) int {
	for _, c := range h.MuscleCosts {
		if n >= c.First && n <= c.Last {
			return c.Cost
		}
	}
	panic(fmt.Sprintf("bootleggers: no Muscle card %d", n))
}

// MuscleBandCards returns the printed numbers of band b (0-3), in order.
func MuscleBandCards(b int) []int {
	out := make([]int, MuscleBandSize)
	for i := range out {
		out[i] = b*MuscleBandSize + i + 1
	}
	return out
}

// DefaultVariant is the variant of a table of players that names none:
// "Where are da boys?" for 2 players, the standard game for 3 to 6.
func DefaultVariant(players int) pb.Variant {
	if players == TwoPlayers {
		return pb.Variant_VARIANT_WHERE_ARE_DA_BOYS
	}
	return pb.Variant_VARIANT_STANDARD
}

// TwoPlayer reports whether options (normalised) select the 2-player variant.
func TwoPlayer(o *pb.Options) bool {
	return o.GetVariant() == pb.Variant_VARIANT_WHERE_ARE_DA_BOYS
}

// InPlay reports whether drinking place p is used at a table of players
// with options o (normalised): The Volstead only with 6 players (ruling 10)
// and never in the 2-player variant ("The largest Speakeasy, 'The
// Volstead,' and the Copper are not used.").
func InPlay(p pb.DrinkingPlace, players int, o *pb.Options) bool {
	spec := Place(p)
	if TwoPlayer(o) && !spec.TwoPlayer {
		return false
	}
	if n, ok := Speakeasy(p); ok {
		return players >= n.MinPlayers
	}
	return true
}

// PlacesInPlay lists the drinking places in play, smallest first.
func PlacesInPlay(players int, o *pb.Options) []pb.DrinkingPlace {
	var out []pb.DrinkingPlace
	for _, s := range Places {
		if InPlay(s.Place, players, o) {
			out = append(out, s.Place)
		}
	}
	return out
}

// NeutralOrder is the order in which the 2-player variant fills circles
// with neutral markers: "Beginning with Texas Lil's, fill all of the shaded
// circles in order of smallest to largest Speakeasy" ("The largest
// Speakeasy, 'The Volstead,' is not used").
func NeutralOrder() []pb.DrinkingPlace {
	return []pb.DrinkingPlace{texas, mothers, barleycorns, mccoy}
}

// OfferSize returns the Men of Action cards turned over each round: one per
// player, one more with Need a Little Help (3 players), five in the
// 2-player variant.
func OfferSize(players int, o *pb.Options) int {
	switch {
	case TwoPlayer(o):
		return TwoPlayerOffer
	case o.GetNeedALittleHelp():
		return players + 1
	default:
		return players
	}
}

// CopperInPlay reports whether the table uses the Copper (not in the
// 2-player variant).
func CopperInPlay(o *pb.Options) bool { return !TwoPlayer(o) }

// EndMoney returns the money that ends the game after Phase 5: $100G, or
// $80G in the 2-player variant (ruling 45).
func EndMoney(o *pb.Options) int {
	if TwoPlayer(o) {
		return TwoPlayerEndMoney
	}
	return EarlyEndMoney
}

// UseNow reports whether card kind k takes effect when taken.
func UseNow(k pb.CardKind) bool {
	c, ok := Card(k)
	return ok && c.Timing == useNow
}

// KeptKinds returns the keep-for-later kinds playable in phase ph, in table
// order.
func KeptKinds(ph pb.Phase) []pb.CardKind {
	var out []pb.CardKind
	for _, c := range House.MenOfAction {
		if c.Timing == keep && c.Phase == ph && !slices.Contains(out, c.Kind) {
			out = append(out, c.Kind)
		}
	}
	return out
}
