// Package search is the one search every Moonshine game's bots share:
// information-set Monte Carlo tree search over sampled worlds, from what
// one seat may know.
//
// It sits above the engine core and below the game packages: it imports
// engine and protobuf only; a game package implements [Game] and builds
// its normal and hard bots with [New]. Like the rest of engine/ it does
// no I/O, reads no clock and starts no goroutine: its effort is counted in
// iterations (a [Budget]), never in time, and its randomness comes only
// from the [engine.Rand] it is handed, so that a bot's choice is a
// function of its [engine.Knowledge] and its generator and a game with
// bots re-runs from its seed.
//
// A decision runs in four steps:
//
//  1. Infer: the game reads the seat's view and redacted history into the
//     constraints they set on the hidden facts (the others' cards, roles,
//     sealed choices, the deck order) and returns a [Sampler].
//  2. Deal: the sampler draws a few complete worlds consistent with the
//     knowledge (a determinisation each); the search folds each into a
//     state with the game's own Apply.
//  3. Iterate: each iteration copies one world (round robin) and walks the
//     tree of the seat's own decisions. A node is one information set of
//     the seat: its own commands so far and everything it observed since
//     (the events redacted for it), so that worlds that look the same to
//     the seat share statistics and worlds that do not are kept apart. At
//     a node the seat picks the command with the best upper confidence
//     bound among those legal in this world (UCB1 with availability counts,
//     as in single-observer ISMCTS); the other seats, and the seat itself
//     below the tree, play the game's fast default policy ([Game.Playout]).
//     Each iteration adds at most one node, plays on until the game ends or
//     the budget's Depth is reached, and backs up the seat's value
//     ([Game.Value]).
//  4. Choose: the root command visited most.
//
// On a prompt the seat need not answer (Prompt.MustAct false: a card it
// may play out of turn, an offer it may leave), passing is one more root
// move: the world is left as it is and play goes on with another seat's
// command. When passing is visited most the search returns a nil command,
// which an [engine.Bot] returns to pass.
//
// The other seats are modelled by the game's default policy rather than by
// nodes of their own: it keeps each iteration cheap and keeps the search
// from crediting the others with knowledge of hidden facts they do not
// have (in a sampled world every fact is visible; the default policy must
// read only what its seat may know).
//
// A game may also implement [Proposer], to name the commands worth
// comparing (when its prompts offer Templates, or commands no player would
// weigh), and [Stepper], to play a command on a world in place
// ([engine.NewInPlace]) rather than Decide on a copy and Apply again.
//
// [CheckSampler] is the contract test every game's sampler runs: each
// dealt world, redacted for the seat, is the seat's history, and shows it
// its view and its prompt. engine/playtest's Twin.Choices is the test that
// a bot's choice is the same in two games that differ only in facts hidden
// from its seat.
package search
