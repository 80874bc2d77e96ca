package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

var awaitingReason = map[pb.Awaiting]string{
	pb.Awaiting_AWAITING_BREW_DRAFT:    "brew-draft",
	pb.Awaiting_AWAITING_GREASE:        "grease-the-wheels",
	pb.Awaiting_AWAITING_PLAY:          "operations-play",
	pb.Awaiting_AWAITING_DISCARD:       "discard-to-hand-limit",
	pb.Awaiting_AWAITING_TARGETS_CALL:  "targets-call",
	pb.Awaiting_AWAITING_BRIBE_OR_FALL: "bribe-or-fall",
	pb.Awaiting_AWAITING_STANDOFF:      "standoff",
	pb.Awaiting_AWAITING_PINNED:        "pinned",
	pb.Awaiting_AWAITING_SPOILS:        "spoils",
	pb.Awaiting_AWAITING_CONSENT:       "consent",
}

// Prompts returns the one seat the game waits for (MustAct), then the seats
// with a Broker's Word proposal to answer (MustAct false). Legal lists every
// concrete command the awaited seat may send when the set is small (each
// checked against the rules); Move, Push and Unload come as Templates, and
// so do its side commands (ruling 71). Detail speaks to the prompted seat
// in the imperative ("draft Brew dice"), as every game's prompts do.
func (s *state) Prompts() []engine.Prompt {
	seat, aw := s.awaited()
	if seat == none {
		return nil
	}
	p := engine.Prompt{Seat: engine.Seat(seat), MustAct: true, Reason: awaitingReason[aw],
		Detail: awaitingText[aw]}
	p.Legal = decider.Legal(s, engine.Seat(seat), s.candidates(seat, aw))
	switch aw {
	case pb.Awaiting_AWAITING_PLAY:
		p.Templates = s.templates(seat)
	case pb.Awaiting_AWAITING_PINNED:
		p.Templates = s.advanceTemplate(seat)
	}
	p.Templates = append(p.Templates, s.sideTemplates(seat)...)
	// The Broker's Word: the answers to the deals proposed to it (ruling 82).
	p.Templates = append(p.Templates, s.dealTemplates(seat)...)
	return append([]engine.Prompt{p}, s.dealPrompts(seat)...)
}

// candidates lists the concrete commands worth checking for the step.
func (s *state) candidates(seat int, aw pb.Awaiting) []*pb.Command {
	switch aw {
	case pb.Awaiting_AWAITING_BREW_DRAFT:
		return s.draftCandidates()
	case pb.Awaiting_AWAITING_GREASE:
		var out []*pb.Command
		for _, c := range s.Seats[seat].Hand {
			out = append(out, cmd(&pb.StakeContract{Card: u32(c)}))
		}
		for n := 0; n <= printed.Slots; n++ {
			out = append(out, cmd(&pb.Fund{Markers: u32(n)}))
		}
		return out
	case pb.Awaiting_AWAITING_DISCARD:
		return s.discardCandidates(seat)
	case pb.Awaiting_AWAITING_TARGETS_CALL:
		var out []*pb.Command
		for _, d := range s.Raid.Tied {
			out = append(out, cmd(&pb.TargetsCall{District: d}))
		}
		return out
	case pb.Awaiting_AWAITING_BRIBE_OR_FALL:
		return []*pb.Command{cmd(&pb.BribeOrFall{Bribe: true}), cmd(&pb.BribeOrFall{})}
	case pb.Awaiting_AWAITING_CONSENT:
		return []*pb.Command{cmd(&pb.Consent{Accept: true}), cmd(&pb.Consent{})}
	case pb.Awaiting_AWAITING_STANDOFF, pb.Awaiting_AWAITING_PINNED, pb.Awaiting_AWAITING_SPOILS:
		return s.fightCandidates(seat)
	}
	return s.playCandidates(seat)
}

func uniq(v []int) []int {
	v = slices.Clone(v)
	slices.Sort(v)
	return slices.Compact(v)
}

func (s *state) draftCandidates() []*pb.Command {
	var out []*pb.Command
	for _, r := range uniq(s.Red) {
		for _, w := range uniq(s.White) {
			out = append(out, cmd(&pb.BrewDraft{Red: u32(r), White: u32(w), Dump: true}))
			for _, l := range printed.Domestic {
				out = append(out, cmd(&pb.BrewDraft{Red: u32(r), White: u32(w), Liquor: l}))
			}
		}
	}
	return out
}

// discardCandidates lists every way to discard down to the Hand Limit.
func (s *state) discardCandidates(seat int) []*pb.Command {
	hand := s.Seats[seat].Hand
	need := len(hand) - s.handLimit(seat)
	var out []*pb.Command
	var pick func(from int, chosen []uint32)
	pick = func(from int, chosen []uint32) {
		if len(chosen) == need {
			out = append(out, cmd(&pb.DiscardContracts{Cards: slices.Clone(chosen)}))
			return
		}
		for i := from; i < len(hand); i++ {
			pick(i+1, append(chosen, u32(hand[i])))
		}
	}
	pick(0, nil)
	return out
}

func (s *state) playCandidates(seat int) []*pb.Command {
	out := []*pb.Command{cmd(&pb.LayLow{}), cmd(&pb.Rat{})}
	// Blood Oath: the Moves that take the seat's mobsters out of its
	// partner's Districts, which it must do before it Lays Low.
	out = append(out, s.leaveCandidates(seat)...)
	out = append(out, s.hustleCandidates(seat)...)
	out = append(out, s.signatureCandidates(seat)...)
	for _, bo := range printed.Boroughs() {
		out = append(out, cmd(&pb.Extort{Borough: bo.ID}))
	}
	for _, l := range printed.Liquors {
		if s.Syndicates[l] != seat {
			continue // only the Syndicate's holder may Fix (the rule checks it too)
		}
		for price := printed.FixFloor; price <= printed.FixMaximum; price += printed.FixStep {
			out = append(out, cmd(&pb.Fix{Liquor: l, Price: u32(price)}))
		}
	}
	for _, d := range printed.AllDistricts() {
		out = append(out, s.districtCandidates(seat, d)...)
	}
	return out
}

// hustleCandidates lists every ordered choice of decks (the order is the
// order of the draws).
func (s *state) hustleCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	n := s.drawCount(seat)
	var pick func(chosen []pb.Tier)
	pick = func(chosen []pb.Tier) {
		if len(chosen) == n {
			out = append(out, cmd(&pb.Hustle{Decks: slices.Clone(chosen)}))
			return
		}
		for t := gig; t <= score; t++ {
			pick(append(chosen, t))
		}
	}
	if !s.Seats[seat].Hustled {
		pick(nil)
	}
	return out
}

// districtCandidates lists the Plays aimed at one District that are few
// enough to list: Recruit, Secure, Smuggle, Rise and Bribe.
func (s *state) districtCandidates(seat int, d pb.District) []*pb.Command {
	var out []*pb.Command
	x := s.dist(d)
	mine := x.Mobs[seat]
	if mine.Safehouse {
		for n := 1; n <= s.runnerSupply(seat); n++ {
			out = append(out, cmd(&pb.Recruit{District: d, Runners: u32(n)}))
		}
	}
	homes := s.safehouseDistricts(seat)
	if mine.mobsters() > 0 && !mine.Safehouse {
		out = append(out, cmd(&pb.Secure{District: d}))
		for _, h := range homes {
			out = append(out, cmd(&pb.Secure{District: d, RelocateFrom: h}))
		}
	}
	if printed.Info(d).Kind == dock {
		for n := 1; n <= min(5, mine.mobsters()); n++ {
			out = append(out, cmd(&pb.Smuggle{Dock: d, Crew: u32(n)}))
		}
	}
	if !s.bossInPlay(seat) {
		out = append(out, cmd(&pb.Rise{District: d}), cmd(&pb.Rise{District: d, Secure: true}))
		for _, h := range homes {
			out = append(out, cmd(&pb.Rise{District: d, Secure: true, RelocateFrom: h}))
		}
	}
	if printed.Info(d).Kind == highSociety && s.controller(d) == seat {
		out = append(out, cmd(&pb.Bribe{District: d})) // the rule checks the rest
	}
	return out
}

func (s *state) safehouseDistricts(seat int) []pb.District {
	var out []pb.District
	for _, d := range printed.AllDistricts() {
		if s.dist(d).Mobs[seat].Safehouse {
			out = append(out, d)
		}
	}
	return out
}
