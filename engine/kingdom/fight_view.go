package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// What a fight offers: the concrete responses for prompts, the Advance
// template, and the fight's part of the view.

// fightCandidates lists the concrete responses worth checking at the
// fight's pending decision.
func (s *state) fightCandidates(seat int) []*pb.Command {
	f := s.Fight
	var out []*pb.Command
	switch f.Stage {
	case pb.Awaiting_AWAITING_STANDOFF:
		out = append(out, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH}),
			cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE}))
		out = append(out, s.edgeCandidates(seat, func(e edge) *pb.Command {
			return cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH, Firepower: e.firepower, Courage: e.courage,
				Plunder: e.plunder, Steal: e.steal})
		})...)
		for _, d := range printed.Neighbours(f.District) {
			out = append(out, cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: d}),
				cmd(&pb.Standoff{Choice: pb.StandoffChoice_STANDOFF_CHOICE_FOLD, FleeTo: d, Commandeer: true}))
		}
	case pb.Awaiting_AWAITING_PINNED:
		out = append(out, cmd(&pb.Assault{}), cmd(&pb.Storm{}), cmd(&pb.FallBack{}), cmd(&pb.Torch{}))
		out = append(out, s.edgeCandidates(seat, func(e edge) *pb.Command {
			return cmd(&pb.Assault{Firepower: e.firepower, Courage: e.courage, Plunder: e.plunder, Steal: e.steal})
		})...)
		for _, d := range printed.Neighbours(f.District) {
			out = append(out, cmd(&pb.Advance{To: d}), cmd(&pb.Advance{To: d, Commandeer: true}))
		}
	case pb.Awaiting_AWAITING_SPOILS:
		out = append(out, cmd(&pb.Spoils{}), cmd(&pb.Spoils{Commandeer: true}))
		for _, h := range s.safehouseDistricts(seat) {
			out = append(out, cmd(&pb.Spoils{Commandeer: true, RelocateFrom: h}))
		}
	}
	return out
}

// advanceTemplate describes an Advance carrying barrels, whose choices are
// too many to list (the barrel-less Advances are listed as Legal).
func (s *state) advanceTemplate(seat int) []engine.Template {
	f := s.Fight
	var to []string
	for _, d := range printed.Neighbours(f.District) {
		if s.safe(seat, d) {
			to = append(to, d.String())
		}
	}
	if len(to) == 0 || len(s.Seats[seat].SlotOwners) == 0 {
		return nil
	}
	return []engine.Template{{Name: "advance", Description: "Advance the Pinned mobsters, up to 1 barrel each, to a Safe Connected District (1 Influence)",
		Command: cmd(&pb.Advance{}), Params: []engine.Param{
			{Field: "advance.to", Description: "a Safe Connected District", Choices: to},
			{Field: "advance.barrels", Description: "barrels carried from the District of the fight", Max: s.force(seat).Mobsters()},
			{Field: "advance.commandeer", Description: "replace an unguarded rival Safehouse in `to` with yours"},
		}}}
}

// responseOf names the kind of a fight command.
func responseOf(c *pb.Command) pb.FightResponse {
	switch k := c.GetKind().(type) {
	case *pb.Command_Standoff:
		return pb.FightResponse(k.Standoff.Choice) // AMBUSH, HOLD_FIRE, FOLD share their numbers
	case *pb.Command_Assault:
		return pb.FightResponse_FIGHT_RESPONSE_ASSAULT
	case *pb.Command_Advance:
		return pb.FightResponse_FIGHT_RESPONSE_ADVANCE
	case *pb.Command_FallBack:
		return pb.FightResponse_FIGHT_RESPONSE_FALL_BACK
	case *pb.Command_Storm:
		return pb.FightResponse_FIGHT_RESPONSE_STORM
	case *pb.Command_Torch:
		return pb.FightResponse_FIGHT_RESPONSE_TORCH
	case *pb.Command_Spoils:
		if k.Spoils.Commandeer {
			return pb.FightResponse_FIGHT_RESPONSE_COMMANDEER
		}
		return pb.FightResponse_FIGHT_RESPONSE_DESTROY
	}
	return pb.FightResponse_FIGHT_RESPONSE_UNSPECIFIED
}

// fightView is the fight's public part of the view: where, who is Pinned,
// whose decision is pending and which responses are legal. None of it is
// secret: the whole table watches a shootout.
func (s *state) fightView() *pb.FightView {
	f := s.Fight
	if f == nil {
		return nil
	}
	fv := &pb.FightView{District: f.District, Invader: u32(f.Invader), Occupier: optSeat(f.Occupier), Origin: f.Origin,
		Awaiting: f.Stage, Decider: u32(f.decider()), Bloodshed: s.Bloodshed}
	for _, c := range s.fightCandidates(f.decider()) {
		if r := responseOf(c); decider.Accepts(s, engine.Seat(f.decider()), c) && !slices.Contains(fv.Responses, r) {
			fv.Responses = append(fv.Responses, r)
		}
	}
	return fv
}
