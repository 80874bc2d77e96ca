// Package bootleggers is the Bootleggers game module: the base game for
// 3-6 Mobsters, the 2-player variant "Where are da boys?" and the
// designer-approved optional rules, as printed in the Boardwalk rulebook
// (shared/rules/bootleggers-boardwalk.txt) and, where the unavailable base
// rulebook is silent, as ruled in docs/rules/bootleggers.md (every ruling
// numbered there; code and tests cite them as "ruling N").
//
// It sits beside the other game modules under the engine core (package
// engine), written on the engine's kit, and speaks the protobuf contract
// moonshine.bootleggers.v1 (proto/moonshine/bootleggers/v1). Like every
// engine package it does no I/O, reads no clock and draws randomness only
// from the generator the engine hands it: the deal, the shuffles and every
// die are drawn once and written into events, never again on replay.
//
// Layout:
//   - printed/ (package printed): every number, name and table of the game
//     in one place, reading no state and not the rules: the printed facts as
//     constants, and House, the table of every house-ruled number, each
//     field tagged with its ruling (`ruling:"N"`); HouseRulesVersion, which
//     GameStarted records, numbers that table, and HouseTables keeps the
//     table of every older version still played (a game is played and
//     verified under the version it was created with; the state reads its
//     own version's tables); the Boardwalk's tables beside them, by version
//     as the base game's; pure lookups over the tables; the prompts' names;
//     the data as a Board message and the labels of the commands,
//     templates and events.
//   - module.go: the game as the platform registers it (engine.Module):
//     its variants, its rules version, takebacks, resign command, bots,
//     Board and labels. names.go: short names of the enum values the rules
//     name most. options.go: the options' defaults and checks.
//   - rules.go: Rules, the setup and the deal (recorded, verifiable).
//   - state.go, places.go, invariants.go: the folded State, its queries
//     (open, majority holder, owner, tiers, neutral placement) and its
//     conservation laws. apply.go, apply_cards.go, apply_selling.go: the
//     one Apply switch over the event kinds and its folds.
//   - decide.go, checks.go: Decide on the kit (engine.Decider with
//     Awaits as the precheck's turn check) and the refusal reasons.
//     muscle.go (Phase 1, the sealed bids with engine.Sealed), boys.go
//     (Phases 2 and 3), cards.go (kept Men of Action cards), whiskey.go
//     (Phase 4 and the trades), selling.go (Phase 5), flow.go (what the
//     game plays by itself between commands, Phase 6 and the end).
//   - prompts.go, view.go: the read side; View is the one redaction path.
//   - takeback.go, resign.go: the takeback declaration and resignation.
//   - The Boardwalk expansion: boardwalk.go (its pure rules over the
//     tables), casino_offer.go, redevelop.go, casino_owner.go,
//     omalleys_cut.go, and the kept Casino cards played in their windows:
//     cards_casino.go (the checks), cards_casino_apply.go (the folds),
//     casino_window.go (the Selling Phase's window and the casino sale) and
//     cards_casino_prompts.go.
//   - bots.go, searchgame.go, searchgame_offers.go, sampler.go,
//     sampler_deal.go: the bots that need the rules, a search
//     (engine/search) over worlds dealt from a seat's knowledge.
//
// The seeded strategy policy the bots play with is in the sub-package
// strategy, which reads printed and a seat's view, never the rules.
package bootleggers
