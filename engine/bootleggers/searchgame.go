package bootleggers

import (
	"math"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// SearchGame is Bootleggers' side of the search contract: the sampler of
// the hidden Muscle cards, deck orders and sealed bids from a seat's
// history, Policy (the module's bots give it the seeded strategy of
// engine/bootleggers/strategy) reading each seat's own view of the world
// as the default policy, and the money as the value ("the richest Mobster
// wins"). A nil Policy plays the playouts uniformly among the legal
// commands.
type SearchGame struct {
	Policy engine.Policy
}

var (
	_ search.Game     = SearchGame{}
	_ search.Stepper  = SearchGame{}
	_ search.Proposer = SearchGame{}
	_ search.Weigher  = SearchGame{}
)

// Infer reads a seat's belief from its knowledge.
func (g SearchGame) Infer(k engine.Knowledge) (search.Sampler, error) { return infer(k, g.Policy) }

// Clone returns a deep copy of a Bootleggers state.
func (SearchGame) Clone(st engine.State) engine.State { return st.(*State).Clone() }

// Playout returns the policy's command for the seat the game waits for
// (the first that must act), chosen from that seat's view of the world:
// its own hand, never the others'.
func (g SearchGame) Playout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message) {
	seat, cmd, _ := g.WeighedPlayout(st, r)
	return seat, cmd
}

// WeighedPlayout is Playout with the legal commands the prompts listed,
// each checked against the rules and weighed by the policy: a Hit kept at
// a crowded table lists hundreds of victims, where most prompts list a
// few, and that, not the command, is what a playout's step costs. The
// prompts that need not be answered are offered first (playout).
func (g SearchGame) WeighedPlayout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message, int) {
	return g.playout(st.(*State), noSeat, r)
}

// proposals is how many of the policy's choices, each from its own fixed
// generator, a decision compares.
const proposals = 3

// fewLegal is the most listed legal commands that a decision compares
// besides the policy's choices; a bid compares every card of the hand.
const fewLegal = 6

// Propose returns the commands of seat worth comparing: the policy's
// choices from the seat's view (the placements, loads, orders and offers
// that come as templates are filled only by it) under a few fixed
// generators, and the listed legal commands when they are few, or when
// they are the cards of a bid; of a longer selection, the cards taken
// without their targets, the truck and the pass (plainSelection). Out of
// turn (a prompt that need not be answered) it proposes the policy's
// plays alone, which the search weighs against its pass, and on its turn
// O'Malley's cut only when the policy plays it (costsAMarker): a cut
// costs a marker whose worth a playout cut after a round does not see,
// and a search that tried every one cut at most offers. It reads only the
// seat's view and prompt, so it is the same in every world the seat may
// be in.
func (g SearchGame) Propose(st engine.State, seat engine.Seat) []proto.Message {
	s := st.(*State)
	p := s.promptOf(seat)
	var out []proto.Message
	add := func(m proto.Message) {
		if m != nil && !slices.ContainsFunc(out, func(o proto.Message) bool { return proto.Equal(o, m) }) {
			out = append(out, m)
		}
	}
	if g.Policy != nil {
		view := s.View(engine.SeatViewer(seat))
		for i := range proposals {
			add(g.Policy.Choose(view, p, engine.NewRand([32]byte{byte(i)})))
		}
	}
	if !p.MustAct {
		return out // out of turn: the policy's offers, and the search's pass
	}
	many := len(p.Legal) > fewLegal && p.Reason != printed.PromptChooseMuscle && len(out) > 0
	for _, m := range p.Legal {
		if !costsAMarker(m) && (!many || (p.Reason == printed.PromptSelect && plainSelection(m))) {
			add(m)
		}
	}
	return out
}

// plainSelection reports whether m is a selection the search compares
// however many are listed: a Men of Action card taken without a target
// (the card itself, not where it goes), the Truck card, or a pass. A
// larger table's offer lists more cards than fewLegal, with a form per
// still or speakeasy for some; the cards themselves, the truck and the
// pass are what the search is there to weigh.
func plainSelection(m proto.Message) bool {
	c, ok := m.(*pb.Command)
	if !ok {
		return false
	}
	if t := c.GetTakeMenOfAction(); t != nil {
		return t.Still == nil && t.GetPlace() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED
	}
	return c.GetBuyTruck() != nil || c.GetPassSelection() != nil
}

// costsAMarker reports whether m is O'Malley's cut, which the search
// compares only when the policy plays it: it destroys one of the seat's
// markers, whose takings in the rounds after a playout's are not in its
// value, for the crates it costs the rivals this round, which are.
func costsAMarker(m proto.Message) bool {
	c, ok := m.(*pb.Command)
	return ok && c.GetCutOmalleys() != nil
}

// promptOf is seat's prompt, built alone when it is the first.
func (s *State) promptOf(seat engine.Seat) engine.Prompt {
	if p, ok := s.firstPrompt(); ok && p.Seat == seat {
		return p
	}
	for _, q := range s.Prompts() {
		if q.Seat == seat {
			return q
		}
	}
	return engine.Prompt{}
}

// Step plays cmd on st in place: the kit's precheck and the command's rule
// on a decision that applies to st itself (a rule refuses before its first
// event, so a refusal leaves st as it was).
func (SearchGame) Step(st engine.State, seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, error) {
	return decider.DecideInPlace(st.(*State), seat, cmd, r)
}

// moneyScale is the spread of money, in G, over which a lead turns into
// a win in the last round: the softmax temperature of Value then. Earlier
// it is wider, by the square root of the rounds left to play (a lead's
// worth spreads as the rounds' takings add up): a lead of 40G in round 4
// is not yet a won game, and a value that called it one (0.97 at 8G, every
// candidate worth that to within the playouts' noise) could no longer tell
// a good command from a bad one.
const moneyScale = 8.0

// Value is seat's share of the win, by the printed condition, money ("the
// Mobster with the most money wins"): before the end, a softmax of the
// Mobsters' money at the round's scale (moneyScaleAt); at the end, 80%
// its share of the win and 20% the last round's softmax.
func (SearchGame) Value(st engine.State, seat engine.Seat) float64 {
	s := st.(*State)
	o := s.Outcome()
	if o == nil {
		return s.moneyLead(int(seat), moneyScaleAt(s.round))
	}
	return search.Final(search.Share(o.Winners, seat), s.moneyLead(int(seat), moneyScale))
}

// moneyScaleAt is Value's temperature in round: moneyScale times the
// square root of the rounds from it to the end, itself included.
func moneyScaleAt(round int) float64 {
	return moneyScale * math.Sqrt(float64(max(printed.Rounds-round+1, 1)))
}

// moneyLead is seat's share of exp(money/scale) over the Mobsters.
func (s *State) moneyLead(seat int, scale float64) float64 {
	money := make([]float64, len(s.seats))
	for i, p := range s.seats {
		money[i] = float64(p.money)
	}
	return search.Lead(money, seat, scale)
}
