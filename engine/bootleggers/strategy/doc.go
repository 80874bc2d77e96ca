// Package strategy is a seeded player policy for Bootleggers: given what
// one seat may know (its [bootleggersv1.View] and its prompt: the concrete
// legal commands and the templates it may fill) and a seeded generator
// supplied by the caller, it picks the seat's next command.
//
// It sits under engine/bootleggers, whose Module hands it to the service's
// bots: it reads the game's printed data (engine/bootleggers/printed: card,
// truck, Muscle and casino numbers, the prompts' names), never the rules,
// and the typed messages of proto/moonshine/bootleggers/v1, and nothing
// else. It does no I/O, reads no clock, keeps no state between calls and
// draws only from the generator it is given, so the same view, prompt and
// generator give the same command on every run.
//
// [Balanced] is the bots' policy: it bids high Muscle cards in the rounds
// whose offer is worth most to it, takes the card (or the Truck card) worth
// most to it, sends its boys where they open, win or keep a speakeasy, runs
// each truck to the place that pays it most in expectation (O'Malley's when
// no speakeasy will), plays its kept cards on the rival who gains most from
// the board, rents a rival's idle truck when it has more crates than room,
// and accepts a trade that leaves it better off. With the Boardwalk it
// redevelops a speakeasy when the casino's income for the rounds left (the
// owner's payout on the crates the bootleggers will likely bring, shared
// among the casinos by their rolls, and the gambling profit, less graft and
// booking fees) beats the bootlegging it gives up and the price; takes the
// Casino card worth most (an Entertainment Act by the income it adds); as
// a casino owner cuts O'Malley's when rivals' trucks stand there and the
// marker is worth less; and ships to a casino by the room left in its
// line, weighing what each crate also pays a rival owner. Off its turn
// (a prompt with MustAct false) it may let the prompt pass: Choose then
// returns nil. The other styles are fixed
// strategies for balance testing ("always the highest Muscle card", "never
// buy a truck", ...), each a Balanced policy with one habit changed; Random
// plays uniformly among the legal commands, a floor.
//
// [bootleggersv1.View]: github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1.View
package strategy
