// Package printed is Bootleggers as printed (the Boardwalk rulebook,
// shared/rules/bootleggers-boardwalk.txt) and as ruled where the base
// rulebook is silent (docs/rules/bootleggers.md): the drinking places, the
// trucks, the Muscle and Men of Action decks, the table sizes and their
// variants, the Boardwalk's casinos and Casino deck, every number of them,
// and House, the house-ruled numbers by rules version; pure lookups over
// these tables, the names of the game's prompts, the game's Board message
// built from them, and the labels of its commands and events.
//
// It sits under engine/bootleggers, whose rules read it, and holds no rule
// and no state, so that the strategy, the labels, the CLI and the service
// read the game's data without linking its rules, and the labels cannot
// read a state.
package printed
