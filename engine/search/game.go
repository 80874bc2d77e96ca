package search

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Game is what a game supplies to the search: its per-game contract. It
// reads one seat's knowledge into the worlds that seat may be in, plays a
// world forward fast, and values a world for a seat. A Game keeps nothing
// between calls and is safe for concurrent use.
type Game interface {
	// Infer reads what k.Seat knows (its view and its redacted history)
	// and returns a Sampler of the complete games consistent with it, or
	// an error when k is not a history of this game. Infer does the work
	// of a decision once (the constraints the history sets); Deal then
	// only draws.
	Infer(k engine.Knowledge) (Sampler, error)
	// Clone returns a deep copy of a state of the game (the search plays
	// each iteration on a copy of a sampled world).
	Clone(st engine.State) engine.State
	// Playout returns the next command of a fast playout in st: a seat the
	// game waits for and the command the game's default policy plays for
	// it. The policy must decide as that seat could, from the facts it may
	// know in st, not from the others' hidden facts (a playout in which
	// everyone sees everything values moves wrongly). A nil command means
	// the policy has none: the search then plays one of that seat's legal
	// commands, uniformly.
	Playout(st engine.State, r *engine.Rand) (engine.Seat, proto.Message)
	// Value returns seat's share of the win in st, in [0, 1]: exactly its
	// share of the Outcome once the game is over, else an estimate (where
	// a playout is cut short by the budget's Depth).
	Value(st engine.State, seat engine.Seat) float64
}

// Sampler deals complete games consistent with one seat's knowledge.
type Sampler interface {
	// Deal returns the events of a complete game whose hidden facts are
	// drawn from r and consistent with the seat's knowledge: every event,
	// redacted for the seat ([engine.Event.For]), is exactly the event of
	// its history, and the events fold into a state on which the seat's
	// prompt is offered as the seat sees it. [CheckSampler] tests both.
	Deal(r *engine.Rand) ([]engine.Event, error)
}

// Proposer is implemented by a game whose prompts offer Templates rather
// than Legal lists, or whose Legal lists hold commands not worth a search:
// it proposes the commands the search compares at a decision of seat in
// the world st, some of the seat's legal commands, from what the seat may
// know there (at the root, the proposal must not depend on the world
// drawn). It need not build the other seats' prompts. Without it the
// search compares the prompt's Legal commands.
type Proposer interface {
	Propose(st engine.State, seat engine.Seat) []proto.Message
}

// Stepper is implemented by a game that can play a command on a state the
// search owns in place: Decide's events, applied once to st itself (see
// [engine.NewInPlace]), where a refusal leaves st as it was. Without it the
// search calls Decide, then Apply, which copies the state once per command.
type Stepper interface {
	Step(st engine.State, seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, error)
}

// Weigher is implemented by a game whose default policy's commands cost
// unevenly: one prompt lists a few commands, another hundreds, each
// checked against the rules and weighed by the policy. WeighedPlayout is
// Playout with the work the policy's choice took, in legal commands
// weighed; the search counts it in Budget.Work, and plays the playouts by
// it rather than by Playout.
type Weigher interface {
	WeighedPlayout(st engine.State, r *engine.Rand) (seat engine.Seat, cmd proto.Message, weighed int)
}

// Passer is implemented by a game whose default policy plays, in its
// playouts, the prompts that need not be answered too (out-of-turn plays,
// offered first, as a table that offers them does): its Playout may then
// return a seat's play on such a prompt. When the searching seat passes
// on one, PassedPlayout is the playout's next command with that seat's
// prompts that need not be answered passed, so that the pass is not
// taken back by the seat's own policy at the same version; n is the work
// weighed, as a Weigher counts it. Without it the search plays on from a
// pass by Playout, whose command must then be another seat's.
type Passer interface {
	PassedPlayout(st engine.State, passed engine.Seat, r *engine.Rand) (seat engine.Seat, cmd proto.Message, n int)
}
