// Package bootleggers holds the Bootleggers game: the base game for 3-6
// Mobsters, the 2-player variant "Where are da boys?" and the
// designer-approved optional rules, as printed in the Boardwalk rulebook
// (shared/rules/bootleggers-boardwalk.txt) and, where the unavailable base
// rulebook is silent, as ruled in docs/rules/bootleggers.md (every ruling
// numbered there; code and tests cite them as "ruling N").
//
// It sits beside the other game modules under the engine core (package
// engine) and speaks the protobuf contract moonshine.bootleggers.v1
// (proto/moonshine/bootleggers/v1). Like every engine package it does no
// I/O, reads no clock and draws no randomness of its own.
//
// What it holds today is the game's data and state:
//   - data.go: every number of the game in one place: the printed facts as
//     constants, and House, the table of every house-ruled number, each
//     field tagged with its ruling (`ruling:"N"`); HouseRulesVersion, which
//     GameStarted records, numbers that table.
//   - lookup.go: pure lookups over the tables (card and truck ids, Muscle
//     bands and costs, the places and offer a table uses).
//   - options.go: the options' defaults and checks.
//   - state.go, places.go: the State the events fold into, and its queries
//     (open or closed, majority holder, owner, buying tier, the neutral
//     markers' placement order).
//
// The package does not implement engine.Rules yet: Setup, Decide, Apply,
// the prompts and the views are to be written on the engine's game kit
// (issue "One game kit and one module contract").
package bootleggers
