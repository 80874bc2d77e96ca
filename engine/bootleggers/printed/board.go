package printed

import pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"

// Board returns the game's data as a message, for clients to draw and
// explain a game from data: built from the tables of data.go and the
// lookups over them, which the rules read too; a table's row is its
// default variant's, with no optional rule.
func Board() *pb.Board {
	b := &pb.Board{HouseRulesVersion: HouseRulesVersion, Numbers: &pb.Numbers{
		Rounds: Rounds, StartingMoney: StartingMoney, MarkersPerColour: MarkersPerColour, StartingBackRoom: StartingBackRoom,
		StillDiceMax: StillDiceMax, RemoteStillDiceMax: int32(House.RemoteStillDiceMax), RemoteStills: RemoteStills,
		MusclePerBand: MusclePerBand, OmalleysPrice: int32(House.OMalleysPrice), NeutralMarkers: int32(House.NeutralMarkers),
		OpenTradesPerSeat: int32(House.OpenTradesPerSeat), CopperFirstRound: CopperFirstRound,
		RampRounds: RampRounds, RampFirstDie: RampFirstDie, RampOtherDie: RampOtherDie, PlayItCoolFace: PlayItCoolFace,
	}}
	for _, p := range Places {
		c := &pb.PlaceCard{Place: p.Place, Name: p.Name, Kind: p.Kind, TwoPlayer: p.TwoPlayer,
			NeutralMarkers: int32(p.Neutral), Price: int32(House.OMalleysPrice), MinPlayers: MinPlayers}
		if n, ok := Speakeasy(p.Place); ok {
			c.Circles, c.Minimum, c.Dice = int32(n.Circles), int32(n.Minimum), int32(n.Dice)
			c.Price, c.OwnerBonus, c.MinPlayers = int32(n.Price), int32(n.OwnerBonus), int32(n.MinPlayers)
			c.ImprovementsMax = int32(House.ImprovementsPerSpeakeasy)
		}
		b.Places = append(b.Places, c)
	}
	next := Colours
	for _, t := range House.Trucks {
		b.Trucks = append(b.Trucks, &pb.TruckCard{Size: t.Size, Cards: int32(t.Cards), FirstTruck: int32(next),
			LastTruck: int32(next + t.Cards - 1), Capacity: int32(t.Capacity), Bribe: int32(t.Bribe), Graft: int32(t.Graft)})
		next += t.Cards
	}
	for _, c := range House.MuscleCosts {
		b.MuscleCosts = append(b.MuscleCosts, &pb.MuscleCostRun{First: int32(c.First), Last: int32(c.Last), Cost: int32(c.Cost)})
	}
	id := 0
	for _, c := range House.MenOfAction {
		b.MenOfAction = append(b.MenOfAction, &pb.MenOfActionCard{Kind: c.Kind, Name: c.Name, Count: int32(c.Count),
			FirstId: int32(id), LastId: int32(id + c.Count - 1), Cost: int32(c.Cost), Timing: c.Timing, Phase: c.Phase,
			Amount: int32(c.Amount), Text: c.Text})
		id += c.Count
	}
	b.Boardwalk = boardwalkData()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		o := &pb.Options{Variant: DefaultVariant(players)}
		t := &pb.TableSize{Players: int32(players), Variant: o.GetVariant(), Offer: int32(OfferSize(players, o)),
			Places: PlacesInPlay(players, o), EndMoney: int32(EndMoney(o)), Copper: CopperInPlay(o)}
		if players == NeedALittleHelpPlayers {
			t.OfferNeedALittleHelp = int32(OfferSize(players, &pb.Options{Variant: o.GetVariant(), NeedALittleHelp: true}))
		}
		b.Tables = append(b.Tables, t)
	}
	return b
}

// boardwalkData is the Boardwalk expansion's table as a message.
func boardwalkData() *pb.BoardwalkData {
	d := &pb.BoardwalkData{CasinoMarkerPrice: CasinoMarkerPrice, ThrowTheBumsOutPrice: ThrowTheBumsOutPrice,
		GraftPerDie: CasinoGraftPerDie, BookingFee: BookingFee, GamblingProfit: GamblingProfit,
		OmalleysCutsPerRound: OMalleysCutsPerRound}
	for _, c := range Boardwalk.Casinos {
		p := &pb.CasinoPlacard{Place: c.Place, Name: c.Name, MinPlayers: int32(c.MinPlayers),
			BasePrice: int32(c.BasePrice), Dice: int32(CasinoDice(c.Place))}
		for n := StandardMinPlayers; n <= MaxPlayers; n++ {
			p.PerCrate = append(p.PerCrate, int32(CasinoPerCrate(c.Place, n)))
		}
		d.Casinos = append(d.Casinos, p)
	}
	for _, c := range Boardwalk.CasinoCards {
		d.CasinoCards = append(d.CasinoCards, &pb.CasinoCard{Kind: c.Kind, Name: c.Name, Count: int32(c.Count),
			Keep: c.Keep, Phase: c.Phase, Option: c.Option, Text: c.Text})
	}
	return d
}
