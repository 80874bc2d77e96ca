package bootleggers

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Phase 2, Send in the Boys (rulings 28-29, 67) and Phase 3, Fire up the
// Still (rulings 30-34, 65-66).

// sendInTheBoys checks a seat's placements (and, with Ring up the Boys,
// the marker called back first). The command ends the seat's turn.
func (s *State) sendInTheBoys(seat int, c *pb.SendInTheBoys) (func(decision), *engine.RuleError) {
	back, from, re := s.seats[seat].backRoom, c.GetRingUpFrom(), c.GetRedevelop()
	var price Redevelopment
	if re != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		var err *engine.RuleError
		if price, err = s.checkRedevelop(seat, re); err != nil {
			return nil, err
		}
		if from == re {
			return nil, engine.Refuse(ReasonRingUpNotAllowed, "%s is being redeveloped", printed.Place(re).Name)
		}
		// "The new Casino owner moves his Influence from the Speakeasy
		// being redeveloped to his Back Room." and "may optionally place
		// Influence according to the Bootleggers rules".
		back += s.place(re).markers[seat]
	}
	if from != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		if err := s.checkRingUp(seat, from); err != nil {
			return nil, err
		}
		back++
	}
	seen := map[pb.DrinkingPlace]bool{}
	total := 0
	for _, pl := range c.GetPlacements() {
		p, n := pl.GetPlace(), int(pl.GetMarkers())
		if err := s.speakeasyInPlay(p); err != nil {
			return nil, err
		}
		switch {
		case seen[p]:
			return nil, engine.Malform(ReasonDuplicate, "%s is named twice", printed.Place(p).Name)
		case p == re:
			return nil, engine.Refuse(ReasonNoRoom, "%s is becoming a casino: it takes no markers", printed.Place(p).Name)
		case n < 1:
			return nil, engine.Malform(ReasonBadPlacement, "a placement of %d markers", n)
		}
		seen[p] = true
		free := s.freeCircles(p)
		if p == from {
			free++
		}
		if n > free {
			return nil, engine.Refuse(ReasonNoRoom, "%s has %d free circles", printed.Place(p).Name, free)
		}
		total += n
	}
	if total > back {
		return nil, engine.Refuse(ReasonNotEnoughMarkers, "your Back Room holds %d markers", back)
	}
	sent := &pb.BoysSent{Seat: int32(seat), RingUpFrom: from}
	for _, pl := range c.GetPlacements() {
		sent.Placements = append(sent.Placements, clone(pl))
	}
	if re == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
		return func(b decision) { b.emit(sent) }, nil
	}
	return func(b decision) {
		b.emit(b.State().redeveloped(seat, re, price))
		b.emit(sent)
		b.emit(b.State().ownerDiscards(seat))
	}, nil
}

// checkRingUp: "A Mobster may move one Influence marker per Round from a
// Speakeasy to his Back Room during Phase 2: Send in the Boys if it does
// not result in the Speakeasy closing." (ruling 67)
func (s *State) checkRingUp(seat int, from pb.DrinkingPlace) *engine.RuleError {
	switch {
	case !s.opts.GetRingUpTheBoys():
		return engine.Refuse(ReasonRingUpNotAllowed, "this table does not play Ring up the Boys")
	case s.seats[seat].rangUp:
		return engine.Refuse(ReasonRingUpNotAllowed, "you rang up the boys this round already")
	}
	if err := s.speakeasyInPlay(from); err != nil {
		return err
	}
	if s.place(from).markers[seat] == 0 {
		return engine.Refuse(ReasonRingUpNotAllowed, "you have no marker at %s", printed.Place(from).Name)
	}
	n, _ := s.house.Speakeasy(from)
	if s.open(from) && s.place(from).total()-1 < n.Minimum {
		return engine.Refuse(ReasonWouldClose, "calling a marker back would close %s", printed.Place(from).Name)
	}
	return nil
}

// canRingUp reports whether seat could ring up a marker now.
func (s *State) canRingUp(seat int) bool {
	for _, p := range printed.PlacesInPlay(s.players, s.opts) {
		if s.place(p).kind == speakeasy && s.checkRingUp(seat, p) == nil {
			return true
		}
	}
	return false
}

// redevelopable lists the speakeasies seat may redevelop now (Boardwalk).
func (s *State) redevelopable(seat int) []pb.DrinkingPlace {
	var out []pb.DrinkingPlace
	if !s.opts.GetBoardwalk() {
		return nil
	}
	for _, c := range s.boardwalk.Casinos {
		if _, err := s.checkRedevelop(seat, c.Place); err == nil {
			out = append(out, c.Place)
		}
	}
	return out
}

// passedOver reports whether seat has nothing it could do in Phase 2: an
// empty Back Room, no Phase 2 card, no Ring up the Boys to use and no
// speakeasy it may redevelop (ruling 28). Every fact it reads is public.
func (s *State) passedOver(seat int) bool {
	p := s.seats[seat]
	if p.backRoom > 0 || s.canRingUp(seat) || len(s.redevelopable(seat)) > 0 {
		return false
	}
	return !slices.ContainsFunc(p.kept, func(id int) bool {
		spec, _ := printed.Card(printed.CardKindOf(id))
		return spec.Phase == sendIn
	})
}

// coolRound reports whether Phase 3 is played in turns this round: with
// Play it Cool, outside Ramp Still Production's rounds (rulings 30, 65).
func (s *State) coolRound() bool {
	return s.opts.GetPlayItCool() && !s.rampRound()
}

// rampRound reports whether Ramp Still Production sets this round's dice.
func (s *State) rampRound() bool {
	return s.opts.GetRampStillProduction() && s.round <= printed.RampRounds
}

// mayPlayCool reports whether seat has a choice in Phase 3: it does not
// have the Copper ("Cannot be done if you have the Copper") and some
// still of its is not shut down (ruling 30).
func (s *State) mayPlayCool(seat int) bool {
	return s.copper != seat && slices.ContainsFunc(s.seats[seat].stills, func(st still) bool { return !st.shutDown })
}

// fireUpTheStill checks a seat's declaration in Phase 3 (Play it Cool).
func (s *State) fireUpTheStill(seat int, c *pb.FireUpTheStill) (func(decision), *engine.RuleError) {
	if c.GetPlayItCool() && s.copper == seat {
		return nil, engine.Refuse(ReasonHasTheCopper, "Play it Cool cannot be done if you have the Copper")
	}
	return func(b decision) { b.emit(b.State().production(seat, c.GetPlayItCool(), b.Rand())) }, nil
}

// production rolls seat's stills: every die's face, or 4 and 3 in Ramp
// Still Production's rounds, or 3 when playing it cool; a shut-down still
// produces nothing; the Copper seizes the highest producing die
// (rulings 30-34, 65-66).
func (s *State) production(seat int, cool bool, rng *engine.Rand) *pb.StillFired {
	ramp := s.rampRound()
	out := &pb.StillFired{Seat: int32(seat), Ramp: ramp, PlayItCool: cool && !ramp}
	highest, sum := 0, 0
	for i, st := range s.seats[seat].stills {
		roll := &pb.StillRoll{Still: int32(i), ShutDown: st.shutDown}
		for j := range st.dice {
			if st.shutDown {
				break
			}
			face := 0
			switch {
			case ramp && i == 0 && j == 0:
				face = printed.RampFirstDie
			case ramp:
				face = printed.RampOtherDie
			case cool:
				face = printed.PlayItCoolFace
			default:
				face = rng.Die(6)
			}
			roll.Dice = append(roll.Dice, int32(face))
			highest, sum = max(highest, face), sum+face
		}
		out.Stills = append(out.Stills, roll)
	}
	if s.copper == seat && !ramp {
		out.CopperSeized = int32(highest)
	}
	out.Crates = int32(sum) - out.CopperSeized
	return out
}
