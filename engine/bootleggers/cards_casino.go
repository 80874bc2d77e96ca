package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Playing the kept Casino cards of the Boardwalk (rulings 87-99): each in
// its window, by whoever keeps it, out of turn. Crazed Fan and New City
// Ordinance during Phase 2, Police Raid and "Pssst. Hey bud. Over Here."
// during Phase 4, on any seat's turn and never waited for (as O'Malley's
// cut, ruling 81); the cards of the Selling Phase in its window
// (casino_window.go). Each play is one command, checked in full, recorded
// by one CasinoCardPlayed; the card is discarded face up.

// Refusals of a Casino card played.
const (
	// ReasonCardsPassed: the seat passed in this Selling Phase's window.
	ReasonCardsPassed = "CARDS_PASSED"
	// ReasonNoCommission: no State Gaming Commission awaits the seat's
	// answer at that casino.
	ReasonNoCommission = "NO_COMMISSION"
)

// playCasinoCard checks a kept Casino card played with its target.
func (s *State) playCasinoCard(seat int, c *pb.PlayCasinoCard) (func(decision), *engine.RuleError) {
	id := int(c.GetCardId())
	deck := printed.CasinoDeck(s.opts)
	if id < 0 || id >= len(deck) {
		return nil, engine.Malform(ReasonCardNotKept, "no Casino card %d at this table", id)
	}
	if !slices.Contains(s.seats[seat].keptCasino, id) {
		return nil, engine.Refuse(ReasonCardNotKept, "you do not keep Casino card %d", id)
	}
	kind := deck[id]
	spec, _ := printed.CasinoCard(kind)
	if casinoEffectKind(c) != kind {
		return nil, engine.Malform(ReasonBadEffect, "Casino card %d is %s; the effect named is another card's", id, spec.Name)
	}
	if spec.Phase != s.phase {
		return nil, engine.Refuse(ReasonWrongPhase, "%s is played in %s", spec.Name, printed.PhaseTitle(spec.Phase))
	}
	if s.phase == password && s.seats[seat].cardsPassed {
		return nil, engine.Refuse(ReasonCardsPassed, "you passed: you play no more Casino cards this Selling Phase")
	}
	played, err := s.casinoEffect(seat, c)
	if err != nil {
		return nil, err
	}
	played.Seat, played.CardId, played.Kind = int32(seat), int32(id), kind
	return func(b decision) { b.emit(played) }, nil
}

// casinoEffect checks the target of a Casino card and returns the event
// recording its effect (seat, card and kind still to fill in).
func (s *State) casinoEffect(seat int, c *pb.PlayCasinoCard) (*pb.CasinoCardPlayed, *engine.RuleError) {
	out := &pb.CasinoCardPlayed{}
	var err *engine.RuleError
	switch e := c.Effect.(type) {
	case *pb.PlayCasinoCard_CrazedFan:
		err = s.checkCrazedFan(e.CrazedFan.GetPlace())
		out.Effect = &pb.CasinoCardPlayed_CrazedFan{CrazedFan: clone(e.CrazedFan)}
	case *pb.PlayCasinoCard_NewCityOrdinance:
		err = s.checkOrdinance(seat, int(e.NewCityOrdinance.GetSeat()))
		out.Effect = &pb.CasinoCardPlayed_NewCityOrdinance{NewCityOrdinance: clone(e.NewCityOrdinance)}
	case *pb.PlayCasinoCard_PoliceRaid:
		err = s.openCasino(e.PoliceRaid.GetPlace())
		out.Effect = &pb.CasinoCardPlayed_PoliceRaid{PoliceRaid: clone(e.PoliceRaid)}
	case *pb.PlayCasinoCard_Pssst:
		err = s.checkPssst(e.Pssst)
		out.Effect = &pb.CasinoCardPlayed_Pssst{Pssst: clone(e.Pssst)}
		if err == nil {
			out.From = s.trucks[e.Pssst.GetTruck()].place
		}
	case *pb.PlayCasinoCard_FireChief:
		err = s.checkFireChief(e.FireChief.GetPlace())
		out.Effect = &pb.CasinoCardPlayed_FireChief{FireChief: clone(e.FireChief)}
	case *pb.PlayCasinoCard_PoliticalPockets:
		err = s.checkPockets(e.PoliticalPockets)
		out.Effect = &pb.CasinoCardPlayed_PoliticalPockets{PoliticalPockets: clone(e.PoliticalPockets)}
	case *pb.PlayCasinoCard_GamblingWindfall:
		err = s.openCasino(e.GamblingWindfall.GetPlace())
		out.Effect = &pb.CasinoCardPlayed_GamblingWindfall{GamblingWindfall: clone(e.GamblingWindfall)}
	case *pb.PlayCasinoCard_ApplePie:
		err = s.truckAtCasino(e.ApplePie.GetTruck())
		out.Effect = &pb.CasinoCardPlayed_ApplePie{ApplePie: clone(e.ApplePie)}
		if err == nil {
			out.CratesAdded = int32(s.trucks[e.ApplePie.GetTruck()].crates)
		}
	case *pb.PlayCasinoCard_InsideJob:
		err = s.truckAtCasino(e.InsideJob.GetTruck())
		out.Effect = &pb.CasinoCardPlayed_InsideJob{InsideJob: clone(e.InsideJob)}
	case *pb.PlayCasinoCard_BreakTheBank:
		err = s.openCasino(e.BreakTheBank.GetPlace())
		out.Effect = &pb.CasinoCardPlayed_BreakTheBank{BreakTheBank: clone(e.BreakTheBank)}
	case *pb.PlayCasinoCard_StateGamingCommission:
		err = s.checkCommission(seat, e.StateGamingCommission.GetPlace())
		out.Effect = &pb.CasinoCardPlayed_StateGamingCommission{StateGamingCommission: clone(e.StateGamingCommission)}
	}
	return out, err
}

// casinoEffectKind returns the Casino card kind an effect belongs to.
func casinoEffectKind(c *pb.PlayCasinoCard) pb.CasinoCardKind {
	switch c.Effect.(type) {
	case *pb.PlayCasinoCard_CrazedFan:
		return crazedFan
	case *pb.PlayCasinoCard_NewCityOrdinance:
		return ordinance
	case *pb.PlayCasinoCard_PoliceRaid:
		return policeRaid
	case *pb.PlayCasinoCard_Pssst:
		return pssst
	case *pb.PlayCasinoCard_FireChief:
		return fireChief
	case *pb.PlayCasinoCard_PoliticalPockets:
		return politicalPockets
	case *pb.PlayCasinoCard_GamblingWindfall:
		return windfall
	case *pb.PlayCasinoCard_ApplePie:
		return applePie
	case *pb.PlayCasinoCard_InsideJob:
		return insideJob
	case *pb.PlayCasinoCard_BreakTheBank:
		return breakTheBank
	case *pb.PlayCasinoCard_StateGamingCommission:
		return commission
	}
	return pb.CasinoCardKind_CASINO_CARD_KIND_UNSPECIFIED
}

// casinoInPlay refuses a place that is not a casino in play (Malformed for
// no place at all, BAD_TARGET for a place that is no casino).
func (s *State) casinoInPlay(p pb.DrinkingPlace) *engine.RuleError {
	if p < omalleys || int(p) > printed.PlaceCount || !s.place(p).inPlay {
		return engine.Malform(ReasonBadPlace, "%v is not a drinking place in play", p)
	}
	if s.place(p).kind != casino {
		return engine.Refuse(ReasonBadTarget, "%s is no casino", printed.Place(p).Name)
	}
	return nil
}

// openCasino refuses a place that is not a casino open this round: "That
// Casino is closed for one round only." (ruling 90).
func (s *State) openCasino(p pb.DrinkingPlace) *engine.RuleError {
	if err := s.casinoInPlay(p); err != nil {
		return err
	}
	if !s.open(p) {
		return engine.Refuse(ReasonPlaceClosed, "%s is closed this round", printed.Place(p).Name)
	}
	return nil
}

// checkCrazedFan: "Destroy Casino Improvement marker in a Casino." A casino
// with an Entertainment Act, anyone's (ruling 88).
func (s *State) checkCrazedFan(p pb.DrinkingPlace) *engine.RuleError {
	if err := s.casinoInPlay(p); err != nil {
		return err
	}
	if s.place(p).acts == 0 {
		return engine.Refuse(ReasonBadTarget, "%s has no Entertainment Act", printed.Place(p).Name)
	}
	return nil
}

// checkOrdinance: a rival whose Phase 2 turn is not over, not under an
// ordinance already (ruling 89).
func (s *State) checkOrdinance(seat, rival int) *engine.RuleError {
	switch {
	case rival < 0 || rival >= s.players:
		return engine.Malform(engine.ReasonBadSeat, "no seat %d", rival)
	case rival == seat:
		return engine.Refuse(ReasonTargetSelf, "a New City Ordinance makes a rival pay to open a casino")
	case s.seats[rival].done:
		return engine.Refuse(ReasonBadTarget, "%v has sent in the boys this round: he opens no casino now", engine.Seat(rival))
	case s.seats[rival].ordinance:
		return engine.Refuse(ReasonBadTarget, "%v pays the ordinance's fee already", engine.Seat(rival))
	}
	return nil
}

// lineOf refuses a truck that is not in a line this round and returns
// where it is lined up.
func (s *State) lineOf(id int32) (pb.DrinkingPlace, *engine.RuleError) {
	if err := validTruck(id); err != nil {
		return 0, err
	}
	t := s.trucks[id]
	if t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || t.halted {
		return 0, engine.Refuse(ReasonNotLinedUp, "truck %d is not lined up", id)
	}
	return t.place, nil
}

// checkPssst: "Play on a truck lined up at a Speakeasy or Casino. Move the
// truck to a Casino." Any truck lined up at a speakeasy or a casino, to
// another casino open this round (ruling 91).
func (s *State) checkPssst(c *pb.Pssst) *engine.RuleError {
	at, err := s.lineOf(c.GetTruck())
	if err != nil {
		return err
	}
	if s.place(at).kind == pb.PlaceKind_PLACE_KIND_OMALLEYS {
		return engine.Refuse(ReasonBadTarget, "truck %d is at O'Malley's, not at a speakeasy or casino", c.GetTruck())
	}
	if err := s.openCasino(c.GetTo()); err != nil {
		return err
	}
	if c.GetTo() == at {
		return engine.Refuse(ReasonBadTarget, "truck %d is at %s already", c.GetTruck(), printed.Place(at).Name)
	}
	return nil
}

// checkFireChief: "Send the Fire Chief to inspect a Speakeasy or Casino."
// An open speakeasy or casino with a truck in line (ruling 93).
func (s *State) checkFireChief(p pb.DrinkingPlace) *engine.RuleError {
	if p < omalleys || int(p) > printed.PlaceCount || !s.place(p).inPlay {
		return engine.Malform(ReasonBadPlace, "%v is not a drinking place in play", p)
	}
	st := s.place(p)
	switch {
	case st.kind != speakeasy && st.kind != casino:
		return engine.Refuse(ReasonBadTarget, "the Fire Chief inspects a speakeasy or a casino")
	case !s.open(p):
		return engine.Refuse(ReasonPlaceClosed, "%s is closed", printed.Place(p).Name)
	case len(st.line) == 0:
		return engine.Refuse(ReasonNotLinedUp, "no truck is lined up at %s", printed.Place(p).Name)
	}
	return nil
}

// checkPockets: an open casino and a Mobster running a truck in its line
// (ruling 94).
func (s *State) checkPockets(c *pb.PoliticalPockets) *engine.RuleError {
	if err := s.openCasino(c.GetPlace()); err != nil {
		return err
	}
	who := int(c.GetSeat())
	if who < 0 || who >= s.players {
		return engine.Malform(engine.ReasonBadSeat, "no seat %d", who)
	}
	if !slices.ContainsFunc(s.place(c.GetPlace()).line, func(id int) bool { return s.runnerOf(id) == who }) {
		return engine.Refuse(ReasonBadTarget, "%v runs no truck at %s", engine.Seat(who), printed.Place(c.GetPlace()).Name)
	}
	return nil
}

// truckAtCasino: a truck in line at a casino open this round (rulings 96,
// 97).
func (s *State) truckAtCasino(id int32) *engine.RuleError {
	at, err := s.lineOf(id)
	if err != nil {
		return err
	}
	if s.place(at).kind != casino {
		return engine.Refuse(ReasonBadTarget, "truck %d is not at a casino", id)
	}
	if !s.open(at) {
		return engine.Refuse(ReasonPlaceClosed, "%s is closed this round: no crates are sold there", printed.Place(at).Name)
	}
	return nil
}

// checkCommission: an open casino the player does not own, with no
// commission yet (ruling 99).
func (s *State) checkCommission(seat int, p pb.DrinkingPlace) *engine.RuleError {
	if err := s.openCasino(p); err != nil {
		return err
	}
	if s.place(p).casinoOwner == seat {
		return engine.Refuse(ReasonTargetSelf, "the Commission makes another casino's owner pay you")
	}
	return nil
}
