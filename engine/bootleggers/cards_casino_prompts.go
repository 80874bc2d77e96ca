package bootleggers

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The prompts of the Casino cards (rulings 87, 92): in Phases 2 and 4 a
// holder's plays are listed in his prompt, a prompt that does not hold the
// game up when it is not his turn; in the Selling Phase's window every seat
// waited for must play, pass or answer.

// casinoCardCandidates lists every kept Casino card of seat with every
// target it might take now; the checks keep those it may.
func (s *State) casinoCardCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for _, id := range s.seats[seat].keptCasino {
		for _, e := range s.casinoTargets(printed.CasinoDeck(s.opts)[id]) {
			c := &pb.PlayCasinoCard{CardId: int32(id)}
			e(c)
			out = append(out, Cmd(c))
		}
	}
	return out
}

// playableCasinoCards lists the plays of seat's kept Casino cards that its
// checks accept now, the turn aside.
func (s *State) playableCasinoCards(seat int) []*pb.Command {
	var out []*pb.Command
	for _, c := range s.casinoCardCandidates(seat) {
		if _, err := s.playCasinoCard(seat, c.GetPlayCasinoCard()); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// casinoTargets returns a setter per target a Casino card of kind k might
// take.
func (s *State) casinoTargets(k pb.CasinoCardKind) []func(*pb.PlayCasinoCard) {
	var out []func(*pb.PlayCasinoCard)
	casinos, lined := s.casinos(), s.linedUpTrucks()
	switch k {
	case ordinance:
		for r := range s.seats {
			out = append(out, func(c *pb.PlayCasinoCard) {
				c.Effect = &pb.PlayCasinoCard_NewCityOrdinance{NewCityOrdinance: &pb.NewCityOrdinance{Seat: int32(r)}}
			})
		}
	case pssst:
		for _, id := range lined {
			for _, p := range casinos {
				out = append(out, func(c *pb.PlayCasinoCard) {
					c.Effect = &pb.PlayCasinoCard_Pssst{Pssst: &pb.Pssst{Truck: int32(id), To: p}}
				})
			}
		}
	case applePie, insideJob:
		for _, id := range lined {
			out = append(out, truckTarget(k, int32(id)))
		}
	case fireChief:
		for _, spec := range printed.Places {
			if p := spec.Place; s.place(p).inPlay && (s.place(p).kind == speakeasy || s.place(p).kind == casino) {
				out = append(out, func(c *pb.PlayCasinoCard) {
					c.Effect = &pb.PlayCasinoCard_FireChief{FireChief: &pb.FireChief{Place: p}}
				})
			}
		}
	case politicalPockets:
		for _, p := range casinos {
			for r := range s.seats {
				out = append(out, func(c *pb.PlayCasinoCard) {
					c.Effect = &pb.PlayCasinoCard_PoliticalPockets{PoliticalPockets: &pb.PoliticalPockets{Place: p, Seat: int32(r)}}
				})
			}
		}
	default:
		for _, p := range casinos {
			out = append(out, placeTarget(k, p))
		}
	}
	return out
}

// truckTarget is the setter of Apple Pie! or Inside Job on truck id.
func truckTarget(k pb.CasinoCardKind, id int32) func(*pb.PlayCasinoCard) {
	if k == applePie {
		return func(c *pb.PlayCasinoCard) { c.Effect = &pb.PlayCasinoCard_ApplePie{ApplePie: &pb.ApplePie{Truck: id}} }
	}
	return func(c *pb.PlayCasinoCard) {
		c.Effect = &pb.PlayCasinoCard_InsideJob{InsideJob: &pb.InsideJob{Truck: id}}
	}
}

// placeTarget is the setter of a Casino card of kind k played on casino p
// alone.
func placeTarget(k pb.CasinoCardKind, p pb.DrinkingPlace) func(*pb.PlayCasinoCard) {
	return func(c *pb.PlayCasinoCard) {
		switch k {
		case crazedFan:
			c.Effect = &pb.PlayCasinoCard_CrazedFan{CrazedFan: &pb.CrazedFan{Place: p}}
		case policeRaid:
			c.Effect = &pb.PlayCasinoCard_PoliceRaid{PoliceRaid: &pb.PoliceRaid{Place: p}}
		case windfall:
			c.Effect = &pb.PlayCasinoCard_GamblingWindfall{GamblingWindfall: &pb.GamblingWindfall{Place: p}}
		case breakTheBank:
			c.Effect = &pb.PlayCasinoCard_BreakTheBank{BreakTheBank: &pb.BreakTheBank{Place: p}}
		case commission:
			c.Effect = &pb.PlayCasinoCard_StateGamingCommission{StateGamingCommission: &pb.StateGamingCommission{Place: p}}
		}
	}
}

// casinos lists the casinos in play, smallest first.
func (s *State) casinos() []pb.DrinkingPlace {
	var out []pb.DrinkingPlace
	for _, spec := range printed.Places {
		if st := s.place(spec.Place); st.inPlay && st.kind == casino {
			out = append(out, spec.Place)
		}
	}
	return out
}

// linedUpTrucks lists the trucks in a line, place by place, front first.
func (s *State) linedUpTrucks() []int {
	var out []int
	for _, spec := range printed.Places {
		out = append(out, s.place(spec.Place).line...)
	}
	return out
}

// casinoCardPrompts are the prompts that offer seats other than on its
// turn their Casino card plays of Phase 2 or Phase 4 (never waited for);
// on is the seat whose turn it is, whose own prompt lists them.
func (s *State) casinoCardPrompts(on int) []engine.Prompt {
	var out []engine.Prompt
	for i := range s.players {
		if i == on {
			continue
		}
		if legal := s.legal(i, s.casinoCardCandidates(i)); len(legal) > 0 {
			out = append(out, engine.Prompt{Seat: engine.Seat(i), Reason: printed.PromptCasinoCard,
				Detail: "play a Casino card", Legal: legal})
		}
	}
	return out
}

// windowPrompts are the Selling Phase's window's: every seat waited for
// must play a Casino card, pass, or answer a Commission (ruling 92): the
// first one's only, unless all.
func (s *State) windowPrompts(all bool) []engine.Prompt {
	var out []engine.Prompt
	for _, seat := range s.cardWaiters() {
		var cands []*pb.Command
		detail := "play Casino cards of the Selling Phase, or pass"
		if p := s.commissionDue(seat); p != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			cands = append(cands, Cmd(&pb.AnswerCommission{Place: p, Pay: true}), Cmd(&pb.AnswerCommission{Place: p}))
			detail = fmt.Sprintf("pay the State Gaming Commission %dG for %s, or have no payout from it this round",
				printed.StateGamingCommissionFee, printed.Place(p).Name)
		}
		if !s.seats[seat].cardsPassed {
			cands = slices.Concat(cands, s.casinoCardCandidates(seat), []*pb.Command{Cmd(&pb.PassCasinoCards{})})
		}
		out = append(out, engine.Prompt{Seat: engine.Seat(seat), MustAct: true, Reason: printed.PromptCasinoCards,
			Detail: detail, Legal: s.legal(seat, cands)})
		if !all {
			break
		}
	}
	return out
}
