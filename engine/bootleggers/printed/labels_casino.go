package printed

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The labels of the Casino cards' commands and events (Boardwalk, rulings
// 87-99), made from the message and the data alone, as every label.

// casinoCommandLabel labels a Casino card command, or returns "".
func casinoCommandLabel(v engine.Viewer, c *pb.Command) string {
	switch k := c.GetKind().(type) {
	case *pb.Command_PlayCasinoCard:
		x := k.PlayCasinoCard
		return "play the Casino card #" + fmt.Sprint(x.GetCardId()) + casinoEffectLabel(v, casinoEffectOf(x))
	case *pb.Command_PassCasinoCards:
		return "play no more Casino cards this Selling Phase"
	case *pb.Command_AnswerCommission:
		if k.AnswerCommission.GetPay() {
			return fmt.Sprintf("pay the State Gaming Commission %dG for %s", StateGamingCommissionFee, placeName(k.AnswerCommission.GetPlace()))
		}
		return "refuse the State Gaming Commission: no payout from " + placeName(k.AnswerCommission.GetPlace()) + " this round"
	}
	return ""
}

// casinoEventLabel labels a Casino card event, or returns "".
func casinoEventLabel(v engine.Viewer, e *pb.Event) string {
	switch k := e.GetKind().(type) {
	case *pb.Event_CasinoCardPlayed:
		x := k.CasinoCardPlayed
		s := fmt.Sprintf("%s played %s%s", v.Name(engine.Seat(x.GetSeat())), casinoCardName(x.GetKind()), casinoEffectLabel(v, x))
		if x.GetPssst() != nil {
			s += " from " + placeName(x.GetFrom())
		}
		if x.GetApplePie() != nil {
			s += fmt.Sprintf(" (%s added)", count(x.GetCratesAdded(), "crate"))
		}
		return s
	case *pb.Event_CasinoCardsAwaited:
		var names []string
		for _, seat := range k.CasinoCardsAwaited.GetSeats() {
			names = append(names, v.Name(engine.Seat(seat)))
		}
		return "before the sales, the game waits for Casino cards from " + joinNames(names)
	case *pb.Event_CasinoCardsPassed:
		return v.Name(engine.Seat(k.CasinoCardsPassed.GetSeat())) + " plays no more Casino cards this Selling Phase"
	case *pb.Event_CommissionAnswered:
		x := k.CommissionAnswered
		if x.GetPaid() > 0 {
			return fmt.Sprintf("%s paid the State Gaming Commission %dG for %s", v.Name(engine.Seat(x.GetSeat())), x.GetPaid(), placeName(x.GetPlace()))
		}
		s := fmt.Sprintf("%s did not pay the State Gaming Commission: no payout from %s this round", v.Name(engine.Seat(x.GetSeat())), placeName(x.GetPlace()))
		if x.GetForced() {
			s += fmt.Sprintf(" (short of %dG)", StateGamingCommissionFee)
		}
		return s
	}
	return ""
}

// casinoEffected is what a Casino card command and its event share: the
// effect's getters.
type casinoEffected interface {
	GetCrazedFan() *pb.CrazedFan
	GetNewCityOrdinance() *pb.NewCityOrdinance
	GetPoliceRaid() *pb.PoliceRaid
	GetPssst() *pb.Pssst
	GetFireChief() *pb.FireChief
	GetPoliticalPockets() *pb.PoliticalPockets
	GetGamblingWindfall() *pb.GamblingWindfall
	GetApplePie() *pb.ApplePie
	GetInsideJob() *pb.InsideJob
	GetBreakTheBank() *pb.BreakTheBank
	GetStateGamingCommission() *pb.StateGamingCommission
}

// casinoEffectOf is a command's effect as a casinoEffected.
func casinoEffectOf(c *pb.PlayCasinoCard) casinoEffected { return c }

// casinoEffectLabel names a Casino card's target: " on Barleycorn's".
func casinoEffectLabel(v engine.Viewer, e casinoEffected) string {
	switch {
	case e.GetCrazedFan() != nil:
		return ": an Entertainment Act destroyed at " + placeName(e.GetCrazedFan().GetPlace())
	case e.GetNewCityOrdinance() != nil:
		return fmt.Sprintf(": %s pays %dG more to open a casino this round", v.Name(engine.Seat(e.GetNewCityOrdinance().GetSeat())), NewCityOrdinanceFee)
	case e.GetPoliceRaid() != nil:
		return ": " + placeName(e.GetPoliceRaid().GetPlace()) + " is closed this round"
	case e.GetPssst() != nil:
		return fmt.Sprintf(": truck %d moves to %s", e.GetPssst().GetTruck(), placeName(e.GetPssst().GetTo()))
	case e.GetFireChief() != nil:
		return ": the last truck in line at " + placeName(e.GetFireChief().GetPlace()) + " is not bought"
	case e.GetPoliticalPockets() != nil:
		x := e.GetPoliticalPockets()
		return fmt.Sprintf(": %s buys only from %s", placeName(x.GetPlace()), v.Name(engine.Seat(x.GetSeat())))
	case e.GetGamblingWindfall() != nil:
		return fmt.Sprintf(": the owner of %s is paid %dG more a crate", placeName(e.GetGamblingWindfall().GetPlace()), GamblingWindfallBonus)
	case e.GetApplePie() != nil:
		return fmt.Sprintf(": truck %d's crates are doubled", e.GetApplePie().GetTruck())
	case e.GetInsideJob() != nil:
		return fmt.Sprintf(": truck %d's crates receive the casino owner's payout", e.GetInsideJob().GetTruck())
	case e.GetBreakTheBank() != nil:
		return ": the owner of " + placeName(e.GetBreakTheBank().GetPlace()) + " receives no payout this round"
	case e.GetStateGamingCommission() != nil:
		return fmt.Sprintf(": the owner of %s pays %dG or receives no payout", placeName(e.GetStateGamingCommission().GetPlace()), StateGamingCommissionFee)
	}
	return ""
}

// joinNames joins names: "you, seat 1 and seat 2".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	s := names[0]
	for _, n := range names[1 : len(names)-1] {
		s += ", " + n
	}
	return s + " and " + names[len(names)-1]
}
