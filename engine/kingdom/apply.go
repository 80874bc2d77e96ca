package kingdom

import (
	"fmt"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// Apply folds one event body into the state. It never judges the rules. A
// body that is not a Moonshine Kingdom event, or that does not fit the state
// (a corrupt log), is an error.
func (s *state) Apply(body proto.Message) (err error) {
	e, ok := body.(*pb.Event)
	if !ok {
		return fmt.Errorf("kingdom: foreign event body %T", body)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kingdom: event %T does not fit the state: %v", e.GetKind(), r)
		}
	}()
	return s.apply(e)
}

func (s *state) apply(e *pb.Event) error {
	if err := s.applyKind(e); err != nil {
		return err
	}
	if s.Partner[0] != none {
		s.settleOccupiers()
	}
	return nil
}

// applyKind is the one switch over the event kinds. Each case folds its
// body; the default is an error: an unknown event is never skipped.
func (s *state) applyKind(e *pb.Event) error {
	switch k := e.GetKind().(type) {
	// Setup and the Day: Shadows.
	case *pb.Event_GameStarted:
		s.applyStart(k.GameStarted)
	case *pb.Event_DayStarted:
		s.applyDay(k.DayStarted)
	case *pb.Event_BrewDrafted:
		s.applyBrew(k.BrewDrafted)
	case *pb.Event_Blowback:
		s.applyBlowback(k.Blowback)
	case *pb.Event_ContractStaked:
		s.applyStake(k.ContractStaked)
	case *pb.Event_Funded:
		s.applyFunded(k.Funded)
	// Operations: the Plays.
	case *pb.Event_OperationsStarted:
		s.Phase, s.Current = pb.Phase_PHASE_OPERATIONS, int(k.OperationsStarted.First)
	case *pb.Event_InfluenceSpent:
		s.applySpent(k.InfluenceSpent)
	case *pb.Event_Moved:
		s.applyMoved(k.Moved)
	case *pb.Event_Pushed:
		s.applyPushed(k.Pushed)
	case *pb.Event_Recruited:
		s.applyRecruited(k.Recruited)
	case *pb.Event_ContractsDrawn:
		if k.ContractsDrawn.Hustle {
			s.Seats[k.ContractsDrawn.Seat].Hustled = true
		}
	case *pb.Event_ContractsReceived:
		s.applyReceived(k.ContractsReceived)
	case *pb.Event_ContractsDiscarded:
		s.discard(int(k.ContractsDiscarded.Seat), k.ContractsDiscarded.Cards)
	case *pb.Event_ContractsDiscardedCards:
		// Rules version 1: the discarded cards in a private part.
		s.discard(int(k.ContractsDiscardedCards.Seat), k.ContractsDiscardedCards.Cards)
	case *pb.Event_DeckReshuffled:
		s.applyReshuffled(k.DeckReshuffled)
	case *pb.Event_Secured:
		s.applySecured(k.Secured)
	case *pb.Event_Smuggled:
		s.applySmuggled(k.Smuggled)
	case *pb.Event_Extorted:
		s.applyExtorted(k.Extorted)
	case *pb.Event_Fixed:
		s.Market[k.Fixed.Liquor] = int(k.Fixed.Price)
	case *pb.Event_Unloaded:
		s.applyUnloaded(k.Unloaded)
	case *pb.Event_Rose:
		s.applyRose(k.Rose)
	case *pb.Event_Bribed:
		s.applyBribed(k.Bribed)
	case *pb.Event_Ratted:
		s.Rat = int(k.Ratted.Seat)
	case *pb.Event_LaidLow:
		s.applyLaidLow(k.LaidLow)
	case *pb.Event_TurnPassed:
		s.Current = int(k.TurnPassed.Seat)
	case *pb.Event_CapoPromoted:
		s.applyCapo(k.CapoPromoted)
	case *pb.Event_HeatCooled:
		s.applyCooled(k.HeatCooled)
	// Raids.
	case *pb.Event_RaidStarted:
		s.applyRaidStarted(k.RaidStarted)
	case *pb.Event_RaidStrike:
		s.applyStrike(k.RaidStrike)
	case *pb.Event_RaidResolved:
		s.applyRaidResolved(k.RaidResolved)
	case *pb.Event_RaidEnded:
		s.applyRaidEnded(k.RaidEnded)
	// Reckoning.
	case *pb.Event_Swept:
		s.removeCasualties(k.Swept.Arrests)
	case *pb.Event_TitleChanged:
		s.applyTitle(k.TitleChanged)
	case *pb.Event_ContractReckoned:
		s.applyReckoned(k.ContractReckoned)
	case *pb.Event_CommissionTaken:
		s.Seats[k.CommissionTaken.Seat].Commission = true
	case *pb.Event_GameEnded:
		s.applyEnded(k.GameEnded)
	case *pb.Event_Resigned:
		s.applyResigned(k.Resigned)
	// Fights (fight_apply.go).
	case *pb.Event_StandoffChosen:
		s.applyStandoff(k.StandoffChosen)
	case *pb.Event_CombatRound:
		s.applyRound(k.CombatRound)
	case *pb.Event_FightEnded:
		s.applyFightEnded(k.FightEnded)
	case *pb.Event_Withdrew:
		s.applyWithdrew(k.Withdrew)
	case *pb.Event_SpoilsTaken:
		s.applySpoils(k.SpoilsTaken)
	case *pb.Event_Torched:
		s.applyTorched(k.Torched)
	case *pb.Event_HeatDrawn:
		s.applyHeatDrawn(k.HeatDrawn)
	case *pb.Event_OccupierChanged:
		s.applyOccupierChanged(k.OccupierChanged)
	// Side commands and cooperation.
	case *pb.Event_LoanTaken:
		s.applyLoanTaken(k.LoanTaken)
	case *pb.Event_LoanRepaid:
		s.applyLoanRepaid(k.LoanRepaid)
	case *pb.Event_CashGiven:
		s.applyCashGiven(k.CashGiven)
	case *pb.Event_InfluenceLent:
		s.applyLent(k.InfluenceLent)
	case *pb.Event_PushProposed:
		s.Proposal = k.PushProposed
	case *pb.Event_ConsentGiven:
		s.Proposal = nil
	// The Blood Oath and the Broker's Word.
	case *pb.Event_SitDown:
		s.applySitDown(k.SitDown)
	case *pb.Event_DealProposed:
		s.applyDealProposed(k.DealProposed)
	case *pb.Event_DealAnswered:
		s.applyDealAnswered(k.DealAnswered)
	case *pb.Event_TermConfirmed:
		s.applyTermConfirmed(k.TermConfirmed)
	case *pb.Event_DealHonoured:
		s.dropDeal(int(k.DealHonoured.Deal))
	case *pb.Event_DealVoided:
		s.dropDeal(int(k.DealVoided.Deal))
	case *pb.Event_DealBroken:
		s.applyDealBroken(k.DealBroken)
	default:
		return engine.UnknownEvent(e)
	}
	return nil
}

func (s *state) applyStart(x *pb.GameStarted) {
	s.Players = int(x.Players)
	s.Opts = x.Options
	s.Moon = pb.Moon_MOON_NEW
	if s.bloodOath() {
		s.Crackdown = 1 // "with a tracking token on the first space"
	}
	for i, st := range x.Stills {
		s.D[i].Still = int(st)
	}
	for _, d := range printed.HomePrecincts() {
		s.dist(d).Precinct = true
	}
	s.Seats = make([]seat, s.Players)
	for i, ss := range x.Seats {
		p := &s.Seats[i]
		p.Playbook, p.Home = ss.Playbook, ss.Home
		p.Token, p.TokenMoon = int(ss.TurnToken), pb.Moon_MOON_NEW
		p.Cash, p.Influence, p.Stash = printed.StartCash, printed.StartInfluence, printed.StartInfluence-printed.StartSlotted
		for range printed.StartSlotted {
			p.SlotOwners = append(p.SlotOwners, i)
		}
		p.BossPieces = max(1, printed.PlaybookOf(p.Playbook).Bosses)
		deed := printed.BoroughOf(ss.Home)
		s.dist(deed.Ghetto).Mobs[i] = pieces{Runners: 2, Bosses: 1, Safehouse: true}
		s.dist(deed.Dock).Mobs[i] = pieces{Runners: 3}
		s.dist(deed.Speakeasy).Mobs[i] = pieces{Runners: 3}
	}
	s.Market = printed.StartPrices
	for _, t := range []pb.Tier{gig, racket, score} {
		s.Decks[t].Draw = printed.DeckOf(t)
	}
}

func (s *state) applyDay(x *pb.DayStarted) {
	s.Day, s.Moon, s.Phase = int(x.Day), x.Moon, pb.Phase_PHASE_BREW
	s.Red, s.White = ints(x.Red), ints(x.White)
	s.Drafted = 0
	for i := range s.Seats {
		p := &s.Seats[i]
		p.LaidLow, p.Greased, p.Hustled, p.Extorted = false, false, false, [6]bool{}
	}
	s.DayOrder = s.order()
	s.Current = s.DayOrder[0]
}

func ints(v []uint32) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

func removeOne(v []int, x int) []int {
	i := slices.Index(v, x)
	if i < 0 {
		panic(fmt.Sprintf("%d not found", x))
	}
	return slices.Delete(v, i, i+1)
}

func (s *state) applyBrew(x *pb.BrewDrafted) {
	s.Red, s.White = removeOne(s.Red, int(x.Red)), removeOne(s.White, int(x.White))
	for _, p := range x.Productions {
		s.dist(p.District).Barrels[p.Liquor] += int(p.Count)
	}
	s.Drafted++
	if s.Drafted < s.Players {
		s.Current = s.DayOrder[s.Drafted]
	}
}

func (s *state) applyBlowback(x *pb.Blowback) {
	s.removeCasualties(x.Casualties)
	s.Red, s.White = nil, nil
	s.Phase, s.Current = pb.Phase_PHASE_GREASE, s.DayOrder[0]
}

func (s *state) removeCasualties(cs []*pb.Casualty) {
	for _, c := range cs {
		p := &s.dist(c.District).Mobs[c.Seat]
		p.Runners -= int(c.Runners)
		p.Bosses -= int(c.Bosses)
	}
}

func (s *state) applyStake(x *pb.ContractStaked) {
	p := &s.Seats[x.Seat]
	p.Hand = removeOne(p.Hand, int(x.Card))
	p.Stash -= int(x.Markers)
	p.Staked = append(p.Staked, stake{Card: int(x.Card), Markers: int(x.Markers)})
}

func (s *state) applyFunded(x *pb.Funded) {
	p := &s.Seats[x.Seat]
	p.Stash -= int(x.Markers)
	for range x.Markers {
		p.SlotOwners = append(p.SlotOwners, int(x.Seat))
	}
	p.Greased = true
	ord := s.DayOrder
	if i := slices.Index(ord, int(x.Seat)); i+1 < len(ord) {
		s.Current = ord[i+1]
	}
}

func (s *state) applySpent(x *pb.InfluenceSpent) {
	p := &s.Seats[x.Seat]
	p.SlotOwners = p.SlotOwners[:len(p.SlotOwners)-len(x.Owners)]
	if int(x.Seat) == s.Current {
		// A Play's cost is spent before its first event; inside a fight the
		// Assaults and Advances add to the cost of the Play that began it.
		var spent []int
		if s.Fight != nil {
			spent = slices.Clone(s.PlaySpent)
		}
		for _, o := range x.Owners {
			spent = append(spent, int(o))
		}
		s.PlaySpent = spent
	}
	heat := x.HeatOwner != nil
	for _, o := range x.Owners {
		if heat && o == *x.HeatOwner {
			s.Heat = append(s.Heat, int(o))
			heat = false
			continue
		}
		s.Seats[o].Stash++
	}
}

func (s *state) applyMoved(x *pb.Moved) {
	s.shift(x.Seat, x.From, x.To, x.Runners, x.Bosses, x.Barrels, x.Seized)
	if x.Hostile {
		s.enterFight(x)
	}
	s.takeSafehouse(x.Seat, x.To, x.SafehouseTakenFrom, x.Commandeered)
}

// shift moves a seat's mobsters and carried barrels from one District to
// another (a Move, an Advance, a Fall Back); seized barrels leave from but
// never reach to.
func (s *state) shift(seat uint32, from, to pb.District, runners, bosses uint32, barrels []*pb.Barrels, seized bool) {
	s.receive(seat, to)
	f, t := s.dist(from), s.dist(to)
	f.Mobs[seat].Runners -= int(runners)
	f.Mobs[seat].Bosses -= int(bosses)
	t.Mobs[seat].Runners += int(runners)
	t.Mobs[seat].Bosses += int(bosses)
	for _, b := range barrels {
		f.Barrels[b.Liquor] -= int(b.Count)
		if !seized {
			t.Barrels[b.Liquor] += int(b.Count)
		}
	}
}

// takeSafehouse removes the Safehouse of the seat it was taken from, if
// any, and puts seat's own there when it Commandeers.
func (s *state) takeSafehouse(seat uint32, d pb.District, takenFrom *uint32, commandeered bool) {
	if takenFrom != nil {
		s.dist(d).Mobs[*takenFrom].Safehouse = false
	}
	if commandeered {
		s.dist(d).Mobs[seat].Safehouse = true
	}
}

func (s *state) applyPushed(x *pb.Pushed) {
	for _, b := range x.Barrels {
		s.dist(x.From).Barrels[b.Liquor] -= int(b.Count)
		if !x.Seized {
			s.dist(x.To).Barrels[b.Liquor] += int(b.Count)
		}
	}
	for _, b := range x.Back {
		s.dist(x.To).Barrels[b.Liquor] -= int(b.Count)
		s.dist(x.From).Barrels[b.Liquor] += int(b.Count)
	}
}

func (s *state) applyReceived(x *pb.ContractsReceived) {
	p := &s.Seats[x.Seat]
	for _, c := range x.Cards {
		card, _ := printed.Card(int(c))
		d := &s.Decks[card.Tier]
		d.Draw = removeOne(d.Draw, int(c))
		p.Hand = append(p.Hand, int(c))
	}
}

// discard moves cards from seat's hand onto their decks' discard piles.
func (s *state) discard(seat int, cards []uint32) {
	p := &s.Seats[seat]
	for _, c := range cards {
		card, _ := printed.Card(int(c))
		p.Hand = removeOne(p.Hand, int(c))
		s.Decks[card.Tier].Discard = append(s.Decks[card.Tier].Discard, int(c))
	}
}

func (s *state) applySecured(x *pb.Secured) {
	if x.RelocatedFrom != 0 {
		s.dist(x.RelocatedFrom).Mobs[x.Seat].Safehouse = false
	}
	s.dist(x.District).Mobs[x.Seat].Safehouse = true
	s.Seats[x.Seat].Cash -= int(x.Cost)
}

func (s *state) applySmuggled(x *pb.Smuggled) {
	d := s.dist(x.Dock)
	d.Barrels[rum] += int(x.Rum)
	d.Mobs[x.Seat].Runners -= int(x.ArrestedRunners)
	d.Mobs[x.Seat].Bosses -= int(x.ArrestedBosses)
}

func (s *state) applyUnloaded(x *pb.Unloaded) {
	for _, b := range x.Barrels {
		s.dist(x.District).Barrels[b.Liquor] -= int(b.Count)
	}
	p := &s.Seats[x.Seat]
	p.Cash += int(x.Cash)
	p.Stash -= int(x.Kickbacks)
	for range x.Kickbacks {
		p.SlotOwners = append(p.SlotOwners, int(x.Seat))
	}
}

func (s *state) applyRose(x *pb.Rose) {
	p := &s.dist(x.District).Mobs[x.Seat]
	p.Bosses++
	p.Runners += int(x.Runners)
	if x.Secured {
		if x.RelocatedFrom != 0 {
			s.dist(x.RelocatedFrom).Mobs[x.Seat].Safehouse = false
		}
		p.Safehouse = true
	}
}

func (s *state) applyBribed(x *pb.Bribed) {
	p := &s.Seats[x.Seat]
	p.Favors[x.Broker], p.Bought[x.Broker] = true, true
	p.Influence++
	p.Stash++
	p.Cash -= printed.BribeCost
}

func (s *state) applyLaidLow(x *pb.LaidLow) {
	s.removeCasualties(x.Stranded)
	p := &s.Seats[x.Seat]
	for _, o := range p.SlotOwners {
		s.Seats[o].Stash++
	}
	p.SlotOwners = nil
	p.LaidLow = true
	p.Token, p.TokenMoon = int(x.TurnToken), x.Moon
}

func (s *state) applyStrike(x *pb.RaidStrike) {
	r := s.Raid
	if len(x.Tied) > 0 {
		r.Tied = slices.Clone(x.Tied)
		return
	}
	r.Precincts = r.Precincts[1:]
	r.Tied = nil
	r.Hit = x.District
}

func (s *state) applyRaidResolved(x *pb.RaidResolved) {
	r := s.Raid
	d := s.dist(x.District)
	if x.Bribed {
		s.Seats[r.Target].Cash -= 1000
	} else {
		for _, b := range x.Seized {
			d.Barrels[b.Liquor] -= int(b.Count)
		}
		d.Mobs[r.Target].Runners -= int(x.ArrestedRunners)
		d.Mobs[r.Target].Bosses -= int(x.ArrestedBosses)
	}
	r.Hit = 0
	r.Struck = append(r.Struck, x.District)
}

func (s *state) applyRaidEnded(x *pb.RaidEnded) {
	for _, d := range x.Rebuilt {
		s.dist(d).Precinct = true
		s.PrecinctSupply = removeBorough(s.PrecinctSupply, printed.Info(d).Borough)
		s.dist(d).Barrels = [5]int{}
	}
	for _, o := range s.Heat {
		s.Seats[o].Stash++
	}
	s.Heat = nil
	if x.RatCardReturned {
		s.Rat = none
	}
	s.Raid = nil
}

func removeBorough(v []pb.Borough, b pb.Borough) []pb.Borough {
	i := slices.Index(v, b)
	return slices.Delete(v, i, i+1)
}

func (s *state) applyTitle(x *pb.TitleChanged) {
	h := none
	if x.Holder != nil {
		h = int(*x.Holder)
	}
	switch x.Title {
	case pb.Title_TITLE_DEED:
		s.Deeds[x.Borough] = h
	case pb.Title_TITLE_SYNDICATE:
		s.Syndicates[x.Liquor] = h
	case pb.Title_TITLE_WARD_BOSS:
		s.WardBoss = h
	default:
		panic("unknown title")
	}
}

func (s *state) applyReckoned(x *pb.ContractReckoned) {
	p := &s.Seats[x.Seat]
	i := slices.IndexFunc(p.Staked, func(k stake) bool { return k.Card == int(x.Card) })
	p.Staked[i].Markers--
	p.Stash++
	if !x.Deadline {
		return
	}
	p.Staked = slices.Delete(p.Staked, i, i+1)
	if x.Completed {
		p.Completed = append(p.Completed, int(x.Card))
		p.Cash += int(x.Take)
		return
	}
	card, _ := printed.Card(int(x.Card))
	d := &s.Decks[card.Tier]
	d.Discard = append(d.Discard, int(x.Card))
}

func (s *state) applyEnded(x *pb.GameEnded) {
	s.Phase = pb.Phase_PHASE_GAME_OVER
	o := &engine.Outcome{Winners: []engine.Seat{engine.Seat(x.Winner)}}
	for _, r := range x.Respect {
		o.Scores = append(o.Scores, int(r))
	}
	o.Summary = fmt.Sprintf("%s takes the crown with a Commission and %d Respect", engine.Seat(x.Winner), x.Respect[x.Winner])
	if x.Partner != nil {
		o.Winners = append(o.Winners, engine.Seat(*x.Partner))
		o.Summary = fmt.Sprintf("the Alliance of %s and %s wins with %d combined Respect; %s is the Capo di Tutti Capi",
			engine.Seat(x.Winner), engine.Seat(*x.Partner), x.Respect[x.Winner]+x.Respect[*x.Partner], engine.Seat(x.Winner))
	}
	if x.Forfeit {
		o.Summary = fmt.Sprintf("%s wins: every rival resigned", engine.Seat(x.Winner))
		if x.Partner != nil {
			o.Summary = fmt.Sprintf("the Alliance of %s and %s wins: every rival resigned; %s is the Capo di Tutti Capi",
				engine.Seat(x.Winner), engine.Seat(*x.Partner), engine.Seat(x.Winner))
		}
	}
	s.outcome = o
}

func (s *state) applyRecruited(x *pb.Recruited) {
	s.dist(x.District).Mobs[x.Seat].Runners += int(x.Runners)
	s.Seats[x.Seat].Cash -= int(x.Cost)
}

func (s *state) applyReshuffled(x *pb.DeckReshuffled) {
	d := &s.Decks[x.Deck]
	d.Draw = append(d.Draw, d.Discard...)
	slices.Sort(d.Draw)
	d.Discard = nil
}

func (s *state) applyExtorted(x *pb.Extorted) {
	s.Seats[x.Seat].Cash += int(x.Amount)
	s.Seats[x.Seat].Extorted[x.Borough] = true
}

func (s *state) applyRaidStarted(x *pb.RaidStarted) {
	s.Raid = &raid{Target: int(x.Target), Trigger: x.Trigger, Precincts: slices.Clone(x.Precincts)}
	if s.bloodOath() {
		s.Crackdown++
	}
}

func (s *state) applyLoanTaken(x *pb.LoanTaken) {
	p := &s.Seats[x.Seat]
	p.Cash += int(x.Amount)
	p.Loans++
}

func (s *state) applyLoanRepaid(x *pb.LoanRepaid) {
	p := &s.Seats[x.Seat]
	p.Cash -= int(x.Amount)
	p.Loans--
}

// applyCashGiven hands the cash over and tallies it in the deals between
// the two seats.
func (s *state) applyCashGiven(x *pb.CashGiven) {
	s.tally(int(x.From), int(x.To), int(x.Amount), func(d *deal) *[2]int { return &d.Paid })
	s.Seats[x.From].Cash -= int(x.Amount)
	s.Seats[x.To].Cash += int(x.Amount)
}
