// Package strategy is a seeded player policy for Bootleggers: given what
// one seat may know (its [bootleggersv1.View] and its prompt: the concrete
// legal commands and the templates it may fill) and a seeded generator
// supplied by the caller, it picks the seat's next command.
//
// It sits beside engine/bootleggers, under engine/: it reads the game's data
// tables (engine/bootleggers: card, truck and Muscle numbers) and the typed
// messages of proto/moonshine/bootleggers/v1, and nothing else. It does no
// I/O, reads no clock, keeps no state between calls and draws only from
// the generator it is given, so the same view, prompt and generator give
// the same command on every run.
//
// [Balanced] is the bots' policy: it bids high Muscle cards in the rounds
// whose offer is worth most to it, takes the card (or the Truck card) worth
// most to it, sends its boys where they open, win or keep a speakeasy, runs
// each truck to the place that pays it most in expectation (O'Malley's when
// no speakeasy will), plays its kept cards on the rival who gains most from
// the board, rents a rival's idle truck when it has more crates than room,
// and accepts a trade that leaves it better off. The other styles are fixed
// strategies for balance testing ("always the highest Muscle card", "never
// buy a truck", ...), each a Balanced policy with one habit changed; Random
// plays uniformly among the legal commands, a floor.
//
// [bootleggersv1.View]: github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1.View
package strategy
