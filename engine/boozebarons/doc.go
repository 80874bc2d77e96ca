// Package boozebarons is the Booze Barons game module: the rules of
// shared/rules/booze-barons.txt as a pure [engine.Rules] implementation.
//
// It sits between the engine core (package engine, whose contract it
// implements) and the game's protobuf messages
// (proto/moonshine/boozebarons/v1: Options, Command, Event, View). It does no
// I/O, reads no clock and draws randomness only from the generator the
// engine hands it: Setup shuffles the Booze cards and the Delivery deck and
// writes the results into events, so that replay never rolls again.
//
// It is written on the engine's kit: the kit's Decider prechecks every
// command (with Awaits) and runs the game's rule on an engine.Decision;
// the Move Phase's Movement cards are the kit's sealed choices.
//
// Layout (the shape of every game, docs/architecture.md "How to add a
// game"):
//   - engine/boozebarons/printed: every printed number, name and table
//     (the Locations and their Events, the twelve Booze types, the
//     36-card Delivery deck, the Dealing Booze table, Snitch tokens, the
//     refill, the scoring rows), the Board message built from them and
//     the labels of commands and events: no rule and no state, so the
//     labels, the CLI and the service read the data without the rules.
//   - module.go: the game as the platform registers it ([engine.Module]):
//     its variants, rules version, takeback declaration (takeback.go),
//     resign command, bots, timeout default, and printed's Board and
//     Labels. Booze Barons has no engine/boozebarons/strategy: every bot
//     it has plays on dealt worlds of the rules (below), none from a
//     seat's view alone.
//   - setup.go: Rules, options, the deal; names.go: short names of the
//     enum values the rules name most.
//   - state.go, apply.go: the folded state and the one Apply switch.
//   - decide.go, actions.go, round.go: Decide and the rule: its checks,
//     then, unless it only checks, its events, applied to a copy of the
//     state, which Decide hands back (Decide never mutates the state).
//   - checks.go: Awaits (whom the game waits for) and the rule checks
//     shared by Decide and Prompts, so that the commands a seat is offered
//     are exactly those Decide accepts.
//   - prompts.go, view.go: the read side; View is the one redaction path.
//   - score.go: coins and End of Game scoring.
//   - bots.go, sampler*.go, heuristic*.go, searchgame.go: the bots by
//     level (docs/bots.md): what a seat has learned from its history and
//     the worlds consistent with it, the goal-aware heuristic (the easy
//     bot and the search's default policy), and the game's side of
//     engine/search. They fold worlds with the rules, so they live here.
//
// Rulings on what the rulebook leaves open are listed in
// docs/rules/booze-barons.md.
package boozebarons
