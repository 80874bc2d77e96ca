package strategy

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Style is a way to play: the balanced policy, or a fixed strategy for
// balance testing that changes one of its habits.
type Style int

const (
	// Balanced weighs every choice by what it is worth to the seat.
	Balanced Style = iota
	// HighestMuscle always seals its highest Muscle card.
	HighestMuscle
	// LowestMuscle always seals its lowest Muscle card.
	LowestMuscle
	// NeverTruck never buys a truck nor rents one: it ships with the
	// starting truck alone.
	NeverTruck
	// TrucksFirst takes the Truck card whenever it can pay for it.
	TrucksFirst
	// StillsFirst takes a Still Upgrade or a Remote Still over anything else.
	StillsFirst
	// InfluenceFirst takes an influence card over anything else and sends
	// every marker in at once.
	InfluenceFirst
	// OMalleysOnly never sends a marker in and ships everything to
	// O'Malley's.
	OMalleysOnly
	// NoTrades declines every offer and makes none.
	NoTrades
	// Random plays uniformly among the legal commands: a floor.
	Random
)

// Styles lists every style, Balanced first.
var Styles = []Style{Balanced, HighestMuscle, LowestMuscle, NeverTruck, TrucksFirst, StillsFirst, InfluenceFirst, OMalleysOnly, NoTrades, Random}

// String names the style.
func (s Style) String() string {
	switch s {
	case Balanced:
		return "balanced"
	case HighestMuscle:
		return "highest-muscle"
	case LowestMuscle:
		return "lowest-muscle"
	case NeverTruck:
		return "never-truck"
	case TrucksFirst:
		return "trucks-first"
	case StillsFirst:
		return "stills-first"
	case InfluenceFirst:
		return "influence-first"
	case OMalleysOnly:
		return "omalleys-only"
	case NoTrades:
		return "no-trades"
	case Random:
		return "random"
	}
	return "unknown"
}

// Policy is a seeded Bootleggers player of one style; the zero value is
// Balanced. It implements engine.Policy.
type Policy struct {
	Style Style
}

var _ engine.Policy = Policy{}

// Rand is the seeded generator the policy draws from (*engine.Rand).
type Rand interface {
	// IntN returns a uniform integer in [0, n); n > 0.
	IntN(n int) int
}

// Choose returns the command for prompt p of the seat whose view is view,
// or nil when the prompt offers nothing, or when p need not be answered
// (MustAct false: a trade prompt off the seat's turn) and the seat lets it
// pass. Every command it builds from a
// template is checked against the view first; when nothing it wants is
// possible it sends one of the listed legal commands.
func (pl Policy) Choose(view proto.Message, p engine.Prompt, r *engine.Rand) proto.Message {
	if c := pl.choose(view, p, r); c != nil {
		return c
	}
	return nil // a nil *pb.Command would be a non-nil proto.Message
}

// choose is Choose with the generator as an interface.
func (pl Policy) choose(view proto.Message, p engine.Prompt, r Rand) *pb.Command {
	legal := commands(p)
	v, ok := view.(*pb.View)
	if pl.Style == Random || !ok || v.ViewerSeat == nil || int(v.GetViewerSeat()) >= len(v.GetSeats()) {
		return pick(legal, r)
	}
	d := &decider{b: newBoard(v), legal: legal, r: r, style: pl.Style}
	var c *pb.Command
	switch p.Reason {
	case printed.PromptChooseMuscle:
		c = d.bid()
	case printed.PromptSelect:
		c = d.selection()
	case printed.PromptSendInTheBoys:
		c = d.sendIn()
	case printed.PromptFireUpTheStill:
		c = d.fireUp()
	case printed.PromptRunTheWhiskey:
		c = d.runIt()
	case printed.PromptTrade:
		// Off the seat's turn nothing is asked of it: it may decline.
		if c = d.answer(); c == nil {
			c = d.cut()
		}
		if c == nil {
			c = d.casinoCard()
		}
		return c
	case printed.PromptCasinoCard:
		return d.casinoCard()
	case printed.PromptCasinoCards:
		c = d.window()
	case printed.PromptCallTheOrder:
		c = d.callOrder()
	}
	if c == nil {
		c = pick(legal, r)
	}
	return c
}

// commands returns the prompt's legal commands as Bootleggers commands.
func commands(p engine.Prompt) []*pb.Command {
	var out []*pb.Command
	for _, m := range p.Legal {
		if c, ok := m.(*pb.Command); ok {
			out = append(out, c)
		}
	}
	return out
}

// decider holds one decision's inputs.
type decider struct {
	b     *board
	legal []*pb.Command
	r     Rand
	style Style
}

// pick returns a uniform choice among cmds (nil when empty).
func pick(cmds []*pb.Command, r Rand) *pb.Command {
	if len(cmds) == 0 {
		return nil
	}
	return cmds[r.IntN(len(cmds))]
}

// best returns the listed command with the highest score, ties broken at
// random; nil when none scores at least floor.
func (d *decider) best(score func(*pb.Command) (float64, bool), floor float64) *pb.Command {
	var top []*pb.Command
	hi := floor
	for _, c := range d.legal {
		s, ok := score(c)
		switch {
		case !ok || s < hi:
		case s > hi || len(top) == 0:
			hi, top = s, []*pb.Command{c}
		default:
			top = append(top, c)
		}
	}
	return pick(top, d.r)
}

// listed returns the first listed command that keep accepts.
func (d *decider) listed(keep func(*pb.Command) bool) *pb.Command {
	for _, c := range d.legal {
		if keep(c) {
			return c
		}
	}
	return nil
}
