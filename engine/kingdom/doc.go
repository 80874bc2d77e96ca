// Package kingdom implements Moonshine Kingdom, the flagship game
// (shared/rules/moonshine-kingdom.txt), as a pure engine module: the city,
// the Day cycle (Shadows, Operations, Reckoning), the economy, Heat and
// Raids, Contracts and the win, combat (the Standoff, Pinned mobsters,
// Assault, Advance, Fall Back, Storming the Police, the Spoils), the mobs'
// signature Plays, the Favors, Shylock's Marks, cash and Influence handed
// between seats, Push trades by permission, the Blood Oath team variant and
// the Broker's Word's binding deals (a first slice of the design in the rules
// doc: cash, no-attack and free-text terms by a Day's end).
//
// The package sits under engine/: it implements [engine.Rules] and
// [engine.State] with the typed messages of proto/moonshine/kingdom/v1, on
// the kit of engine/, and reads the game's printed data from
// engine/kingdom/printed.
//
// # Shape
//
//   - The printed data (the City Map, the Contract decks, the Playbooks, the
//     Power Brokers, the supplies, prices and tables) is the package
//     printed, which the strategy, the CLI and clients read without the
//     rules; objectives.go judges a Contract's objective on the board.
//   - module.go is the game as the platform registers it ([Module]): the
//     rules, the standard and Blood Oath variants, the bots' strategy, and
//     the printed package's Board and Labels.
//   - ratio.go and combat.go resolve the street math (Smuggling, casualties,
//     a round of fire, a Storm) from recorded dice, by the printed tables.
//   - fight.go decides a fight, which lives inside the Invader's Play: the
//     Occupier's Standoff (like a rival's Consent to a Push trade) is an
//     out-of-turn decision inside a Play
//     (state.awaited), fight_apply.go folds its events and fight_view.go
//     offers its responses and shows it in the view.
//   - Decide (decide.go and the phase files) is the kit's [engine.Decider]:
//     its one precheck (Awaits says whom and which step the game waits
//     for), then the command's rule on an [engine.Decision], which applies
//     each event to a copy of the state through the same Apply (apply.go)
//     that replay uses; Apply never judges. Every die is drawn in Decide
//     and written into an event.
//   - signature.go holds the Mob Signature Plays; side.go the side commands
//     any seat may send at any time (Shylock's Marks, cash); cooperation.go
//     lending Influence and the Push trade's Consent; bloodoath.go the
//     Crackdown Tracker, the Sit-Down, partners and the Alliance win;
//     partners.go the partners' Districts (mobsters standing in them, the
//     end of a Phase, a shared District's defence);
//     deals.go the Broker's Word (deals proposed, answered and confirmed as
//     side commands, resolved at the end of every decision).
//   - Prompts (prompts.go) name the one seat the game waits for, with its
//     concrete legal commands (each checked by the Decider's Accepts: the
//     same precheck and rule, as a check that stops before the first event)
//     and templates for Move, Push and Unload. View (view.go) is the one
//     redaction path: Contract hands are their holder's alone.
//
// Rulings on what the rulebook leaves open are listed, with the sentence each
// interprets, in docs/rules/moonshine-kingdom.md.
package kingdom
