package strategy

import (
	"slices"

	"google.golang.org/protobuf/proto"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// AlternativesToWin returns the commands the heuristic ([ChooseToWin])
// would weigh for the seat whose view v is and prompt p, its own choice
// first, without repeats: the candidates a search compares. An
// Operations Play offers each step's play (the Play each of its steps,
// from a strike at a rival to a Recruit, would make were it first), then
// Laying Low; a fight's decisions (Standoff, Pinned, Spoils) and the
// other small choices their listed commands. A Brew draft, a Grease and
// a discard offer its choice alone: what a barrel brewed or a Contract
// staked or kept brings lies Days beyond a search's playouts, and a
// search that compared them chose worse than the heuristic (docs/bots.md).
// Like ChooseToWin it reads only the seat's view and prompt and draws
// only from r. Its commands built from templates are the heuristic's: a
// caller checks them against the rules.
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
	switch {
	case p.Reason == "brew-draft", p.Reason == "grease-the-wheels", p.Reason == "discard-to-hand-limit":
	case b.my != nil && p.Reason == "operations-play":
		d := &decider{b: b, p: p, r: r, goal: true}
		for _, step := range d.raceSteps() {
			add(step())
		}
		add(d.legal(func(c *pb.Command) bool { return c.GetLayLow() != nil }))
	default:
		add(p.Legal...)
	}
	return out
}
