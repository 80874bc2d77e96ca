package bootleggers

import (
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Kept Men of Action cards, played on the holder's own turn in the phase
// they name, each one command resolved at once (ruling 26; effects: rulings
// 53-58).

// playCard checks a kept card played with its target.
func (s *State) playCard(seat int, c *pb.PlayCard) (func(decision), *engine.RuleError) {
	id := int(c.GetCardId())
	kind := printed.CardKindOf(id)
	if kind == pb.CardKind_CARD_KIND_UNSPECIFIED {
		return nil, engine.Malform(ReasonCardNotKept, "no Men of Action card %d", id)
	}
	if !slices.Contains(s.seats[seat].kept, id) {
		return nil, engine.Refuse(ReasonCardNotKept, "you do not keep card %d", id)
	}
	spec, _ := printed.Card(kind)
	if effectKind(c) != kind {
		return nil, engine.Malform(ReasonBadEffect, "card %d is a %s; the effect named is another card's", id, spec.Name)
	}
	if spec.Phase != s.phase {
		return nil, engine.Refuse(ReasonWrongPhase, "%s is played in %s", spec.Name, printed.PhaseTitle(spec.Phase))
	}
	var err *engine.RuleError
	var from *int32
	switch e := c.Effect.(type) {
	case *pb.PlayCard_Hit:
		err = s.checkHit(seat, e.Hit, spec.Amount)
	case *pb.PlayCard_Shutdown:
		err = s.checkShutdown(seat, e.Shutdown)
	case *pb.PlayCard_PayOffTheCopper:
		if s.copper != seat {
			err = engine.Refuse(ReasonNoCopper, "you do not have the Copper")
		}
	case *pb.PlayCard_Hijack:
		err, from = s.checkLinedUpRival(seat, e.Hijack.GetTruck()), s.fromRunner(e.Hijack.GetTruck())
	case *pb.PlayCard_HaltAnOrder:
		err, from = s.checkLinedUpRival(seat, e.HaltAnOrder.GetTruck()), s.fromRunner(e.HaltAnOrder.GetTruck())
	case *pb.PlayCard_BigNight:
		err = s.checkBigNight(e.BigNight.GetPlace())
	}
	if err != nil {
		return nil, err
	}
	// The event is built only when the card is played: a check (a prompt's
	// legal list weighs every target) copies nothing.
	return func(b decision) { b.emit(cardPlayed(seat, kind, c, from)) }, nil
}

// cardPlayed is the event of card c played by seat, with a copy of its
// effect.
func cardPlayed(seat int, kind pb.CardKind, c *pb.PlayCard, from *int32) *pb.CardPlayed {
	played := &pb.CardPlayed{Seat: int32(seat), CardId: c.GetCardId(), Kind: kind, From: from}
	switch e := c.Effect.(type) {
	case *pb.PlayCard_Hit:
		played.Effect = &pb.CardPlayed_Hit{Hit: clone(e.Hit)}
	case *pb.PlayCard_Shutdown:
		played.Effect = &pb.CardPlayed_Shutdown{Shutdown: clone(e.Shutdown)}
	case *pb.PlayCard_PayOffTheCopper:
		played.Effect = &pb.CardPlayed_PayOffTheCopper{PayOffTheCopper: clone(e.PayOffTheCopper)}
	case *pb.PlayCard_Hijack:
		played.Effect = &pb.CardPlayed_Hijack{Hijack: clone(e.Hijack)}
	case *pb.PlayCard_HaltAnOrder:
		played.Effect = &pb.CardPlayed_HaltAnOrder{HaltAnOrder: clone(e.HaltAnOrder)}
	case *pb.PlayCard_BigNight:
		played.Effect = &pb.CardPlayed_BigNight{BigNight: clone(e.BigNight)}
	}
	return played
}

// clone returns a copy of a message, so that an event never shares a
// command's.
func clone[M proto.Message](m M) M { return proto.Clone(m).(M) }

// effectKind returns the card kind an effect belongs to.
func effectKind(c *pb.PlayCard) pb.CardKind {
	switch c.Effect.(type) {
	case *pb.PlayCard_Hit:
		return hit
	case *pb.PlayCard_Shutdown:
		return shutdown
	case *pb.PlayCard_PayOffTheCopper:
		return payOff
	case *pb.PlayCard_Hijack:
		return hijack
	case *pb.PlayCard_HaltAnOrder:
		return halt
	case *pb.PlayCard_BigNight:
		return bigNight
	}
	return pb.CardKind_CARD_KIND_UNSPECIFIED
}

// checkHit: one speakeasy, one or two markers of other colours there
// (two of one colour, or one each of two; neutral markers too) (ruling 53).
func (s *State) checkHit(seat int, h *pb.Hit, most int) *engine.RuleError {
	if err := s.speakeasyInPlay(h.GetPlace()); err != nil {
		return err
	}
	if n := len(h.GetVictims()); n < 1 || n > most {
		return engine.Malform(ReasonBadTarget, "a Hit takes 1 to %d markers, not %d", most, n)
	}
	var count [colourCount]int
	for _, v := range h.GetVictims() {
		c, ok := s.colourOf(v)
		if !ok {
			return engine.Malform(ReasonBadTarget, "no colour %v at this table", v)
		}
		if c == colour(seat) {
			return engine.Refuse(ReasonTargetSelf, "a Hit cannot take your own markers")
		}
		count[c]++
		if count[c] > s.place(h.GetPlace()).markers[c] {
			return engine.Refuse(ReasonBadTarget, "%s has no more markers of that colour", printed.Place(h.GetPlace()).Name)
		}
	}
	return nil
}

// checkShutdown: a rival's still, not shut down already this round
// (ruling 54).
func (s *State) checkShutdown(seat int, t *pb.Shutdown) *engine.RuleError {
	rival, i := int(t.GetSeat()), int(t.GetStill())
	switch {
	case rival < 0 || rival >= s.players:
		return engine.Malform(engine.ReasonBadSeat, "no seat %d", rival)
	case rival == seat:
		return engine.Refuse(ReasonTargetSelf, "a Shutdown stops a rival's still")
	case i < 0 || i >= len(s.seats[rival].stills):
		return engine.Refuse(ReasonBadTarget, "%v has no still %d", engine.Seat(rival), i)
	case s.seats[rival].stills[i].shutDown:
		return engine.Refuse(ReasonAlreadyShutDown, "that still is shut down already")
	}
	return nil
}

// checkLinedUpRival: a truck a rival runs, lined up this round (rulings
// 56-57).
func (s *State) checkLinedUpRival(seat int, id int32) *engine.RuleError {
	if err := validTruck(id); err != nil {
		return err
	}
	t := s.trucks[id]
	switch {
	case t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED || t.halted:
		return engine.Refuse(ReasonNotLinedUp, "truck %d is not lined up", id)
	case s.runnerOf(int(id)) == seat:
		return engine.Refuse(ReasonTargetSelf, "you run truck %d yourself", id)
	}
	return nil
}

// fromRunner returns who runs a truck now, for the event (nil for no truck).
func (s *State) fromRunner(id int32) *int32 {
	if id < 0 || id >= printed.TruckFigures || s.runnerOf(int(id)) == noSeat {
		return nil
	}
	return ptr(int32(s.runnerOf(int(id))))
}

// checkBigNight: an open speakeasy in play, once a round (ruling 58).
func (s *State) checkBigNight(p pb.DrinkingPlace) *engine.RuleError {
	if err := s.speakeasyInPlay(p); err != nil {
		return err
	}
	if !s.open(p) {
		return engine.Refuse(ReasonPlaceClosed, "%s is closed", printed.Place(p).Name)
	}
	if s.place(p).bigNight {
		return engine.Refuse(ReasonAlreadyBigNight, "%s has its Big Night this round", printed.Place(p).Name)
	}
	return nil
}
