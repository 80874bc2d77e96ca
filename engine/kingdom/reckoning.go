package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Reckoning: the Sweep, Titles, Contracts, the win check and the Moon.

func (b *builder) reckoning() {
	b.sweep()
	b.redistributeTitles()
	b.fulfilContracts()
	if b.winCheck() {
		return
	}
	b.pub(rollDay(b.State(), b.Rand()))
}

// sweep arrests Runners beyond 5 Mobsters in a District, unless the mob
// holds Mayor Jimmy Walker's Favor.
func (b *builder) sweep() {
	s := b.State()
	ev := &pb.Swept{}
	for _, d := range printed.AllDistricts() {
		for seat, p := range s.dist(d).Mobs {
			if p.mobsters() <= printed.SweepLimit || s.Seats[seat].Favors[pb.Broker_BROKER_JIMMY_WALKER] {
				continue
			}
			r := min(p.mobsters()-printed.SweepLimit, p.Runners)
			ev.Arrests = append(ev.Arrests, &pb.Casualty{District: d, Seat: u32(seat), Runners: u32(r)})
		}
	}
	if len(ev.Arrests) > 0 {
		b.pub(ev)
	}
}

// titleHolders returns who the board says holds each Deed, Syndicate and
// the Ward Boss card: the majority of the Districts of each Borough, of
// the Speakeasies of each House Pour and of the Ghettos. It reads each
// District's controller once: it runs after every Play.
func (s *state) titleHolders() (deeds [6]int, syndicates [5]int, ward int) {
	var byBorough [6][printed.MaxSeats]int
	var byPour [5][printed.MaxSeats]int
	var ghettos [printed.MaxSeats]int
	for d := pb.District(1); d <= printed.NumDistricts; d++ {
		c := s.controller(d)
		if c == none {
			continue
		}
		info := printed.Info(d)
		byBorough[info.Borough][c]++
		if info.IsSpeakeasy() {
			byPour[info.HousePour][c]++
		}
		if info.Kind == ghetto {
			ghettos[c]++
		}
	}
	deeds[0], syndicates[0] = none, none
	for _, bo := range printed.Boroughs() {
		deeds[bo.ID] = printed.TitleHolder(byBorough[bo.ID][:s.Players])
	}
	for _, l := range printed.Liquors {
		syndicates[l] = printed.TitleHolder(byPour[l][:s.Players])
	}
	return deeds, syndicates, printed.TitleHolder(ghettos[:s.Players])
}

func (b *builder) redistributeTitles() {
	deeds, syns, ward := b.State().titleHolders()
	for _, bo := range printed.Boroughs() {
		if deeds[bo.ID] != b.State().Deeds[bo.ID] {
			b.pub(&pb.TitleChanged{Title: pb.Title_TITLE_DEED, Borough: bo.ID, Holder: optSeat(deeds[bo.ID])})
		}
	}
	for _, l := range printed.Liquors {
		if syns[l] != b.State().Syndicates[l] {
			b.pub(&pb.TitleChanged{Title: pb.Title_TITLE_SYNDICATE, Liquor: l, Holder: optSeat(syns[l])})
		}
	}
	if ward != b.State().WardBoss {
		b.pub(&pb.TitleChanged{Title: pb.Title_TITLE_WARD_BOSS, Holder: optSeat(ward)})
	}
}

// fulfilContracts takes one marker off every staked Contract. Every
// objective whose Deadline arrives is read from the same board (the stage
// is simultaneous); then Takes are paid and Commissions taken.
func (b *builder) fulfilContracts() {
	var evs []*pb.ContractReckoned
	for _, seat := range b.State().DayOrder {
		for _, k := range b.State().Seats[seat].Staked {
			card, _ := printed.Card(k.Card)
			ev := &pb.ContractReckoned{Seat: u32(seat), Card: u32(k.Card), Deadline: k.Markers == 1}
			if ev.Deadline && b.State().met(card, seat) {
				ev.Completed, ev.Take = true, u32(printed.Tiers[card.Tier].Take)
			}
			evs = append(evs, ev)
		}
	}
	for _, ev := range evs {
		b.pub(ev)
		p := b.State().Seats[ev.Seat]
		if ev.Completed && !p.Commission && hasPortfolio(p.Completed) {
			b.pub(&pb.CommissionTaken{Seat: ev.Seat})
		}
	}
}

// hasPortfolio reports a Gig, a Racket and a Score completed.
func hasPortfolio(completed []int) bool {
	have := map[pb.Tier]bool{}
	for _, c := range completed {
		card, _ := printed.Card(c)
		have[card.Tier] = true
	}
	return have[gig] && have[racket] && have[score]
}

// respect tallies a seat's Respect as "Earning Respect" lists it: its
// standing, less "Blood Debts" and "The Squealer's Grave".
func (s *state) respect(seat int) int {
	r := s.standing(seat) - printed.MarkPenalty*s.Seats[seat].Loans
	if s.Rat == seat {
		r -= printed.RatPenalty
	}
	return r
}

// standing is the Respect of the Titles a seat holds and the Contracts it
// completed, without the end-of-game deductions: what the Sit-Down ranks
// ("Tally everyone's current Respect (scoring held Titles and completed
// Contracts)", ruling 77).
func (s *state) standing(seat int) int {
	r := 0
	for _, bo := range printed.Boroughs() {
		if s.Deeds[bo.ID] == seat {
			r += bo.Respect
		}
	}
	if s.WardBoss == seat {
		r += printed.WardBossRespect
	}
	for _, c := range s.Seats[seat].Completed {
		card, _ := printed.Card(c)
		r += printed.Tiers[card.Tier].Respect
	}
	r += printed.SyndicateRespect * countHolder(s.Syndicates[1:], seat)
	return r
}

// bankroll is cash plus the Playbook's loose change.
func (s *state) bankroll(seat int) int {
	return s.Seats[seat].Cash + printed.PlaybookOf(s.Seats[seat].Playbook).LooseChange
}

// winCheck ends the game when a seat holds a Commission card and enough
// Respect; several such seats settle it by Respect, then bankroll, then
// Turn Order (MaxFunc keeps the first of equals).
func (b *builder) winCheck() bool {
	s := b.State()
	if s.Partner[0] != none {
		return b.allianceWin()
	}
	var cands []int
	for _, seat := range s.DayOrder {
		if s.Seats[seat].Commission && !s.Seats[seat].Resigned && s.respect(seat) >= s.respectToWin() {
			cands = append(cands, seat)
		}
	}
	if len(cands) == 0 {
		return false
	}
	win := slices.MaxFunc(cands, func(a, c int) int {
		if d := s.respect(a) - s.respect(c); d != 0 {
			return d
		}
		return s.bankroll(a) - s.bankroll(c)
	})
	b.pub(s.ended(win, nil))
	return true
}
