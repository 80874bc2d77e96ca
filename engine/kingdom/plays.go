package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Hustle, Title Plays and Power Plays.

func (s *state) handLimit(seat int) int {
	return printed.HandLimit(s.Seats[seat].Favors[pb.Broker_BROKER_TEXAS_GUINAN])
}

// drawCount is 2, or 3 with Texas Guinan's Favor.
func (s *state) drawCount(seat int) int {
	return printed.HustleDraw(s.Seats[seat].Favors[pb.Broker_BROKER_TEXAS_GUINAN])
}

func (s *state) bossInPlay(seat int) bool { _, b, _ := s.onBoard(seat); return b > 0 }

func (b *builder) hustle(seat int, x *pb.Hustle) *engine.RuleError {
	s := b.State()
	switch {
	case s.Seats[seat].Hustled:
		return engine.Refuse(ReasonHustleOnceADay, "you already Hustled today")
	case s.Rat == seat:
		return engine.Refuse(ReasonRatCantHustle, "nobody does business with the holder of the Rat Card")
	case !s.bossInPlay(seat):
		return engine.Refuse(ReasonNoBoss, "Hustle needs your Boss in play")
	case len(x.Decks) != s.drawCount(seat):
		return engine.Malform(ReasonTooManyContractDecks, "name a deck for each of the %d cards you draw", s.drawCount(seat))
	}
	want := map[pb.Tier]int{}
	for _, t := range x.Decks {
		if t < gig || t > score {
			return engine.Malform(ReasonBadDraw, "no deck %v", t)
		}
		want[t]++
	}
	for t, n := range want {
		if d := s.Decks[t]; len(d.Draw)+len(d.Discard) < n {
			return engine.Refuse(ReasonDeckEmpty, "the %v deck has too few cards", t)
		}
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.draw(seat, x.Decks)
	if b.State().discarding() == none {
		b.finishPlay()
	}
	return nil
}

// draw draws one card from each named deck. Deck order is nobody's: each
// card is picked at random from its deck when drawn. A deck that runs dry
// is at once rebuilt from its discard pile. The public body names only the
// decks; the cards go privately to the drawer.
func (b *builder) draw(seat int, decks []pb.Tier) {
	draw := map[pb.Tier][]int{}
	for t := gig; t <= score; t++ {
		draw[t] = slices.Clone(b.State().Decks[t].Draw)
	}
	var cards []uint32
	for _, t := range decks {
		if len(draw[t]) == 0 {
			b.pub(&pb.DeckReshuffled{Deck: t})
			draw[t] = slices.Clone(b.State().Decks[t].Draw)
			for _, c := range cards {
				draw[t] = slices.DeleteFunc(draw[t], func(x int) bool { return x == int(c) })
			}
		}
		i := b.Rand().IntN(len(draw[t]))
		cards = append(cards, u32(draw[t][i]))
		draw[t] = slices.Delete(draw[t], i, i+1)
	}
	b.Emit(engine.Event{
		Public:  wrap(&pb.ContractsDrawn{Seat: u32(seat), Decks: decks, Hustle: true}),
		Private: []engine.Secret{engine.PrivateTo(wrap(&pb.ContractsReceived{Seat: u32(seat), Cards: cards}), engine.Seat(seat))},
	})
	for _, t := range decks {
		if d := b.State().Decks[t]; len(d.Draw) == 0 && len(d.Discard) > 0 {
			b.pub(&pb.DeckReshuffled{Deck: t})
		}
	}
}

func (b *builder) discardContracts(seat int, x *pb.DiscardContracts) *engine.RuleError {
	p := b.State().Seats[seat]
	need := len(p.Hand) - b.State().handLimit(seat)
	hand := slices.Clone(p.Hand)
	ev := &pb.ContractsDiscarded{Seat: u32(seat), Cards: x.Cards}
	for _, c := range x.Cards {
		i := slices.Index(hand, int(c))
		if i < 0 {
			return engine.Refuse(ReasonBadDiscard, "Contract %d is not in your hand (or named twice)", c)
		}
		hand = slices.Delete(hand, i, i+1)
		card, _ := printed.Card(int(c))
		ev.Tiers = append(ev.Tiers, card.Tier)
	}
	if len(x.Cards) != need {
		return engine.Refuse(ReasonBadDiscard, "discard exactly %d Contracts", need)
	}
	// "shuffle its face-up discard pile": the discards are face up.
	if b.Checking() {
		return nil
	}
	b.pub(ev)
	b.finishPlay()
	return nil
}

func (b *builder) extort(seat int, x *pb.Extort) *engine.RuleError {
	s := b.State()
	if x.Borough < manhattan || x.Borough > statenIsland {
		return engine.Malform("NO_SUCH_BOROUGH", "no Borough %v", x.Borough)
	}
	if s.Deeds[x.Borough] != seat {
		return engine.Refuse(ReasonNoDeed, "you do not hold the %s Deed", printed.BoroughOf(x.Borough).Name)
	}
	if s.Seats[seat].Extorted[x.Borough] {
		return engine.Refuse(ReasonExtortOnceADay, "%s was already shaken down today", printed.BoroughOf(x.Borough).Name)
	}
	n := s.countControlled(seat, func(d printed.DistrictInfo) bool { return d.Borough == x.Borough })
	if n == 0 {
		return engine.Refuse(ReasonNothingToExtort, "you Control no District in %s", printed.BoroughOf(x.Borough).Name)
	}
	amount, heat := printed.ExtortIncome(n)
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, heat)
	b.pub(&pb.Extorted{Seat: u32(seat), Borough: x.Borough, Amount: u32(amount)})
	b.finishPlay()
	return nil
}

func (b *builder) fix(seat int, x *pb.Fix) *engine.RuleError {
	s := b.State()
	if !printed.ValidLiquor(x.Liquor) {
		return engine.Malform("NO_SUCH_LIQUOR", "no liquor %v", x.Liquor)
	}
	if s.Syndicates[x.Liquor] != seat {
		return engine.Refuse(ReasonNoSyndicate, "you do not hold the %v Syndicate", x.Liquor)
	}
	ceiling := printed.FixCeiling(s.countControlled(seat, printed.Pours(x.Liquor)))
	if x.Price%printed.FixStep != 0 || x.Price < printed.FixFloor || int(x.Price) > ceiling {
		return engine.Refuse(ReasonBadPrice, "set a price from $200 to $%d in $100 steps", ceiling)
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 1, false)
	b.pub(&pb.Fixed{Seat: u32(seat), Liquor: x.Liquor, Price: x.Price})
	b.finishPlay()
	return nil
}

func (b *builder) unload(seat int, x *pb.Unload) *engine.RuleError {
	s := b.State()
	if err := checkDistrict(x.District); err != nil {
		return err
	}
	info := printed.Info(x.District)
	if !info.IsSpeakeasy() {
		return engine.Refuse(ReasonNotASpeakeasy, "%s has no Speakeasy", info.Name)
	}
	if s.controller(x.District) != seat {
		return engine.Refuse(ReasonNotYourTurf, "you do not Control %s", info.Name)
	}
	sold, total, err := parseBarrels(x.Barrels)
	if err != nil {
		return err
	}
	if total == 0 || !s.dist(x.District).enough(sold) {
		return engine.Refuse(ReasonNothingToUnload, "sell barrels lying in %s", info.Name)
	}
	cash := 0
	for _, l := range printed.Liquors {
		cash += sold[l] * s.Market[l]
	}
	if err := s.checkHeatOwner(seat, x.HeatOwner); err != nil {
		return err
	}
	kick := s.kickbacks(seat, x)
	if b.Checking() {
		return nil
	}
	b.spendAs(seat, 2, printed.GreedTax(total, s.Seats[seat].Favors[pb.Broker_BROKER_STEPHANIE_ST_CLAIR]), x.HeatOwner)
	b.pub(&pb.Unloaded{Seat: u32(seat), District: x.District, Barrels: barrelsList(sold), Cash: u32(cash), Kickbacks: u32(kick)})
	b.finishPlay()
	return nil
}

// kickbacks returns how many spent markers an Unload (nil: none) moves back
// from the Stash into empty slots: one per barrel of the House Pour sold,
// within the empty slots and the Stash as they are once its 2 markers are
// spent ("For every barrel sold that matches the Joint's House Pour,
// immediately move 1 spent Influence marker from your Stash back into an
// empty slot").
func (s *state) kickbacks(seat int, x *pb.Unload) int {
	if x == nil || !printed.ValidDistrict(x.District) || len(s.Seats[seat].SlotOwners) < 2 {
		return 0
	}
	sold, total, err := parseBarrels(x.Barrels)
	if err != nil {
		return 0
	}
	p := s.Seats[seat]
	taken := s.spending(seat, 2)
	stash := p.Stash
	for _, o := range taken {
		if o == seat {
			stash++
		}
	}
	if printed.GreedTax(total, p.Favors[pb.Broker_BROKER_STEPHANIE_ST_CLAIR]) && heatMarker(seat, taken, x.HeatOwner) == seat {
		stash--
	}
	return max(0, min(sold[printed.Info(x.District).HousePour], printed.Slots-(len(p.SlotOwners)-2), stash))
}

func (b *builder) rise(seat int, x *pb.Rise) *engine.RuleError {
	s := b.State()
	if err := checkDistrict(x.District); err != nil {
		return err
	}
	if s.bossInPlay(seat) || s.bossSupply(seat) == 0 {
		return engine.Refuse(ReasonBossInPlay, "Rise anoints a successor only when your Boss is gone")
	}
	if s.controller(x.District) != seat && !s.dist(x.District).unoccupied() {
		return engine.Refuse(ReasonUnoccupiedOrYours, "%s is neither yours nor Unoccupied", printed.Info(x.District).Name)
	}
	ev := &pb.Rose{Seat: u32(seat), District: x.District, Runners: u32(min(2, s.runnerSupply(seat)))}
	if !x.Secure && x.RelocateFrom != 0 {
		return engine.Malform("RELOCATE_WITHOUT_SECURE", "relocate_from needs secure")
	}
	if x.Secure {
		if err := s.checkSafehouseSource(seat, x.District, x.RelocateFrom); err != nil {
			return err
		}
		ev.Secured, ev.RelocatedFrom = true, x.RelocateFrom
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 2, false)
	b.pub(ev)
	b.finishPlay()
	return nil
}

func (b *builder) bribe(seat int, x *pb.Bribe) *engine.RuleError {
	s := b.State()
	if err := checkDistrict(x.District); err != nil {
		return err
	}
	info := printed.Info(x.District)
	if info.Kind != highSociety {
		return engine.Refuse(ReasonNotHighSociety, "%s has no Power Broker", info.Name)
	}
	if s.controller(x.District) != seat {
		return engine.Refuse(ReasonNotYourTurf, "you do not Control %s", info.Name)
	}
	if s.favorHolder(info.Broker) != none || s.Seats[seat].Bought[info.Broker] {
		return engine.Refuse(ReasonFavorTaken, "that Favor is held, or you bought it once already")
	}
	if s.Seats[seat].Cash < printed.BribeCost {
		return engine.Refuse(ReasonNotEnoughCash, "a Bribe costs $2,500")
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 2, false)
	b.pub(&pb.Bribed{Seat: u32(seat), Broker: info.Broker})
	b.finishPlay()
	return nil
}

func (s *state) favorHolder(br pb.Broker) int {
	for i := range s.Seats {
		if s.Seats[i].Favors[br] {
			return i
		}
	}
	return none
}

func (b *builder) rat(seat int) *engine.RuleError {
	if len(b.State().Heat) == 0 {
		return engine.Refuse(ReasonNoHeat, "Rat needs at least 1 marker on the Heat Track")
	}
	if b.Checking() {
		return nil
	}
	b.spend(seat, 2, false)
	b.pub(&pb.Ratted{Seat: u32(seat)})
	b.startRaid(pb.RaidTrigger_RAID_TRIGGER_RAT)
	b.finishPlay()
	return nil
}
