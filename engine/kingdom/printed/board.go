package printed

import pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"

// Board returns the game's printed data as a message, for clients to draw
// and explain a game from data: built from the tables of this package,
// which the rules read too.
func Board() *pb.Board {
	b := &pb.Board{Prices: prices(), Supply: supply(), Limits: limits()}
	for _, d := range districts {
		b.Districts = append(b.Districts, &pb.DistrictCard{District: d.ID, Name: d.Name, Borough: d.Borough, Kind: d.Kind,
			HousePour: d.HousePour, Broker: d.Broker, Coastal: d.Coastal, Ledger: uint32(d.Ledger),
			HomePrecinct: isHomePrecinct(d.ID), X: uint32(d.X), Y: uint32(d.Y)})
	}
	for _, bo := range boroughs {
		b.Boroughs = append(b.Boroughs, &pb.BoroughCard{Borough: bo.ID, Name: bo.Name, Respect: uint32(bo.Respect),
			Ghetto: bo.Ghetto, Dock: bo.Dock, Speakeasy: bo.Speakeasy, HighSociety: HighSociety(bo.ID), Ledger: LedgerOrder(bo.ID)})
	}
	for _, a := range AllDistricts() {
		for _, n := range Neighbours(a) {
			if a < n {
				b.Connections = append(b.Connections, &pb.Connection{DistrictA: a, DistrictB: n, Link: pb.LinkKind(Connection(a, n))})
			}
		}
	}
	for i, n := range StillTokens {
		b.StillTokens = append(b.StillTokens, &pb.StillTokens{Number: uint32(i + 2), Count: uint32(n)})
	}
	b.Titles = titles()
	for _, c := range Contracts {
		b.Contracts = append(b.Contracts, &pb.ContractCard{Id: uint32(c.ID), Tier: c.Tier, Name: c.Name, Objective: c.Objective})
	}
	for _, t := range []pb.Tier{gig, racket, score} {
		ti := Tiers[t]
		b.Tiers = append(b.Tiers, &pb.TierCard{Tier: t, Days: uint32(ti.Days), Respect: uint32(ti.Respect), Take: uint32(ti.Take),
			Cards: uint32(len(DeckOf(t)))})
	}
	for _, p := range playbooks {
		pc := &pb.PlaybookCard{Playbook: p.ID, Name: p.Name, Bosses: uint32(p.Bosses), LooseChange: uint32(p.LooseChange)}
		for _, sp := range p.Plays {
			pc.Plays = append(pc.Plays, &pb.SignaturePlay{Name: sp.Name, Cost: uint32(sp.Cost), Text: sp.Text})
		}
		b.Playbooks = append(b.Playbooks, pc)
	}
	for _, br := range brokers {
		b.Brokers = append(b.Brokers, &pb.BrokerCard{Broker: br.ID, Name: br.Name, Nickname: br.Nickname, District: br.District,
			Favor: br.Favor, FavorText: br.FavorText})
	}
	for _, l := range Liquors {
		b.StartPrices = append(b.StartPrices, &pb.LiquorPrice{Liquor: l, Price: uint32(StartPrices[l]), Domestic: l != rum})
	}
	for n := 1; n <= 9; n++ {
		b.MuscleRatio = append(b.MuscleRatio, &pb.MuscleRatioRow{Mobsters: uint32(n), Brew: uint32(MuscleRatio(n, BrewCap)), CombatDice: uint32(CombatDice(n))})
	}
	for level := 1; level <= MaxThreat; level++ {
		b.SuccessLadder = append(b.SuccessLadder, &pb.SuccessRung{Level: uint32(level), SuccessOn: uint32(SuccessOn(level))})
	}
	return b
}

func isHomePrecinct(d pb.District) bool {
	for _, h := range HomePrecincts() {
		if h == d {
			return true
		}
	}
	return false
}

// titleRule is how the Reckoning awards every Title.
const titleRule = "strictly the most of the Districts it counts, with at least 2"

// TitleHolder returns the seat a Title goes to by titleRule, given how
// many of the Title's Districts each seat holds: the seat with strictly
// the most, at least 2, or -1 for nobody. The Reckoning and the bots'
// heuristic both award Titles by it.
func TitleHolder(counts []int) int {
	best, at := 0, -1
	for seat, n := range counts {
		switch {
		case n > best:
			best, at = n, seat
		case n == best:
			at = -1
		}
	}
	if best < 2 {
		return -1
	}
	return at
}

// titles lists the Titles: the Deeds, the Syndicates and the Ward Boss.
func titles() []*pb.TitleCard {
	var out []*pb.TitleCard
	for _, bo := range boroughs {
		out = append(out, &pb.TitleCard{Title: pb.Title_TITLE_DEED, Borough: bo.ID, Name: "the Deed of " + bo.Name,
			Respect: uint32(bo.Respect), Rule: "Districts Controlled in " + bo.Name + ": " + titleRule})
	}
	for _, l := range Liquors {
		out = append(out, &pb.TitleCard{Title: pb.Title_TITLE_SYNDICATE, Liquor: l, Name: "the " + LiquorName(l) + " Syndicate",
			Respect: SyndicateRespect, Rule: "Speakeasies Controlled whose House Pour is " + LiquorName(l) + ": " + titleRule})
	}
	return append(out, &pb.TitleCard{Title: pb.Title_TITLE_WARD_BOSS, Name: "the Ward Boss card", Respect: WardBossRespect,
		Rule: "Ghettos Controlled: " + titleRule})
}

func prices() *pb.Prices {
	return &pb.Prices{StartCash: StartCash, Recruit: RecruitCost, WardBossRecruit: WardBossRecruitCost, Secure: SecureCost,
		Bribe: BribeCost, RaidBribe: RaidBribe, Loan: LoanAmount, Repay: RepayCost, RepayInsideVig: RepayInsideVig,
		Firepower: FirepowerCost, ExtortPerDistrict: ExtortPerDistrict, ExtortHeatAt: ExtortHeatAt,
		FixFloor: FixFloor, FixStep: FixStep, FixCeiling: FixMaximum}
}

func supply() *pb.Supply {
	return &pb.Supply{Runners: RunnerSupply, Safehouses: SafehouseSupply, Barrels: BarrelSupply, Slots: Slots,
		StartInfluence: StartInfluence, StartSlotted: StartSlotted}
}

func limits() *pb.Limits {
	return &pb.Limits{StandardPlayCost: StandardPlayCost, PowerPlayCost: PowerPlayCost,
		HandLimit: uint32(HandLimit(false)), HandLimitGuinan: uint32(HandLimit(true)),
		HustleDraw: uint32(HustleDraw(false)), HustleDrawGuinan: uint32(HustleDraw(true)),
		SweepLimit: SweepLimit, HeatTrackSize: HeatTrackSize, GreedTaxBarrels: GreedTaxBarrels,
		SignatureMobsters: SignatureMobsters, BrewCap: BrewCap, CombatCap: CombatCap, MaxThreat: MaxThreat, StormHits: StormHits,
		RespectToWin: RespectToWin, RatPenalty: RatPenalty, MarkPenalty: MarkPenalty,
		SitDownSpace: SitDownSpace, AllianceRespect: AllianceRespect}
}
