package printed

import pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"

// Board returns the game's printed data as a message, for clients to draw
// and explain a game from data: built from the tables of this package,
// which the rules read too.
func Board() *pb.Board {
	b := &pb.Board{
		OpeningDeliveries: OpeningDeliveries, CasinoReveal: CasinoReveal,
		DocksCollectMax: DocksCollectMax, SeedyPetesMaxSteals: SeedyPetesMaxSteals,
		MovementCoins: MovementCoins, DeliveryCoins: DeliveryCoins, SnitchCoins: SnitchCoins,
	}
	for _, l := range LocationCards {
		b.Locations = append(b.Locations, &pb.LocationCard{Location: l.Location, Name: l.Name,
			Event: l.Event, EventSideB: l.EventSideB, Passive: l.Passive})
	}
	for _, m := range Mobs {
		mc := &pb.MobCard{Mob: m, Name: MobName(m)}
		for _, t := range BoozeTypes {
			if MobOf(t) == m {
				mc.BoozeTypes = append(mc.BoozeTypes, &pb.BoozeTypeCard{BoozeType: t, Name: BoozeName(t)})
			}
		}
		b.Mobs = append(b.Mobs, mc)
	}
	for id := range int32(DeckSize) {
		b.Deck = append(b.Deck, FaceOf(id))
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		perMob, fromRest := BoozeDealing(n)
		b.Tables = append(b.Tables, &pb.TableSize{
			Players: int32(n), BoozePerMob: int32(perMob), BoozeFromRest: fromRest,
			SnitchTokens:      int32(SnitchTokens(n)),
			Refill:            int32(RefillCount(n, pb.Rounding_ROUNDING_UP)),
			RefillRoundedDown: int32(RefillCount(n, pb.Rounding_ROUNDING_DOWN)),
			LonePlayerDoubled: LoneDoubled(n), ThreeCountTwo: ThreeCountTwo(n),
		})
	}
	return b
}
