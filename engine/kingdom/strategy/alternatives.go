package strategy

import (
	"cmp"
	"slices"

	"google.golang.org/protobuf/proto"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// AlternativesToWin returns the commands the heuristic ([ChooseToWin])
// would weigh for the seat whose view v is and prompt p, its own choice
// first, then the others in the order it ranks them, without repeats:
// the candidates a search compares. An Operations Play offers each step's
// play (the Play each of its steps, from a rival's strike to a Recruit,
// would make were it first), then Laying Low; a Brew draft the drafts it
// scores highest; a Grease every Contract it may stake, then Funding; any
// other decision its listed commands. Like ChooseToWin it reads only the
// seat's view and prompt and draws only from r. Its commands built from
// templates are the heuristic's: a caller checks them against the rules.
func AlternativesToWin(v *pb.View, p Prompt, r Rand) []*pb.Command {
	var out []*pb.Command
	add := func(cs ...*pb.Command) {
		for _, c := range cs {
			if c != nil && !slices.ContainsFunc(out, func(o *pb.Command) bool { return proto.Equal(o, c) }) {
				out = append(out, c)
			}
		}
	}
	add(ChooseToWin(v, p, r))
	b := newBoard(v)
	if b.my == nil {
		add(p.Legal...)
		return out
	}
	d := &decider{b: b, p: p, r: r, goal: true}
	switch p.Reason {
	case "operations-play":
		for _, step := range d.raceSteps() {
			add(step())
		}
		add(d.legal(func(c *pb.Command) bool { return c.GetLayLow() != nil }))
	case "brew-draft":
		add(d.ranked(d.brewScore)...)
	case "grease-the-wheels":
		for _, c := range p.Legal {
			if c.GetStakeContract() != nil {
				add(c)
			}
		}
		add(d.grease())
	case "discard-to-hand-limit":
		add(d.ranked(d.discardScore)...)
	default:
		add(p.Legal...)
	}
	return out
}

// ranked returns the listed commands that score, the highest first (ties
// in the listed order).
func (d *decider) ranked(score func(*pb.Command) (float64, bool)) []*pb.Command {
	type scored struct {
		c *pb.Command
		s float64
	}
	var all []scored
	for _, c := range d.p.Legal {
		if s, ok := score(c); ok {
			all = append(all, scored{c, s})
		}
	}
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(b.s, a.s) })
	out := make([]*pb.Command, len(all))
	for i, x := range all {
		out[i] = x.c
	}
	return out
}
